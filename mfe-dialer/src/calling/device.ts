// The calling device as the dialer sees it: the shape of @twilio/voice-sdk's Device and Call (2.x), reduced to
// what Ringwise uses, so that two implementations fit it:
//   - twilio-device.ts: @twilio/voice-sdk itself (loaded only when a Twilio token arrives);
//   - simulator-device.ts: the app's carrier simulator (GET /api/twilio/token answers device 'simulator'),
//     which speaks to /sim/twilio/voice/* and uses the real microphone.
// Events, states and error codes are Twilio's (see /work/shared/notes/twilio-facts.md §4), so the UI handles both
// the same way.

/** Device states (spec §4 'Calling device'). */
export type DeviceState = 'unregistered' | 'registering' | 'registered' | 'destroyed';

/** Call states (spec §4). Accept, reject and ignore only work from `pending`. */
export type CallState = 'pending' | 'connecting' | 'ringing' | 'open' | 'reconnecting' | 'closed';

/** A TwilioError's essentials: `code` as Twilio numbers them (31401 microphone denied, 20101 token invalid, …). */
export interface CallingError {
  code: number;
  name: string;
  message: string;
  /** The browser's own error behind it (e.g. getUserMedia's NotAllowedError), when there is one. */
  cause?: unknown;
}

export interface CallEvents {
  /** The callee answered (outgoing) or the user accepted (incoming). */
  accept: () => void;
  /** The far end is ringing. */
  ringing: (hasEarlyMedia: boolean) => void;
  /** The call ended (either side hung up, or the carrier ended it). */
  disconnect: () => void;
  /** An incoming call was withdrawn by the caller before it was answered. */
  cancel: () => void;
  /** The user rejected an incoming call. */
  reject: () => void;
  error: (error: CallingError) => void;
  mute: (muted: boolean) => void;
  /** A quality warning ('high-rtt', 'low-mos', 'high-packet-loss', 'constant-audio-input-level', …). */
  warning: (name: string) => void;
  'warning-cleared': (name: string) => void;
}

export interface CallHandle {
  readonly direction: 'INCOMING' | 'OUTGOING';
  /** Twilio's `parameters`: CallSid (once known), From, To and the custom parameters. */
  readonly parameters: Readonly<Record<string, string>>;
  /** The call's SID (`parameters.CallSid`), or null until the carrier has given one. */
  sid(): string | null;
  status(): CallState;
  accept(): void;
  reject(): void;
  ignore(): void;
  disconnect(): void;
  mute(shouldMute?: boolean): void;
  isMuted(): boolean;
  /** Only 0-9, *, # and w (a pause); anything else throws (Twilio's InvalidArgumentError). */
  sendDigits(digits: string): void;
  on<E extends keyof CallEvents>(event: E, handler: CallEvents[E]): () => void;
}

export interface DeviceEvents {
  registered: () => void;
  unregistered: () => void;
  registering: () => void;
  error: (error: CallingError, call?: CallHandle) => void;
  incoming: (call: CallHandle) => void;
  /** Fires `tokenRefreshMs` before the token expires: fetch a new one and `updateToken` it. */
  tokenWillExpire: () => void;
  destroyed: () => void;
}

export interface CallingDevice {
  readonly state: DeviceState;
  /** Whether a call is in progress on this device. */
  readonly isBusy: boolean;
  /** Registers for incoming calls (resolves once registered). */
  register(): Promise<void>;
  unregister(): Promise<void>;
  /** Places a call; `params` reach the voice webhook as form fields (we send `To` and `callId`). Rejects while a call is active. */
  connect(options: { params: Record<string, string> }): Promise<CallHandle>;
  updateToken(token: string): void;
  disconnectAll(): void;
  destroy(): void;
  on<E extends keyof DeviceEvents>(event: E, handler: DeviceEvents[E]): () => void;
}

export interface DeviceOptions {
  /** spec §9: opus then pcmu. */
  codecPreferences: Array<'opus' | 'pcmu'>;
  /** spec §9: 10 s before expiry. */
  tokenRefreshMs: number;
  /** Where the app lives (the simulator device's REST base is `${origin}/sim/twilio/voice`). */
  origin?: string;
}

export const defaultDeviceOptions: DeviceOptions = { codecPreferences: ['opus', 'pcmu'], tokenRefreshMs: 10_000 };

/** Makes the device a token is for. Implementations are loaded lazily (the Twilio SDK is ~1 MB). */
export type CreateDevice = (token: string, options: DeviceOptions) => CallingDevice;
