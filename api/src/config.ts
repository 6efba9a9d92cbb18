// Runtime configuration of the api process (ARCHITECTURE.md §3), read once from the environment.
import { resolve } from 'node:path';
import { remoteKeys, type RemoteKey } from '@ringwise/routes';
import { remoteBuilds } from '@ringwise/apps';
import { standInUrl } from '@ringwise/apps/stand-ins';
import { isE164 } from '@ringwise/phone/notation';
import { loadLimitsConfig, type LimitsConfig } from './limits/config.ts';

export interface ApiConfig {
  /** Port the server listens on. */
  port: number;
  /** Public origin of the app (api + shell), without a trailing slash. */
  publicUrl: string;
  /** Base URL of each remote's static build, without a trailing slash (mf-manifest.json lives below it). */
  remotes: Record<RemoteKey, string>;
  /** Absolute path of the shell's production build (index.html + assets). */
  shellDist: string;
  /** Absolute path of the data directory of the embedded defaults. */
  dataDir: string;
  /** The hosted Supabase project the browser signs in with; null: the Supabase Auth stand-in at `authStandInUrl`. */
  supabase: SupabaseConfig | null;
  /** AUTH_STAND_IN_URL while SUPABASE_URL is unset: the origin of the Supabase Auth stand-in, a process of its own,
   *  where the browser signs in (default http://localhost:3010); null with a hosted project. */
  authStandInUrl: string | null;
  /** Payments: Stripe when STRIPE_SECRET_KEY is set, otherwise the payment simulator at STRIPE_SIMULATOR_URL. */
  stripe: StripeConfig;
  /** Telephony: Twilio when TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN are set, otherwise the carrier simulator at TWILIO_SIMULATOR_URL. */
  twilio: TwilioConfig;
  /** Rate limits, the proxies trusted for the client address and where the limits are kept (api/src/limits/config.ts). */
  limits: LimitsConfig;
  /** REQUEST_DEADLINE_SECONDS in ms: how long a request may take before it is stopped and answered 503. */
  requestDeadlineMs: number;
  /** CALL_QUIET_SECONDS: an open call not heard of for this long is looked up at the carrier and settled from its
   *  record (modules/calls/reconciler.ts). */
  callQuietSeconds: number;
}

/** A request's deadline unless REQUEST_DEADLINE_SECONDS says otherwise: long enough for the slowest honest request
 *  (a number bought at the carrier, a rate deck imported on the embedded database), short enough that a user or a
 *  load balancer learns of trouble while it still matters. */
export const defaultRequestDeadlineSeconds = 5;

export interface SupabaseConfig {
  /** SUPABASE_URL, without a trailing slash. */
  url: string;
  /** SUPABASE_ANON_KEY: public, handed to the browser in the page. */
  anonKey: string;
  /** SUPABASE_SERVICE_ROLE_KEY: the project's service_role (secret) key, for the Auth admin API (account deletion).
   *  Server only: it bypasses every policy, so it never goes into a page, a header to the browser or a log. */
  serviceRoleKey: string;
}

export interface TwilioConfig {
  /** False: the app talks to the carrier simulator with the dev account below. */
  live: boolean;
  /** TWILIO_SIMULATOR_URL: the carrier simulator's origin (its own process; default http://localhost:3011), whose REST
   *  API the SDK is pointed at and whose signalling the browser's Voice SDK connects to; null with a Twilio account. */
  simulatorUrl: string | null;
  /** TWILIO_ACCOUNT_SID (AC…); the simulator's account `AC000…000` without keys. */
  accountSid: string;
  /** TWILIO_AUTH_TOKEN: REST Basic auth and the webhooks' X-Twilio-Signature; `dev-twilio-auth-token` without keys. */
  authToken: string;
  /** TWILIO_API_KEY_SID / TWILIO_API_KEY_SECRET: signs the browser's access tokens (calling); null when unset. */
  apiKeySid: string | null;
  apiKeySecret: string | null;
  /** TWILIO_TWIML_APP_SID: the TwiML App of outgoing browser calls (calling); null when unset. */
  twimlAppSid: string | null;
  /** TWILIO_PUBLIC_NUMBER: the caller ID calls show when the user chose none (E.164); null when unset. */
  publicNumber: string | null;
  /** TWILIO_TOKEN_TTL_SECONDS: how long a browser's access token lives (default 10 minutes, Twilio's most is 24 hours);
   *  the dialer renews it 10 s before it runs out, calls and all. */
  tokenTtlSeconds: number;
}

/** The carrier simulator's account (ARCHITECTURE.md §4): what the SDK authenticates with when TWILIO_* is unset. */
export const twilioSimulatorAccount = { accountSid: 'AC00000000000000000000000000000000', authToken: 'dev-twilio-auth-token' } as const;

