// Following the app's TwiML for a call, as Twilio does: the verbs in order (<Say>, <Dial>, <Hangup>, <Reject>), a
// <Dial> until its leg ends and then its action's answer, up to ten documents. A failure of the app (no answer, a
// non-2xx, TwiML that does not parse) fails the call with Twilio's error code.
import type { CallbackAnswer, CallbackDelivery } from '../delivery.ts';
import { parseTwiml, TwimlError, type TwimlVerb } from '../twiml.ts';
import { isTerminal, type CallStatus, type Deferred, type LegStatus, type VoiceCall } from './calls.ts';
import type { CallMachine } from './call-machine.ts';

export interface TwimlExecution {
  machine: CallMachine;
  callbacks: CallbackDelivery;
  now: () => number;
}

/** Follows the app's answer to a webhook; `reached` resolves when the call reaches a <Dial> (or its end). */
export async function followTwiml({ machine, callbacks, now }: TwimlExecution, call: VoiceCall, answer: CallbackAnswer, reached?: Deferred): Promise<void> {
  let current = answer;
  for (let depth = 0; depth < 10; depth++) {
    if (isTerminal(call.status)) return;
    if (current.status < 200 || current.status >= 300) return machine.fail(call, 11200, `HTTP retrieval failure: the app answered ${current.status || 'nothing'}`);
    let verbs: TwimlVerb[];
    try {
      verbs = parseTwiml(current.body);
    } catch (error) {
      if (error instanceof TwimlError) return machine.fail(call, error.code, error.message);
      throw error;
    }
    let lastDial: LegStatus | null = null;
    let next: CallbackAnswer | null = null;
    for (const verb of verbs) {
      if (isTerminal(call.status)) return;
      if (verb.verb === 'say') {
        lastDial = null;
        call.said.push(verb.text);
        if (call.status === 'ringing') machine.setStatus(call, 'in-progress');
        else machine.persist(call);
      } else if (verb.verb === 'hangup') {
        return machine.endCall(call, 'completed');
      } else if (verb.verb === 'reject') {
        return machine.endCall(call, 'busy');
      } else {
        reached?.resolve();
        const leg = machine.dial(call, verb);
        await leg.done.promise;
        if (isTerminal(call.status)) return;
        lastDial = leg.status;
        if (verb.action) {
          const duration = leg.answeredMs === null ? 0 : machine.seconds(now() - leg.answeredMs);
          const fields = { ...call.fields, CallStatus: call.status, DialCallStatus: leg.status, DialCallSid: leg.sid, DialCallDuration: String(duration) };
          next = await callbacks.deliver(verb.action, verb.method, fields);
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
