// The status a call shows in Recent Calls. An outgoing call that did not complete is the spec's red status (Busy,
// No answer, Failed, …). An incoming call nobody took is not the user's failure: it is 'Declined' when it was turned
// down, else 'Missed', in a neutral colour. How the api records one (api/src/modules/calls: the <Client> leg's
// status callbacks, as Twilio sends them): a browser's Reject ends the leg busy (SIP 486); ringing out ends it
// no-answer, as does an owner signed in nowhere; the caller hanging up first, canceled; a call the carrier lost,
// failed. A call forwarded to the user's own phone and answered there is 'Forwarded'.
import type { Call } from '@ringwise/contract/calls';

export type CallStatusTone = 'normal' | 'error' | 'neutral';
export type UnansweredIncoming = 'declined' | 'missed';

const statusLabels: Record<Call['status'], string> = {
  queued: 'Queued',
  ringing: 'Ringing',
  'in-progress': 'In progress',
  completed: 'Completed',
  failed: 'Failed',
  busy: 'Busy',
  'no-answer': 'No answer',
  canceled: 'Canceled',
};

const incomingLabels: Record<UnansweredIncoming, string> = { declined: 'Declined', missed: 'Missed' };

/** An incoming call that ended without being answered, as the user knows it; null for any other call. */
export function unansweredIncomingOf(call: Pick<Call, 'callDirection' | 'status'>): UnansweredIncoming | null {
  if (call.callDirection !== 'inbound') return null;
  if (call.status === 'busy') return 'declined';
  if (call.status === 'no-answer' || call.status === 'canceled' || call.status === 'failed') return 'missed';
  return null;
}

export function callStatusLabel(
  call: Pick<Call, 'callDirection' | 'status' | 'forwardedFrom'>,
): { text: string; tone: CallStatusTone; unanswered: UnansweredIncoming | null } {
  // a call forwarded to the user's phone (listed once that phone answered it)
  if (call.forwardedFrom && call.status === 'completed') return { text: 'Forwarded', tone: 'normal', unanswered: null };
  const unanswered = unansweredIncomingOf(call);
  if (unanswered) return { text: incomingLabels[unanswered], tone: 'neutral', unanswered };
  return { text: statusLabels[call.status] ?? call.status, tone: call.status === 'completed' ? 'normal' : 'error', unanswered: null };
}
