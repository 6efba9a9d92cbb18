// spec §8 'Call notices': which toast a device or call error gives. The spec names Twilio's older codes, the
// SDK 2.x numbers some of the same errors anew (/work/shared/notes/twilio-facts.md §4): both map to one notice.
import { callMessages, type CallStatus } from '@ringwise/contract/calls';
import { formatUsd } from '@ringwise/ui/format';
import type { ToastInput } from '@ringwise/ui/toast';
import { moneyOf } from '@ringwise/contract/decimal';
import { endedCallTitles, isEndedCallStatus } from '../lib/call-outcomes.ts';
import { formatMinutesSeconds } from '../lib/durations.ts';
import type { CallingError } from './device.ts';

/** What a notice reads of a TwilioError. */
export type ErrorFacts = Pick<CallingError, 'code' | 'message' | 'originalError'>;

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
  callNotAnswered: 'Call Not Answered',
  microphoneIssue: 'Microphone Issue Detected',
  audioDeviceIssue: 'Audio Device Issue',
} as const;

/** 31204 (spec) = 20101 (SDK 2.x): the access token is not valid; 31201 = 20151: authentication failed. */
export const tokenInvalidCodes = new Set([31204, 20101, 31201, 20151]);
/** 31205 (spec) = 20104 (SDK 2.x): the access token expired; registration stops. */
export const tokenExpiredCodes = new Set([31205, 20104]);
/** 31208 (spec) = 31401 (SDK 2.x): the browser refused the microphone. */
export const microphoneDeniedCodes = new Set([31208, 31401]);
/** 31402: the microphone could not be started (missing, busy or unreadable). */
export const MICROPHONE_ACQUISITION_FAILED = 31402;

export const CALL_CONNECTION_LOST = 'The call lost its connection to the calling service. Please try again.';
export const CALL_AUDIO_FAILED = "The call's audio could not be connected. Please try again.";
export const MICROPHONE_UNUSABLE = 'Your microphone could not be started. It may be in use by another app.';

/**
 * A call's error codes and what the user is told. 31003 (spec: connection interrupted), 31005 (the gateway's
 * hang-up with an error; an invalid or expired token also arrives so), 31009 and 53000/53001 (the signalling
 * socket): the connection was lost. 31000 (spec: media offer or answer failed) and 534xx (media): the audio.
 */
const callErrorTexts = new Map<number, string>([
  ...[31003, 31005, 31009, 53000, 53001, ...tokenInvalidCodes, ...tokenExpiredCodes].map((code) => [code, CALL_CONNECTION_LOST] as const),
  ...[31000, 53400, 53402, 53405].map((code) => [code, CALL_AUDIO_FAILED] as const),
]);

/**
 * Errors that are the call's outcome, not a fault (busy 31486, unavailable 31480, declined 31603, canceled
 * 31008): the modal's status says it (Busy, No Answer, …), no notice.
 */
const outcomeCodes = new Set([31486, 31480, 31603, 31008]);

export const microphoneNotice = (problem: MicrophoneProblem): ToastInput => ({
  title: MICROPHONE_TITLE,
  description: microphoneMessages[problem],
  variant: 'destructive',
});

/** The gateway's own words for an error, when it sent some (the SDK keeps them as `originalError`). */
const gatewayMessage = (error: ErrorFacts) => {
  const original = error.originalError as { message?: unknown } | undefined;
  return typeof original?.message === 'string' && original.message.trim() ? original.message : null;
};

/**
 * The notice of an error of a call (spec §8), or null when the call's status tells it. 31402 needs to know
 * whether there is a microphone at all (the SDK does not pass getUserMedia's reason on): `hasMicrophone`.
 */
export function callErrorNotice(error: ErrorFacts, hasMicrophone = true): ToastInput | null {
  if (microphoneDeniedCodes.has(error.code)) return microphoneNotice('denied');
  if (error.code === MICROPHONE_ACQUISITION_FAILED) {
    return hasMicrophone ? { title: noticeTitles.audioDeviceIssue, description: MICROPHONE_UNUSABLE, variant: 'destructive' } : microphoneNotice('notFound');
  }
  if (outcomeCodes.has(error.code)) return null;
  const description = callErrorTexts.get(error.code) ?? gatewayMessage(error) ?? error.message;
  return { title: noticeTitles.callError, description, variant: 'destructive' };
}

const sessionMessage = (error: ErrorFacts) =>
  tokenExpiredCodes.has(error.code)
    ? 'Your calling session expired. Reconnecting…'
    : tokenInvalidCodes.has(error.code)
      ? 'Your calling session is not valid. Reconnecting…'
      : error.message;

