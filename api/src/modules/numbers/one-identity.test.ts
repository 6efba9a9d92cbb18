// One number, one identity (supabase/migrations/20261202000300_number_one_identity.sql) through the api, the official
// Twilio SDK and the carrier simulator, on PGlite and (when it answers) the machine's PostgreSQL: a stock number
// someone verified as their caller ID is neither offered nor sold; a verification that completes for a number bought
// meanwhile ends failed; a purchase and a verification racing for one number never both win (on PostgreSQL also with
// the two transactions held open against each other, which one connection cannot do); and the conflicts a database
// held before the migration are settled by it.
import { describe, expect, test } from 'bun:test';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EngineDatabase, Sql } from '../../db/database.ts';
import { migrate, supabaseDir } from '../../db/migrate.ts';
import { createPgliteDatabase } from '../../db/pglite.ts';
import { createAuthUser, testEmail } from '../../db/testing.ts';
import { callsTestAppFor, testEngines, type CallsTestApp } from '../calls/testing.ts';

const engines = await testEngines();
const json = async <T>(response: Response) => (await response.json()) as T;
const newSid = (prefix: string) => `${prefix}${crypto.randomUUID().replaceAll('-', '')}`;
const destination = '+447400123456';

type Available = { phoneNumber: string; price: string };
type User = { token: string; id: string };

