// Stale-while-revalidate for things the api reads from elsewhere (a remote's manifests): callers keep the
// value they have while at most one refresh runs, and a refresh starts at most once per interval, on demand
// (no timers: an idle api reads nothing).

export class Revalidation {
  readonly #run: () => Promise<void>;
  readonly #intervalMs: number;
  readonly #now: () => number;
  #startedAt = Number.NEGATIVE_INFINITY;
  #running: Promise<void> | null = null;

  /** `run` refreshes the value and handles its own errors (a rejection is dropped). */
  constructor(run: () => Promise<void>, options: { intervalMs: number; now?: () => number }) {
    this.#run = run;
    this.#intervalMs = options.intervalMs;
    this.#now = options.now ?? Date.now;
  }

  /** Starts a refresh when none runs and the last one started `intervalMs` ago or more; returns the running one. */
  due(): Promise<void> | null {
    if (!this.#running && this.#now() - this.#startedAt >= this.#intervalMs) {
      this.#startedAt = this.#now();
      this.#running = this.#run()
        .catch(() => {})
        .finally(() => {
          this.#running = null;
        });
    }
    return this.#running;
  }
}
