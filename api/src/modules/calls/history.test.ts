// The history's other party, on PGlite and PostgreSQL, through the app: an outgoing call's is who was called, an
// incoming call's who called (never the user's own number it came in on); each with the contact's name when one
// matches, and whether it is one of the user's own numbers (nothing to save as a contact then).
import { describe, expect, test } from 'bun:test';
import type { Call } from '@ringwise/contract/schemas';
import type { EngineDatabase } from '../../db/database.ts';
import { type CallsTestApp, callsTestAppFor, newSid, testEngines } from './testing.ts';

for (const engine of await testEngines()) {
  describe.skipIf(!engine.available)(`who the calls were with, on ${engine.name}`, () => {
    let db: EngineDatabase;
    let t: CallsTestApp;
    callsTestAppFor(engine, (opened) => ({ db, t } = opened));

    const history = async (token: string) => ((await (await t.call('GET', '/api/calls', token)).json()) as { items: Call[] }).items;
    const contact = async (token: string, displayName: string, primaryNumber: string) =>
      expect((await t.call('POST', '/api/contacts', token, { displayName, primaryNumber })).status).toBe(201);

    /** A user with a Ringwise number, and a call from `from` to it. */
    async function calledUser(from: string) {
      const owner = await t.signUpWithBalance('history', '5.00');
      const [available] = await t.telephony.telephony.twilio.availablePhoneNumbers('US').local.list({ limit: 1 });
      const bought = await t.call('POST', '/api/virtual-numbers/purchase', owner.token, { phoneNumber: available!.phoneNumber, country: 'US', price: '1.15', numberType: 'local' });
      expect(bought.status).toBe(201);
      const ringing = await t.webhook('/webhooks/twilio/incoming', { CallSid: newSid(), From: from, To: available!.phoneNumber, Direction: 'inbound' });
      expect(await ringing.text()).toContain('</Client>');
      return { owner, ownNumber: available!.phoneNumber };
    }

    test('an incoming call is the caller\'s, with their contact name; the number it came in on is not matched', async () => {
      const { owner, ownNumber } = await calledUser('+14155550123');
      let [incoming] = await history(owner.token);
      expect(incoming).toMatchObject({ callDirection: 'inbound', fromNumber: '+14155550123', destinationNumber: ownNumber, contactName: null, otherPartyIsOwnNumber: false });

      // a contact saved for the user's own number is not the caller
      await contact(owner.token, 'My business line', ownNumber);
      [incoming] = await history(owner.token);
      expect(incoming!.contactName).toBeNull();
      await contact(owner.token, 'Grace Hopper', '+14155550123');
      [incoming] = await history(owner.token);
      expect(incoming!.contactName).toBe('Grace Hopper');
    });

    test('an outgoing call is the destination\'s, as before', async () => {
      const owner = await t.signUpWithBalance('history', '5.00');
      await contact(owner.token, 'Ada', '+447400123456');
      const { callId } = await t.started(owner.token, '+447400123456');
      expect((await history(owner.token))[0]).toMatchObject({ id: callId, callDirection: 'outbound', contactName: 'Ada', otherPartyIsOwnNumber: false });
    });

    test('the user\'s own numbers are marked, calling in or called', async () => {
      const { owner } = await calledUser('+14155550177');
      await db.privileged((sql) =>
        sql.query(`insert into public.verified_caller_ids (user_id, phone_number, verification_status) values ($1, '+14155550177', 'verified'), ($1, '+447400123457', 'verified')`, [owner.id]),
      );
      const { callId } = await t.started(owner.token, '+447400123457');
      // by direction, not position: on PGlite the two calls may be made within the same clock tick
      const calls = await history(owner.token);
      expect(calls).toHaveLength(2);
      expect(calls.find((call) => call.callDirection === 'outbound')).toMatchObject({ id: callId, otherPartyIsOwnNumber: true });
      expect(calls.find((call) => call.callDirection === 'inbound')).toMatchObject({ fromNumber: '+14155550177', otherPartyIsOwnNumber: true });
      // a caller ID removed is not the user's any more
      await db.privileged((sql) => sql.query(`update public.verified_caller_ids set deleted_at = now() where user_id = $1`, [owner.id]));
      expect((await history(owner.token)).map((call) => call.otherPartyIsOwnNumber)).toEqual([false, false]);
    });

    test('a caller without a number (anonymous) matches nobody', async () => {
      const { owner } = await calledUser('anonymous');
      expect((await history(owner.token))[0]).toMatchObject({ fromNumber: 'anonymous', contactName: null, otherPartyIsOwnNumber: false });
    });
  });
}
