// The stand-in's rate limits from the environment (GoTrue has its own GOTRUE_RATE_LIMIT_*; these keep Ringwise's
// names): sign-ins and sign-ups per client address, refreshes per session, and each account's failure streak.
import { wholeNumber, windowRule, type Env } from '@ringwise/rate-limits/env';
import type { AuthLimits } from './ports.ts';

export const defaultAuthLimits: AuthLimits = {
  signIn: { limit: 30, windowSeconds: 5 * 60 },
  signUp: { limit: 10, windowSeconds: 60 * 60 },
  refresh: { limit: 60, windowSeconds: 60 * 60 },
  signInFailures: { freeFailures: 5, maxSeconds: 15 * 60 },
};

export function loadAuthLimits(env: Env, fail: (message: string) => Error = (message) => new Error(message)): AuthLimits {
  return {
    signIn: windowRule(env, 'AUTH_SIGNIN_LIMIT', 'AUTH_SIGNIN_WINDOW_SECONDS', defaultAuthLimits.signIn, fail),
    signUp: windowRule(env, 'AUTH_SIGNUP_LIMIT', 'AUTH_SIGNUP_WINDOW_SECONDS', defaultAuthLimits.signUp, fail),
    refresh: windowRule(env, 'AUTH_REFRESH_LIMIT', 'AUTH_REFRESH_WINDOW_SECONDS', defaultAuthLimits.refresh, fail),
    signInFailures: {
      freeFailures: wholeNumber(env, 'AUTH_SIGNIN_FREE_FAILURES', 1, 1000, fail) ?? defaultAuthLimits.signInFailures.freeFailures,
      maxSeconds: wholeNumber(env, 'AUTH_SIGNIN_BACKOFF_MAX_SECONDS', 1, 86_400, fail) ?? defaultAuthLimits.signInFailures.maxSeconds,
    },
  };
}
