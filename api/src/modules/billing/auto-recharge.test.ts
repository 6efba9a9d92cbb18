// Auto-recharge for a user already below the trigger (20261202000200_auto_recharge_below_trigger.sql), through the
// official Stripe SDK and the payment simulator with Stripe's test cards, on the machine's PostgreSQL: switched on
// below the trigger it tops up once; charges below the trigger, twenty at once from two api processes, start one
// recharge; a declined one e-mails once and waits for the user instead of trying again at every call.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testPublicUrl } from '../../auth/testing.ts';
import type { Database } from '../../db/database.ts';
import { createPostgresDatabase } from '../../db/postgres.ts';
import { createTestDatabase, type TestDatabase } from '../../db/testing.ts';
import { createMailer } from '../../mail/mailer.ts';
import { createTestPayments, type TestPayments } from '../../payments/testing.ts';
import { testConfig } from '../../testing/fixtures.ts';
import { createRateService } from '../rates/service.ts';
import { createBillingJobs, type BillingJobs } from './jobs.ts';
import { createMinutesEstimator } from './minutes.ts';
import { billingTestApp, type BillingTestApp } from './testing.ts';

let database: TestDatabase;
/** A second pool on the same database: another api process. */
let otherProcess: Database & { close(): Promise<void> };
let payments: TestPayments;
let jobs: BillingJobs;
let otherJobs: BillingJobs;
let billingApp: BillingTestApp;
const mailDir = mkdtempSync(join(tmpdir(), 'ringwise-auto-recharge-mail-'));

const jobsOn = (db: Database) =>
  createBillingJobs({
    db,
    stripe: payments.payments.stripe,
    mailer: createMailer({ from: 'Ringwise <no-reply@ringwise.test>', mailDir }),
    publicUrl: testPublicUrl,
    estimateMinutes: createMinutesEstimator(db, createRateService({ db })),
    log: () => {},
  });

beforeAll(async () => {
  database = await createTestDatabase();
  otherProcess = createPostgresDatabase(database.url, { max: 4 });
  payments = await createTestPayments(database.db, testConfig({ PUBLIC_URL: testPublicUrl }));
  jobs = jobsOn(database.db);
  otherJobs = jobsOn(otherProcess);
  billingApp = await billingTestApp(database.db, { services: payments.services, jobs, rates: createRateService({ db: database.db }) });
  payments.attach(billingApp.app);
});
afterAll(async () => {
  await payments.close();
  // a run the last events asked for may still be queued behind the current one: let it end before the database does
  await Promise.all([jobs.runDue(), otherJobs.runDue()]);
  await Promise.all([jobs.stop(), otherJobs.stop()]);
  await otherProcess.close();
  await database.drop();
  rmSync(mailDir, { recursive: true, force: true });
});

const call = (method: string, path: string, token?: string, body?: unknown) => billingApp.call(method, path, token, body);
const query = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => database.db.privileged((sql) => sql.query<T>(text, params));

/** A user who paid a $20 top-up with `card` on the simulator's hosted page (the card is saved for off-session use). */
async function userWhoPaid(card: string) {
  const user = await billingApp.signUp('auto-recharge');
  const created = await (await call('POST', '/api/stripe/checkout-sessions', user.token, { amount: '20.00' })).json();
  const page = new URL(created.url);
  const form = new URLSearchParams({ email: 'payer@example.com', cardNumber: card, cardExpiry: '12 / 34', cardCvc: '123', billingName: 'Ada Lovelace' });
  const paid = await payments.simulator.handle(new Request(page, { method: 'POST', body: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } }));
  expect(paid.status).toBe(303);
  await payments.stripeSimulator.events.flush();
  await jobs.runDue(); // the top-up's receipt
  expect(await balanceOf(user.id)).toBe('20.00');
  return user;
}

const charge = (userId: string, amount: string, db: Database = database.db) =>
  db.privileged((sql) => sql.query(`select private.post_ledger_entry($1, 'adjustment', $2::numeric, 'Call')`, [userId, `-${amount}`]));

async function balanceOf(userId: string): Promise<string> {
  const [row] = await query<{ balance: string }>('select balance::text as balance from public.users where id = $1', [userId]);
  return row!.balance;
}

async function setPreferences(token: string, changes: [string, string | boolean][]) {
  // the settings page: one PATCH per control
  for (const [key, value] of changes) expect((await call('PATCH', '/api/user/preferences', token, { [key]: value })).status).toBe(200);
}

/** The recharge a settings change started is due 15 s after the change: the test's clock moves on. */
const fifteenSecondsLater = (userId: string) =>
  query(`update private.billing_jobs set run_after = now() where user_id = $1 and kind = 'auto_recharge' and status = 'pending'`, [userId]);

/** Runs the due jobs (the recharge), lets its events arrive, then runs the jobs they made (receipt, failure e-mail). */
async function settle() {
  await jobs.runDue();
  await payments.stripeSimulator.events.flush();
  await jobs.runDue();
}

const autoRecharges = (userId: string) =>
  query<{ amount: string; status: string }>(
    `select amount::text as amount, status from public.transactions where user_id = $1 and type = 'auto_recharge' order by created_at, id`,
    [userId],
  );
const rechargesInFlight = async (userId: string) =>
  (
    await query<{ n: number }>(
      `select count(*)::int as n from private.billing_jobs where user_id = $1 and kind = 'auto_recharge' and status in ('pending', 'running', 'awaiting_payment')`,
      [userId],
    )
  )[0]!.n;

function mailsTo(email: string, subject: string): string[] {
  return readdirSync(mailDir)
    .map((file) => readFileSync(join(mailDir, file), 'utf8'))
    .filter((mail) => mail.includes(`To: ${email}`) && mail.includes(`Subject: ${subject}`));
}

