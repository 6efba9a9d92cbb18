import { expect, test } from 'bun:test';
import { formatInternational } from '@ringwise/phone';
import { callPartyOf as partyOf } from './call-party.ts';

const callPartyOf = (call: Parameters<typeof partyOf>[0]) => partyOf(call, formatInternational);

const outgoing = { callDirection: 'outbound', destinationNumber: '+447700900123', fromNumber: '+18885550100', contactName: null } as const;
const incoming = { callDirection: 'inbound', destinationNumber: '+14155550100', fromNumber: '+447700900123', contactName: null } as const;

test('an outgoing call is with the number called; an incoming one with the caller, never the number it came in on', () => {
  expect(callPartyOf(outgoing)).toEqual({ label: '+44 7700 900123', detail: null, savable: '+447700900123' });
  expect(callPartyOf(incoming)).toEqual({ label: '+44 7700 900123', detail: null, savable: '+447700900123' });
});

test('a contact\'s name, with the number under it, and nothing to save', () => {
  expect(callPartyOf({ ...incoming, contactName: 'Grace Hopper' })).toEqual({ label: 'Grace Hopper', detail: '+44 7700 900123', savable: null });
});

test('the user\'s own number is not offered to save as a contact', () => {
  expect(callPartyOf({ ...incoming, otherPartyIsOwnNumber: true }).savable).toBeNull();
  expect(callPartyOf({ ...outgoing, otherPartyIsOwnNumber: true }).savable).toBeNull();
});

test('a caller without a phone number is an unknown caller, with nothing to save', () => {
  expect(callPartyOf({ ...incoming, fromNumber: 'anonymous' })).toEqual({ label: 'Unknown caller', detail: null, savable: null });
  expect(callPartyOf({ ...incoming, fromNumber: null })).toEqual({ label: 'Unknown caller', detail: null, savable: null });
});

test("a forwarded call is with its caller, not the user's own phone it was forwarded to", () => {
  const forwarded = { ...outgoing, destinationNumber: '+14155550142', fromNumber: '+447700900124', forwardedFrom: '7b0e2a52-1f0e-4c44-9c8c-1d2b3c4d5e6f' };
  expect(callPartyOf(forwarded)).toEqual({ label: '+44 7700 900124', detail: null, savable: '+447700900124' });
});
