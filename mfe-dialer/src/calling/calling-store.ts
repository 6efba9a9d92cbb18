// The page's one calling device and its one call (spec §3 'Client-side shapes', §4 'Call events', 'Calling device',
// §5 'Starting a call', §8 'Call notices', §9 'Timing'), as a module-level store. The remote's modules are singletons
// in the page, so the dialer view ('./app', mounted per /home view) and the call overlay ('./widgets/call-overlay',
// mounted once by the shell's signed-in layout) share this very store: the call and its modal survive navigation.
// React reads it with useSyncExternalStore (use-calling.ts); nothing here imports React.
import type { CallingToken, CallStarted, CallStartInput, CallStatusResponse, CallFeedbackInput } from '@ringwise/contract/calls';
import {
  callMessages,
  callTiming,
  costSoFarCents,
  isTerminalCallStatus,
  lowCreditWarningSeconds,
  callDigitsRule,
  type CallPricing,
  type CallStatus,
} from '@ringwise/contract/calls';
import { centsOf, moneyOf } from '@ringwise/contract/decimal';
import { errorMessage } from '@ringwise/api-client';
import { formatUsd } from '@ringwise/ui/format';
import type { ToastInput } from '@ringwise/ui/toast';
import { formatMinutesSeconds } from '../lib/durations.ts';
import { defaultDeviceOptions, type CallHandle, type CallingDevice, type CallingError, type CreateDevice } from './device.ts';
import {
  callErrorNotice,
  deviceErrorNotice,
  isAudioError,
  microphoneDeniedCodes,
  microphoneNotice,
  microphoneProblemOf,
  noticeTitles,
  tokenExpiredCodes,
  tokenInvalidCodes,
  warningNotice,
} from './notices.ts';

/** spec §4 'Calling device': ready on registered; not ready when unregistered, offline, or a token or init failure. */
export type DeviceStatus = 'idle' | 'initializing' | 'ready' | 'not-ready';

/** spec §3 'Call UI state', plus what the modal shows about the call. */
export interface CallUiState {
  /** The active-call flag: from the start (or an incoming call) until the modal closes. */
  hasActiveCall: boolean;
  isActive: boolean;
  /** The device's call is open (the callee answered, or the user accepted an incoming call). */
  connected: boolean;
  isConnecting: boolean;
  isMuted: boolean;
  isSpeaker: boolean;
  /** Seconds. */
  duration: number;
  /** Cents: what the call would be charged if it ended now, while in progress; the backend's cost once known. */
  cost: bigint;
  twilioStatus: CallStatus | null;
  callSid: string | null;
  to: string | null;
  endedAt: number | null;
  direction: 'outbound' | 'inbound';
  /** An incoming call waiting for Accept / Reject. */
  incomingPending: boolean;
  callId: string | null;
  /** What the call is charged by (the start response's), so the running cost is the charge. */
  pricing: CallPricing;
  /** From the start response: what the balance pays for. */
  maxDurationSeconds: number | null;
  /** Less than a minute of credit is left (lowCreditWarningSeconds before maxDurationSeconds). */
  lowCredit: boolean;
}

/** The optional rating offered after an answered outgoing call. */
export interface FeedbackPrompt {
  callId: string;
  to: string;
  duration: number;
}

export interface CallingSnapshot {
  device: DeviceStatus;
  /** POST /api/calls/start is under way. */
  starting: boolean;
  call: CallUiState;
  feedback: FeedbackPrompt | null;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
}

export interface CallingDeps {
  requests: {
    token(): Promise<CallingToken>;
    start(body: CallStartInput): Promise<CallStarted>;
    setSid(callId: string, sid: string): Promise<unknown>;
    status(sid: string): Promise<CallStatusResponse>;
    feedback(callId: string, body: CallFeedbackInput): Promise<unknown>;
  };
  /** The device implementation for a token's `device` (loaded with import(): the Twilio SDK is large). */
  loadDevice(kind: CallingToken['device']): Promise<CreateDevice>;
  notify(notice: ToastInput): void;
  /** After a call: refresh the cached /api/calls, /api/auth/user and /api/transactions. */
  invalidate(): void;
  timers: Timers;
  now(): number;
  microphoneSupported(): boolean;
  /** Where the app lives (the simulator device's base). */
  origin?: string;
}

