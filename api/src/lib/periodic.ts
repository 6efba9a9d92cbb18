// Work every api process repeats on a timer (renewals, sweeps, clean-ups): one round at a time, a failed round
// logged and left to the next, and a stop that waits for the round under way.
export interface Periodic {
  /** Rounds every `intervalMs` (the default of its maker) until stopped; starting twice changes nothing. */
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

export interface PeriodicOptions {
  defaultIntervalMs: number;
  /** Also a round right away at start. */
  runAtStart: boolean;
  log(error: unknown): void;
}

export function periodic(round: () => Promise<unknown>, { defaultIntervalMs, runAtStart, log }: PeriodicOptions): Periodic {
  let timer: ReturnType<typeof setInterval> | null = null;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = round()
      .catch(log)
      .finally(() => {
        running = null;
      });
  };
  return {
    start(intervalMs = defaultIntervalMs) {
      if (timer) return;
      timer = setInterval(tick, intervalMs);
      // a timer alone does not keep the process alive
      timer.unref?.();
      if (runAtStart) tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
