// The stand-in's limits as its process applies them (server.ts): the shared rules of @ringwise/rate-limits on one
// process's memory, the client address behind one trusted proxy. Sign-ins and sign-ups per client address, each
// account's failure backoff, refreshes per session. (What it asks of a limiter, and how a refusal is answered: limits.test.ts.)
import { describe, expect, test } from 'bun:test';
import { clientAddress } from '@ringwise/rate-limits/client-address';
import { createLimiter } from '@ringwise/rate-limits/limiter';
import { createMemoryRateLimitStore } from '@ringwise/rate-limits/memory-store';
import { createTestAuthServer, expectGoTrueError, refresh, signedUpSession, signIn, signUp, uniqueEmail, type TestAuthServerOptions } from './testing.ts';

const strong = 'correct horse battery';

/** The stand-in on the limiter its process runs (on the test's clock), behind one trusted proxy. */
const withProcessLimits = (options: TestAuthServerOptions = {}) =>
  createTestAuthServer({
    limiter: createLimiter(createMemoryRateLimitStore(), options.now),
    clientAddress: (request, server) => clientAddress(request, server, 1),
    ...options,
  });

describe('rate limits in the stand-in\'s memory', () => {
  test('sign-in: 429 over_request_rate_limit with Retry-After past the limit, per client IP, until the window ends', async () => {
    let clock = Date.now();
    const now = () => new Date(clock);
    const { app } = await withProcessLimits({ now, limits: { signIn: { limit: 3, windowSeconds: 300 } } });
    const email = uniqueEmail();
    await signedUpSession(app, email);
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    for (let i = 0; i < 3; i++) expect((await signIn(app, email, 'wrong password', from('198.51.100.1'))).status).toBe(400);
    const limited = await signIn(app, email, 'correct horse battery', from('198.51.100.1'));
    await expectGoTrueError(limited, 429, 'over_request_rate_limit', 'Request rate limit reached');
    expect(limited.headers.get('retry-after')).toBe('300');
    // Another client is not affected.
    expect((await signIn(app, email, 'correct horse battery', from('198.51.100.2'))).status).toBe(200);
    clock += 120_000;
    expect((await signIn(app, email, 'correct horse battery', from('198.51.100.1'))).headers.get('retry-after')).toBe('180');
    clock += 181_000;
    expect((await signIn(app, email, 'correct horse battery', from('198.51.100.1'))).status).toBe(200);
  });

  test('sign-up: 429 past the limit', async () => {
    const { app } = await withProcessLimits({ limits: { signUp: { limit: 2, windowSeconds: 3600 } } });
    const from = { 'x-forwarded-for': '192.0.2.9' };
    expect((await signUp(app, uniqueEmail(), undefined, from)).status).toBe(200);
    expect((await signUp(app, uniqueEmail(), 'short', from)).status).toBe(422);
    const limited = await signUp(app, uniqueEmail(), undefined, from);
    await expectGoTrueError(limited, 429, 'over_request_rate_limit');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3500);
  });
});

describe('per-account backoff', () => {
  test('failures of one e-mail from 40 addresses: after 5, attempts wait, even with the right password; a success resets', async () => {
    let clock = Date.parse('2030-01-01T00:00:00Z');
    const now = () => new Date(clock);
    const { app } = await withProcessLimits({ now, limits: { signInFailures: { freeFailures: 5, maxSeconds: 900 } } });
    const email = uniqueEmail();
    await signedUpSession(app, email);
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await signIn(app, email, `wrong guess ${i}`, { 'x-forwarded-for': `203.0.113.${i}` })).status);
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    const locked = await signIn(app, email, strong, { 'x-forwarded-for': '198.51.100.77' });
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBe('1');
    // the sixth failure doubles the wait
    clock += 1_000;
    expect((await signIn(app, email, 'wrong again', { 'x-forwarded-for': '198.51.100.78' })).status).toBe(400);
    expect((await signIn(app, email, strong)).headers.get('retry-after')).toBe('2');
    clock += 2_000;
    expect((await signIn(app, email, strong, { 'x-forwarded-for': '198.51.100.79' })).status).toBe(200);
    expect((await signIn(app, email, 'one slip')).status).toBe(400);
    expect((await signIn(app, email, strong)).status).toBe(200);
  });

  test('the wait doubles up to 15 minutes: 75 failures never let the right password in early', async () => {
    let clock = Date.parse('2030-01-01T00:00:00Z');
    const { app } = await withProcessLimits({ now: () => new Date(clock), limits: { signInFailures: { freeFailures: 5, maxSeconds: 900 } } });
    const email = uniqueEmail();
    await signedUpSession(app, email);
    let failures = 0;
    while (failures < 75) {
      const res = await signIn(app, email, 'guess', { 'x-forwarded-for': `192.0.2.${failures % 250}` });
      if (res.status === 400) failures++;
      else clock += Number(res.headers.get('retry-after')) * 1000;
    }
    const res = await signIn(app, email, strong);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('900');
  });
});

describe('refresh per session', () => {
  test('past the limit a session is refused with 429 and Retry-After; other sessions are not', async () => {
    const { app } = await withProcessLimits({ limits: { refresh: { limit: 3, windowSeconds: 3600 } } });
    const email = uniqueEmail();
    let session = await signedUpSession(app, email);
    for (let i = 0; i < 3; i++) {
      const res = await refresh(app, session.refresh_token);
      expect(res.status).toBe(200);
      session = await res.json();
    }
    const limited = await refresh(app, session.refresh_token);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3500);
    const other = (await (await signIn(app, email, strong)).json()) as { refresh_token: string };
    expect((await refresh(app, other.refresh_token)).status).toBe(200);
  });
});
