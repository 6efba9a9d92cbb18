// Following the app's TwiML for a call, as Twilio does: the verbs in order (<Say>, <Play>, <Record>, <Dial>,
// <Hangup>, <Reject>), a <Dial> until its leg ends and then its action's answer (a <Number> that is a verified caller
// ID rings the phone page), a <Record> until it ends and then its action's answer (the current document's URL when it
// has none), up to ten documents. A failure of the app (no
// answer, a non-2xx, TwiML that does not parse) fails the call with Twilio's error code.
import type { CallbackAnswer } from '../delivery.ts';
import { parseTwiml, TwimlError, type TwimlVerb } from '../twiml.ts';
import { isTerminal, type CallStatus, type Deferred, type LegStatus, type VoiceCall } from './calls.ts';
import { followPlay, type PlayContext } from './play-verb.ts';
import { followRecord, type RecordingContext } from './record-verb.ts';

export interface TwimlExecution extends RecordingContext, PlayContext {
  /** Whether a <Dial><Number> rings the customer's own phone (a verified Outgoing Caller ID of the call's account). */
  ownPhone: (call: VoiceCall, number: string) => Promise<boolean>;
}

/** A TwiML document: the app's answer and the URL it came from (relative URLs in it, and a <Record> without an
 *  action, go back to it). */
export interface TwimlDocument {
  answer: CallbackAnswer;
  url: string;
}

/** Follows the app's answer to a webhook; `reached` resolves when the call reaches a <Dial>, is answered with a
 *  <Say>, <Play> or <Record> (the caller hears something), or ends. */
export async function followTwiml(execution: TwimlExecution, call: VoiceCall, document: TwimlDocument, reached?: Deferred): Promise<void> {
  const { machine, callbacks, now } = execution;
  let current = document;
  for (let depth = 0; depth < 10; depth++) {
    if (isTerminal(call.status)) return;
    const { answer } = current;
    if (answer.status < 200 || answer.status >= 300) return machine.fail(call, 11200, `HTTP retrieval failure: the app answered ${answer.status || 'nothing'}`);
    let verbs: TwimlVerb[];
    try {
      verbs = parseTwiml(answer.body);
    } catch (error) {
      if (error instanceof TwimlError) return machine.fail(call, error.code, error.message);
      throw error;
    }
    let lastDial: LegStatus | null = null;
    let next: TwimlDocument | null = null;
    for (const verb of verbs) {
      if (isTerminal(call.status)) return;
      if (verb.verb !== 'dial' && verb.verb !== 'hangup' && verb.verb !== 'reject') reached?.resolve();
      if (verb.verb === 'say') {
        lastDial = null;
        call.said.push(verb.text);
        if (call.status === 'ringing') machine.setStatus(call, 'in-progress');
        else machine.persist(call);
      } else if (verb.verb === 'play') {
        lastDial = null;
        await followPlay(execution, call, verb, current.url);
      } else if (verb.verb === 'record') {
        lastDial = null;
        const actionUrl = verb.action === null ? current.url : new URL(verb.action, current.url).toString();
        const reply = await followRecord(execution, call, verb, current.url);
        if (reply) {
          next = { answer: reply, url: actionUrl };
          break;
        }
      } else if (verb.verb === 'hangup') {
        return machine.endCall(call, 'completed');
      } else if (verb.verb === 'reject') {
        return machine.endCall(call, 'busy');
      } else {
        const target = verb.targets[0];
        const ownPhone = target?.kind === 'number' && (await execution.ownPhone(call, target.address));
        if (isTerminal(call.status)) return;
        reached?.resolve();
        const leg = machine.dial(call, verb, { ownPhone });
        await leg.done.promise;
        if (isTerminal(call.status)) return;
        lastDial = leg.status;
        if (verb.action) {
          const duration = leg.answeredMs === null ? 0 : machine.seconds(now() - leg.answeredMs);
          const fields = { ...call.fields, CallStatus: call.status, DialCallStatus: leg.status, DialCallSid: leg.sid, DialCallDuration: String(duration) };
          const url = new URL(verb.action, current.url).toString();
          next = { answer: await callbacks.deliver(url, verb.method, fields), url };
          break;
        }
      }
    }
    if (next) {
      current = next;
      continue;
    }
    // the caller hears the dialled leg's fate when nothing followed the <Dial>
    return machine.endCall(call, lastDial && lastDial !== 'completed' ? (lastDial as CallStatus) : 'completed');
  }
  machine.fail(call, 12100, 'Document parse failure: too many <Dial action> redirects');
}