for (const engine of engines) {
  describe.skipIf(!engine.available)(`one number, one identity, on ${engine.name}`, () => {
    let db: EngineDatabase;
    let t: CallsTestApp;
    callsTestAppFor(engine, (opened) => {
      db = opened.db;
      t = opened.t;
    });

    const user = (balance = '10.00') => t.signUpWithBalance('identity', balance);
    const searched = async (areaCode: string): Promise<string[]> => {
      const response = await t.call('POST', '/api/virtual-numbers/search', (await user('0.00')).token, {
        country: 'US',
        numberType: 'local',
        searchType: 'starts_with',
        areaCode,
      });
      expect(response.status).toBe(200);
      return (await json<Available[]>(response)).map((n) => n.phoneNumber);
    };
    const buy = (who: User, phoneNumber: string) =>
      t.call('POST', '/api/virtual-numbers/purchase', who.token, { phoneNumber, country: 'US', region: null, price: '1.15', numberType: 'local' });
    /** Starts a verification of `phoneNumber` for `who`: the entry's id and the code the carrier's call tells. */
    const initiate = async (who: User, phoneNumber: string) => {
      const response = await t.call('POST', '/api/verified-caller-ids/initiate', who.token, { phoneNumber });
      expect(response.status).toBe(201);
      const body = await json<{ entry: { id: string }; validationCode: string }>(response);
      return { id: body.entry.id, code: body.validationCode };
    };
    /** The code typed on the simulated phone; the carrier's callback reaches the api. */
    const answer = async (phoneNumber: string, code: string) => {
      expect(await t.telephony.twilioSimulator.enterValidationCode(phoneNumber, code)).toBe('verified');
      await t.telephony.twilioSimulator.callbacks.flush();
    };
    const statusOf = async (entryId: string) => {
      const [row] = await db.privileged((sql) => sql.query<{ verification_status: string }>('select verification_status from public.verified_caller_ids where id = $1', [entryId]));
      return row?.verification_status;
    };
    const balanceOf = async (who: User) => (await json<{ balance: string }>(await t.call('GET', '/api/auth/user', who.token))).balance;
    const carrierSells = async (phoneNumber: string) => (await t.twilio.incomingPhoneNumbers.list({ phoneNumber })).length === 0;
    const carrierCallerIds = async (phoneNumber: string) => (await t.twilio.outgoingCallerIds.list({ phoneNumber })).length;
    const callFrom = (who: User, fromNumber: string) => t.call('POST', '/api/calls/start', who.token, { destinationNumber: destination, fromNumber });
    /** How many accounts hold the number: as a Ringwise number, or as a verified caller ID. */
    const identities = async (phoneNumber: string) => {
      const [row] = await db.privileged((sql) =>
        sql.query<{ count: number }>(
          `select ((select count(*) from public.virtual_numbers where phone_number = $1 and status <> 'released')
                 + (select count(*) from public.verified_caller_ids where phone_number = $1 and verification_status = 'verified' and deleted_at is null))::int as count`,
          [phoneNumber],
        ),
      );
      return row!.count;
    };

    test('a stock number someone verified is not offered and cannot be bought, by another account or its own; removed, it is on sale again', async () => {
      const [verifier, buyer] = await Promise.all([user(), user()]);
      const [stock] = await searched('212');
      const phoneNumber = stock!;
      expect(await carrierSells(phoneNumber)).toBe(true);
      const entry = await initiate(verifier, phoneNumber);
      await answer(phoneNumber, entry.code);
      expect(await statusOf(entry.id)).toBe('verified');

      // the carrier still sells it; we do not offer it
      expect(await searched('212')).not.toContain(phoneNumber);
      const refused = await buy(buyer, phoneNumber);
      expect(refused.status).toBe(409);
      expect((await json<{ error: unknown }>(refused)).error).toEqual({
        code: 'number_unavailable',
        message: `${phoneNumber} is no longer available: someone else just took it. Please choose another number.`,
      });
      const own = await buy(verifier, phoneNumber);
      expect(own.status).toBe(409);
      expect((await json<{ error: unknown }>(own)).error).toEqual({
        code: 'number_unavailable',
        message: `${phoneNumber} is one of your verified caller IDs, so you call from it already. To rent it as a Ringwise number, remove it from your caller IDs first.`,
      });
      expect([await balanceOf(buyer), await balanceOf(verifier)]).toEqual(['10.00', '10.00']);
      expect(await carrierSells(phoneNumber)).toBe(true);

      // the verifier alone calls from it
      const verifierCall = await callFrom(verifier, phoneNumber);
      expect(verifierCall.status).toBe(201);
      expect(await json(verifierCall)).toMatchObject({ fromNumber: phoneNumber, callingMethod: 'verified' });
      expect((await callFrom(buyer, phoneNumber)).status).toBe(400);

      // removed, it is for sale again
      expect((await t.call('DELETE', `/api/verified-caller-ids/${entry.id}`, verifier.token)).status).toBe(204);
      expect(await searched('212')).toContain(phoneNumber);
      expect((await buy(buyer, phoneNumber)).status).toBe(201);
      expect(await identities(phoneNumber)).toBe(1);
    });

    test('a verification completing for a number bought meanwhile ends failed: the buyer alone calls from it', async () => {
      const [verifier, buyer] = await Promise.all([user(), user()]);
      const [phoneNumber] = await searched('312');
      const entry = await initiate(verifier, phoneNumber!);
      // a pending verification is no claim on the number
      expect((await buy(buyer, phoneNumber!)).status).toBe(201);
      await answer(phoneNumber!, entry.code);

      expect(await statusOf(entry.id)).toBe('failed');
      expect(await json(await t.call('POST', `/api/verified-caller-ids/${entry.id}/check-status`, verifier.token))).toEqual({ verificationStatus: 'failed', phoneNumber });
      // the outgoing caller ID the carrier made for it is gone again
      expect(await carrierCallerIds(phoneNumber!)).toBe(0);
      expect((await t.call('PATCH', '/api/user/preferences', verifier.token, { defaultCallerId: phoneNumber })).status).toBe(400);
      expect((await callFrom(verifier, phoneNumber!)).status).toBe(400);
      const buyerCall = await callFrom(buyer, phoneNumber!);
      expect(buyerCall.status).toBe(201);
      expect(await json(buyerCall)).toMatchObject({ fromNumber: phoneNumber, callingMethod: 'virtual' });
      expect(await identities(phoneNumber!)).toBe(1);
    });

    test('a purchase and a verification at the same moment: one of them wins, never both', async () => {
      const [verifier, buyer] = await Promise.all([user(), user()]);
      const numbers = (await searched('646')).slice(0, 3);
      expect(numbers).toHaveLength(3);
      for (const phoneNumber of numbers) {
        const entry = await initiate(verifier, phoneNumber);
        const [bought] = await Promise.all([buy(buyer, phoneNumber), answer(phoneNumber, entry.code)]);
        const status = await statusOf(entry.id);
        if (bought.status === 201) {
          expect(status).toBe('failed');
        } else {
          expect(bought.status).toBe(409);
          expect(status).toBe('verified');
          expect(await carrierSells(phoneNumber)).toBe(true);
        }
        expect(await identities(phoneNumber)).toBe(1);
      }
    });

    // one connection (PGlite) runs one transaction at a time: there, the second cannot even start
    test.skipIf(engine.name !== 'PostgreSQL')('the second of two transactions claiming one number waits for the first and is refused, both ways round', async () => {
      const [verifier, buyer] = await Promise.all([user(), user()]);
      const [first, second] = await searched('718');
      const lockWaiters = async () => {
        const [row] = await db.statement<{ count: number }>(
          `select count(*)::int as count from pg_catalog.pg_locks where locktype = 'advisory' and classid = 20261202 and objsubid = 2 and not granted`,
        );
        return row!.count;
      };
      /** Runs `claim` in a transaction kept open until `other` waits for the number's lock, then commits it. */
      const heldAgainst = async (claim: (sql: Sql) => Promise<unknown>, other: () => Promise<Response>) => {
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        let claimed!: () => void;
        const hasClaimed = new Promise<void>((resolve) => (claimed = resolve));
        const holder = db.privileged(async (sql) => {
          await claim(sql);
          claimed();
          await released;
        });
        await hasClaimed;
        const answered = other();
        for (let i = 0; (await lockWaiters()) === 0; i++) {
          if (i > 200) throw new Error('the second claim never waited for the number');
          await Bun.sleep(10);
        }
        release();
        await holder;
        return answered;
      };

      // a purchase reserves the number first: the carrier's success callback is answered, the entry ends failed
      const pending = await initiate(verifier, first!);
      const [row] = await db.privileged((sql) => sql.query<{ call_sid: string }>('select call_sid from public.verified_caller_ids where id = $1', [pending.id]));
      const callback = await heldAgainst(
        (sql) => sql.query(`select private.reserve_virtual_number($1, $2, 'US', 'local', null, null, 1.15)`, [buyer.id, first]),
        () =>
          t.webhook('/webhooks/twilio/caller-id', {
            AccountSid: 'AC00000000000000000000000000000000',
            CallSid: row!.call_sid,
            To: first!,
            CallStatus: 'completed',
            VerificationStatus: 'success',
            OutgoingCallerIdSid: newSid('PN'),
          }),
      );
      expect(callback.status).toBe(200);
      expect(await statusOf(pending.id)).toBe('failed');
      await db.privileged((sql) =>
        sql.query(`select private.release_virtual_number(id, 'purchase_failed') from public.virtual_numbers where phone_number = $1 and status = 'pending'`, [first]),
      );

      // a verification completes first: the purchase is refused before the carrier sells anything or money moves
      const verifying = await initiate(verifier, second!);
      const purchase = await heldAgainst(
        (sql) => sql.query(`update public.verified_caller_ids set verification_status = 'verified', validation_code = null where id = $1`, [verifying.id]),
        () => buy(buyer, second!),
      );
      expect(purchase.status).toBe(409);
      expect((await json<{ error: { code: string } }>(purchase)).error.code).toBe('number_unavailable');
      expect(await carrierSells(second!)).toBe(true);
      expect(await balanceOf(buyer)).toBe('10.00');
      expect(await identities(second!)).toBe(1);
    });
  });
}

