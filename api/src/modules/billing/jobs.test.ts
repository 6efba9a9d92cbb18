// The billing jobs on the machine's PostgreSQL: auto-recharge once per crossing and never twice at once (two
// replicas running the jobs together), its failure (a failed entry, no money, one e-mail), the low-balance
// alert once per crossing and the receipts, received by a real SMTP server. A balance already below the
// trigger (switched on while low, charges below it, a failure's hold) is auto-recharge.test.ts's.
import { afterAll, afterEach, beforeAll, describe, expect, mock, test } from 'bun:test';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import Stripe from 'stripe';
import { createTestDatabase, type TestDatabase } from '../../db/testing.ts';
import { createMailer } from '../../mail/mailer.ts';
import { createRateService } from '../rates/service.ts';
import { seedRateDeck } from '../rates/seed.ts';
import { createBillingJobs, type BillingJobs } from './jobs.ts';
import { createMinutesEstimator } from './minutes.ts';
import { failAutoRecharge } from './webhook.ts';
import { billingTestApp, deliver, stripeEvent, type BillingTestApp } from './testing.ts';

interface Received {
  to: string;
  subject: string;
  text: string;
}

let database: TestDatabase;
let smtp: SMTPServer;
let smtpPort = 0;
let inbox: Received[] = [];
let app: BillingTestApp;
const webhookStripe = new Stripe('sk_test_webhooks_only');

/** A Stripe stand-in for the two calls the jobs make: the saved cards, and the off-session PaymentIntent. */
function fakeStripe(create: (params: Stripe.PaymentIntentCreateParams, options?: Stripe.RequestOptions) => Promise<unknown>) {
  const paymentIntents = { create: mock(create) };
  const stripe = {
    customers: { listPaymentMethods: async () => ({ object: 'list', data: [{ id: 'pm_card_saved', object: 'payment_method' }], has_more: false }) },
    paymentIntents,
  } as unknown as Stripe;
  return { stripe, paymentIntents };
}

const rates = () => createRateService({ db: database.db });

function jobsOptions(stripe: Stripe): Parameters<typeof createBillingJobs>[0] {
  return {
    db: database.db,
    stripe,
    mailer: createMailer({ smtpUrl: `smtp://127.0.0.1:${smtpPort}`, from: 'Ringwise <no-reply@ringwise.test>', mailDir: '/nonexistent' }),
    publicUrl: 'https://ringwise.test',
    estimateMinutes: createMinutesEstimator(database.db, rates()),
    log: () => {},
  };
}

const jobsWith = (stripe: Stripe): BillingJobs => createBillingJobs(jobsOptions(stripe));

beforeAll(async () => {
  database = await createTestDatabase();
  await seedRateDeck(database.db);
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          inbox.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), subject: mail.subject ?? '', text: mail.text ?? '' });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  smtpPort = (smtp.server.address() as { port: number }).port;
  app = await billingTestApp(database.db, { stripe: webhookStripe });
});
afterEach(() => {
  inbox = [];
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await database.drop();
});

const post = (text: string, params: unknown[]) => database.db.privileged((sql) => sql.query(text, params));

async function balanceOf(userId: string): Promise<string> {
  const [row] = await post('select balance::text as balance from public.users where id = $1', [userId]);
  return (row as { balance: string }).balance;
}

/** A user with $20 from a card top-up and auto-recharge on (below $10, add $25). */
async function rechargingUser() {
  const user = await app.signUp('recharge');
  await post(`update public.users set stripe_customer_id = $2 where id = $1`, [user.id, `cus_${user.id.slice(0, 8)}`]);
  await post(`select private.post_ledger_entry($1, 'credit_purchase', '20.00', 'Account top-up', null, $2)`, [user.id, `pi_topup_${user.id}`]);
  await post(`update public.users set auto_recharge_enabled = true, auto_recharge_trigger = '10.00', auto_recharge_amount = '25.00' where id = $1`, [user.id]);
  await post(`update private.billing_jobs set status = 'done' where user_id = $1`, [user.id]); // the top-up's receipt
  return user;
}

const charge = (userId: string, amount: string) => post(`select private.post_ledger_entry($1, 'adjustment', $2, 'Call')`, [userId, amount]);

