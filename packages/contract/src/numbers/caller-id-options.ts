// What a caller ID can be (spec §2 'Default Caller ID', the dialer's From): the public Ringwise number (null),
// the user's active virtual numbers, and their verified caller IDs. Hook-free: the numbers remote's selects and
// the dialer's From (which shows the chosen one before that remote is loaded) read the same options and text.
import type { PhoneFormat } from '@ringwise/phone/display';
import type { VerifiedCallerId, VirtualNumber } from './schema.ts';
import { publicNumberLabel, verifiedStatus } from './rules.ts';

export interface CallerIdOption {
  /** The E.164 number, or null for the public Ringwise number. */
  value: string | null;
  kind: 'public' | 'virtual' | 'verified' | 'unavailable';
  /** The kind as the From selector labels it (spec §Dialer view: 'Virtual', 'Verified'), shown beside the number. */
  note: string;
  /** A verified caller ID's friendly name, shown after the label. */
  name: string | null;
}

const kindLabels = { public: publicNumberLabel, virtual: 'Virtual', verified: 'Verified', unavailable: 'No longer available' } as const;

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
  const options: CallerIdOption[] = [{ value: null, kind: 'public', note: kindLabels.public, name: null }];
  const seen = new Set<string>();
  for (const number of numbers ?? []) {
    if (number.status === 'released' || !number.isActive || seen.has(number.phoneNumber)) continue;
    seen.add(number.phoneNumber);
    options.push({ value: number.phoneNumber, kind: 'virtual', note: kindLabels.virtual, name: null });
  }
  for (const entry of callerIds ?? []) {
    if (entry.verificationStatus !== verifiedStatus || seen.has(entry.phoneNumber)) continue;
    seen.add(entry.phoneNumber);
    options.push({ value: entry.phoneNumber, kind: 'verified', note: kindLabels.verified, name: entry.friendlyName?.trim() || null });
  }
  if (current && !seen.has(current)) options.push({ value: current, kind: 'unavailable', note: kindLabels.unavailable, name: null });
  return options;
}

/** "Public Number", "+1 (212) 555-0123 · Virtual", or "+1 (212) 555-0123 · Verified · My cell". */
export function callerIdOptionText(option: CallerIdOption, format: PhoneFormat): string {
  if (option.value === null) return publicNumberLabel;
  return [format(option.value), option.note, option.name].filter(Boolean).join(' · ');
}
