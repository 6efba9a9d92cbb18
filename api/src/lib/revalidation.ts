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

export interface RevalidatedReadOptions {
  /** How often it is read again at most. */
  intervalMs: number;
  now?: () => number;
  /** Told once per outage (the first failed read after a good one), not once per request. */
  warn: (error: unknown) => void;
}

/**
 * A value read from elsewhere, kept between reads: `read` gives the new value or throws (the last one is kept). The
 * first `get` waits for the first read; later ones get the value at once while a due refresh runs.
 */
export function revalidatedRead<T>(read: () => Promise<T>, initial: T, options: RevalidatedReadOptions): { get(): Promise<T> } {
  let value = initial;
  let done = false;
  let failing = false;
  const revalidation = new Revalidation(
    async () => {
      try {
        value = await read();
        failing = false;
      } catch (error) {
        if (!failing) options.warn(error);
        failing = true;
      }
      done = true;
    },
    { intervalMs: options.intervalMs, now: options.now },
  );
  return {
    async get() {
      const running = revalidation.due();
      if (!done && running) await running;
      return value;
    },
  };
}

/** How a thing the api reads from elsewhere is read (each reader says its defaults). */
export interface RemoteReadOptions {
  /** How often it is read again at most. */
  revalidateMs?: number;
  /** How long one read may take: the first request after a start waits for it at most this long. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
  warn?: (message: string, error: unknown) => void;
}
