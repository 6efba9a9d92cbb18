// Every /api route of the contract (and the auth stand-in) fed arbitrary and near-valid input by fast-check
// (issue: hardening): wrong types, huge and NUL-laden strings, deep nesting, odd content types and methods,
// path parameters that are not ids. Never a 5xx; every refusal carries the error envelope (GoTrue's on /auth/v1).
// Seeded, a fixed number of runs per route, so a failure reproduces.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { routes } from '@ringwise/contract/routes';
import { testPublicUrl } from './auth/testing.ts';
import { createTestDatabase, type TestDatabase } from './db/testing.ts';
import { billingTestApp, type BillingTestApp } from './modules/billing/testing.ts';
import { createRateService } from './modules/rates/service.ts';
import { seedRateDeck } from './modules/rates/seed.ts';
import { createTestPayments, type TestPayments } from './payments/testing.ts';
import { createTestTelephony, type TestTelephony } from './telephony/testing.ts';
import { testConfig } from './testing/fixtures.ts';

const runsPerRoute = Number(process.env.FUZZ_RUNS ?? 100);

let database: TestDatabase;
let t: BillingTestApp;
let payments: TestPayments;
let telephony: TestTelephony;
let token: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedRateDeck(database.db);
  const config = testConfig({ PUBLIC_URL: testPublicUrl });
  payments = await createTestPayments(database.db, config);
  telephony = await createTestTelephony(database.db, config);
  t = await billingTestApp(database.db, { services: { ...payments.services, ...telephony.services }, rates: createRateService({ db: database.db }) });
  payments.attach(t.app);
  telephony.attach(t.app);
  token = (await t.signUpWithBalance('fuzz', '20.00')).token;
});
afterAll(async () => {
  await payments.close();
  await telephony.close();
  await database.drop();
});

const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('\u0000', 'a\u0000b', '%00', '../../etc/passwd', "' or 1=1 --", '+442079460000', '0', '-1', '1e309', 'NaN', ' ', '😀'),
  fc.string({ minLength: 5000, maxLength: 20000 }),
  fc.uuid(),
);
const jsonish = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    nasty,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(fc.oneof(nasty, fc.constantFrom('displayName', 'primaryNumber', 'amount', 'destinationNumber', 'country', 'score')), tie('value'), {
      maxKeys: 6,
    }),
  ),
})).value;

const body = fc.oneof(
  jsonish.map((value) => ({ text: JSON.stringify(value) ?? 'null', type: 'application/json' })),
  fc.string().map((text) => ({ text, type: 'application/json' })),
  nasty.map((text) => ({ text, type: fc.sample(fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', ''), 1)[0]! })),
  fc.constant({ text: '', type: 'application/json' }),
  fc.constant({ text: '{"a":'.repeat(3000), type: 'application/json' }),
);

const query = fc.dictionary(fc.oneof(fc.constantFrom('number', 'search', 'country', 'page', 'cursor', 'limit', 'type', 'areaCode'), fc.string()), nasty, { maxKeys: 4 });

function pathOf(template: string, params: string[]): string {
  let i = 0;
  return template.replace(/:[^/]+/g, () => encodeURIComponent(params[i++] ?? 'x'));
}

function isEnvelope(value: unknown): boolean {
  const error = (value as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}

describe('fuzz: every /api route', () => {
  for (const route of Object.values(routes)) {
    test(`${route.method} ${route.path}`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(nasty, { minLength: 2, maxLength: 2 }),
          query,
          body,
          fc.constantFrom(route.method, route.method, route.method, 'GET', 'POST', 'PUT', 'PATCH', 'DELETE'),
          fc.boolean(),
          async (params, q, b, method, signedIn) => {
            const search = new URLSearchParams(q).toString();
            const url = `${testPublicUrl}${pathOf(route.path, params)}${search ? `?${search}` : ''}`;
            const withBody = method !== 'GET';
            const res = await t.app.handle(
              new Request(url, {
                method,
                headers: {
                  ...(signedIn ? { authorization: `Bearer ${token}` } : {}),
                  ...(withBody && b.type ? { 'content-type': b.type } : {}),
                },
                ...(withBody ? { body: b.text } : {}),
              }),
            );
            const text = await res.text();
            expect(res.status).toBeLessThan(500);
            if (res.status >= 400) expect(isEnvelope(JSON.parse(text))).toBe(true);
          },
        ),
        { numRuns: runsPerRoute, seed: 20261124 },
      );
    });
  }
});

describe('fuzz: the auth stand-in', () => {
  for (const path of ['/auth/v1/signup', '/auth/v1/token?grant_type=password', '/auth/v1/token?grant_type=refresh_token', '/auth/v1/logout', '/auth/v1/user']) {
    test(`POST ${path}`, async () => {
      await fc.assert(
        fc.asyncProperty(body, fc.boolean(), async (b, signedIn) => {
          const res = await t.handle(
            new Request(`${testPublicUrl}${path}`, {
              method: path.endsWith('/user') ? 'GET' : 'POST',
              headers: { ...(signedIn ? { authorization: `Bearer ${token}` } : {}), ...(b.type ? { 'content-type': b.type } : {}) },
              ...(path.endsWith('/user') ? {} : { body: b.text }),
            }),
          );
          const text = await res.text();
          expect(res.status).toBeLessThan(500);
          if (res.status >= 400) {
            const error = JSON.parse(text) as { code?: unknown; error_code?: unknown; msg?: unknown };
            expect(typeof error.error_code === 'string' && typeof error.msg === 'string').toBe(true);
          }
        }),
        { numRuns: runsPerRoute, seed: 20261124 },
      );
    });
  }
});
