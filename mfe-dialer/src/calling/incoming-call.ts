// A call to one of the user's numbers (spec §4 'Incoming calls'): it rings the page unless a call is under way
// (then it is ignored here), and waits for Accept or Reject. An Accept that cannot proceed says why (here when the caller already hung up;
// active-call.ts when the call ends before it connected). The api's id of the call does not come with it (the
// incoming webhook dials this browser without one): once accepted it is the user's call in progress, and its id is
// what the call is asked about from then on (backend-status.ts) and remembered across a reload (call-memory.ts).
import type { Call } from '@ringwise/contract/calls';
import { callTiming, isTerminalCallStatus } from '@ringwise/contract/calls';
import { logCallingProblem as log, type CallingDeps } from './calling-deps.ts';
import { idleCall, incomingPricing, type CallingState } from './calling-state.ts';
import type { ActiveCall } from './active-call.ts';
import type { CallingCall, CallMediaOptions } from './device.ts';
import { noticeTitles, notAnsweredNotice } from './notices.ts';

export interface IncomingCalls {
  /** The device rings with `call`. */
  ring(call: CallingCall): void;
  accept(): void;
  reject(): void;
}

export function createIncomingCalls(deps: CallingDeps, state: CallingState, active: ActiveCall, callOptions: () => CallMediaOptions): IncomingCalls {
  const waiting = () => active.current() !== null && state.get().call.incomingPending;

  /** The api's id of the accepted call: the user's incoming call in progress, from the same caller. */
  async function learnId(call: CallingCall) {
    if (state.get().call.callId) return;
    let current: Call | null;
    try {
      current = await deps.requests.current();
    } catch (error) {
      log('asking for the incoming call failed', error);
      return;
    }
    if (!current || current.callDirection !== 'inbound' || isTerminalCallStatus(current.status)) return;
    const from = call.parameters.From;
    if (from && current.fromNumber !== from) return;
    if (active.current() === call && !active.isEnded()) state.setCall({ callId: current.id });
  }

  return {
    ring(call) {
      const { call: current, starting } = state.get();
      if (current.hasActiveCall || starting) {
        // One call at a time: ignored, as the SDK ignores a call that rings while it has one, never rejected. It
        // rings on to the carrier's timeout (or another tab's answer) and is recorded unanswered, Recent Calls'
        // 'Missed'; a reject would be recorded busy, as if the user had declined it.
        call.ignore();
        return;
      }
      active.begin();
      const from = call.parameters.From ?? 'Unknown caller';
      state.set({
        call: {
          ...idleCall,
          hasActiveCall: true,
          isConnecting: true,
          to: from,
          direction: 'inbound',
          incomingPending: true,
          pricing: incomingPricing,
          callSid: call.parameters.CallSid ?? null,
          callId: call.customParameters.get('callId') ?? null,
        },
      });
      active.adopt(call);
    },

    accept() {
      const call = active.current();
      if (!call || !waiting()) return;
      state.setCall({ incomingPending: false });
      // Accept works only from pending: a call the caller gave up on a moment ago is closed
      if (call.status() !== 'pending') {
        deps.notify(notAnsweredNotice);
        void active.finish('canceled');
        return;
      }
      try {
        call.accept(callOptions());
      } catch (error) {
        deps.notify({ title: noticeTitles.callError, description: 'The call could not be answered.', variant: 'destructive' });
        log('accept failed', error);
        void active.finish('failed');
        return;
      }
      void learnId(call);
    },

    reject() {
      if (!waiting()) return;
      const call = active.release();
      try {
        call?.reject();
      } catch (error) {
        log('reject failed', error);
      }
      state.set({ call: idleCall });
      // the declined call, once the carrier has told the api
      deps.timers.setTimeout(() => deps.invalidate(), callTiming.unansweredRecheckMs);
    },
  };
}
