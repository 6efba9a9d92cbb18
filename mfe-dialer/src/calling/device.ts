// The calling device as the store sees it: the part of @twilio/voice-sdk's Device and Call that Ringwise uses,
// written in the SDK's own types (type-only imports: the SDK stays out of every chunk but the device's). The
// events are the SDK's documented ones (`Call.sampleEvent`, `Device.incomingEvent`, … in its declarations) with
// the SDK's Call and Device swapped for these interfaces. twilio-device.ts hands the store a real Device, which
// must fit these interfaces, and the tests' stand-in implements them: a change of the SDK fails to compile on both.
import type { AudioHelper, Call, Device, OutputDeviceCollection } from '@twilio/voice-sdk';

type Swap<T> = T extends Call ? CallingCall : T extends Device ? CallingDevice : T;
/** The SDK's listener with its Call and Device arguments as the store's interfaces. */
type Listener<F> = F extends (...args: infer A) => void ? (...args: { [I in keyof A]: Swap<A[I]> }) => void : never;

/** An emitter of `Events` (the SDK's are Node-style EventEmitters). */
export interface Emitter<Events> {
  on<E extends keyof Events & string>(event: E, listener: Events[E]): unknown;
  off<E extends keyof Events & string>(event: E, listener: Events[E]): unknown;
}

export interface CallEvents {
  accept: Listener<typeof Call.acceptEvent>;
  cancel: Listener<typeof Call.cancelEvent>;
  disconnect: Listener<typeof Call.disconnectEvent>;
  error: Listener<typeof Call.errorEvent>;
  mute: Listener<typeof Call.muteEvent>;
  reconnecting: Listener<typeof Call.reconnectingEvent>;
  reconnected: Listener<typeof Call.reconnectedEvent>;
  reject: Listener<typeof Call.rejectEvent>;
  ringing: Listener<typeof Call.ringingEvent>;
  /** Every second once media flows: MOS, RTT, jitter, packet loss (statsMonitor.ts). */
  sample: Listener<typeof Call.sampleEvent>;
  /** 'high-rtt', 'high-jitter', 'high-packet-loss', 'low-mos', 'constant-audio-input-level', … */
  warning: Listener<typeof Call.warningEvent>;
  'warning-cleared': Listener<typeof Call.warningClearedEvent>;
}

/** A call of the device: outgoing (connect) or incoming (the `incoming` event). */
export interface CallingCall extends Emitter<CallEvents> {
  /** CallSid (outgoing: once the carrier has given one), From, To, … */
  readonly parameters: Call['parameters'];
  /** Sent to (outgoing) or received by (incoming) the TwiML app. */
  readonly customParameters: Call['customParameters'];
  readonly direction: `${Call.CallDirection}`;
  /** Accept, reject and ignore only work from `pending` (spec §4). */
  accept: Call['accept'];
  reject: Call['reject'];
  ignore: Call['ignore'];
  disconnect: Call['disconnect'];
  mute: Call['mute'];
  isMuted: Call['isMuted'];
  /** Throws InvalidArgumentError outside 0-9, *, # and w. */
  sendDigits: Call['sendDigits'];
  status(): `${Call.State}`;
}

/** Where call audio plays (AudioHelper): which outputs there are, and whether the browser may choose one. */
export interface CallingAudio {
  readonly isOutputSelectionSupported: AudioHelper['isOutputSelectionSupported'];
  readonly availableOutputDevices: AudioHelper['availableOutputDevices'];
  readonly speakerDevices: Pick<OutputDeviceCollection, 'get' | 'set'>;
}

export interface DeviceEvents {
  destroyed: Listener<typeof Device.destroyedEvent>;
  error: Listener<typeof Device.errorEvent>;
  incoming: Listener<typeof Device.incomingEvent>;
  registered: Listener<typeof Device.registeredEvent>;
  registering: Listener<typeof Device.registeringEvent>;
  /** Fires `tokenRefreshMs` before the token expires: fetch a new one and `updateToken` it. */
  tokenWillExpire: Listener<typeof Device.tokenWillExpireEvent>;
  unregistered: Listener<typeof Device.unregisteredEvent>;
}

export interface CallingDevice extends Emitter<DeviceEvents> {
  readonly state: `${Device.State}`;
  /** Whether a call is in progress on this device. */
  readonly isBusy: boolean;
  /** Null once destroyed. */
  readonly audio: CallingAudio | null;
  /** Registers for incoming calls (resolves once registered). */
  register: Device['register'];
  unregister: Device['unregister'];
  /** Places a call; `params` reach the voice webhook as form fields (we send `To` and `callId`). Rejects while a call is active. */
  connect(options?: Device.ConnectOptions): Promise<CallingCall>;
  updateToken: Device['updateToken'];
  disconnectAll: Device['disconnectAll'];
  destroy: Device['destroy'];
}

export type CallingError = Parameters<CallEvents['error']>[0];

/** Adds `listener` for a call's or the device's `event`; returns its removal. */
export function listen<E extends keyof CallEvents>(emitter: CallingCall, event: E, listener: CallEvents[E]): () => void;
export function listen<E extends keyof DeviceEvents>(emitter: CallingDevice, event: E, listener: DeviceEvents[E]): () => void;
export function listen(emitter: Emitter<Record<string, (...args: never[]) => void>>, event: string, listener: (...args: never[]) => void): () => void {
  emitter.on(event, listener);
  return () => void emitter.off(event, listener);
}

/** What the token says about where the device connects (GET /api/twilio/token's `signalling`). */
export interface DeviceSetup {
  token: string;
  /** The carrier simulator's signalling host (the SDK's `chunderw`), or null for Twilio's own edges. */
  chunderw: string | null;
}

/** How the store's calls are set up (connect's and accept's options). */
export type CallMediaOptions = Pick<Device.ConnectOptions, 'rtcConfiguration'>;

/** A device and the options its calls are connected and accepted with. */
export interface DeviceWithOptions {
  device: CallingDevice;
  callOptions: CallMediaOptions;
}

/** Makes the device. The SDK is ~45 KB gzip: it is loaded with import() once the page is idle. */
export type CreateDevice = (setup: DeviceSetup) => DeviceWithOptions;
