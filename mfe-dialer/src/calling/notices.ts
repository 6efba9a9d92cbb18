// spec §8 'Call notices': which toast a device or call error gives. Twilio numbers some errors twice (the spec's
// older codes and the SDK 2.x ones, /work/shared/notes/twilio-facts.md §4): both map to the same notice.
import { callMessages } from '@ringwise/contract/calls';
import { formatUsd } from '@ringwise/ui/format';
import type { ToastInput } from '@ringwise/ui/toast';
import { moneyOf } from '@ringwise/contract/decimal';
import { formatMinutesSeconds } from '../lib/durations.ts';
import type { CallingError } from './device.ts';

export const MICROPHONE_TITLE = 'Microphone Access Required';
export const microphoneMessages = {
  notFound: 'No microphone was found. Please connect a microphone and refresh the page.',
  denied: 'Microphone access was denied. Please allow microphone access in your browser settings.',
  unsupported: 'Your browser does not support microphone access. Please use a modern browser.',
} as const;
export type MicrophoneProblem = keyof typeof microphoneMessages;

export const noticeTitles = {
  deviceError: 'Device Error',
  deviceInitFailed: 'Device Initialization Failed',
  callError: 'Call Error',
  microphoneIssue: 'Microphone Issue Detected',
  audioDeviceIssue: 'Audio Device Issue',
} as const;

/** 31204 (spec) = 20101 (SDK 2.x): the access token is not valid; 31201 = 20151: authentication failed. */
export const tokenInvalidCodes = new Set([31204, 20101, 31201, 20151]);
/** 31205 (spec) = 20104 (SDK 2.x): the access token expired; registration stops. */
export const tokenExpiredCodes = new Set([31205, 20104]);
/** 31208 (spec) = 31401 (SDK 2.x): the browser refused the microphone. */
export const microphoneDeniedCodes = new Set([31208, 31401]);
/** 31402: the microphone could not be acquired (missing, busy or unreadable). */
export const microphoneAcquisitionCodes = new Set([31402]);
/** On a call, an invalid or expired token arrives as 31005 (signalling connection error). */
export const sessionCodes = new Set([...tokenInvalidCodes, ...tokenExpiredCodes, 31005]);

export const CALL_CONNECTION_LOST = 'The call lost its connection to the calling service. Please try again.';

const causeName = (error: CallingError) => {
  const cause = error.cause as { name?: unknown } | undefined;
  return typeof cause?.name === 'string' ? cause.name : '';
};

/** Whether the error is the microphone's (then the call is not reported as a 'Call Error'). */
export function isAudioError(error: CallingError): boolean {
  return microphoneDeniedCodes.has(error.code) || microphoneAcquisitionCodes.has(error.code) || /^(NotAllowed|PermissionDenied|NotFound|DevicesNotFound|NotReadable|NotSupported)Error$/.test(causeName(error));
}

/** Which microphone message fits, or null when the error is not a missing/denied/unsupported microphone. */
export function microphoneProblemOf(error: CallingError): MicrophoneProblem | null {
  const name = causeName(error);
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError') return 'notFound';
  if (name === 'NotSupportedError') return 'unsupported';
  if (microphoneDeniedCodes.has(error.code) || name === 'NotAllowedError' || name === 'PermissionDeniedError') return 'denied';
  return null;
}

/** Whether the browser can ask for a microphone at all. */
export function microphoneSupported(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

export const microphoneNotice = (problem: MicrophoneProblem): ToastInput => ({
  title: MICROPHONE_TITLE,
  description: microphoneMessages[problem],
  variant: 'destructive',
});

const sessionMessage = (error: CallingError) =>
  tokenExpiredCodes.has(error.code)
    ? 'Your calling session expired. Reconnecting…'
    : tokenInvalidCodes.has(error.code)
      ? 'Your calling session is not valid. Reconnecting…'
      : error.message;

/** The notice of an error of a call in progress (spec §8): the microphone's, a non-fatal audio warning, or 'Call Error'. */
export function callErrorNotice(error: CallingError): ToastInput {
  const problem = microphoneProblemOf(error);
  if (problem) return microphoneNotice(problem);
  if (microphoneAcquisitionCodes.has(error.code)) return { title: noticeTitles.audioDeviceIssue, description: error.message };
  // an invalid or expired token reaches a call as 31005 (or with its own code): one notice for all of them
  if (sessionCodes.has(error.code)) return { title: noticeTitles.callError, description: CALL_CONNECTION_LOST, variant: 'destructive' };
  return { title: noticeTitles.callError, description: error.message, variant: 'destructive' };
}

/** The notice of a device error (not tied to a call): 'Device Error' with its message. */
export function deviceErrorNotice(error: CallingError): ToastInput {
  return { title: noticeTitles.deviceError, description: sessionMessage(error), variant: 'destructive' };
}

/** Quality warnings worth telling (the call continues): the microphone seems silent. */
export function warningNotice(name: string): ToastInput | null {
  if (name === 'constant-audio-input-level') {
    return { title: noticeTitles.microphoneIssue, description: 'We cannot hear your microphone. Check that it is not muted.' };
  }
  if (name === 'constant-audio-output-level' || name === 'audio-output-device-error') {
    return { title: noticeTitles.audioDeviceIssue, description: 'There may be a problem with your speaker or headset.' };
  }
  return null;
}

/** The toasts of the call's controls and of the rating. */
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
