// The one call of the page, from the device's call to the closed modal (spec §4 'Call events', §8, §9): the
// call's events (ringing, accept, disconnect, cancel, reject, mute, reconnecting, samples and warnings, errors),
// linking its SID to the api's call, the meter and the backup poll while it lasts, and its end: the backend's
// final values, 'Call Ended', the quality summary for the api, the refresh of the cached lists, the modal's close
// and the rating prompt. Also the controls of a call under way (mute, speaker, digits, hang-up).
import type { CallStatusResponse } from '@ringwise/contract/calls';
import { callDigitsRule, callTiming, isTerminalCallStatus, type CallStatus } from '@ringwise/contract/calls';
import { centsOf } from '@ringwise/contract/decimal';
import { defaultOutput, speakerOutputOf } from './audio-output.ts';
import { createStatusPoll, settledById, statusAfterDisconnect, statusById } from './backend-status.ts';
import { createCallMeter } from './call-meter.ts';
import { createQualityTracker, type QualityTracker } from './call-quality.ts';
import { logCallingProblem as log, type CallingDeps } from './calling-deps.ts';
import { idleCall, type CallingState } from './calling-state.ts';
import { listen, type CallingAudio, type CallingCall } from './device.ts';
import { createDtmfPacer } from './dtmf-pacer.ts';
import type { FeedbackPrompts } from './feedback-prompt.ts';
import { callEndedNotice, callErrorNotice, callToasts, MICROPHONE_ACQUISITION_FAILED, notAnsweredErrorNotice, notAnsweredNotice, warningNotice } from './notices.ts';

export interface ActiveCall {
  /** The device's call, once it has one. */
  current(): CallingCall | null;
  /** The call has ended (or was never started since the last begin). */
  isEnded(): boolean;
  /** A new call begins (its state is set by the caller). */
  begin(): void;
  /** The device's call: its events drive the call from now on. */
  adopt(call: CallingCall): void;
  /** Links the call's SID to the api's call and starts the backup poll. */
  linkSid(call: CallingCall): void;
  /** Counts the duration of a call without a device (one resumed after a reload). */
  startMeter(): void;
  /**
   * The call has ended: terminal status, backend values when above 0 (`backend` null for a resumed call whose
   * charge is not known yet), notices, the quality summary, refresh, then the modal closes. `explained`: a notice
   * already said why it ended (its end notice would replace it, for nothing more to say when it was never answered).
   */
  finish(status: CallStatus, backend?: CallStatusResponse | null, explained?: boolean): Promise<void>;
  /** Lets go of the call without the end's notices (an incoming call rejected); returns it. */
  release(): CallingCall | null;
  hangUp(): void;
  toggleMute(): void;
  toggleSpeaker(): Promise<void>;
  sendDigits(digits: string): boolean;
  destroy(): void;
}

