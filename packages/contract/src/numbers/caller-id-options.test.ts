// The caller-ID options' text as the From selector and Default Caller ID show it (spec §Dialer view: virtual
// numbers labelled Virtual, verified caller IDs labelled Verified; a friendly name may stand beside the label).
import { describe, expect, test } from 'bun:test';
import { callerIdOptions, callerIdOptionText } from './caller-id-options.ts';
import type { VerifiedCallerId, VirtualNumber } from './schema.ts';

const virtual = (phoneNumber: string): VirtualNumber => ({
  id: `n-${phoneNumber}`,
  phoneNumber,
  countryCode: 'GB',
  numberType: 'local',
  region: null,
  locality: null,
  monthlyPrice: '1.15',
  isActive: true,
  status: 'active',
  purchasedAt: '2026-11-01T00:00:00.000Z',
  renewsAt: '2026-12-01T00:00:00.000Z',
  graceEndsAt: null,
});
const verified = (phoneNumber: string, friendlyName: string | null): VerifiedCallerId => ({
  id: `c-${phoneNumber}`,
  phoneNumber,
  friendlyName,
  verificationStatus: 'verified',
  validationCode: null,
  createdAt: '2026-10-01T00:00:00.000Z',
  updatedAt: '2026-10-01T00:00:00.000Z',
});

const texts = (...args: Parameters<typeof callerIdOptions>) => callerIdOptions(...args).map((option) => callerIdOptionText(option, (n) => `<${n}>`));

describe('callerIdOptionText', () => {
  test("virtual numbers say Virtual, verified caller IDs say Verified, with the friendly name after the label", () => {
    expect(texts([virtual('+442079460018')], [verified('+12025550123', 'My cell'), verified('+12025550124', '  '), verified('+12025550125', null)])).toEqual([
      'Public Number',
      '<+442079460018> · Virtual',
      '<+12025550123> · Verified · My cell',
      '<+12025550124> · Verified',
      '<+12025550125> · Verified',
    ]);
  });

  test('a stored number that is gone says so', () => {
    expect(texts([], [], '+15550000000')).toEqual(['Public Number', '<+15550000000> · No longer available']);
  });
});
