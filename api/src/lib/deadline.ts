// Every unit of work has a deadline, so nothing waits forever: an HTTP request gets one when it arrives
// (plugins/deadline.ts, REQUEST_DEADLINE_SECONDS), background work (billing jobs, renewals, the sweeper, start-up)
// a longer one per transaction. The current deadline travels with the async context (AsyncLocalStorage), so the
// database layer and the provider clients honour it without every function passing it along.
import { AsyncLocalStorage } from 'node:async_hooks';

/** Past the deadline of the request or job it belongs to: its transaction was rolled back. */
export class DeadlineExceededError extends Error {
  override readonly name = 'DeadlineExceededError';
  constructor(what = 'The work') {
    super(`${what} did not finish before its deadline and was stopped.`);
  }
}

export interface Deadline {
  /** When it passes, in `Date.now()` milliseconds. */
  readonly at: number;
  /** Aborted when the deadline passes (its reason a DeadlineExceededError). */
  readonly signal: AbortSignal;
}

export interface OwnedDeadline extends Deadline {
  /** Stops the timer: the work ended in time. What it started and left running (a simulator's timers, a kicked
   *  job) no longer counts against it and gets deadlines of its own. */
  clear(): void;
}


/** A transaction outside any request (jobs, start-up, commands) gets this long. */
export const backgroundDeadlineMs = 30_000;

const current = new AsyncLocalStorage<Deadline>();

/** A deadline `ms` from now; never later than `within` when given. */
export function createDeadline(ms: number, within?: Deadline): OwnedDeadline {
  const at = Math.min(Date.now() + ms, within?.at ?? Number.POSITIVE_INFINITY);
  const controller = new AbortController();
  const expire = () => controller.abort(new DeadlineExceededError());
  const timer = setTimeout(expire, Math.max(0, at - Date.now()));
  // a job's timer must not keep the process alive on its own
  timer.unref?.();
  const onOuterAbort = () => controller.abort(within?.signal.reason ?? new DeadlineExceededError());
  within?.signal.addEventListener('abort', onOuterAbort, { once: true });
  if (within?.signal.aborted) onOuterAbort();
  const owned: OwnedDeadline = {
    at,
    signal: controller.signal,
    clear() {
      clearTimeout(timer);
      within?.signal.removeEventListener('abort', onOuterAbort);
      finished.add(owned);
    },
  };
  return owned;
}

const finished = new WeakSet<Deadline>();

/** The deadline of the work this code runs for, if it has one and that work has not ended yet. */
export function currentDeadline(): Deadline | undefined {
  const deadline = current.getStore();
  return deadline && !finished.has(deadline) ? deadline : undefined;
}

/** Runs `work` under `deadline` (the code it calls sees it as `currentDeadline()` until the deadline is cleared). */
export function runWithDeadline<T>(deadline: Deadline, work: () => T): T {
  return current.run(deadline, work);
}

/** Runs `work` (background work a request only starts, such as a job run) outside the caller's deadline. */
export function detached<T>(work: () => T): T {
  return current.exit(work);
}

/** Runs `work` with `ms` to finish (within the current deadline, if any); DeadlineExceededError past it. */
export async function withDeadline<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const deadline = createDeadline(ms, currentDeadline());
  try {
    return await untilDeadline(deadline, runWithDeadline(deadline, work));
  } finally {
    deadline.clear();
  }
}

/** Milliseconds left before `deadline` (0 once it passed). */
export function remainingMs(deadline: Deadline): number {
  return Math.max(0, deadline.at - Date.now());
}

/**
 * `promise`, or a DeadlineExceededError as soon as the deadline passes (the promise itself goes on; what it holds
 * is the caller's to free, see `onLate`: called with its value should it still arrive).
 */
export function untilDeadline<T>(deadline: Deadline, promise: Promise<T>, onLate?: (value: T) => void): Promise<T> {
  const { signal } = deadline;
  if (signal.aborted) {
    void promise.then(onLate, () => {});
    return Promise.reject(signal.reason instanceof Error ? signal.reason : new DeadlineExceededError());
  }
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const onAbort = () => {
      if (settled) return;
      settled = true;
      reject(signal.reason instanceof Error ? signal.reason : new DeadlineExceededError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        if (settled) onLate?.(value);
        else {
          settled = true;
          resolve(value);
        }
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        if (!settled) {
          settled = true;
          reject(error);
        }
      },
    );
  });
}