export function createActiveCall(
  deps: CallingDeps,
  state: CallingState,
  feedback: FeedbackPrompts,
  device: {
    /** The device's audio outputs (null before init). */
    audio(): CallingAudio | null;
  },
): ActiveCall {
  let handle: CallingCall | null = null;
  let handleOff: Array<() => void> = [];
  let ended = false;
  let disconnecting = false;
  /** An error came with the call's end: it failed (unless the api knows better: busy, no answer). */
  let errored = false;
  /** A notice already told the user why the call ended. */
  let told = false;
  /** The user hung up here (End Call): the call's end is theirs, not the far end's. */
  let hungUpHere = false;
  let quality: QualityTracker = createQualityTracker();
  /** The end's delayed notices and the modal's close, cancelled by destroy. */
  const pending = new Set<unknown>();
  const later = (fn: () => void, ms: number) => {
    const id = deps.timers.setTimeout(() => {
      pending.delete(id);
      fn();
    }, ms);
    pending.add(id);
  };

  const keys = createDtmfPacer((digits) => {
    if (!handle || ended) return;
    try {
      handle.sendDigits(digits);
    } catch (error) {
      deps.notify(callToasts.badDigits);
      log('sendDigits failed', error);
    }
  }, later);

  const meter = createCallMeter(deps, state);
  const poll = createStatusPoll(deps, { read: readBackend, ended: () => ended, apply: applyBackend });
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

  /** What the api says of the call now: an incoming call by its id, an outgoing one by its SID (backend-status.ts). */
  function readBackend(): Promise<CallStatusResponse | null> | null {
    const { direction, callId, callSid } = state.get().call;
    if (direction === 'inbound') return callId ? statusById(deps, callId) : null;
    return callSid ? deps.requests.status(callSid) : null;
  }

  function applyBackend(status: CallStatusResponse) {
    if (isTerminalCallStatus(status.status)) void finish(status.status, status);
    else if (status.status === 'in-progress') markInProgress();
    else if (status.status === 'ringing' && state.get().call.twilioStatus !== 'in-progress') markRinging();
  }

  function linkSid(call: CallingCall) {
    const sid = call.parameters.CallSid ?? null;
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
    const before = state.get().call;
    // an incoming call accepted here that never connected: say why, unless an error notice did
    if (before.direction === 'inbound' && !before.incomingPending && !before.isActive && !told) {
      told = true;
      deps.notify(notAnsweredNotice);
    }
    // the far end hung up a call whose SID the device never learned (it failed before it rang): the api knows why,
    // by the id it started the call with
    const byId = !errored && !hungUpHere ? before.callId : null;
    // an incoming call by its id (the api may not know this leg's SID), once the carrier's final callback settled it
    const backend =
      before.direction === 'inbound' && before.callId
        ? await settledById(deps, before.callId)
        : await statusAfterDisconnect(deps, before.callSid ?? handle?.parameters.CallSid ?? null, byId);
    const { isActive } = state.get().call;
    const outcome = backend && isTerminalCallStatus(backend.status) && backend.status !== 'completed' && !isActive ? backend.status : null;
    // spec §4: a call error that is not the microphone's is a failed call; an unanswered call's outcome wins
    await finish(outcome ?? (errored ? 'failed' : 'completed'), backend);
  }

  function detach() {
    for (const off of handleOff) off();
    handleOff = [];
  }

  async function finish(status: CallStatus, backend?: CallStatusResponse | null, explained = false) {
    if (ended) return;
    if (explained) told = true;
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
    // a resumed call's running cost is not known here: only the api's settled figure is told
    const toldCost = local.resumed && !backend ? null : cost;
    const wasAnswered = local.isActive || duration > 0;
    if (wasAnswered && (errored || local.reconnecting)) quality.dropped();
    if (local.isSpeaker) resetSpeaker();
    state.setCall({
      twilioStatus: status,
      isActive: false,
      connected: false,
      isConnecting: false,
      isMuted: false,
      isSpeaker: false,
      incomingPending: false,
      reconnecting: false,
      duration,
      cost,
      endedAt: deps.now(),
    });
    deps.invalidate();
    if (local.direction === 'inbound' && !wasAnswered) later(() => deps.invalidate(), callTiming.unansweredRecheckMs);
    sendQuality(local.callId);
    const suggestedIssue = quality.suggestedIssue();
    // an unanswered call whose error notice said why keeps that notice on screen (one toast at a time)
    if (wasAnswered || (local.direction === 'outbound' && !told)) {
      later(() => deps.notify(callEndedNotice({ status, answered: wasAnswered, duration, cost: toldCost })), callTiming.callEndedNoticeDelayMs);
    }
    later(() => {
      const last = state.get().call;
      state.set({ call: idleCall, feedback: feedback.after(last, wasAnswered, suggestedIssue) ?? state.get().feedback });
    }, callTiming.modalAutoCloseMs);
  }

  function sendQuality(callId: string | null) {
    if (!callId || !quality.measured()) return;
    deps.requests.quality(callId, quality.summary()).catch((error: unknown) => log('sending the call quality failed', error));
  }

  function resetSpeaker() {
    device
      .audio()
      ?.speakerDevices.set(defaultOutput)
      .catch((error: unknown) => log('switching back to the default output failed', error));
  }

  function showQuality() {
    if (!ended) state.setCall({ quality: quality.current() });
  }

  function attach(call: CallingCall) {
    handleOff = [
      listen(call, 'ringing', () => {
        linkSid(call);
        markRinging();
      }),
      listen(call, 'accept', () => {
        linkSid(call);
        if (!ended) state.setCall({ connected: true });
        markInProgress();
      }),
      listen(call, 'disconnect', () => void onDisconnect()),
      listen(call, 'cancel', () => {
        const { direction, incomingPending } = state.get().call;
        if (direction === 'inbound' && !incomingPending && !told) {
          told = true;
          deps.notify(notAnsweredNotice);
        }
        void finish('canceled');
      }),
      listen(call, 'reject', () => void finish('canceled')),
      listen(call, 'mute', (muted) => state.setCall({ isMuted: muted })),
      listen(call, 'reconnecting', () => state.setCall({ reconnecting: true })),
      listen(call, 'reconnected', () => state.setCall({ reconnecting: false })),
      listen(call, 'sample', (sample) => {
        quality.sample(sample);
        showQuality();
      }),
      listen(call, 'warning', (name) => {
        quality.warning(name);
        showQuality();
        const notice = warningNotice(name);
        if (notice) deps.notify(notice);
      }),
      listen(call, 'warning-cleared', (name) => {
        quality.cleared(name);
        showQuality();
      }),
      listen(call, 'error', (error) => {
        errored = true;
        const { direction, incomingPending, isActive } = state.get().call;
        // an incoming call accepted here that the carrier would not connect: its reason
        const noticeOf = direction === 'inbound' && !incomingPending && !isActive ? notAnsweredErrorNotice : callErrorNotice;
        const tell = (hasMicrophone: boolean) => {
          const notice = noticeOf(error, hasMicrophone);
          if (notice) deps.notify(notice);
        };
        // an outcome (busy, no answer) has no notice of its own: the end's says it
        if (error.code === MICROPHONE_ACQUISITION_FAILED) {
          told = true;
          void deps.hasMicrophone().then(tell);
        } else if (noticeOf(error, true)) {
          told = true;
          tell(true);
        }
        // the SDK closes the call on a fatal error, around this event (before it, or just after in the same
        // turn: a hang-up with an error); one it survives was a passing problem
        queueMicrotask(() => {
          if (call.status() === 'closed') void onDisconnect();
          else errored = false;
        });
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
      errored = false;
      told = false;
      hungUpHere = false;
      quality = createQualityTracker();
    },
    adopt(call) {
      handle = call;
      attach(call);
    },
    linkSid,
    startMeter: () => meter.start(),
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
      hungUpHere = true;
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

    async toggleSpeaker() {
      if (!underWay()) return;
      const audio = device.audio();
      if (!audio?.isOutputSelectionSupported) {
        deps.notify(callToasts.speakerUnsupported);
        return;
      }
      const speaker = !state.get().call.isSpeaker;
      const output = speaker ? speakerOutputOf(audio.availableOutputDevices.values()) : defaultOutput;
      if (output === null) {
        deps.notify(callToasts.noOtherOutput);
        return;
      }
      try {
        await audio.speakerDevices.set(output);
      } catch (error) {
        deps.notify(callToasts.speakerFailed);
        log('switching the audio output failed', error);
        return;
      }
      if (!underWay()) return;
      state.setCall({ isSpeaker: speaker });
      deps.notify(speaker ? callToasts.speakerOn : callToasts.speakerOff);
    },

    sendDigits(digits) {
      if (!callDigitsRule.test(digits)) {
        deps.notify(callToasts.badDigits);
        return false;
      }
      if (!handle || ended) return false;
      keys.press(digits);
      return true;
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
