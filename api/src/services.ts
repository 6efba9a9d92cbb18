// What the api needs beyond its config, opened once at start-up: the database (migrated) and auth
// (token verification, and with SUPABASE_URL unset the local signing key of /auth/v1).
import { loadAuthConfig, type AuthConfig } from './auth/config.ts';
import { loadOrCreateSigningKey, type SigningKey } from './auth/keys.ts';
import { createTokenVerifier, type TokenVerifier } from './auth/verify.ts';
import { ConfigError, type ApiConfig, type Env } from './config.ts';
import { defaultRateLimits, type RateLimits } from './modules/auth-server/service.ts';
import type Stripe from 'stripe';
import type { Database } from './db/database.ts';
import type { BillingJobs } from './modules/billing/jobs.ts';
import { openDatabase } from './db/open-database.ts';
import { seedRateDeck } from './modules/rates/seed.ts';
import { createRateService, type RateService } from './modules/rates/service.ts';

export interface ApiServices {
  db: Database;
  /** Payments through the official Stripe SDK (to Stripe, or to the local simulator without keys). */
  payments?: { stripe: Stripe; webhookSecret: string };
  /** The billing jobs (auto-recharge, e-mails) the ledger creates. */
  billingJobs?: BillingJobs;
  /** The rate deck (its in-memory longest-prefix index follows the deck version in the database). */
  rates: RateService;
  auth: {
    config: AuthConfig;
    verifier: TokenVerifier;
    signingKey: SigningKey | null;
    /** Local auth server limits; AUTH_SIGNUP_LIMIT / AUTH_SIGNIN_LIMIT raise them (the browser tests sign up many users). */
    rateLimits?: Partial<RateLimits>;
  };
}

function rateLimitsFromEnv(env: Env): Partial<RateLimits> {
  const limits: Partial<RateLimits> = {};
  const read = (name: string) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return undefined;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1) throw new ConfigError(`${name} must be a whole number of requests (got "${raw}")`);
    return value;
  };
  const signUp = read('AUTH_SIGNUP_LIMIT');
  const signIn = read('AUTH_SIGNIN_LIMIT');
  if (signUp !== undefined) limits.signUp = { ...defaultRateLimits.signUp, limit: signUp };
  if (signIn !== undefined) limits.signIn = { ...defaultRateLimits.signIn, limit: signIn };
  return limits;
}

export async function createAuthServices(config: ApiConfig, env: Env = process.env): Promise<ApiServices['auth']> {
  const authConfig = loadAuthConfig(env, config.publicUrl, config.dataDir);
  if (authConfig.mode === 'hosted') return { config: authConfig, verifier: createTokenVerifier(authConfig), signingKey: null };
  const signingKey = await loadOrCreateSigningKey(authConfig.signingKeyFile);
  return {
    config: authConfig,
    verifier: createTokenVerifier(authConfig, { keys: signingKey.jwks }),
    signingKey,
    rateLimits: rateLimitsFromEnv(env),
  };
}

export async function openServices(config: ApiConfig, env: Env = process.env): Promise<ApiServices> {
  const db = await openDatabase({ databaseUrl: env.DATABASE_URL || undefined, dataDir: config.dataDir, supabase: config.supabase !== null });
  // a new database starts with the seed deck (only when the deck is empty)
  await seedRateDeck(db);
  return { db, auth: await createAuthServices(config, env), rates: createRateService({ db }) };
}