/** The notice of a device error (not tied to a call): 'Device Error' with its message. */
export function deviceErrorNotice(error: ErrorFacts): ToastInput {
  return { title: noticeTitles.deviceError, description: sessionMessage(error), variant: 'destructive' };
}

/** An incoming call the user accepted that ended before it connected, the caller having hung up. */
export const notAnsweredNotice: ToastInput = {
  title: noticeTitles.callNotAnswered,
  description: 'The caller hung up before the call was connected.',
  variant: 'destructive',
};

/**
 * An incoming call the user accepted that an error ended before it connected (the carrier refused the answer):
 * the gateway's reason when it gave one, else the error's notice under 'Call Not Answered'.
 */
export function notAnsweredErrorNotice(error: ErrorFacts, hasMicrophone = true): ToastInput | null {
  const notice = callErrorNotice(error, hasMicrophone);
  if (!notice || notice.title !== noticeTitles.callError) return notice;
  return { title: noticeTitles.callNotAnswered, description: gatewayMessage(error) ?? notice.description, variant: 'destructive' };
}

/** Quality warnings worth a toast of their own (the call continues): the microphone seems silent. */
export function warningNotice(name: string): ToastInput | null {
  if (name === 'constant-audio-input-level') {
    return { title: noticeTitles.microphoneIssue, description: 'We cannot hear your microphone. Check that it is not muted.' };
  }
  return null;
}

/** The toasts of the call's controls and of the rating. */
export const callToasts = {
  muted: { title: 'Muted', description: 'Microphone is now off' },
  unmuted: { title: 'Unmuted', description: 'Microphone is now on' },
  speakerOn: { title: 'Speaker On', description: 'Audio through speaker' },
  speakerOff: { title: 'Speaker Off', description: 'Audio through earpiece' },
  speakerUnsupported: { title: 'Speaker Unavailable', description: 'This browser plays calls through its default audio output and cannot switch to another.' },
  noOtherOutput: { title: 'Speaker Unavailable', description: 'No audio output other than the default was found.' },
  speakerFailed: { title: 'Speaker Unavailable', description: 'The audio output could not be switched.', variant: 'destructive' },
  badDigits: { title: 'Error', description: 'Only 0-9, *, # and w can be sent during a call', variant: 'destructive' },
  endFailed: { title: 'Call Error', description: 'The call could not be ended. Please try again.', variant: 'destructive' },
  feedbackThanks: { title: 'Thanks for your feedback' },
  feedbackFailed: { title: 'Feedback not sent', description: 'Please try again later.', variant: 'destructive' },
} as const satisfies Record<string, ToastInput>;

/** What the end notice of a call never answered says of the money (nothing is charged for one: pricing.ts). */
export const notChargedText = 'Not charged';

/**
 * The notice at a call's end, 1 s after it. An answered call (or one that ended well): 'Call Ended', "Duration 1:05 ·
 * Charged: $0.04" (spec §8: m:ss and 'Charged: $x.xx'); a resumed call whose charge the api has not settled yet
 * (null) points to Recent Calls instead of guessing. A call the callee never took says what happened, as the modal
 * does: 'Busy', 'No Answer', 'Call Failed' or 'Canceled', and 'Not charged'.
 */
export function callEndedNotice(end: { status: CallStatus; answered: boolean; duration: number; cost: bigint | null }): ToastInput {
  if (isEndedCallStatus(end.status) && end.status !== 'completed' && !end.answered && !end.cost) {
    return { title: endedCallTitles[end.status], description: notChargedText };
  }
  const charge = end.cost === null ? 'The charge will show in Recent Calls' : `Charged: ${formatUsd(moneyOf(end.cost))}`;
  return { title: callMessages.callEndedTitle, description: `Duration ${formatMinutesSeconds(end.duration)} · ${charge}` };
}

/** How long the notice of a call that ended while the page was away stays: a sentence with a charge in it. */
export const endedWhileAwayNoticeMs = 10_000;

/**
 * A call that ended while the page was away (a reload, a closed tab brought back), told once when the page is back:
 * "Your call to Ada Lovelace ended when the page was closed · 1:05 · Charged $0.04" (`party` as Recent Calls shows
 * it; the duration and the charge as 'Call Ended' writes them). One line, no title: the sentence says it all.
 */
export function endedWhileAwayNotice(party: string, duration: number, cost: string): ToastInput {
  return {
    description: `Your call to ${party} ended when the page was closed · ${formatMinutesSeconds(duration)} · Charged ${formatUsd(cost)}`,
    duration: endedWhileAwayNoticeMs,
  };
}
