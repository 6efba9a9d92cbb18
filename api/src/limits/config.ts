// The limits of the api, from the environment (README "Configuration"). Defaults are what a real product
// needs. (Sign-in and sign-up limits are the Auth server's: Supabase's, or the stand-in's AUTH_*.)
import { wholeNumber, windowRule } from '@ringwise/rate-limits/env';
import type { WindowRule } from '@ringwise/rate-limits/limiter';
import { ConfigError, type Env } from '../config.ts';

export interface LimitsConfig {
  /** TRUSTED_PROXY_HOPS: how many proxies of ours append to X-Forwarded-For (0: the header is ignored). */
  trustedProxyHops: number;
  /** REDIS_URL: keep the shared limits in Redis; null: in PostgreSQL. */
  redisUrl: string | null;
  /** Public rate lookups per client address (RATES_LIMIT per RATES_WINDOW_SECONDS). */
  rates: WindowRule;
}

export const defaultLimits: Omit<LimitsConfig, 'trustedProxyHops' | 'redisUrl'> = {
  rates: { limit: 120, windowSeconds: 10 },
};

const fail = (message: string) => new ConfigError(message);

export function loadLimitsConfig(env: Env): LimitsConfig {
  const redisUrl = env.REDIS_URL?.trim() || null;
  if (redisUrl !== null && !/^rediss?:\/\/\S+$/.test(redisUrl)) throw new ConfigError(`REDIS_URL must be a redis:// or rediss:// URL (got "${redisUrl}")`);
  return {
    trustedProxyHops: wholeNumber(env, 'TRUSTED_PROXY_HOPS', 0, 10, fail) ?? 0,
    redisUrl,
    rates: windowRule(env, 'RATES_LIMIT', 'RATES_WINDOW_SECONDS', defaultLimits.rates, fail),
  };
}
