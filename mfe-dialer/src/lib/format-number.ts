// Numbers as the dialer shows them, without libphonenumber's metadata (the views stay light): the calling code
// split off among the dialer's codes ("+447700900123" → "+44 7700900123"); anything else as it is.
import { splitFullNumber } from '@ringwise/phone/notation';
import { dialerCallingCodes } from './calling-codes.ts';

export function formatInternational(number: string): string {
  if (!number.startsWith('+')) return number;
  const split = splitFullNumber(number, '+1', dialerCallingCodes);
  return split && split.nationalNumber ? `${split.callingCode} ${split.nationalNumber}` : number;
}

/** The digits of a number, for matching a call to a contact (spec §5: digits only). */
export const digitsOf = (number: string) => number.replace(/\D/g, '');
