// Who a call was with (issue #23), in Recent Calls and in the notice of a call that ended while the page was away
// (calling/resumed-call.ts): for an outgoing call the number called, for an incoming one the caller (its destination
// is the user's own number, never shown as the other party). The name is the user's contact's, as the api matched
// it; a number is offered to save as a contact only when it is a phone number that is neither a contact yet nor one
// of the user's own.
import { isE164 } from '@ringwise/phone/notation';
import type { Call } from '@ringwise/contract/calls';
import type { PhoneFormat } from '@ringwise/phone/display';

export interface CallParty {
  /** A contact's name, else the number as every screen shows it (`format`), else 'Unknown caller'. */
  label: string;
  /** The number under a contact's name; null when the label is the number. */
  detail: string | null;
  /** The number to offer to save as a contact, or null. */
  savable: string | null;
}

export const unknownCaller = 'Unknown caller';

export function callPartyOf(
  call: Pick<Call, 'callDirection' | 'destinationNumber' | 'fromNumber' | 'contactName' | 'otherPartyIsOwnNumber' | 'forwardedFrom'>,
  format: PhoneFormat,
): CallParty {
  // a forwarded call's other party is its caller too: its destination is the user's own phone
  const number = call.callDirection === 'inbound' || call.forwardedFrom ? call.fromNumber : call.destinationNumber;
  const phone = number !== null && isE164(number) ? number : null;
  const shown = phone ? format(phone) : unknownCaller;
  if (call.contactName) return { label: call.contactName, detail: phone ? shown : null, savable: null };
  return { label: shown, detail: null, savable: phone && !call.otherPartyIsOwnNumber ? phone : null };
}
