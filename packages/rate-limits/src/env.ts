// Limits read from the environment, the same way by every program that has them (the api's RATES_*, the auth
// stand-in's AUTH_*): a whole number in its range, or the default. `fail` makes the program's own error.
import type { WindowRule } from './limiter.ts';

export type Env = Record<string, string | undefined>;
export type Fail = (message: string) => Error;

export function wholeNumber(env: Env, name: string, min: number, max: number, fail: Fail): number | undefined {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) throw fail(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  return value;
}

export function windowRule(env: Env, limitName: string, windowName: string, fallback: WindowRule, fail: Fail): WindowRule {
  return {
    limit: wholeNumber(env, limitName, 1, 1_000_000, fail) ?? fallback.limit,
    windowSeconds: wholeNumber(env, windowName, 1, 86_400, fail) ?? fallback.windowSeconds,
  };
}
