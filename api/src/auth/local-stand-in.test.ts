// The Supabase Auth stand-in (@ringwise/auth-stand-in) beside the api: its tables in the api's database (the profile
// trigger), its e-mail change followed by the api's profile, and its tokens accepted by the api's verifier. Its limits
// and the rest are tested in its package; its process beside real api processes in stand-in-process.test.ts.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GoTrueSession } from '@ringwise/auth-stand-in';
import { simpleParser } from 'mailparser';
import { createTestAuthServer, signedUpSession, uniqueEmail } from '@ringwise/auth-stand-in/testing';
import { createTestDatabase, createTestPglite, postgresReachable, type TestDatabase } from '../db/testing.ts';
import { createMailer } from '../mail/mailer.ts';
import { billingTestApp, type BillingTestApp } from '../modules/billing/testing.ts';
import { testLocalAuthConfig } from './testing.ts';
import { createTokenVerifier } from './verify.ts';

const password = 'correct horse battery';
const hasPostgres = await postgresReachable();


describe('its tokens', () => {
  test('a session the stand-in answers is accepted by the api\'s verifier (through the stand-in\'s public keys)', async () => {
    const server = await createTestAuthServer();
    const session = await signedUpSession(server.app, uniqueEmail());
    const verifier = createTokenVerifier(testLocalAuthConfig(), { keys: server.signingKey.jwks });
    expect((await verifier.verify(session.access_token)).sub).toBe(session.user.id);
  });
});

describe('its tables in the api\'s database (PGlite)', () => {
  test('a new user gets a public.users profile', async () => {
    const db = await createTestPglite();
    try {
      const { app } = await createTestAuthServer({ db });
      const session = await signedUpSession(app, uniqueEmail());
      const profiles = await db.privileged((sql) => sql.query('select 1 from public.users where id = $1', [session.user.id]));
      expect(profiles).toHaveLength(1);
    } finally {
      await db.close();
    }
  });
});

// The whole api on PostgreSQL, with the real mailer writing .eml files: the link in the e-mail changes auth.users,
// public.users follows (its trigger), and /api/auth/user says the new address.
describe.skipIf(!hasPostgres)('e-mail change through the api (PostgreSQL, .eml files)', () => {
  let database: TestDatabase;
  let testApp: BillingTestApp;
  const mailDir = mkdtempSync(join(tmpdir(), 'ringwise-auth-mail-'));
  beforeAll(async () => {
    database = await createTestDatabase();
    // the stand-in mails its links through the real mailer, as its process does (SMTP_URL, else .eml files)
    testApp = await billingTestApp(database.db, { authStandIn: { mailer: createMailer({ from: 'Ringwise <no-reply@ringwise.test>', mailDir }) } });
  });
  afterAll(async () => {
    await database?.drop();
    rmSync(mailDir, { recursive: true, force: true });
  });

  /** The link of the newest .eml file to `to`. */
  async function emailedLink(to: string): Promise<string> {
    const mails = await Promise.all(readdirSync(mailDir).sort().map(async (name) => simpleParser(readFileSync(join(mailDir, name)))));
    const mail = mails.findLast((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.text === to));
    const link = mail?.text?.match(/http:\/\/localhost\/auth\/v1\/verify\?\S+/)?.[0];
    if (!link) throw new Error(`no link mailed to ${to}`);
    return link;
  }

  test('PUT /auth/v1/user, then both links: GET /api/auth/user shows the new address, sign-in uses it', async () => {
    const { call } = testApp;
    const email = `before-${crypto.randomUUID()}@example.com`;
    const newEmail = `after-${crypto.randomUUID()}@example.com`;
    const signedUp = (await (await call('POST', '/auth/v1/signup', undefined, { email, password })).json()) as GoTrueSession;
    const token = signedUp.access_token;
    expect((await call('PUT', '/auth/v1/user', token, { email: newEmail })).status).toBe(200);
    const profileEmail = async () => ((await (await call('GET', '/api/auth/user', token)).json()) as { email: string }).email;
    expect(await profileEmail()).toBe(email);

    const toNew = await emailedLink(newEmail);
    const toCurrent = await emailedLink(email);
    // without an allowed redirect_to the links lead to the site (PUBLIC_URL)
    expect(toNew).toMatch(/&redirect_to=http:\/\/localhost$/);
    expect((await call('GET', toNew)).headers.get('location')).toStartWith('http://localhost#message=');
    expect(await profileEmail()).toBe(email);
    const location = (await call('GET', toCurrent)).headers.get('location')!;
    expect(location).toStartWith('http://localhost#access_token=');

    expect(await profileEmail()).toBe(newEmail);
    const fresh = new URLSearchParams(location.split('#')[1]).get('access_token')!;
    expect(((await (await call('GET', '/api/auth/user', fresh)).json()) as { email: string }).email).toBe(newEmail);
    expect((await call('POST', '/auth/v1/token?grant_type=password', undefined, { email: newEmail, password })).status).toBe(200);
    expect((await call('POST', '/auth/v1/token?grant_type=password', undefined, { email, password })).status).toBe(400);
  });
});
