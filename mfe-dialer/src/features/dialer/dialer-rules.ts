// The dialer's rules (spec §2 'Dialer view', §4 'Dialer', §5 'Starting a call'), without React.
import { splitFullNumber } from '@ringwise/phone/notation';
import type { VerifiedCallerId, VirtualNumber } from '@ringwise/contract/numbers';
import { dialerCallingCodes } from '../../lib/calling-codes.ts';

export interface DialedValue {
  /** The picked calling code ("+44"). */
  code: string;
  /** The number field's text. */
  number: string;
}

/** The 12-key keypad with the letters printed on phone keys. */
export { keypadKeys } from '@ringwise/phone/notation';

/** A typed or pasted full number ("+44 7700 900123") becomes its code and the rest; other text stays as typed. */
export function typeNumber(value: DialedValue, text: string): DialedValue {
  const split = splitFullNumber(text, value.code, dialerCallingCodes);
  return split ? { code: split.callingCode, number: split.nationalNumber } : { code: value.code, number: text };
}

/** The ?number= prefill: its code split off (a number without a known code keeps the current code). */
export function prefill(value: DialedValue, number: string): DialedValue {
  const text = number.trim();
  const withPlus = /^\d{11,}$/.test(text.replace(/[\s().-]/g, '')) ? `+${text}` : text;
  return typeNumber(value, withPlus);
}

/**
 * The number to call in E.164 when it can be written so: a number typed with its own "+" is kept (digits only);
 * otherwise the code and the national digits without the region's trunk prefix ("07700…" under +44; Italy has none,
 * its leading 0 is part of the number). Empty when there are no digits, so "only the country code" is refused like
 * an empty number (spec §5).
 */
export function destinationOf({ code, number }: DialedValue): string {
  const text = number.trim();
  const digits = text.replace(/\D/g, '');
  if (!digits) return '';
  if (text.startsWith('+')) return `+${digits}`;
  const trunk = dialerCallingCodes.find((offered) => offered.code === code)?.trunkPrefix;
  const national = trunk && digits.startsWith(trunk) ? digits.slice(trunk.length) : digits;
  return national ? `${code}${national}` : '';
}

/** The number as the rate lookup and contact match see it: enough characters (spec: 8+), else null. */
export function lookupNumberOf(value: DialedValue): string | null {
  const destination = destinationOf(value);
  return destination.length >= 8 ? destination : null;
}

/** What the dialer's address asks: the number to prefill (spec §2 '?number=') and whether to call it at once
 *  ('&call=1', a contact's Call button). */
export interface DialerIntent {
  number: string;
  call: boolean;
}

/** The intent of a query string (null without a number), and the query string without it. */
export function dialerIntentOf(search: string): { intent: DialerIntent | null; rest: string } {
  const params = new URLSearchParams(search);
  const number = params.get('number');
  const call = params.get('call') === '1';
  params.delete('number');
  params.delete('call');
  return { intent: number ? { number, call } : null, rest: params.toString() };
}

const ownCallerNumbers = (numbers: readonly VirtualNumber[], callerIds: readonly VerifiedCallerId[]) => ({
  active: numbers.filter((n) => n.isActive && n.status === 'active').map((n) => n.phoneNumber),
  verified: callerIds.filter((c) => c.verificationStatus === 'verified').map((c) => c.phoneNumber),
});

/**
 * spec §4 'Dialer': the From number. If the current choice is empty or no longer valid, the first active virtual
 * number, else the first verified caller ID, else the public number (null). Only active virtual numbers and
 * verified caller IDs are offered.
 */
export function defaultFrom(current: string | null | undefined, numbers: readonly VirtualNumber[], callerIds: readonly VerifiedCallerId[]): string | null {
  const { active, verified } = ownCallerNumbers(numbers, callerIds);
  if (current && (active.includes(current) || verified.includes(current))) return current;
  return active[0] ?? verified[0] ?? null;
}

/** A call placed without looking at From could go out from a number the user did not choose: they have more than
 *  one number of their own to call from, and none of them is their default. */
export function fromIsAmbiguous(defaultCallerId: string | null | undefined, numbers: readonly VirtualNumber[], callerIds: readonly VerifiedCallerId[]): boolean {
  const { active, verified } = ownCallerNumbers(numbers, callerIds);
  const own = [...active, ...verified];
  return own.length > 1 && !(defaultCallerId && own.includes(defaultCallerId));
}