describe('the migration settles the conflicts written before it', () => {
  test('a verified caller ID that is a Ringwise number, or another account verified first, ends failed and stops being the default', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ringwise-one-identity-'));
    const db = await createPgliteDatabase(null);
    try {
      symlinkSync(join(supabaseDir, 'shim'), join(dir, 'shim'));
      mkdirSync(join(dir, 'migrations'));
      const all = readdirSync(join(supabaseDir, 'migrations')).filter((file) => file.endsWith('.sql'));
      const copy = (files: string[]) => files.forEach((file) => copyFileSync(join(supabaseDir, 'migrations', file), join(dir, 'migrations', file)));
      copy(all.filter((file) => file < '20261202000300'));
      await migrate(db, { supabase: false, dir });

      const account = (label: string) => createAuthUser(db, { email: testEmail(label) });
      const owner = await account('owner');
      const stale = await account('stale');
      const first = await account('first');
      const second = await account('second');
      await db.privileged(async (sql) => {
        // verified while nobody held it, then bought (the bug); and one number verified by two accounts
        await sql.query(
          `insert into public.verified_caller_ids (user_id, phone_number, verification_status, updated_at) values
             ($1, '+14155550101', 'verified', now() - interval '2 days'),
             ($2, '+14155550102', 'verified', now() - interval '2 days'),
             ($3, '+14155550102', 'verified', now() - interval '1 day')`,
          [stale, first, second],
        );
        await sql.query(
          `insert into public.virtual_numbers (user_id, phone_number, twilio_sid, country, status, renews_at) values ($1, '+14155550101', $2, 'US', 'active', now() + interval '1 month')`,
          [owner, newSid('PN')],
        );
        await sql.query(`update public.users set default_caller_id = '+14155550101' where id = $1`, [stale]);
        await sql.query(`update public.users set default_caller_id = '+14155550102' where id = any($1::uuid[])`, [[first, second]]);
      });

      copy(all.filter((file) => file >= '20261202000300'));
      await migrate(db, { supabase: false, dir });

      const callerIds = await db.privileged((sql) =>
        sql.query<{ user_id: string; phone_number: string; verification_status: string }>(
          'select user_id, phone_number, verification_status from public.verified_caller_ids order by phone_number, updated_at',
        ),
      );
      expect(callerIds.map((c) => [c.user_id, c.phone_number, c.verification_status])).toEqual([
        [stale, '+14155550101', 'failed'],
        [first, '+14155550102', 'verified'],
        [second, '+14155550102', 'failed'],
      ]);
      const defaults = await db.privileged((sql) =>
        sql.query<{ id: string; default_caller_id: string | null }>('select id, default_caller_id from public.users where id = any($1::uuid[])', [[stale, first, second]]),
      );
      expect(Object.fromEntries(defaults.map((u) => [u.id, u.default_caller_id]))).toEqual({ [stale]: null, [first]: '+14155550102', [second]: null });
      const [owned] = await db.privileged((sql) => sql.query<{ status: string }>(`select status from public.virtual_numbers where phone_number = '+14155550101'`));
      expect(owned?.status).toBe('active');
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
