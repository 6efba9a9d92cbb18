// How a call that ended is named and shown: the Active Call modal's status (spec §2 'Active Call modal', the
// terminal rows of its table), the end notice's title, and the look of the outcome (icon and tone) for an
// outgoing call the callee never took. Plain data, shared by the modal (features/call) and the notices (calling).
import type { CallStatus, terminalCallStatuses } from '@ringwise/contract/calls';

export type EndedCallStatus = (typeof terminalCallStatuses)[number];

/** The spec's texts, exactly. */
export const endedCallTitles: Record<EndedCallStatus, string> = {
  completed: 'Call Ended',
  busy: 'Busy',
  'no-answer': 'No Answer',
  failed: 'Call Failed',
  canceled: 'Canceled',
};

export const isEndedCallStatus = (status: CallStatus | null): status is EndedCallStatus => status !== null && status in endedCallTitles;

/** success: live or ended well; unreached: the callee did not take it (busy, no answer); failed; neutral: given up. */
export type OutcomeTone = 'success' | 'unreached' | 'failed' | 'neutral';
export type OutcomeIcon = 'phone' | 'phone-incoming' | 'phone-off' | 'phone-missed';

const endedLooks: Record<EndedCallStatus, { icon: OutcomeIcon; tone: OutcomeTone }> = {
  completed: { icon: 'phone', tone: 'success' },
  busy: { icon: 'phone-off', tone: 'unreached' },
  'no-answer': { icon: 'phone-missed', tone: 'unreached' },
  failed: { icon: 'phone-off', tone: 'failed' },
  canceled: { icon: 'phone-off', tone: 'neutral' },
};

/** The modal's icon: the phone while the call is under way (incoming while it waits for Accept), then its outcome's. */
export function callLookOf(status: CallStatus | null, incomingPending: boolean): { icon: OutcomeIcon; tone: OutcomeTone } {
  if (incomingPending) return { icon: 'phone-incoming', tone: 'success' };
  return isEndedCallStatus(status) ? endedLooks[status] : { icon: 'phone', tone: 'success' };
}
