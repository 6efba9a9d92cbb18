// A top-up from start to finish through the official Stripe SDK and the payment simulator (no keys), on the
// machine's PostgreSQL: the session, the hosted payment page with Stripe's test cards, the signed event, the
// credit; then an auto-recharge on the saved card. Everything an app without keys does, in-process.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testPublicUrl } from '../../auth/testing.ts';
import { createTestDatabase, type TestDatabase } from '../../db/testing.ts';
import { createMailer } from '../../mail/mailer.ts';
import { createTestPayments, type TestPayments } from '../../payments/testing.ts';
import { testConfig } from '../../testing/fixtures.ts';
import { createRateService } from '../rates/service.ts';
import { createBillingJobs, type BillingJobs } from './jobs.ts';
import { createMinutesEstimator } from './minutes.ts';
import { billingTestApp, type BillingTestApp } from './testing.ts';

let database: TestDatabase;
let payments: TestPayments;
let jobs: BillingJobs;
let billingApp: BillingTestApp;
const mailDir = mkdtempSync(join(tmpdir(), 'ringwise-top-up-mail-'));

const call = (method: string, path: string, token?: string, body?: unknown, headers?: Record<string, string>) =>
  billingApp.call(method, path, token, body, headers);

beforeAll(async () => {
  database = await createTestDatabase();
  payments = await createTestPayments(database.db, testConfig({ PUBLIC_URL: testPublicUrl }));
  const rates = createRateService({ db: database.db });
  jobs = createBillingJobs({
    db: database.db,
    stripe: payments.payments.stripe,
    mailer: createMailer({ from: 'Ringwise <no-reply@ringwise.test>', mailDir }),
    publicUrl: testPublicUrl,
    estimateMinutes: createMinutesEstimator(database.db, rates),
    log: () => {},
  });
  billingApp = await billingTestApp(database.db, { services: payments.services, jobs, rates });
  payments.attach(billingApp.app);
});
afterAll(async () => {
  await payments.close();
  await jobs.stop();
  await database.drop();
  rmSync(mailDir, { recursive: true, force: true });
});

const signUp = () => billingApp.signUp('top-up');

async function me(token: string) {
  return (await (await call('GET', '/api/auth/user', token)).json()) as { balance: string; stripeCustomerId: string | null };
}

/** Pays a session on the simulator's hosted page (its own origin) with a card, as a browser submits its form. */
async function pay(url: string, card: string) {
  expect(new URL(url).origin).toBe('http://localhost:3012');
  const page = await payments.simulator.handle(new Request(url));
  expect(page.status).toBe(200);
  const form = new URLSearchParams({ email: 'payer@example.com', cardNumber: card, cardExpiry: '12 / 34', cardCvc: '123', billingName: 'Ada Lovelace' });
  return payments.simulator.handle(new Request(url, { method: 'POST', body: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } })) as Promise<Response>;
}

describe('a top-up with Stripe’s test cards', () => {
  test('4242 4242 4242 4242 pays: the browser returns to /checkout, the event credits $25.00 once, a receipt goes out', async () => {
    const user = await signUp();
    const created = await (await call('POST', '/api/stripe/checkout-sessions', user.token, { amount: '25.00' })).json();
    const paid = await pay(created.url, '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${testPublicUrl}/checkout?session_id=${created.id}`);
    await payments.stripeSimulator.events.flush();

    expect(await (await call('GET', `/api/stripe/checkout-sessions/${created.id}`, user.token)).json()).toMatchObject({ credited: true, paymentStatus: 'paid', amount: '25.00' });
    const profile = await me(user.token);
    expect(profile.balance).toBe('25.00');
    expect(profile.stripeCustomerId).toStartWith('cus_');
    const history = await (await call('GET', '/api/transactions', user.token)).json();
    expect(history.items).toEqual([expect.objectContaining({ type: 'credit_purchase', amount: '25.00', status: 'completed', description: 'Account top-up' })]);

    await jobs.runDue();
    const receipts = readdirSync(mailDir).map((f) => readFileSync(join(mailDir, f), 'utf8')).filter((m) => m.includes(`To: ${user.email}`));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toContain('Subject: Your Ringwise receipt: $25.00 added');
  });

  test('4000 0000 0000 0002 is declined on the page with Stripe’s message; no money moves', async () => {
    const user = await signUp();
    const created = await (await call('POST', '/api/stripe/checkout-sessions', user.token, { amount: '10.00' })).json();
    const declined = await pay(created.url, '4000 0000 0000 0002');
    expect(declined.status).toBe(200);
    expect(await declined.text()).toContain('Your card was declined.');
    await payments.stripeSimulator.events.flush();
    expect((await me(user.token)).balance).toBe('0.00');
    expect(await (await call('GET', `/api/stripe/checkout-sessions/${created.id}`, user.token)).json()).toMatchObject({ credited: false, status: 'open' });
  });

  test('an auto-recharge on a saved 4242 card credits its amount when its event arrives', async () => {
    const user = await signUp();
    const created = await (await call('POST', '/api/stripe/checkout-sessions', user.token, { amount: '20.00' })).json();
    await pay(created.url, '4242424242424242');
    await payments.stripeSimulator.events.flush();
    for (const [key, value] of [['autoRechargeTrigger', '10.00'], ['autoRechargeAmount', '25.00'], ['autoRechargeEnabled', true]] as const) {
      expect((await call('PATCH', '/api/user/preferences', user.token, { [key]: value })).status).toBe(200);
    }
    await database.db.privileged((sql) => sql.query(`select private.post_ledger_entry($1, 'adjustment', '-11.00', 'Calls')`, [user.id]));
    await jobs.runDue();
    await payments.stripeSimulator.events.flush();
    expect((await me(user.token)).balance).toBe('34.00');
    const history = await (await call('GET', '/api/transactions?kind=payments', user.token)).json();
    expect(history.items.map((t: { type: string; amount: string; status: string }) => [t.type, t.amount, t.status])).toEqual([
      ['auto_recharge', '25.00', 'completed'],
      ['credit_purchase', '20.00', 'completed'],
    ]);
  });

  test('4000 0000 0000 9995 pays on the page, then fails off-session: a failed auto-recharge, no money, an e-mail', async () => {
    const user = await signUp();
    const created = await (await call('POST', '/api/stripe/checkout-sessions', user.token, { amount: '20.00' })).json();
    expect((await pay(created.url, '4000 0000 0000 9995')).status).toBe(303);
    await payments.stripeSimulator.events.flush();
    expect((await me(user.token)).balance).toBe('20.00');
    await call('PATCH', '/api/user/preferences', user.token, { autoRechargeEnabled: true });
    // default trigger $5: 20 → 4
    await database.db.privileged((sql) => sql.query(`select private.post_ledger_entry($1, 'adjustment', '-16.00', 'Calls')`, [user.id]));
    await jobs.runDue();
    await payments.stripeSimulator.events.flush();
    await jobs.runDue();

    expect((await me(user.token)).balance).toBe('4.00');
    const history = await (await call('GET', '/api/transactions', user.token)).json();
    expect(history.items[0]).toMatchObject({ type: 'auto_recharge', amount: '25.00', status: 'failed', description: 'Auto-recharge failed: Your card has insufficient funds.' });
    const mails = readdirSync(mailDir).map((f) => readFileSync(join(mailDir, f), 'utf8')).filter((m) => m.includes(`To: ${user.email}`));
    expect(mails.filter((m) => m.includes('Subject: Ringwise auto-recharge failed: no money was taken'))).toHaveLength(1);
  });
});
