// Call forwarding end to end with no keys (issue 36): a phone calls a bought number that forwards to the owner's
// verified caller ID; the carrier simulator rings that phone (answered, declined or left ringing by the test, as the
// phone page's buttons do), the forwarded leg is billed exactly as an outgoing call to that number, and a balance that
// cannot pay its first minute has the caller told so and sent to voicemail.
import { describe, expect, test } from 'bun:test';
import { callCostCents, pricingOf } from '@ringwise/contract/calls';
import { moneyOf } from '@ringwise/contract/decimal';
import { callEnded, incomingTestbed, json, ownerWithNumber } from './testing/incoming.ts';
import { forwardRefusedText, forwardTwiml } from './forward.ts';
import { defaultGreeting } from './voicemail-twiml.ts';

// 1 simulated second = 40 ms: the phone rings 6 simulated seconds (240 ms) before the carrier gives up, and a
// message runs to its two minutes in 4.8 s
const bed = incomingTestbed(0.04);
/** Each test's own phone: a verified caller ID belongs to one account only. */
let phones = 0;
const nextPhone = () => `+1415555${String(200 + ++phones).padStart(4, '0')}`;
const caller = '+14155550123';

interface ListedCall {
  id: string;
  status: string;
  fromNumber: string;
  destinationNumber: string;
  callDirection: string;
  duration: number;
  cost: string;
  forwardedFrom?: string | null;
  voicemail?: { durationSeconds: number } | null;
}

type Owner = Awaited<ReturnType<typeof ownerWithNumber>>;

async function withVerifiedPhone(owner: Owner, phoneNumber: string) {
  const initiated = await bed.testApp.call('POST', '/api/verified-caller-ids/initiate', owner.user.token, { phoneNumber });
  expect(initiated.status).toBe(201);
  const { entry, validationCode } = await json<{ entry: { id: string }; validationCode: string }>(initiated);
  expect(await bed.telephony.twilioSimulator.enterValidationCode(phoneNumber, validationCode)).toBe('verified');
  await bed.telephony.twilioSimulator.callbacks.flush();
  return entry.id;
}

const forwardTo = (owner: Owner, body: { mode: string; to?: string | null }) =>
  bed.testApp.call('PUT', `/api/virtual-numbers/${owner.numberId}/forwarding`, owner.user.token, body);

const callsOf = async (token: string) => (await json<{ items: ListedCall[] }>(await bed.testApp.call('GET', '/api/calls', token))).items;
const userRow = async (id: string) =>
  (await bed.database.db.privileged((sql) => sql.query<{ balance: string; held: string }>('select balance::text, held::text from public.users where id = $1', [id])))[0]!;

/** Waits until the call to `number` rings the user's own phone: its leg's sid. */
async function ringingOwnPhone(number: string): Promise<string> {
  const voice = bed.telephony.twilioSimulator.voice;
  for (let i = 0; i < 500; i++) {
    const leg = voice.calls().find((call) => call.to === number)?.leg;
    if (leg?.ownPhone && leg.status === 'ringing') return leg.sid;
    await Bun.sleep(2);
  }
  throw new Error(`the call to ${number} never rang the own phone`);
}