describe('auto-recharge below the trigger', () => {
  test('switched on at $10 / $50 with $8.75 and a saved 4242 card: one $50.00 recharge, its entry and its receipt', async () => {
    const user = await userWhoPaid('4242 4242 4242 4242');
    await charge(user.id, '11.25'); // auto-recharge off: nothing
    // on (the default trigger, $5, is under $8.75), then $10 (now below: a recharge starts), then $50
    await setPreferences(user.token, [
      ['autoRechargeEnabled', true],
      ['autoRechargeTrigger', '10.00'],
      ['autoRechargeAmount', '50.00'],
    ]);
    await jobs.runDue();
    expect(await balanceOf(user.id)).toBe('8.75'); // not due yet: the user may still be choosing
    await fifteenSecondsLater(user.id);
    await settle();

    expect(await balanceOf(user.id)).toBe('58.75');
    expect(await autoRecharges(user.id)).toEqual([{ amount: '50.00', status: 'completed' }]);
    const history = await (await call('GET', '/api/transactions?kind=payments', user.token)).json();
    expect(history.items.map((t: { type: string; amount: string; status: string; description: string }) => [t.type, t.amount, t.status, t.description])).toEqual([
      ['auto_recharge', '50.00', 'completed', 'Auto-recharge'],
      ['credit_purchase', '20.00', 'completed', 'Account top-up'],
    ]);
    const receipts = mailsTo(user.email, 'Your Ringwise receipt: $50.00 added');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toContain('$58.75');

    // the six calls of the report: over the trigger now, nothing more
    for (let i = 0; i < 6; i++) await charge(user.id, '0.02');
    await settle();
    expect(await autoRecharges(user.id)).toHaveLength(1);
    expect(await balanceOf(user.id)).toBe('58.63');
  });

  test('20 concurrent charges below the trigger, from two api processes, start exactly one recharge', async () => {
    const user = await userWhoPaid('4242424242424242');
    // trigger $50, amount $10: one recharge does not lift $20 over the trigger
    await setPreferences(user.token, [
      ['autoRechargeEnabled', true],
      ['autoRechargeTrigger', '50.00'],
      ['autoRechargeAmount', '10.00'],
    ]);
    await fifteenSecondsLater(user.id);
    await settle();
    expect(await balanceOf(user.id)).toBe('30.00');
    // still below, but credited minutes ago: at most one an hour
    await charge(user.id, '0.50');
    expect(await rechargesInFlight(user.id)).toBe(0);

    // an hour later, twenty charges at once, each its own transaction, half of them from the other process
    await query(`update public.transactions set created_at = created_at - interval '61 minutes' where user_id = $1 and type = 'auto_recharge'`, [user.id]);
    await Promise.all(Array.from({ length: 20 }, (_, i) => charge(user.id, '0.50', i % 2 === 0 ? database.db : otherProcess)));
    expect(await balanceOf(user.id)).toBe('19.50');
    const started = await query<{ amount: string }>(
      `select payload ->> 'amount' as amount from private.billing_jobs where user_id = $1 and kind = 'auto_recharge' and status = 'pending'`,
      [user.id],
    );
    expect(started).toEqual([{ amount: '10.00' }]);

    // both processes run the jobs at once: one PaymentIntent, one credit
    await Promise.all([jobs.runDue(), otherJobs.runDue(), jobs.runDue(), otherJobs.runDue()]);
    await payments.stripeSimulator.events.flush();
    await jobs.runDue();
    expect(await autoRecharges(user.id)).toEqual([
      { amount: '10.00', status: 'completed' },
      { amount: '10.00', status: 'completed' },
    ]);
    expect(await balanceOf(user.id)).toBe('29.50');
    expect(mailsTo(user.email, 'Your Ringwise receipt: $10.00 added')).toHaveLength(2);
  });

  test('a recharge declined off-session (4000 0000 0000 9995) e-mails once and waits for the user, not for the next call', async () => {
    const user = await userWhoPaid('4000 0000 0000 9995');
    await charge(user.id, '11.25');
    await setPreferences(user.token, [
      ['autoRechargeEnabled', true],
      ['autoRechargeTrigger', '10.00'],
    ]);
    await fifteenSecondsLater(user.id);
    await settle();
    expect(await autoRecharges(user.id)).toEqual([{ amount: '25.00', status: 'failed' }]);
    const failureMail = 'Ringwise auto-recharge failed: no money was taken';
    expect(mailsTo(user.email, failureMail)).toHaveLength(1);

    // the next calls within the hour: no new attempt, no new e-mail
    for (let i = 0; i < 6; i++) await charge(user.id, '0.02');
    expect(await rechargesInFlight(user.id)).toBe(0);
    await settle();
    expect(await autoRecharges(user.id)).toHaveLength(1);
    expect(mailsTo(user.email, failureMail)).toHaveLength(1);
    expect(await balanceOf(user.id)).toBe('8.63');
    const [held] = await query<{ held: boolean }>(`select auto_recharge_retry_after > now() + interval '59 minutes' as held from public.users where id = $1`, [user.id]);
    expect(held).toEqual({ held: true });

    // the user answers (a setting changed): one new attempt at once; declined again, one more e-mail
    await setPreferences(user.token, [['autoRechargeAmount', '10.00']]);
    await fifteenSecondsLater(user.id);
    await settle();
    expect(await autoRecharges(user.id)).toEqual([
      { amount: '25.00', status: 'failed' },
      { amount: '10.00', status: 'failed' },
    ]);
    const mails = mailsTo(user.email, failureMail);
    expect(mails).toHaveLength(2);
    expect(mails.every((mail) => mail.includes('Your card has insufficient funds.'))).toBe(true);
    expect(await balanceOf(user.id)).toBe('8.63');
  });
});