/** What calling uses with the simulator when TWILIO_API_KEY_*, TWILIO_TWIML_APP_SID and TWILIO_PUBLIC_NUMBER are unset:
 *  the dev API key that signs the browser's access tokens (the simulator verifies them with it), the simulator's TwiML
 *  App (its Voice URL is the app's /webhooks/twilio/voice) and a public caller number from the fictional 555-01xx range. */
export const twilioSimulatorCalling = {
  apiKeySid: 'SK00000000000000000000000000000000',
  apiKeySecret: 'dev-twilio-api-key-secret',
  twimlAppSid: 'AP00000000000000000000000000000000',
  publicNumber: '+12025550100',
} as const;

export interface StripeConfig {
  /** STRIPE_SECRET_KEY (sk_… or a restricted rk_… key); null: the app talks to the payment simulator. */
  secretKey: string | null;
  /** STRIPE_SIMULATOR_URL: the payment simulator's origin (its own process; default http://localhost:3012) while
   *  STRIPE_SECRET_KEY is unset; null with a secret key. */
  simulatorUrl: string | null;
  /** STRIPE_WEBHOOK_SECRET (whsec_…): the signing secret of /webhooks/stripe. Required with a secret key;
   *  `whsec_dev` for the simulator, which signs its events with it. */
  webhookSecret: string;
  /** STRIPE_PUBLISHABLE_KEY (pk_…) for the browser; null when unset (always null without a secret key). */
  publishableKey: string | null;
}

/** The webhook signing secret of local development (ARCHITECTURE.md §4): local events are signed for real. */
export const devStripeWebhookSecret = 'whsec_dev';

export type Env = Record<string, string | undefined>;

/** The monorepo root: relative SHELL_DIST and DATA_DIR are resolved against it, never against the cwd. */
export const repoRoot = resolve(import.meta.dir, '../..');

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export function loadConfig(env: Env = process.env): ApiConfig {
  const port = parsePort(read(env, 'PORT'));
  return {
    port,
    publicUrl: parseHttpUrl('PUBLIC_URL', read(env, 'PUBLIC_URL') ?? `http://localhost:${port}`),
    remotes: loadRemotes(env),
    shellDist: resolve(repoRoot, read(env, 'SHELL_DIST') ?? 'shell/dist'),
    dataDir: resolve(repoRoot, read(env, 'DATA_DIR') ?? '.data'),
    supabase: loadSupabase(env),
    authStandInUrl: read(env, 'SUPABASE_URL') === undefined ? parseOrigin('AUTH_STAND_IN_URL', standInUrl('auth', env)) : null,
    stripe: loadStripe(env),
    twilio: loadTwilio(env),
    limits: loadLimitsConfig(env),
    requestDeadlineMs: parseDeadline(read(env, 'REQUEST_DEADLINE_SECONDS')),
    callQuietSeconds: parseCallQuietSeconds(read(env, 'CALL_QUIET_SECONDS')),
  };
}

/** How long an open call may go unheard of before the carrier is asked (1 minute: a call settles within about 90 s of
 *  whatever stopped its callbacks). */
export const defaultCallQuietSeconds = 60;

function parseCallQuietSeconds(value: string | undefined): number {
  if (value === undefined) return defaultCallQuietSeconds;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds < 1 || seconds > 3600) {
    throw new ConfigError(`CALL_QUIET_SECONDS must be a number of seconds from 1 to 3600 (got "${value}")`);
  }
  return seconds;
}

function parseDeadline(value: string | undefined): number {
  if (value === undefined) return defaultRequestDeadlineSeconds * 1000;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds < 0.1 || seconds > 300) {
    throw new ConfigError(`REQUEST_DEADLINE_SECONDS must be a number of seconds from 0.1 to 300 (got "${value}")`);
  }
  return Math.round(seconds * 1000);
}

/** The payment simulator's API key: what the SDK sends to /sim/stripe when STRIPE_SECRET_KEY is unset. */
export const stripeSimulatorKey = 'sk_test_simulator';

