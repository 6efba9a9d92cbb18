// What a caller ID can be (spec §2 'Default Caller ID', the dialer's From): the public Ringwise number (null),
// the user's active virtual numbers, and their verified caller IDs. Hook-free, so any build can use it on data
// it already has.
import type { VerifiedCallerId, VirtualNumber } from '@ringwise/contract/numbers';
import { publicNumberLabel, verifiedStatus } from '@ringwise/contract/numbers';

/** spec §2 'Public Number' (the contract's label, which the dialer shows too). */
export const PUBLIC_NUMBER_LABEL = publicNumberLabel;

export interface CallerIdOption {
  /** The E.164 number, or null for the public Ringwise number. */
  value: string | null;
  kind: 'public' | 'virtual' | 'verified' | 'unavailable';
  /** A friendly name or the kind of number, shown beside the number. */
  note: string | null;
}

/**
 * The options in order: the public number, the active (and in-grace) virtual numbers, the verified caller IDs,
 * each number once. `current`, when it is none of them (a released number, a removed caller ID), is added at the
 * end as 'unavailable' so a select still shows what is stored.
 */
export function callerIdOptions(
  numbers: readonly VirtualNumber[] | undefined,
  callerIds: readonly VerifiedCallerId[] | undefined,
  current?: string | null,
): CallerIdOption[] {
  const options: CallerIdOption[] = [{ value: null, kind: 'public', note: PUBLIC_NUMBER_LABEL }];
  const seen = new Set<string>();
  for (const number of numbers ?? []) {
    if (number.status === 'released' || !number.isActive || seen.has(number.phoneNumber)) continue;
    seen.add(number.phoneNumber);
    options.push({ value: number.phoneNumber, kind: 'virtual', note: 'Virtual number' });
  }
  for (const entry of callerIds ?? []) {
    if (entry.verificationStatus !== verifiedStatus || seen.has(entry.phoneNumber)) continue;
    seen.add(entry.phoneNumber);
    options.push({ value: entry.phoneNumber, kind: 'verified', note: entry.friendlyName?.trim() || 'Verified caller ID' });
  }
  if (current && !seen.has(current)) options.push({ value: current, kind: 'unavailable', note: 'No longer available' });
  return options;
}

/** Whether the user has any number of their own to call from (else only the public one). */
export function hasOwnCallerIds(options: readonly CallerIdOption[]): boolean {
  return options.some((option) => option.kind === 'virtual' || option.kind === 'verified');
}

/** Radix selects cannot hold null (nor ''): the public number's item value. */
export const PUBLIC_OPTION_VALUE = 'public';
export const toSelectValue = (value: string | null) => value ?? PUBLIC_OPTION_VALUE;
export const fromSelectValue = (value: string) => (value === PUBLIC_OPTION_VALUE ? null : value);