describe('auto-recharge', () => {
  test('a crossing below the trigger makes one off-session payment, even with two replicas running the jobs at once', async () => {
    const user = await rechargingUser();
    const { stripe, paymentIntents } = fakeStripe(async () => {
      await Bun.sleep(50);
      return { id: `pi_ar_${user.id}`, object: 'payment_intent', status: 'succeeded' };
    });
    await charge(user.id, '-11.00'); // 20 → 9
    await Promise.all([jobsWith(stripe).runDue(), jobsWith(stripe).runDue(), jobsWith(stripe).runDue()]);
    expect(paymentIntents.create).toHaveBeenCalledTimes(1);
    const [params, options] = paymentIntents.create.mock.calls[0]!;
    expect(params).toMatchObject({ amount: 2500, currency: 'usd', customer: `cus_${user.id.slice(0, 8)}`, payment_method: 'pm_card_saved', off_session: true, confirm: true });
    expect(params.metadata).toMatchObject({ kind: 'auto_recharge', user_id: user.id });
    expect(options?.idempotencyKey).toBe(`ringwise-auto-recharge-${params.metadata!.job_id}`);

    // still below the trigger, and another crossing while the payment is on its way: no second payment
    await charge(user.id, '-1.00');
    await jobsWith(stripe).runDue();
    expect(paymentIntents.create).toHaveBeenCalledTimes(1);
    expect(await balanceOf(user.id)).toBe('8.00');

    // credited when its success event arrives, once however often it arrives
    const succeeded = stripeEvent('payment_intent.succeeded', {
      id: `pi_ar_${user.id}`,
      object: 'payment_intent',
      amount: 2500,
      amount_received: 2500,
      currency: 'usd',
      status: 'succeeded',
      metadata: params.metadata,
    });
    for (let i = 0; i < 3; i++) expect((await deliver(app, webhookStripe, succeeded)).status).toBe(200);
    expect(await balanceOf(user.id)).toBe('33.00');
    const entries = await post(`select type, amount::text as amount, status from public.transactions where user_id = $1 and type = 'auto_recharge'`, [user.id]);
    expect(entries).toEqual([{ type: 'auto_recharge', amount: '25.00', status: 'completed' }]);

    // back above: the next crossing recharges again
    await charge(user.id, '-24.00'); // 33 → 9
    await jobsWith(stripe).runDue();
    expect(paymentIntents.create).toHaveBeenCalledTimes(2);

    // a receipt for the auto-recharge
    await jobsWith(stripe).runDue();
    expect(inbox.filter((m) => m.to === user.email).map((m) => m.subject)).toContain('Your Ringwise receipt: $25.00 added');
  });

  test('asked while a run is under way, runDue answers after a run that saw the job made meanwhile', async () => {
    const user = await rechargingUser();
    const { stripe, paymentIntents } = fakeStripe(async () => ({ id: `pi_ar_late_${user.id}`, object: 'payment_intent', status: 'succeeded' }));
    // the first run's look for due jobs has found none, but the run has not ended yet
    let looked!: () => void;
    const lookedOnce = new Promise<void>((resolve) => (looked = resolve));
    const slowDb: typeof database.db = {
      ...database.db,
      async privileged(work) {
        const result = await database.db.privileged(work);
        looked();
        await Bun.sleep(100);
        return result;
      },
    };
    const jobs = createBillingJobs({ ...jobsOptions(stripe), db: slowDb });
    const first = jobs.runDue();
    await lookedOnce;
    await charge(user.id, '-11.00'); // the crossing makes its job now
    await jobs.runDue();
    expect(paymentIntents.create).toHaveBeenCalledTimes(1);
    await first;
  });

  test('a declined card moves no money, shows a failed entry and sends one e-mail', async () => {
    const user = await rechargingUser();
    const { stripe } = fakeStripe(async () => {
      throw new Stripe.errors.StripeCardError({
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
        payment_intent: { id: `pi_declined_${user.id}`, object: 'payment_intent', status: 'requires_payment_method' } as never,
      });
    });
    await charge(user.id, '-11.00');
    await jobsWith(stripe).runDue();
    await jobsWith(stripe).runDue(); // the e-mail job the failure made

    expect(await balanceOf(user.id)).toBe('9.00');
    const failed = await post(`select type, amount::text as amount, status, description from public.transactions where user_id = $1 and status = 'failed'`, [user.id]);
    expect(failed).toEqual([{ type: 'auto_recharge', amount: '25.00', status: 'failed', description: 'Auto-recharge failed: Your card has insufficient funds.' }]);
    // the failure event of the same PaymentIntent arrives too: nothing more
    const failedEvent = stripeEvent('payment_intent.payment_failed', {
      id: `pi_declined_${user.id}`,
      object: 'payment_intent',
      amount: 2500,
      currency: 'usd',
      status: 'requires_payment_method',
      last_payment_error: { message: 'Your card has insufficient funds.' },
      metadata: { kind: 'auto_recharge', user_id: user.id },
    });
    expect((await deliver(app, webhookStripe, failedEvent)).status).toBe(200);
    await jobsWith(stripe).runDue();
    const mails = inbox.filter((m) => m.to === user.email);
    expect(mails.map((m) => m.subject)).toEqual(['Ringwise auto-recharge failed: no money was taken']);
    expect(mails[0]!.text).toContain('Your card has insufficient funds.');
    expect(mails[0]!.text).toContain('No money was taken. Your balance is $9.00.');
    const history = await (await app.call('GET', '/api/transactions', user.token)).json();
    expect(history.items[0]).toMatchObject({ type: 'auto_recharge', amount: '25.00', status: 'failed' });
  });

  test('the declined attempt and its failure event settling at the same moment make one failed entry and one e-mail', async () => {
    const user = await rechargingUser();
    const failure = { userId: user.id, jobId: null, amount: '25.00', paymentIntentId: `pi_race_${user.id}`, reason: 'Your card was declined.' };
    await Promise.all(Array.from({ length: 6 }, () => database.db.privileged((sql) => failAutoRecharge(sql, failure))));
    const entries = await post(`select status from public.transactions where stripe_payment_intent_id = $1`, [failure.paymentIntentId]);
    expect(entries).toEqual([{ status: 'failed' }]);
    const mails = await post(`select count(*)::int as n from private.billing_jobs where user_id = $1 and kind = 'auto_recharge_failed'`, [user.id]);
    expect(mails).toEqual([{ n: 1 }]);
  });

  test('a payment service that cannot be reached is tried again later with the same idempotency key', async () => {
    const user = await rechargingUser();
    let calls = 0;
    const keys: (string | undefined)[] = [];
    const { stripe } = fakeStripe(async (_params, options) => {
      keys.push(options?.idempotencyKey);
      calls++;
      if (calls === 1) throw new Stripe.errors.StripeConnectionError({ message: 'connect ECONNREFUSED' });
      return { id: `pi_retry_${user.id}`, object: 'payment_intent', status: 'succeeded' };
    });
    await charge(user.id, '-11.00');
    await jobsWith(stripe).runDue();
    await post(`update private.billing_jobs set run_after = now() where user_id = $1 and kind = 'auto_recharge'`, [user.id]);
    await jobsWith(stripe).runDue();
    expect(calls).toBe(2);
    expect(keys[0]).toBe(keys[1]);
    const [job] = await post(`select status, attempts from private.billing_jobs where user_id = $1 and kind = 'auto_recharge'`, [user.id]);
    expect(job).toEqual({ status: 'awaiting_payment', attempts: 2 });
  });
});

