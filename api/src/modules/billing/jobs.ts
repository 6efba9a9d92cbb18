// The billing jobs the ledger creates (private.billing_jobs): auto-recharges and e-mails. Any api replica may
// run them: a job is claimed with `for update skip locked` (so two replicas never take the same one) and
// leased for a minute; a replica that dies mid-job leaves the lease to expire and another takes it over.
// A failed attempt is tried again later (backoff), up to `maxAttempts`.
import Stripe from 'stripe';
import { centsOf } from '@ringwise/contract/billing';
import type { Database, Sql } from '../../db/database.ts';
import { detached } from '../../lib/deadline.ts';
import type { Mailer } from '../../mail/mailer.ts';
import {
  autoRechargeFailedEmail,
  lowBalanceEmail,
  numberReleasedEmail,
  numberRenewalFailedEmail,
  paymentReceiptEmail,
  voicemailEmail,
  type MinutesEstimate,
} from './emails.ts';
import { failAutoRecharge } from './webhook.ts';

export type JobKind =
  | 'auto_recharge'
  | 'low_balance_alert'
  | 'payment_receipt'
  | 'auto_recharge_failed'
  | 'number_renewal_failed'
  | 'number_released'
  | 'voicemail_received';

export interface BillingJob {
  id: string;
  user_id: string;
  kind: JobKind;
  payload: Record<string, string>;
  attempts: number;
}

export interface BillingJobsOptions {
  db: Pick<Database, 'privileged'>;
  stripe: Stripe;
  mailer: Mailer;
  publicUrl: string;
  /** How many minutes a balance buys to the user's most-called destination (low-balance e-mail). */
  estimateMinutes(userId: string, balance: string): Promise<MinutesEstimate | null>;
  maxAttempts?: number;
  /** Jobs claimed per round. */
  batchSize?: number;
  log?: (message: string, error?: unknown) => void;
}

export interface BillingJobs {
  /** Runs every job that is due now (rounds of `batchSize`), resolving with how many ran. */
  runDue(): Promise<number>;
  /** Schedules a run soon (after a posting made jobs); several kicks share one run. */
  kick(): void;
  /** Runs due jobs every `intervalMs` until stopped (the safety net for kicks lost to a crash). */
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

interface UserContact {
  email: string;
  first_name: string | null;
  balance: string;
  stripe_customer_id: string | null;
}

export function createBillingJobs(options: BillingJobsOptions): BillingJobs {
  const { db, stripe, mailer, publicUrl } = options;
  const maxAttempts = options.maxAttempts ?? 5;
  const batchSize = options.batchSize ?? 20;
  const log = options.log ?? ((message, error) => console.error(`[billing] ${message}`, error ?? ''));

  async function claim(): Promise<BillingJob[]> {
    return db.privileged((sql) =>
      sql.query<BillingJob>(
        `update private.billing_jobs j
         set status = 'running', attempts = j.attempts + 1, locked_until = now() + interval '60 seconds'
         where j.id in (
           select id from private.billing_jobs
           where (status = 'pending' and run_after <= now()) or (status = 'running' and locked_until < now())
           order by run_after, created_at
           for update skip locked
           limit $1
         )
         returning j.id, j.user_id, j.kind, j.payload, j.attempts`,
        [batchSize],
      ),
    );
  }

  const userOf = async (sql: Sql, userId: string) =>
    (await sql.query<UserContact>('select email, first_name, balance::text as balance, stripe_customer_id from public.users where id = $1', [userId]))[0];

  async function finish(job: BillingJob, status: 'done' | 'failed' | 'awaiting_payment', error?: string): Promise<void> {
    await db.privileged((sql) =>
      sql.query(`update private.billing_jobs set status = $2, locked_until = null, last_error = $3 where id = $1 and status = 'running'`, [
        job.id,
        status,
        error ?? null,
      ]),
    );
  }

  async function retryLater(job: BillingJob, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    if (job.attempts >= maxAttempts) {
      log(`${job.kind} job ${job.id} gave up after ${job.attempts} attempts`, error);
      if (job.kind === 'auto_recharge') {
        await db.privileged((sql) =>
          failAutoRecharge(sql, {
            userId: job.user_id,
            jobId: job.id,
            amount: job.payload.amount ?? '0.00',
            paymentIntentId: null,
            reason: 'The payment service could not be reached.',
          }),
        );
      } else {
        await finish(job, 'failed', message);
      }
      return;
    }
    const delaySeconds = Math.min(300, 5 * 2 ** (job.attempts - 1));
    await db.privileged((sql) =>
      sql.query(
        `update private.billing_jobs set status = 'pending', locked_until = null, last_error = $2, run_after = now() + make_interval(secs => $3)
         where id = $1 and status = 'running'`,
        [job.id, message, delaySeconds],
      ),
    );
  }

  /** An off-session PaymentIntent on the saved card; credited when its success event arrives (webhook.ts). */
  async function autoRecharge(job: BillingJob): Promise<void> {
    const amount = job.payload.amount!;
    const user = await db.privileged((sql) => userOf(sql, job.user_id));
    const fail = (reason: string, paymentIntentId: string | null) =>
      db.privileged((sql) => failAutoRecharge(sql, { userId: job.user_id, jobId: job.id, amount, paymentIntentId, reason }));
    if (!user?.stripe_customer_id) return fail('There is no saved card to charge. Add credits once by card to save one.', null);
    const methods = await stripe.customers.listPaymentMethods(user.stripe_customer_id, { type: 'card', limit: 1 });
    const card = methods.data[0];
    if (!card) return fail('There is no saved card to charge. Add credits once by card to save one.', null);
    try {
      await stripe.paymentIntents.create(
        {
          amount: Number(centsOf(amount)),
          currency: 'usd',
          customer: user.stripe_customer_id,
          payment_method: card.id,
          off_session: true,
          confirm: true,
          description: `Ringwise auto-recharge ($${amount})`,
          metadata: { kind: 'auto_recharge', user_id: job.user_id, job_id: job.id },
        },
        // one PaymentIntent per recharge (this job), whatever happens to this attempt
        { idempotencyKey: `ringwise-auto-recharge-${job.id}` },
      );
      await finish(job, 'awaiting_payment');
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        return fail(error.message, error.payment_intent?.id ?? null);
      }
      throw error;
    }
  }

