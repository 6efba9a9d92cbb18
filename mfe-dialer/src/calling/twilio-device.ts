// The calling device: the official @twilio/voice-sdk Device, in every mode. This module (and the SDK with it) is
// only ever reached by import() once the page is idle, so the SDK is never in the remote entry or an exposed
// module's first chunks. Without Twilio keys the token names the carrier simulator's signalling host, and the
// Device is pointed at it with the SDK's own options, as the api points the twilio package at /sim/twilio.
import { Call, Device } from '@twilio/voice-sdk';
import { resumeAudioOnGesture } from './audio-unlock.ts';
import { CallSound } from './call-sound.ts';
import { callSounds } from './call-sounds.ts';
import type { CreateDevice } from './device.ts';

/** The SDK's `Sound` option (its typings keep it private): the constructor of the sounds it plays. */
interface SoundOptions extends Device.Options {
  Sound: typeof CallSound;
}

/**
 * spec §9: opus then pcmu (the SDK's default is the other way round); the token refresh notice 10 s ahead; the
 * sounds (call-sound.ts) silent until the page has had a user gesture, never an AudioContext started before one.
 */
const commonOptions: SoundOptions = {
  codecPreferences: [Call.Codec.Opus, Call.Codec.PCMU],
  tokenRefreshMs: 10_000,
  closeProtection: false,
  // the gateway's own codes on a call's errors (31204/31205 rather than 31005 for all), mapped in notices.ts
  enableImprovedSignalingErrorPrecision: true,
  sounds: callSounds,
  Sound: CallSound,
};

/**
 * The SDK's options for the carrier simulator. `chunderw` (the signalling host: wss://<chunderw>/signal) and
 * `publishEvents` are options of the SDK's Device that its public typings leave out.
 */
interface SimulatorOptions extends SoundOptions {
  chunderw: string;
  /** No call-quality reports to Twilio's Insights gateway: nothing leaves the app's origins. */
  publishEvents: false;
}

export const createTwilioDevice: CreateDevice = ({ token, chunderw }) => {
  const options: SoundOptions | SimulatorOptions = chunderw ? { ...commonOptions, chunderw, publishEvents: false } : commonOptions;
  const device = new Device(token, options);
  // the SDK still makes its AudioContext with the Device (for the call's volume meters, which its microphone-silence
  // warning reads): made before a gesture it is suspended, and no sound starts it now, so it wakes at the first
  const cancelResume = resumeAudioOnGesture(() => Device.audioContext);
  device.on(Device.EventName.Destroyed, cancelResume);
  return {
    device,
    // the simulator's media end is on the app's own host: no STUN or TURN server to ask
    callOptions: chunderw ? { rtcConfiguration: { iceServers: [] } } : {},
  };
};
