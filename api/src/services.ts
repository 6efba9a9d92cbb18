// What the api needs beyond its config, opened once at start-up: the database (migrated), auth (token
// verification with the Auth server's published keys, and the official Auth admin client: the hosted project, or
// the Supabase Auth stand-in at AUTH_STAND_IN_URL with the service_role key it left in DATA_DIR), payments (the official
// Stripe SDK client: Stripe, or the payment simulator at STRIPE_SIMULATOR_URL) and telephony (the official Twilio SDK
// client: Twilio, or the carrier simulator at TWILIO_SIMULATOR_URL). The simulators are programs of their own: the
// api reaches them only through the SDKs, and they reach it only at PUBLIC_URL, signed.
import { readFile } from 'node:fs/promises';
import { createAuthAdmin, type AuthAdmin } from './auth/admin-client.ts';
import { loadAuthConfig, type AuthConfig } from './auth/config.ts';
import { createTokenVerifier, type TokenVerifier } from './auth/verify.ts';
import { ConfigError, type ApiConfig, type Env } from './config.ts';
import { createLimiter, type Limiter } from '@ringwise/rate-limits/limiter';
import { createSqlRateLimitStore } from './limits/store.ts';
import { createRedisRateLimitStore } from './limits/redis-store.ts';
import type { Database } from './db/database.ts';
import { createBillingJobs, type BillingJobs } from './modules/billing/jobs.ts';
import { createNumberRenewals, type NumberRenewals } from './modules/numbers/renewals.ts';
import { createCallReconciler, type CallReconciler } from './modules/calls/reconciler.ts';
import { createDeletionCompleter, type DeletionCompleter } from './modules/profile/deletion-completer.ts';
import { createMinutesEstimator } from './modules/billing/minutes.ts';
import { loadMailConfig } from './mail/config.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { openDatabase, preparedStatementsFromEnv } from './db/open-database.ts';
import { seedRateDeck } from './modules/rates/seed.ts';
import { createRateService, type RateService } from './modules/rates/service.ts';
import { createPaymentServices, type FetchFunction, type PaymentServices } from './payments/stripe-client.ts';
import { createTelephonyServices, type TelephonyServices } from './telephony/twilio-client.ts';

export interface ApiServices {
  db: Database;
  /** The billing jobs (auto-recharge, e-mails) the ledger creates; run by every api process. */
  billingJobs?: BillingJobs;
  /** Settles the calls the carrier has not reported on for a while from its record (and ends those past their
   *  limits); run by every api process. */
  callReconciler?: CallReconciler;
  /** Finishes account deletions whose last step failed (the profile of a sign-in Auth deleted); every api process. */
  deletionCompleter?: DeletionCompleter;
  /** Monthly renewals of virtual numbers (and the clean-up of purchases that died); run by every api process. */
  numberRenewals?: NumberRenewals;
  /** Where e-mail goes: SMTP_URL, or .eml files in DATA_DIR/mail. */
  mailer?: Mailer;
  /** The rate deck (its in-memory longest-prefix index follows the deck version in the database). */
  rates: RateService;
  auth: {
    config: AuthConfig;
    verifier: TokenVerifier;
    /** Supabase Auth's admin API through the official client (the hosted project, or the local stand-in with the
     *  service_role key it left in DATA_DIR): account deletion. Services made by hand (tests) may leave it out; then
     *  DELETE /api/user answers 503. */
    admin?: AuthAdmin;
  };
  /** The rate limits every api process shares: Redis with REDIS_URL, else PostgreSQL (default: made from `db`). */
  limiter?: Limiter;
  /** Payments: `payments.stripe` (the official SDK client: Stripe, or the simulator without STRIPE_SECRET_KEY;
   *  application code cannot tell which) and `payments.webhookSecret` (verify /webhooks/stripe with
   *  `stripe.webhooks.constructEventAsync`). Without it, no billing is served. */
  payments?: PaymentServices;
  /** Telephony: `telephony.twilio` (the official SDK client: Twilio, or the carrier simulator without
   *  TWILIO_ACCOUNT_SID/TWILIO_AUTH_TOKEN; application code cannot tell which) and `telephony.authToken`
   *  (verify webhooks' X-Twilio-Signature with `twilio.validateRequest`). */
  telephony?: TelephonyServices;
}

