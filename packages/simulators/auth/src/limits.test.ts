// How the stand-in applies its limits: what it asks its host's limiter, under which rule and key, and how a refusal
// is answered. (Windows and backoff as the stand-in's process counts them: limit-windows.test.ts.)
import { describe, expect, test } from 'bun:test';
import type { GoTrueErrorBody } from './model.ts';
import type { Limiter } from './ports.ts';
import { createTestAuthServer, refresh, relaxedRateLimits, sessionIdOf, signedUpSession, signIn, signUp, uniqueEmail } from './testing.ts';

/** A limiter that records what it is asked and answers what the test says. */
function scriptedLimiter() {
  const asked: string[] = [];
  const answers: { hit: number | null; backoff: number | null } = { hit: null, backoff: null };
  const limiter: Limiter = {
    async hit(rule, limits, key) {
      asked.push(`hit ${rule} ${limits.limit}/${limits.windowSeconds}s ${key}`);
      return answers.hit;
    },
    async backoff(rule, limits, key) {
      asked.push(`backoff ${rule} ${limits.freeFailures} free, ${limits.maxSeconds}s max ${key}`);
      return answers.backoff;
    },
    async failed(rule, key) {
      asked.push(`failed ${rule} ${key}`);
    },
    async succeeded(rule, key) {
      asked.push(`succeeded ${rule} ${key}`);
    },
  };
  return { limiter, asked, answers };
}

async function expectLimited(res: Response, retryAfter: string) {
  expect(res.status).toBe(429);
  expect(res.headers.get('retry-after')).toBe(retryAfter);
  expect(((await res.json()) as GoTrueErrorBody).error_code).toBe('over_request_rate_limit');
}

const password = 'correct horse battery';
const from = (ip: string) => ({ 'x-forwarded-for': ip });

describe('the limits the stand-in asks for', () => {
  test('sign-ups and sign-ins per client address, failures per account (any case), refreshes per session', async () => {
    const { limiter, asked } = scriptedLimiter();
    const limits = { ...relaxedRateLimits, signIn: { limit: 30, windowSeconds: 300 }, signInFailures: { freeFailures: 5, maxSeconds: 900 } };
    const { app } = await createTestAuthServer({ limiter, limits });
    const email = uniqueEmail('Limited');
    const account = email.toLowerCase();
    await signUp(app, email, password, from('192.0.2.1'));
    expect(asked.splice(0)).toEqual(['hit signUp 10000/3600s 192.0.2.1']);

    expect((await signIn(app, email.toUpperCase(), 'wrong password', from('192.0.2.2'))).status).toBe(400);
    expect(asked.splice(0)).toEqual([
      'hit signIn 30/300s 192.0.2.2',
      `backoff signIn 5 free, 900s max ${account}`,
      `failed signIn ${account}`,
    ]);
    const res = await signIn(app, email, password, from('192.0.2.3'));
    expect(res.status).toBe(200);
    expect(asked.splice(0)).toEqual(['hit signIn 30/300s 192.0.2.3', `backoff signIn 5 free, 900s max ${account}`, `succeeded signIn ${account}`]);

    const session = await res.json();
    expect((await refresh(app, session.refresh_token)).status).toBe(200);
    expect(asked.splice(0)).toEqual([`hit refresh 10000/3600s ${sessionIdOf(session)}`]);
    // without an address, one key for all such clients
    await signIn(app, email, password);
    expect(asked[0]).toBe('hit signIn 30/300s unknown');
  });

  test('a limiter that says wait is a 429 over_request_rate_limit with its Retry-After; a waiting account learns nothing of its password', async () => {
    const { limiter, asked, answers } = scriptedLimiter();
    const { app } = await createTestAuthServer({ limiter });
    const email = uniqueEmail();
    const session = await signedUpSession(app, email);
    answers.hit = 42;
    await expectLimited(await signUp(app, uniqueEmail()), '42');
    await expectLimited(await signIn(app, email, password), '42');
    await expectLimited(await refresh(app, session.refresh_token), '42');
    answers.hit = null;
    answers.backoff = 7;
    asked.splice(0);
    await expectLimited(await signIn(app, email, password), '7');
    await expectLimited(await signIn(app, email, 'wrong password'), '7');
    expect(asked.filter((line) => !line.startsWith('hit ') && !line.startsWith('backoff '))).toEqual([]);
  });
});