describe('low-balance alerts', () => {
  test('one e-mail per crossing below the threshold, with the minutes left to the most-called destination', async () => {
    const user = await app.signUp('alert');
    const { stripe } = fakeStripe(async () => ({}));
    await post(`select private.post_ledger_entry($1, 'credit_purchase', '10.00', 'Account top-up', null, $2)`, [user.id, `pi_alert_${user.id}`]);
    await post(
      `insert into public.calls (user_id, destination_number, status) values ($1, '+447700900123', 'completed'), ($1, '+447700900123', 'completed'), ($1, '+12125550123', 'completed')`,
      [user.id],
    );
    await charge(user.id, '-6.00'); // 10 → 4: below $5
    await charge(user.id, '-1.00'); // 4 → 3: still below
    await jobsWith(stripe).runDue();
    let alerts = inbox.filter((m) => m.to === user.email && m.subject.startsWith('Your Ringwise balance is low'));
    expect(alerts.map((m) => m.subject)).toEqual(['Your Ringwise balance is low: $4.00']);
    // $4.00 at the UK mobile rate of the seed deck ($0.032/min): 125 minutes
    expect(alerts[0]!.text).toContain('about 125 minutes of calls to United Kingdom (mobile) at $0.032/min');

    await charge(user.id, '3.00'); // 3 → 6: re-armed
    await charge(user.id, '-2.00'); // 6 → 4: a new crossing
    await jobsWith(stripe).runDue();
    alerts = inbox.filter((m) => m.to === user.email && m.subject.startsWith('Your Ringwise balance is low'));
    expect(alerts).toHaveLength(2);
  });

  test('without calls the estimate is at the US rate; with alerts off nothing is sent', async () => {
    const user = await app.signUp('alert-us');
    const quiet = await app.signUp('alert-off');
    const { stripe } = fakeStripe(async () => ({}));
    for (const who of [user, quiet]) await post(`select private.post_ledger_entry($1, 'credit_purchase', '6.00', 'Account top-up', null, $2)`, [who.id, `pi_us_${who.id}`]);
    await post(`update public.users set low_balance_alert_enabled = false where id = $1`, [quiet.id]);
    await charge(user.id, '-3.00');
    await charge(quiet.id, '-3.00');
    await jobsWith(stripe).runDue();
    const alert = inbox.find((m) => m.to === user.email && m.subject.startsWith('Your Ringwise balance is low'));
    expect(alert?.text).toContain('about 200 minutes of calls to the United States at $0.015/min');
    expect(inbox.filter((m) => m.to === quiet.email && m.subject.startsWith('Your Ringwise balance is low'))).toEqual([]);
    expect(inbox.filter((m) => m.to === quiet.email).map((m) => m.subject)).toEqual(['Your Ringwise receipt: $6.00 added']);
  });
});
