// The limits of the api, from the environment (README "Configuration"). Defaults are what a real product
// needs; the browser tests raise the sign-up and sign-in limits (they create many users from one address).
import { ConfigError, type Env } from '../config.ts';

/** At most `limit` requests per key in each fixed window of `windowSeconds`. */
export interface WindowRule {
  limit: number;
  windowSeconds: number;
}

/** After `freeFailures` failures in a row, each attempt waits 2^(failures - freeFailures) s after the last
 *  failure, at most `maxSeconds`; a success clears the streak. */
export interface BackoffRule {
  freeFailures: number;
  maxSeconds: number;
}

export interface LimitsConfig {
  /** TRUSTED_PROXY_HOPS: how many proxies of ours append to X-Forwarded-For (0: the header is ignored). */
  trustedProxyHops: number;
  /** REDIS_URL: keep the shared limits in Redis; null: in PostgreSQL. */
  redisUrl: string | null;
  /** Sign-ins per client address (AUTH_SIGNIN_LIMIT per AUTH_SIGNIN_WINDOW_SECONDS). */
  signIn: WindowRule;
  /** Sign-ups per client address (AUTH_SIGNUP_LIMIT per AUTH_SIGNUP_WINDOW_SECONDS). */
  signUp: WindowRule;
  /** Token refreshes per session (AUTH_REFRESH_LIMIT per AUTH_REFRESH_WINDOW_SECONDS). */
  refresh: WindowRule;
  /** Failed sign-ins per e-mail, from any address (AUTH_SIGNIN_FREE_FAILURES, AUTH_SIGNIN_BACKOFF_MAX_SECONDS). */
  signInFailures: BackoffRule;
  /** Public rate lookups per client address (RATES_LIMIT per RATES_WINDOW_SECONDS). */
  rates: WindowRule;
}

export const defaultLimits: Omit<LimitsConfig, 'trustedProxyHops' | 'redisUrl'> = {
  signIn: { limit: 30, windowSeconds: 5 * 60 },
  signUp: { limit: 10, windowSeconds: 60 * 60 },
  refresh: { limit: 60, windowSeconds: 60 * 60 },
  signInFailures: { freeFailures: 5, maxSeconds: 15 * 60 },
  rates: { limit: 120, windowSeconds: 10 },
};

function wholeNumber(env: Env, name: string, min: number, max: number): number | undefined {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  return value;
}

function windowRule(env: Env, limitName: string, windowName: string, fallback: WindowRule): WindowRule {
  return {
    limit: wholeNumber(env, limitName, 1, 1_000_000) ?? fallback.limit,
    windowSeconds: wholeNumber(env, windowName, 1, 86_400) ?? fallback.windowSeconds,
  };
}

export function loadLimitsConfig(env: Env): LimitsConfig {
  const redisUrl = env.REDIS_URL?.trim() || null;
  if (redisUrl !== null && !/^rediss?:\/\/\S+$/.test(redisUrl)) throw new ConfigError(`REDIS_URL must be a redis:// or rediss:// URL (got "${redisUrl}")`);
  return {
    trustedProxyHops: wholeNumber(env, 'TRUSTED_PROXY_HOPS', 0, 10) ?? 0,
    redisUrl,
    signIn: windowRule(env, 'AUTH_SIGNIN_LIMIT', 'AUTH_SIGNIN_WINDOW_SECONDS', defaultLimits.signIn),
    signUp: windowRule(env, 'AUTH_SIGNUP_LIMIT', 'AUTH_SIGNUP_WINDOW_SECONDS', defaultLimits.signUp),
    refresh: windowRule(env, 'AUTH_REFRESH_LIMIT', 'AUTH_REFRESH_WINDOW_SECONDS', defaultLimits.refresh),
    signInFailures: {
      freeFailures: wholeNumber(env, 'AUTH_SIGNIN_FREE_FAILURES', 1, 1000) ?? defaultLimits.signInFailures.freeFailures,
      maxSeconds: wholeNumber(env, 'AUTH_SIGNIN_BACKOFF_MAX_SECONDS', 1, 86_400) ?? defaultLimits.signInFailures.maxSeconds,
    },
    rates: windowRule(env, 'RATES_LIMIT', 'RATES_WINDOW_SECONDS', defaultLimits.rates),
  };
}
