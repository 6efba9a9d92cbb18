// What the dialer's calling store holds (spec §3 'Client-side shapes', 'Call UI state'): the device's readiness,
// the one call, the rating prompt, and the container the store's parts read and change it through.
import type { CallFeedbackIssue, CallPricing, CallStatus } from '@ringwise/contract/calls';

/** spec §4 'Calling device': ready on registered; not ready when unregistered, offline, or a token or init failure. */
export type DeviceStatus = 'idle' | 'initializing' | 'ready' | 'not-ready';

/** The call-quality indicator: three levels, from the SDK's samples and warnings (call-quality.ts). */
export type QualityLevel = 'good' | 'fair' | 'poor';

export interface CallQuality {
  level: QualityLevel;
  /** What the user can do about it ("We cannot hear you: check your microphone."), or null when all is well. */
  hint: string | null;
  /** The latest sample's figures (null before the first). */
  mos: number | null;
  /** Round-trip time and jitter in ms; packet loss in percent. */
  rttMs: number | null;
  jitterMs: number | null;
  packetLossPercent: number | null;
}

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
  /** The media connection dropped and the SDK is restoring it (the call's `reconnecting` until `reconnected`). */
  reconnecting: boolean;
  /** How the call sounds, once the SDK has measured it. */
  quality: CallQuality | null;
  /**
   * The api's call in progress found after a reload (GET /api/calls/current): this page has no audio for it and
   * does not know its pricing (no running cost); End Call asks the api to end it.
   */
  resumed: boolean;
}

/** The optional rating offered after an answered outgoing call. */
export interface FeedbackPrompt {
  callId: string;
  to: string;
  duration: number;
  /** The problem the call's quality warnings point to, pre-selected in the prompt. */
  suggestedIssue: CallFeedbackIssue | null;
}

export interface CallingSnapshot {
  device: DeviceStatus;
  /** POST /api/calls/start is under way. */
  starting: boolean;
  call: CallUiState;
  feedback: FeedbackPrompt | null;
}

/** spec §9: 0.01 a second (0.60 a minute) until the call start returns the call's pricing. */
export const defaultPricing: CallPricing = { pricePerMinute: '0.600000', connectionFee: '0.000000', initialIncrement: 60, increment: 60 };

/** An incoming call costs its callee nothing. */
export const incomingPricing: CallPricing = { ...defaultPricing, pricePerMinute: '0.000000' };

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
  reconnecting: false,
  quality: null,
  resumed: false,
};

export const initialSnapshot: CallingSnapshot = { device: 'idle', starting: false, call: idleCall, feedback: null };

/** The snapshot and its listeners: every change is a new snapshot, announced to each listener. */
export interface CallingState {
  get(): CallingSnapshot;
  set(next: Partial<CallingSnapshot>): void;
  setCall(next: Partial<CallUiState>): void;
  subscribe(listener: () => void): () => void;
}

export function createCallingState(): CallingState {
  let snapshot = initialSnapshot;
  const listeners = new Set<() => void>();
  const set = (next: Partial<CallingSnapshot>) => {
    snapshot = { ...snapshot, ...next };
    for (const listener of listeners) listener();
  };
  return {
    get: () => snapshot,
    set,
    setCall: (next) => set({ call: { ...snapshot.call, ...next } }),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
