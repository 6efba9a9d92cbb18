// What the api needs beyond its config, opened once at start-up: the database (migrated), auth (token
// verification, the official Auth admin client, and with SUPABASE_URL unset the signing key of the Supabase Auth
// stand-in (@ringwise/auth-stand-in) and the service_role key it issues to that client), payments (the official
// Stripe SDK client, and with STRIPE_SECRET_KEY unset the payment simulator it talks to) and telephony (the
// official Twilio SDK client, and with TWILIO_ACCOUNT_SID unset the carrier simulator it talks to).
import { loadOrCreateSigningKey, type SigningKey } from '@ringwise/auth-stand-in/keys';
import { issueServiceRoleKey } from '@ringwise/auth-stand-in/service-role';
import { webhooks } from '@ringwise/contract/webhooks';
import { createAuthAdmin, localAuthUrl, type AuthAdmin } from './auth/admin-client.ts';
import { loadAuthConfig, type AuthConfig } from './auth/config.ts';
import { createTokenVerifier, type TokenVerifier } from './auth/verify.ts';
import { ConfigError, type ApiConfig, type Env } from './config.ts';
import { createLimiter, type Limiter } from './limits/limiter.ts';
import { createSqlRateLimitStore } from './limits/store.ts';
import { createRedisRateLimitStore } from './limits/redis-store.ts';
import type { Database } from './db/database.ts';
import { createBillingJobs, type BillingJobs } from './modules/billing/jobs.ts';
import { createNumberRenewals, type NumberRenewals } from './modules/numbers/renewals.ts';
import { createCallSweeper, type CallSweeper } from './modules/calls/sweeper.ts';
import { createDeletionCompleter, type DeletionCompleter } from './modules/profile/deletion-completer.ts';
import { createMinutesEstimator } from './modules/billing/minutes.ts';
import { loadMailConfig } from './mail/config.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { openDatabase, preparedStatementsFromEnv } from './db/open-database.ts';
import { seedRateDeck } from './modules/rates/seed.ts';
import { createRateService, type RateService } from './modules/rates/service.ts';
import { openStripeSimulator, type StripeSimulator } from '@ringwise/stripe-simulator';
import { openTwilioSimulator, type TwilioSimulator, type TwilioSimulatorOptions } from '@ringwise/twilio-simulator';
import { createPaymentServices, stripeSimulatorKey, type FetchFunction, type PaymentServices } from './payments/stripe-client.ts';
import { createTelephonyServices, type TelephonyServices } from './telephony/twilio-client.ts';

export interface ApiServices {
  db: Database;
  /** The billing jobs (auto-recharge, e-mails) the ledger creates; run by every api process. */
  billingJobs?: BillingJobs;
  /** Ends calls whose carrier never reported an end (releases their holds); run by every api process. */
  callSweeper?: CallSweeper;
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
    /** The Supabase Auth stand-in's signing key, only when SUPABASE_URL is unset: createApp mounts the stand-in under
     *  /auth/v1 with it. The api itself uses only its public half (`jwks`, in the verifier), as with a hosted project. */
    signingKey: SigningKey | null;
    /** Supabase Auth's admin API through the official client (the hosted project, or the local stand-in with the
     *  service_role key it issued): account deletion. Services made by hand (tests) may leave it out; then
     *  DELETE /api/user answers 503. */
    admin?: AuthAdmin;
  };
  /** The rate limits every api process shares: Redis with REDIS_URL, else PostgreSQL (default: made from `db`). */
  limiter?: Limiter;
  /** Payments: `payments.stripe` (the official SDK client: Stripe, or the simulator without STRIPE_SECRET_KEY;
   *  application code cannot tell which) and `payments.webhookSecret` (verify /webhooks/stripe with
   *  `stripe.webhooks.constructEventAsync`). Without it, no billing is served. */
  payments?: PaymentServices;
  /** The payment simulator createApp mounts under /sim/stripe, only when STRIPE_SECRET_KEY is unset. Application
   *  code never uses it; tests await `stripeSimulator.events.flush()` for its webhook deliveries. */
  stripeSimulator?: StripeSimulator;
  /** Telephony: `telephony.twilio` (the official SDK client: Twilio, or the carrier simulator without
   *  TWILIO_ACCOUNT_SID/TWILIO_AUTH_TOKEN; application code cannot tell which) and `telephony.authToken`
   *  (verify webhooks' X-Twilio-Signature with `twilio.validateRequest`). */
  telephony?: TelephonyServices;
  /** The carrier simulator createApp mounts under /sim/twilio, only without Twilio keys. Application code never
   *  uses it; tests type verification codes with `twilioSimulator.enterValidationCode` and await
   *  `twilioSimulator.callbacks.flush()` for its status callbacks. */
  twilioSimulator?: TwilioSimulator;
}

/**
 * Auth of the config. The admin client talks to `SUPABASE_URL/auth/v1` with SUPABASE_SERVICE_ROLE_KEY, or, without
 * SUPABASE_URL, to the local stand-in (default: over the app's own loopback origin; `transport` is for tests: `url`
 * and a `fetch` such as `app.handle`) with a service_role key made here, in memory, from the local signing key.
 */
