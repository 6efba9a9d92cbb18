// What a caller hears when the browser does not take their call (issue 36): the greeting, a beep, up to two minutes
// of their message (TwiML <Record>, ended by silence, by # or by hanging up), and a goodbye. The <Record>'s action
// and its recordingStatusCallback come back to the api, signed by the carrier like every webhook.
import twilio from 'twilio';
import { webhooks } from '@ringwise/contract/webhooks';

const { VoiceResponse } = twilio.twiml;

/** The longest message a caller may leave, in seconds. */
export const voicemailMaxSeconds = 120;
/** Seconds of silence that end a message. */
const silenceSeconds = 5;

export const defaultGreeting =
  'The person you are calling cannot take your call right now. Please leave a message after the tone, and press the pound key or hang up when you are done.';
export const messageKeptText = 'Thank you. Your message has been sent. Goodbye.';
export const noMessageText = 'No message was recorded. Goodbye.';

/** unanswered: the browser's <Dial> ended; forwarded: the forwarded leg's <Dial> ended; recorded: the <Record>'s. */
export type VoicemailStep = 'unanswered' | 'forwarded' | 'recorded';

export const voicemailStepUrl = (publicUrl: string, callId: string, step: VoicemailStep) =>
  `${publicUrl}${webhooks.twilioVoicemail.path}?callId=${callId}&step=${step}`;

export const recordingCallbackUrl = (publicUrl: string, callId: string) => `${publicUrl}${webhooks.twilioRecording.path}?callId=${callId}`;

/** The greeting (the number's own recording when it has one, else the spoken default) and the <Record> of the
 *  caller's message on call `callId`; `preface` is said first. */
export function voicemailTwiml(publicUrl: string, callId: string, greetingUrl: string | null = null, preface: string | null = null): string {
  const response = new VoiceResponse();
  if (preface) response.say(preface);
  if (greetingUrl) response.play(greetingUrl);
  else response.say(defaultGreeting);
  response.record({
    maxLength: voicemailMaxSeconds,
    timeout: silenceSeconds,
    finishOnKey: '#',
    playBeep: true,
    action: voicemailStepUrl(publicUrl, callId, 'recorded'),
    method: 'POST',
    recordingStatusCallback: recordingCallbackUrl(publicUrl, callId),
    recordingStatusCallbackEvent: ['completed'],
    recordingStatusCallbackMethod: 'POST',
  });
  // Twilio goes on to the next verb when the caller left nothing (no action request then)
  response.say(noMessageText);
  response.hangup();
  return response.toString();
}

export function spokenGoodbye(text: string): string {
  const response = new VoiceResponse();
  response.say(text);
  response.hangup();
  return response.toString();
}

export function hangUpTwiml(): string {
  const response = new VoiceResponse();
  response.hangup();
  return response.toString();
}