/** spec §9: 0.01 a second (0.60 a minute) until the call start returns the call's pricing. */
const defaultPricing: CallPricing = { pricePerMinute: '0.600000', connectionFee: '0.000000', initialIncrement: 60, increment: 60 };

/** An incoming call costs its callee nothing. */
const incomingPricing: CallPricing = { ...defaultPricing, pricePerMinute: '0.000000' };

/** After a disconnect: how often, and how far apart, the call's status is read until the api has its final one. */
export const disconnectStatusAttempts = 5;
export const disconnectStatusRetryMs = 400;

export const idleCall: CallUiState = {
  hasActiveCall: false,
  isActive: false,
  connected: false,
  isConnecting: false,
  isMuted: false,
  isSpeaker: false,
  duration: 0,
  cost: 0n,
  twilioStatus: null,
  callSid: null,
  to: null,
  endedAt: null,
  direction: 'outbound',
  incomingPending: false,
  callId: null,
  pricing: defaultPricing,
  maxDurationSeconds: null,
  lowCredit: false,
};

export const callToasts = {
  muted: { title: 'Muted', description: 'Microphone is now off' },
  unmuted: { title: 'Unmuted', description: 'Microphone is now on' },
  speakerOn: { title: 'Speaker On', description: 'Audio through speaker' },
  speakerOff: { title: 'Speaker Off', description: 'Audio through earpiece' },
  badDigits: { title: 'Error', description: 'Only 0-9, *, # and w can be sent during a call', variant: 'destructive' },
  feedbackThanks: { title: 'Thanks for your feedback' },
  feedbackFailed: { title: 'Feedback not sent', description: 'Please try again later.', variant: 'destructive' },
} as const satisfies Record<string, ToastInput>;

/** 'Call Ended': "Duration 1:05 · Charged: $0.04" (spec §8: m:ss and 'Charged: $x.xx'). */
export function callEndedNotice(duration: number, cost: bigint): ToastInput {
  return { title: callMessages.callEndedTitle, description: `Duration ${formatMinutesSeconds(duration)} · Charged: ${formatUsd(moneyOf(cost))}` };
}

export interface CallingStore {
  getSnapshot(): CallingSnapshot;
  subscribe(listener: () => void): () => void;
  /** Fetches the token and registers the device (once; again after a failure). */
  init(): Promise<void>;
  /** Starts a call; true once the api accepted it (the dialer then clears its number). */
  startCall(input: CallStartInput): Promise<boolean>;
  hangUp(): void;
  toggleMute(): void;
  toggleSpeaker(): void;
  sendDigits(digits: string): boolean;
  acceptIncoming(): void;
  rejectIncoming(): void;
  sendFeedback(body: CallFeedbackInput): Promise<void>;
  dismissFeedback(): void;
  /** Closes the device (sign-out, tests). */
  destroy(): void;
}