describe('call forwarding through the carrier simulator', () => {
  test('the forwarding setting: only to a verified caller ID of the user, off when that ID is removed', async () => {
    const owner = await ownerWithNumber(bed, 'forwarding-setting');
    expect(await json(await bed.testApp.call('GET', `/api/virtual-numbers/${owner.numberId}/forwarding`, owner.user.token))).toEqual({ mode: 'off', to: null });
    const refused = await forwardTo(owner, { mode: 'always', to: nextPhone() });
    expect(refused.status).toBe(400);
    expect(await json(refused)).toMatchObject({ error: { details: { fieldErrors: { to: 'Calls can only be forwarded to one of your verified caller IDs.' } } } });
    expect((await forwardTo(owner, { mode: 'unanswered' })).status).toBe(400);

    const callerIdId = await withVerifiedPhone(owner, '+14155550143');
    const saved = await forwardTo(owner, { mode: 'unanswered', to: '+1 415 555 0143' });
    expect(saved.status).toBe(200);
    expect(await json(saved)).toEqual({ mode: 'unanswered', to: '+14155550143' });
    // another user can neither read nor change it
    const stranger = await bed.testApp.signUp('forwarding-stranger');
    expect((await bed.testApp.call('GET', `/api/virtual-numbers/${owner.numberId}/forwarding`, stranger.token)).status).toBe(404);
    expect((await bed.testApp.call('PUT', `/api/virtual-numbers/${owner.numberId}/forwarding`, stranger.token, { mode: 'off' })).status).toBe(404);

    expect((await bed.testApp.call('DELETE', `/api/verified-caller-ids/${callerIdId}`, owner.user.token)).status).toBe(204);
    expect(await json(await bed.testApp.call('GET', `/api/virtual-numbers/${owner.numberId}/forwarding`, owner.user.token))).toEqual({ mode: 'off', to: null });
  }, 30_000);

  test('every call forwarded, answered on the own phone: charged exactly its per-minute price, listed once as the forwarded leg', async () => {
    const owner = await ownerWithNumber(bed, 'forwarding-always', '20.00');
    const ownPhone = nextPhone();
    await withVerifiedPhone(owner, ownPhone);
    expect((await forwardTo(owner, { mode: 'always', to: ownPhone })).status).toBe(200);
    // the user's own browser call, not yet connected, does not stop the forwarded one (one browser call at a time);
    // its hold (at most 4 hours of a US call) leaves money for the forwarded one
    const started = await bed.testApp.call('POST', '/api/calls/start', owner.user.token, { destinationNumber: '+12025550143' });
    expect(started.status).toBe(201);
    const before = await userRow(owner.user.id);

    const placed = await bed.telephony.twilioSimulator.voice.callNumber(caller, owner.number);
    expect(placed.ok).toBe(true);
    const legSid = await ringingOwnPhone(owner.number);
    expect(bed.telephony.twilioSimulator.voice.answerOnPhone(legSid)).toBe(true);
    await Bun.sleep(500);
    expect(bed.telephony.twilioSimulator.voice.hangUpOnPhone(legSid)).toBe(true);
    const carrierCall = await callEnded(bed, owner.number);
    expect(carrierCall?.leg?.status).toBe('completed');

    const calls = await callsOf(owner.user.token);
    const forwarded = calls.filter((call) => call.forwardedFrom);
    expect(forwarded).toHaveLength(1);
    const leg = forwarded[0]!;
    expect(leg).toMatchObject({ callDirection: 'outbound', destinationNumber: ownPhone, fromNumber: caller, status: 'completed' });
    expect(leg.duration).toBeGreaterThan(0);
    // the incoming call it forwarded is not listed beside it, nor counted as missed
    expect(calls.filter((call) => call.callDirection === 'inbound')).toHaveLength(0);
    expect(await json(await bed.testApp.call('GET', '/api/calls/unseen', owner.user.token))).toEqual({ missed: 0 });

    // exactly the pricing function's cost at the destination's rate, for the seconds the carrier reported
    const pricing = pricingOf(await bed.rates.match(ownPhone));
    const expected = moneyOf(callCostCents(pricing, leg.duration, true));
    expect(leg.cost).toBe(expected);
    expect(Number(leg.cost)).toBeGreaterThan(0);
    const after = await userRow(owner.user.id);
    // the forwarded leg's hold released, the browser call's still there
    expect(Number(before.held)).toBeGreaterThan(0);
    expect(after.held).toBe(before.held);
    expect(Math.round((Number(before.balance) - Number(after.balance)) * 100)).toBe(Math.round(Number(expected) * 100));
    const charges = await bed.database.db.privileged((sql) =>
      sql.query<{ amount: string }>(`select amount::text from public.transactions where call_id = $1 and type = 'call_charge'`, [leg.id]),
    );
    expect(charges.map((charge) => charge.amount)).toEqual([`-${expected}`]);

    // the data export says where the number forwards and which call was a forwarded leg
    const exported = await json<{ calls: Array<{ id: string; forwardedFrom?: string | null }>; virtualNumbers: Array<{ id: string; forwardingMode?: string; forwardTo?: string | null }> }>(
      await bed.testApp.call('GET', '/api/user/export', owner.user.token),
    );
    expect(exported.virtualNumbers.find((number) => number.id === owner.numberId)).toMatchObject({ forwardingMode: 'always', forwardTo: ownPhone });
    expect(exported.calls.find((call) => call.id === leg.id)?.forwardedFrom).toBe(leg.forwardedFrom!);
  }, 30_000);

  test('forwarded when the browser does not take it, declined on the own phone: the caller leaves a voicemail, nothing is charged', async () => {
    const owner = await ownerWithNumber(bed, 'forwarding-unanswered');
    const ownPhone = nextPhone();
    await withVerifiedPhone(owner, ownPhone);
    expect((await forwardTo(owner, { mode: 'unanswered', to: ownPhone })).status).toBe(200);
    const before = await userRow(owner.user.id);
    expect((await bed.telephony.twilioSimulator.voice.callNumber(caller, owner.number)).ok).toBe(true);
    const legSid = await ringingOwnPhone(owner.number);
    expect(bed.telephony.twilioSimulator.voice.declineOnPhone(legSid)).toBe(true);
    const carrierCall = await callEnded(bed, owner.number);
    expect(carrierCall?.said).toContain(defaultGreeting);

    const calls = await callsOf(owner.user.token);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ callDirection: 'inbound', fromNumber: caller, cost: '0.00' });
    expect(calls[0]?.voicemail?.durationSeconds).toBeGreaterThan(0);
    expect(await userRow(owner.user.id)).toEqual(before);
  }, 30_000);

  test('with $0.00 the call is not forwarded: the caller hears why, then the greeting', async () => {
    const owner = await ownerWithNumber(bed, 'forwarding-broke', '1.15');
    const ownPhone = nextPhone();
    await withVerifiedPhone(owner, ownPhone);
    expect((await forwardTo(owner, { mode: 'always', to: ownPhone })).status).toBe(200);
    expect((await userRow(owner.user.id)).balance).toBe('0.00');
    expect((await bed.telephony.twilioSimulator.voice.callNumber(caller, owner.number)).ok).toBe(true);
    const carrierCall = await callEnded(bed, owner.number);
    expect(carrierCall?.said.slice(0, 2)).toEqual([forwardRefusedText, defaultGreeting]);
    expect(carrierCall?.leg).toBeNull();
    const forwarded = await bed.database.db.privileged((sql) =>
      sql.query('select id from public.calls where user_id = $1 and forwarded_from is not null', [owner.user.id]),
    );
    expect(forwarded).toHaveLength(0);
    expect(await userRow(owner.user.id)).toEqual({ balance: '0.00', held: '0.00' });
  }, 30_000);

  test('a repeated carrier request forwards the call once: one leg, one hold', async () => {
    const owner = await ownerWithNumber(bed, 'forwarding-replay');
    const ownPhone = nextPhone();
    const [incoming] = await bed.database.db.privileged((sql) =>
      sql.query<{ id: string }>(
        `insert into public.calls (user_id, destination_number, from_number, status, call_direction, calling_method, cost)
         values ($1, $2, $3, 'ringing', 'inbound', 'virtual', 0) returning id`,
        [owner.user.id, owner.number, caller],
      ),
    );
    const services = { db: bed.database.db, rates: bed.rates, publicUrl: 'http://127.0.0.1:1' };
    const twimls = await Promise.all(Array.from({ length: 5 }, () => forwardTwiml(services, { id: incoming!.id, userId: owner.user.id, caller }, ownPhone)));
    expect(new Set(twimls).size).toBe(1);
    expect(twimls[0]).toContain(`<Number statusCallback=`);
    const legs = await bed.database.db.privileged((sql) =>
      sql.query<{ hold_amount: string }>('select hold_amount::text from public.calls where forwarded_from = $1', [incoming!.id]),
    );
    expect(legs).toHaveLength(1);
    expect((await userRow(owner.user.id)).held).toBe(legs[0]!.hold_amount);
  }, 30_000);
});
