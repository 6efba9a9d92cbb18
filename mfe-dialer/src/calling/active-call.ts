// The one call of the page, from the device's handle to the closed modal (spec §4 'Call events', §8, §9): the
// call's events (ringing, accept, disconnect, cancel, reject, mute, warnings, errors), linking its SID to the api's
// call, the meter and the backup poll while it lasts, and its end: the backend's final values, 'Call Ended', the
// refresh of the cached lists, the modal's close and the rating prompt. Also the controls of a call under way.
import type { CallStatusResponse } from '@ringwise/contract/calls';
import { callDigitsRule, callTiming, isTerminalCallStatus, type CallStatus } from '@ringwise/contract/calls';
import { centsOf } from '@ringwise/contract/decimal';
import { statusAfterDisconnect, createStatusPoll } from './backend-status.ts';
import { createCallMeter } from './call-meter.ts';
import { logCallingProblem as log, type CallingDeps } from './calling-deps.ts';
import { idleCall, type CallingState } from './calling-state.ts';
import type { CallHandle } from './device.ts';
import type { FeedbackPrompts } from './feedback-prompt.ts';
import { callEndedNotice, callErrorNotice, callToasts, isAudioError, microphoneDeniedCodes, microphoneProblemOf, warningNotice } from './notices.ts';

export interface ActiveCall {
  /** The device's handle of the call, once it has one. */
  current(): CallHandle | null;
  /** The call has ended (or was never started since the last begin). */
  isEnded(): boolean;
  /** A new call begins (its state is set by the caller). */
  begin(): void;
  /** The device's handle of the call: its events drive the call from now on. */
  adopt(call: CallHandle): void;
  /** Links the handle's SID to the api's call and starts the backup poll. */
  linkSid(call: CallHandle): void;
  /** The call has ended: terminal status, backend values when above 0, notices, refresh, then the modal closes. */
  finish(status: CallStatus, backend?: CallStatusResponse | null): Promise<void>;
  /** Lets go of the handle without the end's notices (an incoming call rejected); returns it. */
  release(): CallHandle | null;
  hangUp(): void;
  toggleMute(): void;
  toggleSpeaker(): void;
  sendDigits(digits: string): boolean;
  destroy(): void;
}