export function createCallingStore(deps: CallingDeps): CallingStore {
  let snapshot: CallingSnapshot = { device: 'idle', starting: false, call: idleCall, feedback: null };
  const listeners = new Set<() => void>();
  let device: CallingDevice | null = null;
  let deviceOff: Array<() => void> = [];
  let initializing: Promise<void> | null = null;
  /** destroy() makes an init under way stale (React's StrictMode mounts, unmounts and mounts again). */
  let generations = 0;
  let handle: CallHandle | null = null;
  let handleOff: Array<() => void> = [];
  let tick: unknown = null;
  let poll: unknown = null;
  let pollFailures = 0;
  let ended = false;
  let disconnecting = false;
  let feedbackSent = new Set<string>();
  const pending = new Set<unknown>();

  const set = (next: Partial<CallingSnapshot>) => {
    snapshot = { ...snapshot, ...next };
    for (const listener of listeners) listener();
  };
  const setCall = (next: Partial<CallUiState>) => set({ call: { ...snapshot.call, ...next } });
  const later = (fn: () => void, ms: number) => {
    const id = deps.timers.setTimeout(() => {
      pending.delete(id);
      fn();
    }, ms);
    pending.add(id);
  };
  const log = (what: string, error: unknown) => console.warn(`[calling] ${what}`, error);

  // --- the device -------------------------------------------------------------------------------------------
  const onOnline = () => {
    if (!device) return;
    if (device.state === 'registered') set({ device: 'ready' });
    else device.register().catch((error: unknown) => log('register after going online failed', error));
  };
  const onOffline = () => {
    if (device) set({ device: 'not-ready' });
  };

  async function refreshToken() {
    if (!device) return;
    try {
      const token = await deps.requests.token();
      device.updateToken(token.token);
      if (device.state === 'unregistered') await device.register();
    } catch (error) {
      set({ device: 'not-ready' });
      deps.notify({ title: noticeTitles.deviceError, description: 'Failed to get access token', variant: 'destructive' });
      log('token refresh failed', error);
    }
  }

  function onDeviceError(error: CallingError, call?: CallHandle) {
    // a call's own errors are handled on the call
    if (call && call === handle) return;
    deps.notify(deviceErrorNotice(error));
    if (tokenInvalidCodes.has(error.code) || tokenExpiredCodes.has(error.code)) {
      set({ device: 'not-ready' });
      void refreshToken();
    }
  }

  function onIncoming(call: CallHandle) {
    if (snapshot.call.hasActiveCall || snapshot.starting) {
      // one call at a time
      call.reject();
      return;
    }
    ended = false;
    handle = call;
    const from = call.parameters.From ?? 'Unknown caller';
    set({
      call: { ...idleCall, hasActiveCall: true, isConnecting: true, to: from, direction: 'inbound', incomingPending: true, pricing: incomingPricing, callSid: call.sid() },
    });
    attach(call);
  }

  async function initOnce() {
    const generation = ++generations;
    const stale = () => generation !== generations;
    set({ device: 'initializing' });
    let token: CallingToken;
    try {
      token = await deps.requests.token();
    } catch (error) {
      set({ device: 'not-ready' });
      deps.notify({ title: noticeTitles.deviceInitFailed, description: errorMessage(error, 'Failed to get access token'), variant: 'destructive' });
      throw error;
    }
    if (stale()) return;
    try {
      const create = await deps.loadDevice(token.device);
      if (stale()) return;
      const created = create(token.token, { ...defaultDeviceOptions, ...(deps.origin ? { origin: deps.origin } : {}) });
      device = created;
      deviceOff = [
        created.on('registered', () => set({ device: typeof navigator !== 'undefined' && navigator.onLine === false ? 'not-ready' : 'ready' })),
        created.on('unregistered', () => set({ device: 'not-ready' })),
        created.on('destroyed', () => set({ device: 'not-ready' })),
        created.on('error', onDeviceError),
        created.on('incoming', onIncoming),
        created.on('tokenWillExpire', () => void refreshToken()),
      ];
      if (typeof window !== 'undefined') {
        window.addEventListener('online', onOnline);
        window.addEventListener('offline', onOffline);
      }
      await created.register();
      if (created.state === 'registered' && snapshot.device !== 'ready') set({ device: 'ready' });
    } catch (error) {
      set({ device: 'not-ready' });
      deps.notify({ title: noticeTitles.deviceInitFailed, description: error instanceof Error ? error.message : 'The calling device could not start.', variant: 'destructive' });
      throw error;
    }
  }

  // --- the call ---------------------------------------------------------------------------------------------
  function stopTimers() {
    if (tick !== null) deps.timers.clearInterval(tick);
    if (poll !== null) deps.timers.clearInterval(poll);
    tick = null;
    poll = null;
  }

  function markRinging() {
    if (ended) return;
    setCall({ twilioStatus: 'ringing', isConnecting: false });
  }

  function markInProgress() {
    if (ended) return;
    const answering = tick === null;
    // answered: the connection fee is owed at once, the first increment from the first second
    const { pricing, duration } = snapshot.call;
    setCall({ twilioStatus: 'in-progress', isActive: true, isConnecting: false, incomingPending: false, ...(answering ? { cost: costSoFarCents(pricing, duration) } : {}) });
    if (!answering) return;
    tick = deps.timers.setInterval(() => {
      const { duration, pricing, maxDurationSeconds, lowCredit } = snapshot.call;
      const next = duration + 1;
      const warn = !lowCredit && maxDurationSeconds !== null && next >= maxDurationSeconds - lowCreditWarningSeconds;
      setCall({ duration: next, cost: costSoFarCents(pricing, next), ...(warn ? { lowCredit: true } : {}) });
    }, callTiming.durationTickMs);
    const { maxDurationSeconds } = snapshot.call;
    if (maxDurationSeconds !== null && maxDurationSeconds <= lowCreditWarningSeconds) setCall({ lowCredit: true });
  }

  function applyBackend(status: CallStatusResponse) {
    if (isTerminalCallStatus(status.status)) void finish(status.status, status);
    else if (status.status === 'in-progress') markInProgress();
    else if (status.status === 'ringing' && snapshot.call.twilioStatus !== 'in-progress') markRinging();
  }

  function startPoll() {
    if (poll !== null || ended) return;
    pollFailures = 0;
    poll = deps.timers.setInterval(() => {
      const sid = snapshot.call.callSid;
      if (!sid || ended) return;
      deps.requests.status(sid).then(
        (status) => {
          if (!ended) applyBackend(status);
        },
        (error: unknown) => {
          // spec §8: status-check errors are only logged; the backup poll gives up after 5
          pollFailures += 1;
          log(`status check failed (${pollFailures})`, error);
          if (pollFailures >= callTiming.statusPollMaxFailures && poll !== null) {
            deps.timers.clearInterval(poll);
            poll = null;
          }
        },
      );
    }, callTiming.statusPollMs);
  }

  function linkSid(call: CallHandle) {
    const sid = call.sid();
    if (!sid || snapshot.call.callSid === sid) {
      if (sid) startPoll();
      return;
    }
    setCall({ callSid: sid });
    const { callId, direction } = snapshot.call;
    if (callId && direction === 'outbound') deps.requests.setSid(callId, sid).catch((error: unknown) => log('linking the call SID failed', error));
    startPoll();
  }

  async function onDisconnect() {
    if (ended || disconnecting) return;
    disconnecting = true;
    stopTimers();
    const sid = snapshot.call.callSid ?? handle?.sid() ?? null;
    let backend: CallStatusResponse | null = null;
    // the carrier's final callback may reach the api a moment after the device hung up, and only then does the api
    // know the charge (and, for a call never answered, whether it was busy, unanswered or failed): a few quick looks
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
    const status = backend && isTerminalCallStatus(backend.status) && backend.status !== 'completed' && !snapshot.call.isActive ? backend.status : 'completed';
    await finish(status, backend);
  }

  function detach() {
    for (const off of handleOff) off();
    handleOff = [];
  }

  /** The call has ended: terminal status, backend values when above 0, notices, refresh, then the modal closes. */
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
    const local = snapshot.call;
    const backendCost = backend ? centsOf(backend.cost) : null;
    const duration = backend && backend.duration > 0 ? backend.duration : local.duration;
    const cost = backendCost !== null && backendCost > 0n ? backendCost : local.cost;
    const wasAnswered = local.isActive || duration > 0;
    setCall({ twilioStatus: status, isActive: false, connected: false, isConnecting: false, isMuted: false, isSpeaker: false, incomingPending: false, duration, cost, endedAt: deps.now() });
    deps.invalidate();
    if (local.direction === 'outbound' || wasAnswered) later(() => deps.notify(callEndedNotice(duration, cost)), callTiming.callEndedNoticeDelayMs);
    later(() => {
      const last = snapshot.call;
      set({
        call: idleCall,
        feedback:
          last.direction === 'outbound' && last.callId && wasAnswered && !feedbackSent.has(last.callId)
            ? { callId: last.callId, to: last.to ?? '', duration: last.duration }
            : snapshot.feedback,
      });
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
        if (!ended) setCall({ connected: true });
        markInProgress();
      }),
      call.on('disconnect', () => void onDisconnect()),
      call.on('cancel', () => void finish('canceled')),
      call.on('reject', () => void finish('canceled')),
      call.on('mute', (muted) => setCall({ isMuted: muted })),
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

  const store: CallingStore = {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    init() {
      if (device) return Promise.resolve();
      initializing ??= initOnce().catch((error: unknown) => {
        initializing = null;
        log('the calling device could not start', error);
      });
      return initializing;
    },

    async startCall(input) {
      if (snapshot.call.hasActiveCall || snapshot.starting) {
        deps.notify({ title: callMessages.inProgressTitle, description: callMessages.inProgress, variant: 'destructive' });
        return false;
      }
      if (snapshot.device !== 'ready' || !device) {
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
      set({ starting: true });
      let started: CallStarted;
      try {
        started = await deps.requests.start(input);
      } catch (error) {
        set({ starting: false });
        deps.notify({ title: callMessages.callFailedTitle, description: errorMessage(error, callMessages.callFailedFallback), variant: 'destructive' });
        return false;
      }
      ended = false;
      set({
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
      const current = device;
      void (async () => {
        try {
          const call = await current.connect({ params: { To: started.destinationNumber, callId: started.callId } });
          if (ended) {
            // hung up before the device had the call
            call.disconnect();
            return;
          }
          handle = call;
          attach(call);
          linkSid(call);
        } catch (error) {
          const failure = error as CallingError;
          const problem = typeof failure?.code === 'number' ? microphoneProblemOf(failure) : null;
          deps.notify(problem ? microphoneNotice(problem) : { title: callMessages.callFailedTitle, description: callMessages.callInitFailed, variant: 'destructive' });
          log('connect failed', error);
          void finish('failed');
        }
      })();
      return true;
    },

    hangUp() {
      if (!snapshot.call.hasActiveCall || ended) return;
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
      if (!snapshot.call.hasActiveCall || ended) return;
      const muted = !snapshot.call.isMuted;
      handle?.mute(muted);
      setCall({ isMuted: muted });
      deps.notify(muted ? callToasts.muted : callToasts.unmuted);
    },

    toggleSpeaker() {
      if (!snapshot.call.hasActiveCall || ended) return;
      const speaker = !snapshot.call.isSpeaker;
      setCall({ isSpeaker: speaker });
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

    acceptIncoming() {
      if (!handle || !snapshot.call.incomingPending) return;
      setCall({ incomingPending: false });
      try {
        handle.accept();
      } catch (error) {
        deps.notify({ title: noticeTitles.callError, description: 'The call could not be answered.', variant: 'destructive' });
        log('accept failed', error);
        void finish('failed');
      }
    },

    rejectIncoming() {
      if (!handle || !snapshot.call.incomingPending) return;
      const call = handle;
      detach();
      handle = null;
      ended = true;
      try {
        call.reject();
      } catch (error) {
        log('reject failed', error);
      }
      set({ call: idleCall });
    },

    async sendFeedback(body) {
      const prompt = snapshot.feedback;
      if (!prompt || feedbackSent.has(prompt.callId)) return;
      feedbackSent.add(prompt.callId);
      set({ feedback: null });
      try {
        await deps.requests.feedback(prompt.callId, body);
        deps.notify(callToasts.feedbackThanks);
      } catch (error) {
        deps.notify({ ...callToasts.feedbackFailed, description: errorMessage(error, callToasts.feedbackFailed.description) });
      }
    },

    dismissFeedback() {
      set({ feedback: null });
    },

    destroy() {
      stopTimers();
      for (const id of pending) deps.timers.clearTimeout(id);
      pending.clear();
      detach();
      handle = null;
      for (const off of deviceOff) off();
      deviceOff = [];
      if (typeof window !== 'undefined') {
        window.removeEventListener('online', onOnline);
        window.removeEventListener('offline', onOffline);
      }
      generations += 1;
      device?.destroy();
      device = null;
      initializing = null;
      ended = false;
      feedbackSent = new Set();
      set({ device: 'idle', starting: false, call: idleCall, feedback: null });
    },
  };
  return store;
}
