// What the api says about the call (spec §4 'Call events'): a backup poll of its status every 5 s while the call
// lasts, in case the device misses an event (it gives up after 5 failures, which are only logged: spec §8), and
// the final status and charge once the device has hung up.
import type { CallStatusResponse } from '@ringwise/contract/calls';
import { callTiming, isTerminalCallStatus } from '@ringwise/contract/calls';
import { logCallingProblem as log, type CallingDeps } from './calling-deps.ts';

/** After a disconnect: how often, and how far apart, the call's status is read until the api has its final one. */
export const disconnectStatusAttempts = 5;
export const disconnectStatusRetryMs = 400;

export interface StatusPoll {
  /** Polls `sid()` every statusPollMs until stop (a poll already running goes on). */
  start(): void;
  stop(): void;
}

export function createStatusPoll(
  deps: CallingDeps,
  call: { sid(): string | null; ended(): boolean; apply(status: CallStatusResponse): void },
): StatusPoll {
  let poll: unknown = null;
  let failures = 0;
  const stop = () => {
    if (poll !== null) deps.timers.clearInterval(poll);
    poll = null;
  };
  return {
    start() {
      if (poll !== null || call.ended()) return;
      failures = 0;
      poll = deps.timers.setInterval(() => {
        const sid = call.sid();
        if (!sid || call.ended()) return;
        deps.requests.status(sid).then(
          (status) => {
            if (!call.ended()) call.apply(status);
          },
          (error: unknown) => {
            failures += 1;
            log(`status check failed (${failures})`, error);
            if (failures >= callTiming.statusPollMaxFailures && poll !== null) stop();
          },
        );
      }, callTiming.statusPollMs);
    },
    stop,
  };
}

/**
 * The call's status once the device has hung up. The carrier's final callback may reach the api a moment after
 * the device hung up, and only then does the api know the charge (and, for a call never answered, whether it was
 * busy, unanswered or failed): a few quick looks. The last answer read, or null.
 */
export async function statusAfterDisconnect(deps: CallingDeps, sid: string | null, callId: string | null = null): Promise<CallStatusResponse | null> {
  // a call that ended before it rang never told the device its SID: the api knows it by the id it started it with
  if (!sid) return callId ? settledById(deps, callId) : null;
  let backend: CallStatusResponse | null = null;
  for (let attempt = 0; sid && attempt < disconnectStatusAttempts; attempt++) {
    if (attempt > 0) await new Promise<void>((resolve) => deps.timers.setTimeout(resolve, disconnectStatusRetryMs));
    try {
      backend = await deps.requests.status(sid);
    } catch (error) {
      log('status after disconnect failed', error);
      break;
    }
    if (isTerminalCallStatus(backend.status)) break;
  }
  return backend;
}

/** The call's settled status, duration and cost by the id the api started it with, once the api lists it as ended
 *  (a few looks), or null: for a call whose SID the device never learned, or one a reloaded page resumed. */
export async function settledById(deps: CallingDeps, id: string): Promise<CallStatusResponse | null> {
  for (let attempt = 0; attempt < disconnectStatusAttempts; attempt++) {
    if (attempt > 0) await new Promise<void>((resolve) => deps.timers.setTimeout(resolve, disconnectStatusRetryMs));
    try {
      const listed = (await deps.requests.recent()).items.find((call) => call.id === id);
      if (listed && isTerminalCallStatus(listed.status)) return { status: listed.status, duration: listed.duration, cost: listed.cost };
    } catch (error) {
      log('reading the ended call failed', error);
      return null;
    }
  }
  return null;
}