/**
 * Auth of the config: tokens checked with the Auth server's JWKS, its admin API through the official client (at
 * `SUPABASE_URL/auth/v1` with SUPABASE_SERVICE_ROLE_KEY, or at the stand-in with the key it left in DATA_DIR/auth).
 * `transport` is for tests: a `url` and a `fetch` such as a stand-in's `handle`.
 */
export async function createAuthServices(
  config: ApiConfig,
  env: Env = process.env,
  transport: { url?: string; fetch?: FetchFunction } = {},
): Promise<ApiServices['auth']> {
  const authConfig = loadAuthConfig(env, config.dataDir);
  const sendVia = transport.fetch ? { fetch: transport.fetch } : {};
  const verifier = createTokenVerifier(authConfig, sendVia.fetch ? { fetch: sendVia.fetch as never } : {});
  if (authConfig.mode === 'hosted') {
    if (!config.supabase) throw new ConfigError('SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY go together');
    const admin = createAuthAdmin({ url: transport.url ?? authConfig.issuer, serviceRoleKey: config.supabase.serviceRoleKey, ...sendVia });
    return { config: authConfig, verifier, admin };
  }
  const serviceRoleKey = async () => {
    try {
      return (await readFile(authConfig.serviceRoleKeyFile, 'utf8')).trim();
    } catch {
      throw new Error(`The Supabase Auth stand-in has not left its service_role key in ${authConfig.serviceRoleKeyFile} yet: is it running?`);
    }
  };
  return { config: authConfig, verifier, admin: createAuthAdmin({ url: transport.url ?? authConfig.issuer, serviceRoleKey, ...sendVia }) };
}

export async function openServices(config: ApiConfig, env: Env = process.env): Promise<ApiServices> {
  const db = await openDatabase({
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: config.dataDir,
    supabase: config.supabase !== null,
    prepare: preparedStatementsFromEnv(env),
  });
  // a new database starts with the seed deck (only when the deck is empty)
  await seedRateDeck(db);
  // RATE_DECK_POLL_SECONDS: how soon every api process serves a deck another one (or rates:import) stored
  const pollSeconds = Number(env.RATE_DECK_POLL_SECONDS ?? 30);
  if (!Number.isFinite(pollSeconds) || pollSeconds <= 0 || pollSeconds > 3600) throw new ConfigError(`RATE_DECK_POLL_SECONDS must be from 0.1 to 3600 seconds (got "${env.RATE_DECK_POLL_SECONDS}")`);
  const rates = createRateService({ db, pollIntervalMs: pollSeconds * 1000 });
  const payments = createPaymentServices(config);
  const telephony = createTelephonyServices(config);
  const mailer = createMailer(loadMailConfig(env, config));
  const billingJobs = createBillingJobs({ db, stripe: payments.stripe, mailer, publicUrl: config.publicUrl, estimateMinutes: createMinutesEstimator(db, rates) });
  const numberRenewals = createNumberRenewals({ db, twilio: telephony.twilio, onJobs: () => billingJobs.kick() });
  const callReconciler = createCallReconciler(db, telephony.twilio, config.callQuietSeconds);
  const deletionCompleter = createDeletionCompleter(db);
  const limiter = createLimiter(config.limits.redisUrl ? createRedisRateLimitStore(config.limits.redisUrl) : createSqlRateLimitStore(db));
  return { db, auth: await createAuthServices(config, env), limiter, rates, payments, telephony, billingJobs, numberRenewals, callReconciler, deletionCompleter, mailer };
}
