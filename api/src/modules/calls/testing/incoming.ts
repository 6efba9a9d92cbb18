// The testbed of calls to a bought number (voicemail, forwarding: issue 36): a test database with the rate deck, the
// carrier simulator listening on loopback (1 simulated second = `timeScale` s), the api with its e-mail jobs writing
// to a folder, and the helpers those tests share. Registers its own beforeAll/afterAll.
import { afterAll, beforeAll, expect } from 'bun:test';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { testPublicUrl } from '../../../auth/testing.ts';
import { createTestDatabase, type TestDatabase } from '../../../db/testing.ts';
import { createMailer } from '../../../mail/mailer.ts';
import { createTestTelephony, type TestTelephony } from '../../../telephony/testing.ts';
import { testConfig } from '../../../testing/fixtures.ts';
import { createBillingJobs, type BillingJobs } from '../../billing/jobs.ts';
import { billingTestApp, type BillingTestApp } from '../../billing/testing.ts';
import { createRateService, type RateService } from '../../rates/service.ts';
import { seedRateDeck } from '../../rates/seed.ts';

export interface IncomingTestbed {
  database: TestDatabase;
  telephony: TestTelephony;
  testApp: BillingTestApp;
  jobs: BillingJobs;
  rates: RateService;
  mailDir: string;
}

export const json = async <T>(response: Response) => (await response.json()) as T;

/** The testbed, set up before the file's tests and torn down after them. */
export function incomingTestbed(timeScale = 0.01): IncomingTestbed {
  const bed = {} as IncomingTestbed;
  const config = testConfig({ PUBLIC_URL: testPublicUrl });
  beforeAll(async () => {
    bed.database = await createTestDatabase();
    await seedRateDeck(bed.database.db);
    bed.mailDir = mkdtempSync(path.join(tmpdir(), 'ringwise-incoming-mail-'));
    bed.telephony = await createTestTelephony(bed.database.db, config, { voiceTimeScale: timeScale });
    bed.telephony.simulator.listen({ port: 0, hostname: '127.0.0.1' });
    const carrierOrigin = `http://127.0.0.1:${bed.telephony.simulator.server?.port}`;
    bed.jobs = createBillingJobs({
      db: bed.database.db,
      stripe: new Stripe('sk_test_unused'),
      mailer: createMailer({ from: 'Ringwise <no-reply@ringwise.test>', mailDir: bed.mailDir }),
      publicUrl: testPublicUrl,
      estimateMinutes: async () => null,
      log: () => {},
    });
    bed.rates = createRateService({ db: bed.database.db });
    bed.testApp = await billingTestApp(bed.database.db, {
      env: { TWILIO_SIMULATOR_URL: carrierOrigin },
      services: bed.telephony.services,
      rates: bed.rates,
      jobs: bed.jobs,
    });
    bed.telephony.attach(bed.testApp.app);
  });
  afterAll(async () => {
    await bed.telephony.close();
    await bed.telephony.simulator.stop();
    await bed.database.drop();
    rmSync(bed.mailDir, { recursive: true, force: true });
  });
  return bed;
}

/** A user with `balance` who bought a US number ($1.15 of it): the user and the number. */
export async function ownerWithNumber(bed: IncomingTestbed, label: string, balance = '5.00') {
  const user = await bed.testApp.signUpWithBalance(label, balance);
  const [available] = await bed.telephony.telephony.twilio.availablePhoneNumbers('US').local.list({ areaCode: 212, limit: 1 });
  const bought = await bed.testApp.call('POST', '/api/virtual-numbers/purchase', user.token, { phoneNumber: available!.phoneNumber, country: 'US', price: '1.15', numberType: 'local' });
  expect(bought.status).toBe(201);
  const { id } = await json<{ id: string }>(bought);
  return { user, number: available!.phoneNumber, numberId: id };
}

/** Waits for the caller's call to `number` to end at the carrier, and for its callbacks. */
export async function callEnded(bed: IncomingTestbed, number: string) {
  const voice = bed.telephony.twilioSimulator.voice;
  for (let i = 0; i < 500 && voice.calls().find((call) => call.to === number)?.status !== 'completed'; i++) await Bun.sleep(20);
  await voice.settle();
  return voice.calls().find((call) => call.to === number);
}

export const mailsIn = (bed: IncomingTestbed) => readdirSync(bed.mailDir).map((file) => readFileSync(path.join(bed.mailDir, file), 'utf8'));
