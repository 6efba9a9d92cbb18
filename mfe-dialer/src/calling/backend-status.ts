// What the api says about the call (spec §4 'Call events'): a backup poll of its status every 5 s while the call
// lasts, in case the device misses an event (it gives up after 5 failures, which are only logged: spec §8), and
// the final status and charge once the device has hung up.
//
// The api knows a call by its id, and by the carrier SID of the call it placed (GET /api/calls/status/{sid}: an
// outgoing call's SID, linked by the voice webhook and PATCH /api/calls/{id}/sid) or of the leg it dialled. An
// incoming call's SID, as the device has it, is the leg to this browser, which the api records only from the first
// status callback that moves the call on (the answer: the call is 'ringing' from the moment it is recorded). Before
// that, and for good if that callback is lost, a status asked by it is a 404. So an incoming call is asked about by
// its id (statusById): the user's call in progress (GET /api/calls/current), then its settled figures.
import type { Call, CallStatusResponse } from '@ringwise/contract/calls';
import { callTiming, isTerminalCallStatus } from '@ringwise/contract/calls';
import { logCallingProblem as log, type CallingDeps } from './calling-deps.ts';

/** After a disconnect: how often, and how far apart, the call's status is read until the api has its final one. */
export const disconnectStatusAttempts = 5;
export const disconnectStatusRetryMs = 400;

export interface StatusPoll {
  /** Reads the call's status every statusPollMs until stop (a read already under way goes on). */
  start(): void;
  stop(): void;
}

export function createStatusPoll(
  deps: CallingDeps,
  call: {
    /** The api's status of the call, or null when there is nothing to ask about yet (no SID, no id). */
    read(): Promise<CallStatusResponse | null> | null;
    ended(): boolean;
    apply(status: CallStatusResponse): void;
  },
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
        if (call.ended()) return;
        call.read()?.then(
          (status) => {
            if (status && !call.ended()) call.apply(status);
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

const statusOf = (call: Call): CallStatusResponse => ({ status: call.status, duration: call.duration, cost: call.cost });

/** A call's status by its id: the user's call in progress while it is that one, else its settled figures (one look),
 *  else null (the api is between the two: nothing to apply). */
export async function statusById(deps: CallingDeps, id: string): Promise<CallStatusResponse | null> {
  const current = await deps.requests.current();
  if (current?.id === id) return statusOf(current);
  const listed = (await deps.requests.recent()).items.find((call) => call.id === id);
  return listed && isTerminalCallStatus(listed.status) ? statusOf(listed) : null;
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

/** The call as the newest calls list it, once it has ended there (a few looks), or null: for a call whose SID the
 *  device never learned, an incoming one, one a reloaded page resumed, or one that ended while the page was away. */
export async function endedCallById(deps: CallingDeps, id: string): Promise<Call | null> {
  for (let attempt = 0; attempt < disconnectStatusAttempts; attempt++) {
    if (attempt > 0) await new Promise<void>((resolve) => deps.timers.setTimeout(resolve, disconnectStatusRetryMs));
    try {
      const listed = (await deps.requests.recent()).items.find((call) => call.id === id);
      if (listed && isTerminalCallStatus(listed.status)) return listed;
    } catch (error) {
      log('reading the ended call failed', error);
      return null;
    }
  }
  return null;
}

/** The call's settled status, duration and cost by the id the api started it with (endedCallById), or null. */
export async function settledById(deps: CallingDeps, id: string): Promise<CallStatusResponse | null> {
  const call = await endedCallById(deps, id);
  return call ? statusOf(call) : null;
}