function loadStripe(env: Env): StripeConfig {
  const secretKey = read(env, 'STRIPE_SECRET_KEY');
  const webhookSecret = read(env, 'STRIPE_WEBHOOK_SECRET');
  const publishableKey = read(env, 'STRIPE_PUBLISHABLE_KEY');
  if (webhookSecret !== undefined && !/^whsec_\S+$/.test(webhookSecret)) {
    throw new ConfigError('STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…), as Stripe shows it for the endpoint');
  }
  if (secretKey === undefined) {
    if (publishableKey !== undefined) {
      throw new ConfigError('STRIPE_PUBLISHABLE_KEY is set but STRIPE_SECRET_KEY is not: set both, or neither to use the payment simulator');
    }
    return { secretKey: null, simulatorUrl: parseOrigin('STRIPE_SIMULATOR_URL', standInUrl('stripe', env)), webhookSecret: webhookSecret ?? devStripeWebhookSecret, publishableKey: null };
  }
  if (secretKey === stripeSimulatorKey) {
    throw new ConfigError(`${stripeSimulatorKey} is the payment simulator's own key: leave STRIPE_SECRET_KEY unset to use the simulator`);
  }
  const mode = /^(?:sk|rk)_(test|live)_[A-Za-z0-9]+$/.exec(secretKey)?.[1];
  if (mode === undefined) {
    throw new ConfigError('STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_…, sk_live_… or a restricted rk_… key)');
  }
  if (webhookSecret === undefined) {
    throw new ConfigError('STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set (the signing secret of the /webhooks/stripe endpoint)');
  }
  if (publishableKey !== undefined) {
    const publishableMode = /^pk_(test|live)_[A-Za-z0-9]+$/.exec(publishableKey)?.[1];
    if (publishableMode === undefined) throw new ConfigError('STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_test_… or pk_live_…)');
    if (publishableMode !== mode) {
      throw new ConfigError(`STRIPE_PUBLISHABLE_KEY is a ${publishableMode} key but STRIPE_SECRET_KEY is a ${mode} key: use the pair of one mode`);
    }
  }
  return { secretKey, simulatorUrl: null, webhookSecret, publishableKey: publishableKey ?? null };
}

function loadTwilio(env: Env): TwilioConfig {
  const accountSid = read(env, 'TWILIO_ACCOUNT_SID');
  const authToken = read(env, 'TWILIO_AUTH_TOKEN');
  const apiKeySid = read(env, 'TWILIO_API_KEY_SID') ?? null;
  const apiKeySecret = read(env, 'TWILIO_API_KEY_SECRET') ?? null;
  const twimlAppSid = read(env, 'TWILIO_TWIML_APP_SID') ?? null;
  const publicNumber = read(env, 'TWILIO_PUBLIC_NUMBER') ?? null;
  const tokenTtlSeconds = parseTokenTtl(read(env, 'TWILIO_TOKEN_TTL_SECONDS'));
  if (publicNumber !== null && !isE164(publicNumber)) {
    throw new ConfigError(`TWILIO_PUBLIC_NUMBER must be a phone number in E.164 format such as +14155550100, got "${publicNumber}"`);
  }
  if ((apiKeySid === null) !== (apiKeySecret === null)) {
    throw new ConfigError('TWILIO_API_KEY_SID and TWILIO_API_KEY_SECRET go together: set both or neither');
  }
  if (apiKeySid !== null && !/^SK[0-9a-fA-F]{32}$/.test(apiKeySid)) throw new ConfigError('TWILIO_API_KEY_SID must be an API key SID (SK followed by 32 hex digits)');
  if (twimlAppSid !== null && !/^AP[0-9a-fA-F]{32}$/.test(twimlAppSid)) throw new ConfigError('TWILIO_TWIML_APP_SID must be a TwiML App SID (AP followed by 32 hex digits)');
  if (accountSid === undefined && authToken === undefined) {
    return {
      live: false,
      simulatorUrl: parseOrigin('TWILIO_SIMULATOR_URL', standInUrl('twilio', env)),
      ...twilioSimulatorAccount,
      apiKeySid: apiKeySid ?? twilioSimulatorCalling.apiKeySid,
      apiKeySecret: apiKeySecret ?? twilioSimulatorCalling.apiKeySecret,
      twimlAppSid: twimlAppSid ?? twilioSimulatorCalling.twimlAppSid,
      publicNumber: publicNumber ?? twilioSimulatorCalling.publicNumber,
      tokenTtlSeconds,
    };
  }
  if (accountSid === undefined || authToken === undefined) {
    throw new ConfigError('TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN go together: set both to use Twilio, or neither to use the carrier simulator');
  }
  if (accountSid === twilioSimulatorAccount.accountSid) {
    throw new ConfigError(`${accountSid} is the carrier simulator's own account: leave TWILIO_ACCOUNT_SID unset to use the simulator`);
  }
  if (!/^AC[0-9a-fA-F]{32}$/.test(accountSid)) throw new ConfigError('TWILIO_ACCOUNT_SID must be an Account SID (AC followed by 32 hex digits)');
  return { live: true, simulatorUrl: null, accountSid, authToken, apiKeySid, apiKeySecret, twimlAppSid, publicNumber, tokenTtlSeconds };
}