export async function createAuthServices(
  config: ApiConfig,
  env: Env = process.env,
  transport: { url?: string; fetch?: FetchFunction } = {},
): Promise<ApiServices['auth']> {
  const authConfig = loadAuthConfig(env, config.publicUrl, config.dataDir);
  const sendVia = transport.fetch ? { fetch: transport.fetch } : {};
  if (authConfig.mode === 'hosted') {
    if (!config.supabase) throw new ConfigError('SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY go together');
    const admin = createAuthAdmin({ url: transport.url ?? authConfig.issuer, serviceRoleKey: config.supabase.serviceRoleKey, ...sendVia });
    return { config: authConfig, verifier: createTokenVerifier(authConfig), signingKey: null, admin };
  }
  const signingKey = await loadOrCreateSigningKey(authConfig.signingKeyFile);
  const admin = createAuthAdmin({ url: transport.url ?? localAuthUrl(config), serviceRoleKey: await issueServiceRoleKey(signingKey), ...sendVia });
  return {
    config: authConfig,
    verifier: createTokenVerifier(authConfig, { keys: signingKey.jwks }),
    signingKey,
    admin,
  };
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
  const paymentServices = await openPayments(config, db);
  const telephonyServices = await openTelephony(config, db);
  const mailer = createMailer(loadMailConfig(env, config));
  const billingJobs = paymentServices.payments
    ? createBillingJobs({
        db,
        stripe: paymentServices.payments.stripe,
        mailer,
        publicUrl: config.publicUrl,
        estimateMinutes: createMinutesEstimator(db, rates),
      })
    : undefined;
  const numberRenewals = telephonyServices.telephony
    ? createNumberRenewals({ db, twilio: telephonyServices.telephony.twilio, onJobs: () => billingJobs?.kick() })
    : undefined;
  const callSweeper = createCallSweeper(db, telephonyServices.telephony?.twilio ?? null);
  const deletionCompleter = createDeletionCompleter(db);
  const limiter = createLimiter(config.limits.redisUrl ? createRedisRateLimitStore(config.limits.redisUrl) : createSqlRateLimitStore(db));
  return { db, auth: await createAuthServices(config, env), limiter, rates, ...paymentServices, ...telephonyServices, billingJobs, numberRenewals, callSweeper, deletionCompleter, mailer };
}

/**
 * The Stripe client of the config and, without STRIPE_SECRET_KEY, the simulator it talks to: both over the
 * app's own loopback origin (the SDK's requests to /sim/stripe, the simulator's events to /webhooks/stripe).
 */
export async function openPayments(config: ApiConfig, db: Database): Promise<Pick<ApiServices, 'payments' | 'stripeSimulator'>> {
  const payments = createPaymentServices(config);
  if (config.stripe.secretKey !== null) return { payments };
  const stripeSimulator = await openStripeSimulator({
    db,
    publicUrl: config.publicUrl,
    secretKey: stripeSimulatorKey,
    webhookSecret: config.stripe.webhookSecret,
    webhookUrl: `http://127.0.0.1:${config.port}${webhooks.stripeEvents.path}`,
  });
  // events a stopped process left undelivered are sent again
  stripeSimulator.events.startSweeping();
  return { payments, stripeSimulator };
}

/**
 * The Twilio client of the config and, without Twilio keys, the carrier simulator it talks to: both over the
 * app's own loopback origin (the SDK's requests to /sim/twilio, the simulator's callbacks to the app, signed
 * with the public URL they were configured with).
 */
export async function openTelephony(config: ApiConfig, db: Database): Promise<Pick<ApiServices, 'telephony' | 'twilioSimulator'>> {
  const telephony = createTelephonyServices(config);
  if (config.twilio.live) return { telephony };
  const twilioSimulator = await openTwilioSimulator({
    db,
    publicUrl: config.publicUrl,
    accountSid: config.twilio.accountSid,
    authToken: config.twilio.authToken,
    callbackOrigin: `http://127.0.0.1:${config.port}`,
    ...simulatorCalling(config),
  });
  return { telephony, twilioSimulator };
}

/** The carrier simulator's voice options of a config: the API key and TwiML App of the browser's tokens, and the
 *  TwiML App's Voice URL (the app's /webhooks/twilio/voice). */
export function simulatorCalling(config: Pick<ApiConfig, 'publicUrl' | 'twilio'>): Pick<TwilioSimulatorOptions, 'apiKeySid' | 'apiKeySecret' | 'twimlAppSid' | 'voiceUrl'> {
  const { apiKeySid, apiKeySecret, twimlAppSid } = config.twilio;
  return {
    ...(apiKeySid && apiKeySecret ? { apiKeySid, apiKeySecret } : {}),
    ...(twimlAppSid ? { twimlAppSid } : {}),
    voiceUrl: `${config.publicUrl.replace(/\/+$/, '')}${webhooks.twilioVoice.path}`,
  };
}
