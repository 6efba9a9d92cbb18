// The wiring: createApp serves the simulator under /sim/twilio only without Twilio keys, behind the app's own
// plugins (security headers), and the telephony services' SDK reaches it.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { EngineDatabase } from '../db/database.ts';
import { createPgliteDatabase } from '../db/pglite.ts';
import { appWithStandIn, makeDist, testConfig } from '../testing/fixtures.ts';
import { createTestTelephony, type TestTelephony } from './testing.ts';

const origin = 'http://localhost:3000';
let db: EngineDatabase;
let testTelephony: TestTelephony;
const dist = makeDist();

function appWith(env: Record<string, string>) {
  const app = appWithStandIn(db, testTelephony, { SHELL_DIST: dist.dir, PUBLIC_URL: origin, ...env });
  return { app, client: testTelephony.telephony.twilio };
}

beforeAll(async () => {
  db = await createPgliteDatabase(null);
  testTelephony = await createTestTelephony(db, testConfig({ PUBLIC_URL: origin }));
});
afterAll(async () => {
  await testTelephony.close();
  await db.close();
  dist.cleanup();
});

describe('createApp and the carrier simulator', () => {
  test('without Twilio keys the SDK of the telephony services reaches the mounted simulator, and the phone page keeps the security headers', async () => {
    const { app, client } = appWith({});
    const [offer] = await client.availablePhoneNumbers('US').local.list({ areaCode: 212, limit: 1 });
    expect(offer?.phoneNumber).toStartWith('+1212');
    const page = await app.handle(new Request(`${origin}/sim/twilio/phone`));
    expect(page.status).toBe(200);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'nonce-/);
    const missing = await app.handle(new Request(`${origin}/sim/twilio/nothing`));
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('carrier simulator');
  });

  test('with Twilio keys the simulator never answers, even when handed to createApp', async () => {
    const { app } = appWith({ TWILIO_ACCOUNT_SID: `AC${'1'.repeat(32)}`, TWILIO_AUTH_TOKEN: 'real-token' });
    expect(app.routes.some((route) => route.path.startsWith('/sim/twilio'))).toBe(false);
    const res = await app.handle(new Request(`${origin}/sim/twilio/2010-04-01/Accounts/AC00000000000000000000000000000000/IncomingPhoneNumbers.json`));
    expect(await res.text()).not.toContain('20003');
  });
});