/** A browser access token's lifetime unless TWILIO_TOKEN_TTL_SECONDS says otherwise: 10 minutes. Twilio cannot revoke
 *  a token before it expires, so its life is how long a signed-out browser could still register (the dialer renews
 *  it before it ends, calls and all). */
export const defaultTokenTtlSeconds = 600;

function parseTokenTtl(value: string | undefined): number {
  if (value === undefined) return defaultTokenTtlSeconds;
  const seconds = Number(value);
  // at least 30 s: the dialer renews 10 s before the end; at most Twilio's 24 hours
  if (!Number.isInteger(seconds) || seconds < 30 || seconds > 86_400) {
    throw new ConfigError(`TWILIO_TOKEN_TTL_SECONDS must be a whole number of seconds from 30 to 86400 (got "${value}")`);
  }
  return seconds;
}

function loadSupabase(env: Env): ApiConfig['supabase'] {
  const url = read(env, 'SUPABASE_URL');
  if (url === undefined) return null;
  const anonKey = read(env, 'SUPABASE_ANON_KEY');
  if (anonKey === undefined) throw new ConfigError('SUPABASE_ANON_KEY is required when SUPABASE_URL is set');
  const serviceRoleKey = read(env, 'SUPABASE_SERVICE_ROLE_KEY');
  if (serviceRoleKey === undefined) {
    throw new ConfigError("SUPABASE_SERVICE_ROLE_KEY is required when SUPABASE_URL is set (the project's service_role or secret key: accounts are deleted through the Auth admin API)");
  }
  if (serviceRoleKey === anonKey || serviceRoleKey.startsWith('sb_publishable_') || jwtRole(serviceRoleKey) === 'anon') {
    throw new ConfigError("SUPABASE_SERVICE_ROLE_KEY is the project's public (anon/publishable) key: set the service_role or secret key");
  }
  return { url: parseHttpUrl('SUPABASE_URL', url), anonKey, serviceRoleKey };
}

/** The `role` claim of a legacy Supabase API key (a JWT), read without verifying it; undefined for anything else. */
function jwtRole(key: string): unknown {
  const payload = key.split('.')[1];
  if (key.split('.').length !== 3 || !payload) return undefined;
  try {
    return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { role?: unknown }).role;
  } catch {
    return undefined;
  }
}

/** Where the browser's Supabase Auth client signs in: the hosted project, or the local stand-in (`anonKey` 'local':
 *  it asks for none). */
export function browserAuthOf(config: Pick<ApiConfig, 'supabase' | 'authStandInUrl'>): { url: string; anonKey: string } {
  if (config.supabase) return { url: config.supabase.url, anonKey: config.supabase.anonKey };
  return { url: config.authStandInUrl ?? '', anonKey: 'local' };
}

/** The distinct origins the remotes are served from, in remote order (for CSP and CORS). */
export function remoteOrigins(config: Pick<ApiConfig, 'remotes'>): string[] {
  return [...new Set(remoteKeys.map((key) => new URL(config.remotes[key]).origin))];
}

/** Where a remote's federation manifest lives. */
export function manifestUrl(remoteUrl: string): string {
  return `${remoteUrl}/mf-manifest.json`;
}

function loadRemotes(env: Env): Record<RemoteKey, string> {
  const entries = remoteKeys.map((key) => {
    const build = remoteBuilds.find((b) => b.key === key);
    if (!build?.urlEnv) throw new ConfigError(`@ringwise/apps has no remote build with key "${key}"`);
    const url = read(env, build.urlEnv) ?? `http://localhost:${build.port}`;
    return [key, parseHttpUrl(build.urlEnv, url)] as const;
  });
  return Object.fromEntries(entries) as Record<RemoteKey, string>;
}

/** An empty variable counts as unset. */
function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function parsePort(value: string | undefined): number {
  if (value === undefined) return 3000;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port < 1 || port > 65535) {
    throw new ConfigError(`PORT must be an integer between 1 and 65535, got "${value}"`);
  }
  return port;
}

/** Validates an absolute http(s) URL and returns it normalised, without trailing slashes. */
/** A stand-in's URL: an origin only (its routes are its own, below it). */
function parseOrigin(name: string, value: string): string {
  const url = parseHttpUrl(name, value);
  if (new URL(url).pathname !== '/') throw new ConfigError(`${name} must be an origin such as http://localhost:3011, without a path (got "${value}")`);
  return url;
}

function parseHttpUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL such as http://localhost:3001, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${name} must use http: or https:, got "${value}"`);
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new ConfigError(`${name} must not contain credentials, a query or a fragment, got "${value}"`);
  }
  return url.href.replace(/\/+$/, '');
}
