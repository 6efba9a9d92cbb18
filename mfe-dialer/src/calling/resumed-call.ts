// A call still in progress when the page (re)loads (GET /api/calls/current): the browser's leg went with the old
// page, but the api's call may not have ended yet, and while it lasts every new call is refused. It is shown in
// the Active Call modal (no audio here, no running cost: this page does not know its pricing) with a working
// End Call (POST /api/calls/{id}/end: the carrier hangs it up). Its end, by End Call or by the carrier, is read
// from the api: the current call is looked at every statusPollMs, and the settled figures from the newest calls.
//
// The call this page had under way before the reload (call-memory.ts) that is no longer in progress ended while
// the page was away (the carrier hung up the leg the old page took with it; the api billed it): it is told once,
// with its party, duration and charge as the api settled them, and forgotten.
import type { Call } from '@ringwise/contract/calls';
import { callTiming, isTerminalCallStatus } from '@ringwise/contract/calls';
import { ApiError } from '@ringwise/api-client';
import { loadPhoneFormat } from '@ringwise/phone/display';
import { callPartyOf } from '../lib/call-party.ts';
import type { ActiveCall } from './active-call.ts';
import { endedCallById, settledById } from './backend-status.ts';
import { logCallingProblem as log, type CallingDeps } from './calling-deps.ts';
import { idleCall, incomingPricing, type CallingState } from './calling-state.ts';
import { callToasts, endedWhileAwayNotice } from './notices.ts';

export interface ResumedCall {
  /** Asks the api for the user's call in progress and shows it, unless the page already has a call; tells the end of
   *  the call this page had before a reload, if it ended meanwhile. */
  check(): Promise<void>;
  /** End Call for the resumed call. */
  end(): Promise<void>;
  stop(): void;
}

/** Whole seconds since the call was answered (0 while it rings). */
const elapsedSeconds = (call: Call, now: number) => (call.startTime ? Math.max(0, Math.floor((now - Date.parse(call.startTime)) / 1000)) : 0);

export function createResumedCall(deps: CallingDeps, state: CallingState, active: ActiveCall): ResumedCall {
  let watch: unknown = null;
  let ending = false;
  const stop = () => {
    if (watch !== null) deps.timers.clearInterval(watch);
    watch = null;
  };
  const resumedId = () => {
    const { call } = state.get();
    return call.resumed && !active.isEnded() ? call.callId : null;
  };

  async function ended(id: string) {
    stop();
    const backend = await settledById(deps, id);
    if (resumedId() === id) await active.finish(backend?.status ?? 'completed', backend);
  }

  function show(call: Call) {
    const inProgress = call.status === 'in-progress';
    active.begin();
    state.set({
      call: {
        ...idleCall,
        hasActiveCall: true,
        resumed: true,
        callId: call.id,
        direction: call.callDirection,
        to: call.callDirection === 'inbound' ? call.fromNumber : call.destinationNumber,
        twilioStatus: call.status,
        isActive: inProgress,
        isConnecting: call.status === 'queued',
        duration: inProgress ? elapsedSeconds(call, deps.now()) : 0,
        // no pricing here: the meter counts the time and no money
        pricing: incomingPricing,
      },
    });
    if (inProgress) active.startMeter();
    watch = deps.timers.setInterval(() => {
      deps.requests.current().then(
        (current) => {
          const id = resumedId();
          if (!id || ending) return;
          if (current?.id !== id || isTerminalCallStatus(current.status)) void ended(id);
          else if (current.status === 'in-progress' && !state.get().call.isActive) {
            state.setCall({ twilioStatus: 'in-progress', isActive: true, isConnecting: false });
            active.startMeter();
          }
        },
        (error: unknown) => log('checking the resumed call failed', error),
      );
    }, callTiming.statusPollMs);
  }

  /** The call remembered from before the reload has ended: told once (forgotten first, whatever the look finds). */
  async function tellEndedWhileAway(id: string) {
    deps.memory.set(null);
    const call = await endedCallById(deps, id);
    if (!call) return;
    const format = await loadPhoneFormat().then(
      (formats) => formats.number,
      () => (number: string) => number,
    );
    deps.notify(endedWhileAwayNotice(callPartyOf(call, format).label, call.duration, call.cost));
  }

  return {
    async check() {
      const remembered = deps.memory.get();
      let call: Call | null;
      try {
        call = await deps.requests.current();
      } catch (error) {
        log('asking for a call in progress failed', error);
        return;
      }
      const { call: now, starting } = state.get();
      // a call on the page already is this page's own since the reload
      if (now.hasActiveCall || starting) return;
      const inProgress = call && !isTerminalCallStatus(call.status) ? call : null;
      if (inProgress) show(inProgress);
      if (remembered && remembered !== inProgress?.id) await tellEndedWhileAway(remembered);
    },

    async end() {
      const id = resumedId();
      if (!id || ending) return;
      ending = true;
      try {
        await deps.requests.end(id);
      } catch (error) {
        // 404: it has ended already
        if (!(error instanceof ApiError && error.status === 404)) {
          deps.notify(callToasts.endFailed);
          log('ending the resumed call failed', error);
          return;
        }
      } finally {
        ending = false;
      }
      await ended(id);
    },

    stop,
  };
}