  async function sendEmail(job: BillingJob): Promise<void> {
    const user = await db.privileged((sql) => userOf(sql, job.user_id));
    if (!user) return finish(job, 'done');
    switch (job.kind) {
      case 'payment_receipt': {
        const [entry] = await db.privileged((sql) =>
          sql.query<{ type: string; amount: string; created_at: string; stripe_payment_intent_id: string | null }>(
            'select type, amount::text as amount, created_at, stripe_payment_intent_id from public.transactions where id = $1',
            [job.payload.entryId],
          ),
        );
        if (!entry) return finish(job, 'done');
        await mailer.send(
          paymentReceiptEmail({
            to: user.email,
            firstName: user.first_name,
            amount: entry.amount,
            balance: job.payload.balance ?? user.balance,
            at: entry.created_at,
            reference: entry.stripe_payment_intent_id ?? '',
            automatic: entry.type === 'auto_recharge',
            publicUrl,
          }),
        );
        break;
      }
      case 'low_balance_alert': {
        const balance = job.payload.balance ?? user.balance;
        const minutes = await options.estimateMinutes(job.user_id, balance);
        await mailer.send(lowBalanceEmail({ to: user.email, firstName: user.first_name, balance, threshold: job.payload.threshold ?? '5.00', minutes, publicUrl }));
        break;
      }
      case 'auto_recharge_failed':
        await mailer.send(
          autoRechargeFailedEmail({ to: user.email, firstName: user.first_name, amount: job.payload.amount ?? '', reason: job.payload.reason ?? '', balance: user.balance, publicUrl }),
        );
        break;
      case 'number_renewal_failed':
        await mailer.send(
          numberRenewalFailedEmail({
            to: user.email,
            firstName: user.first_name,
            phoneNumber: job.payload.phoneNumber ?? '',
            price: job.payload.price ?? '',
            balance: user.balance,
            graceEndsAt: job.payload.graceEndsAt ?? new Date().toISOString(),
            publicUrl,
          }),
        );
        break;
      case 'number_released':
        await mailer.send(numberReleasedEmail({ to: user.email, firstName: user.first_name, phoneNumber: job.payload.phoneNumber ?? '', publicUrl }));
        break;
      case 'voicemail_received': {
        // a message deleted before its e-mail went out is not announced
        const [call] = await db.privileged((sql) =>
          sql.query<{ voicemail_at: string }>(
            `select voicemail_at from public.calls where id = $1 and user_id = $2 and voicemail_at is not null and deleted_at is null`,
            [job.payload.callId, job.user_id],
          ),
        );
        if (!call) break;
        await mailer.send(
          voicemailEmail({
            to: user.email,
            firstName: user.first_name,
            caller: job.payload.caller ?? 'unknown',
            durationSeconds: Number(job.payload.durationSeconds ?? 0),
            at: new Date(call.voicemail_at).toISOString(),
            publicUrl,
          }),
        );
        break;
      }
      default:
        break;
    }
    await finish(job, 'done');
  }

  async function run(job: BillingJob): Promise<void> {
    try {
      if (job.kind === 'auto_recharge') await autoRecharge(job);
      else await sendEmail(job);
    } catch (error) {
      await retryLater(job, error).catch((inner: unknown) => log(`job ${job.id} could not be rescheduled`, inner));
    }
  }

  let running: Promise<number> | null = null;
  let queued: Promise<number> | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;

  async function runDue(): Promise<number> {
    let total = 0;
    for (;;) {
      const jobs = await claim();
      if (jobs.length === 0) return total;
      await Promise.all(jobs.map(run));
      total += jobs.length;
    }
  }

  /** One run at a time in this process. Asked during a run, one more run follows it (shared by everyone who
   *  asked meanwhile), and the answer waits for that one: it sees every job due when it was asked. */
  function schedule(): Promise<number> {
    if (running) {
      queued ??= running.then(() => {
        queued = null;
        return schedule();
      });
      return queued;
    }
    running = runDue()
      .catch((error: unknown) => {
        log('the billing jobs could not run', error);
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    runDue: () => schedule(),
    // kicked by a request (a payment's webhook), the run is not that request's: it gets its own deadlines
    kick: () => void detached(schedule),
    start(intervalMs = 5_000) {
      timer ??= setInterval(() => void schedule(), intervalMs);
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