export function createActiveCall(deps: CallingDeps, state: CallingState, feedback: FeedbackPrompts): ActiveCall {
  let handle: CallHandle | null = null;
  let handleOff: Array<() => void> = [];
  let ended = false;
  let disconnecting = false;
  /** The end's delayed notices and the modal's close, cancelled by destroy. */
  const pending = new Set<unknown>();
  const later = (fn: () => void, ms: number) => {
    const id = deps.timers.setTimeout(() => {
      pending.delete(id);
      fn();
    }, ms);
    pending.add(id);
  };

  const meter = createCallMeter(deps, state);
  const poll = createStatusPoll(deps, { sid: () => state.get().call.callSid, ended: () => ended, apply: applyBackend });
  const stopTimers = () => {
    meter.stop();
    poll.stop();
  };

  function markRinging() {
    if (ended) return;
    state.setCall({ twilioStatus: 'ringing', isConnecting: false });
  }

  function markInProgress() {
    if (ended) return;
    state.setCall({ twilioStatus: 'in-progress', isActive: true, isConnecting: false, incomingPending: false });
    meter.start();
  }

  function applyBackend(status: CallStatusResponse) {
    if (isTerminalCallStatus(status.status)) void finish(status.status, status);
    else if (status.status === 'in-progress') markInProgress();
    else if (status.status === 'ringing' && state.get().call.twilioStatus !== 'in-progress') markRinging();
  }

  function linkSid(call: CallHandle) {
    const sid = call.sid();
    if (!sid || state.get().call.callSid === sid) {
      if (sid) poll.start();
      return;
    }
    state.setCall({ callSid: sid });
    const { callId, direction } = state.get().call;
    if (callId && direction === 'outbound') deps.requests.setSid(callId, sid).catch((error: unknown) => log('linking the call SID failed', error));
    poll.start();
  }

  async function onDisconnect() {
    if (ended || disconnecting) return;
    disconnecting = true;
    stopTimers();
    const backend = await statusAfterDisconnect(deps, state.get().call.callSid ?? handle?.sid() ?? null);
    const status = backend && isTerminalCallStatus(backend.status) && backend.status !== 'completed' && !state.get().call.isActive ? backend.status : 'completed';
    await finish(status, backend);
  }

  function detach() {
    for (const off of handleOff) off();
    handleOff = [];
  }

  async function finish(status: CallStatus, backend?: CallStatusResponse | null) {
    if (ended) return;
    ended = true;
    disconnecting = false;
    stopTimers();
    const call = handle;
    detach();
    handle = null;
    if (call && call.status() !== 'closed') {
      try {
        call.disconnect();
      } catch (error) {
        log('disconnect failed', error);
      }
    }
    const local = state.get().call;
    const backendCost = backend ? centsOf(backend.cost) : null;
    const duration = backend && backend.duration > 0 ? backend.duration : local.duration;
    const cost = backendCost !== null && backendCost > 0n ? backendCost : local.cost;
    const wasAnswered = local.isActive || duration > 0;
    state.setCall({ twilioStatus: status, isActive: false, connected: false, isConnecting: false, isMuted: false, isSpeaker: false, incomingPending: false, duration, cost, endedAt: deps.now() });
    deps.invalidate();
    if (local.direction === 'outbound' || wasAnswered) later(() => deps.notify(callEndedNotice(duration, cost)), callTiming.callEndedNoticeDelayMs);
    later(() => {
      const last = state.get().call;
      state.set({ call: idleCall, feedback: feedback.after(last, wasAnswered) ?? state.get().feedback });
    }, callTiming.modalAutoCloseMs);
  }

  function attach(call: CallHandle) {
    handleOff = [
      call.on('ringing', () => {
        linkSid(call);
        markRinging();
      }),
      call.on('accept', () => {
        linkSid(call);
        if (!ended) state.setCall({ connected: true });
        markInProgress();
      }),
      call.on('disconnect', () => void onDisconnect()),
      call.on('cancel', () => void finish('canceled')),
      call.on('reject', () => void finish('canceled')),
      call.on('mute', (muted) => state.setCall({ isMuted: muted })),
      call.on('warning', (name) => {
        const notice = warningNotice(name);
        if (notice) deps.notify(notice);
      }),
      call.on('error', (error) => {
        deps.notify(callErrorNotice(error));
        // audio problems other than a refused or missing microphone are warnings: the call goes on
        if (!isAudioError(error) || microphoneDeniedCodes.has(error.code) || microphoneProblemOf(error)) void finish('failed');
      }),
    ];
  }

  /** The controls act only on a call that is there and has not ended. */
  const underWay = () => state.get().call.hasActiveCall && !ended;

  return {
    current: () => handle,
    isEnded: () => ended,
    begin() {
      ended = false;
    },
    adopt(call) {
      handle = call;
      attach(call);
    },
    linkSid,
    finish,
    release() {
      const call = handle;
      detach();
      handle = null;
      ended = true;
      return call;
    },

    hangUp() {
      if (!underWay()) return;
      if (handle) {
        try {
          handle.disconnect();
        } catch (error) {
          log('disconnect failed', error);
        }
        // the device answers with 'disconnect'; a call that never reached it ends here
        if (handle?.status() === 'closed') void onDisconnect();
      } else {
        void finish('canceled');
      }
    },

    toggleMute() {
      if (!underWay()) return;
      const muted = !state.get().call.isMuted;
      handle?.mute(muted);
      state.setCall({ isMuted: muted });
      deps.notify(muted ? callToasts.muted : callToasts.unmuted);
    },

    toggleSpeaker() {
      if (!underWay()) return;
      const speaker = !state.get().call.isSpeaker;
      state.setCall({ isSpeaker: speaker });
      deps.notify(speaker ? callToasts.speakerOn : callToasts.speakerOff);
    },

    sendDigits(digits) {
      if (!callDigitsRule.test(digits)) {
        deps.notify(callToasts.badDigits);
        return false;
      }
      if (!handle || ended) return false;
      try {
        handle.sendDigits(digits);
        return true;
      } catch (error) {
        deps.notify(callToasts.badDigits);
        log('sendDigits failed', error);
        return false;
      }
    },

    destroy() {
      stopTimers();
      for (const id of pending) deps.timers.clearTimeout(id);
      pending.clear();
      detach();
      handle = null;
      ended = false;
    },
  };
}
