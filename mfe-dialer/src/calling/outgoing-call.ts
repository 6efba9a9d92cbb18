// Starting a call (spec §5 'Starting a call'): one at a time, only on a ready device, with a number and a
// microphone; the api's start (its rate and what the balance pays for), then the device's connect with `To` and
// `callId`. A call hung up before the device has it is dropped as soon as it arrives.
import type { CallStarted, CallStartInput } from '@ringwise/contract/calls';
import { callMessages } from '@ringwise/contract/calls';
import { errorMessage } from '@ringwise/api-client';
import { formatNumbersInNow } from '@ringwise/phone/display';
import type { ActiveCall } from './active-call.ts';
import { logCallingProblem as log, type CallingDeps } from './calling-deps.ts';
import { idleCall, type CallingState } from './calling-state.ts';
import type { CallingError } from './device.ts';
import type { DeviceLifecycle } from './device-lifecycle.ts';
import { microphoneDeniedCodes, microphoneNotice } from './notices.ts';

/** Starts a call; true once the api accepted it (the dialer then clears its number). */
export type StartCall = (input: CallStartInput) => Promise<boolean>;

export function createStartCall(deps: CallingDeps, state: CallingState, device: DeviceLifecycle, active: ActiveCall): StartCall {
  return async (input) => {
    const snapshot = state.get();
    if (snapshot.call.hasActiveCall || snapshot.starting) {
      deps.notify({ title: callMessages.inProgressTitle, description: callMessages.inProgress, variant: 'destructive' });
      return false;
    }
    if (snapshot.device !== 'ready' || !device.current()) {
      deps.notify({ title: callMessages.deviceNotReadyTitle, description: callMessages.deviceNotReadyDialer, variant: 'destructive' });
      return false;
    }
    if (!input.destinationNumber.trim()) {
      deps.notify({ title: 'Error', description: callMessages.enterNumber, variant: 'destructive' });
      return false;
    }
    if (!deps.microphoneSupported()) {
      deps.notify(microphoneNotice('unsupported'));
      return false;
    }
    state.set({ starting: true });
    let started: CallStarted;
    try {
      started = await deps.requests.start(input);
    } catch (error) {
      state.set({ starting: false });
      // the api's refusal may name a number in E.164 ("+14155550100 is not one of your numbers"): shown as every
      // number is (the dialer's From has loaded the formatter by then)
      const description = formatNumbersInNow(errorMessage(error, callMessages.callFailedFallback));
      deps.notify({ title: callMessages.callFailedTitle, description, variant: 'destructive' });
      return false;
    }
    active.begin();
    state.set({
      starting: false,
      feedback: null,
      call: {
        ...idleCall,
        hasActiveCall: true,
        isConnecting: true,
        twilioStatus: 'queued',
        to: started.destinationNumber,
        callId: started.callId,
        pricing: started.pricing,
        maxDurationSeconds: started.maxDurationSeconds,
      },
    });
    const current = device.current();
    void (async () => {
      try {
        // closed while the api answered (sign-out): fails as a connect that failed
        if (!current) throw new Error('the calling device was closed');
        const call = await current.connect({ params: { To: started.destinationNumber, callId: started.callId }, ...device.callOptions() });
        if (active.isEnded()) {
          // hung up before the device had the call
          call.disconnect();
          return;
        }
        active.adopt(call);
        active.linkSid(call);
      } catch (error) {
        const denied = microphoneDeniedCodes.has((error as Partial<CallingError> | null)?.code ?? 0);
        deps.notify(denied ? microphoneNotice('denied') : { title: callMessages.callFailedTitle, description: callMessages.callInitFailed, variant: 'destructive' });
        log('connect failed', error);
        void active.finish('failed', null, true);
      }
    })();
    return true;
  };
}
