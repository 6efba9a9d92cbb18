// Telephony for app tests: the official `twilio` SDK and the carrier simulator, both wired to the app under test
// through `app.handle` (no network, no port). Create them before the app, pass them in the services, then
// `attach(app)`:
//
//   const testTelephony = await createTestTelephony(db, config);
//   const app = createApp(config, { services: { db, auth, rates, ...testTelephony.services } });
//   testTelephony.attach(app);
//   … await testTelephony.twilioSimulator.callbacks.flush();   // the app has had every status callback
import { openTwilioSimulator, type TwilioSimulator, type TwilioSimulatorOptions } from '@ringwise/twilio-simulator';
import type { ApiConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { FetchFunction } from '../lib/provider-fetch.ts';
import { simulatorCalling, type ApiServices } from '../services.ts';
import { createTelephonyServices, twilioSimulatorPath, type TelephonyServices } from './twilio-client.ts';

export interface TestTelephony {
  telephony: TelephonyServices;
  twilioSimulator: TwilioSimulator;
  /** What to spread into ApiServices. */
  services: Pick<ApiServices, 'telephony' | 'twilioSimulator'>;
  /** Sends the SDK's requests and the simulator's callbacks to this app from now on. */
  attach(app: { handle(request: Request): Promise<Response> }): void;
  /** Waits for pending callbacks. */
  close(): Promise<void>;
}

export async function createTestTelephony(
  db: Pick<Database, 'privileged'>,
  config: Pick<ApiConfig, 'port' | 'publicUrl' | 'twilio'>,
  options: Partial<Pick<TwilioSimulatorOptions, 'log' | 'callbackLog' | 'now' | 'voiceTimeScale' | 'voiceTimers'>> = {},
): Promise<TestTelephony> {
  if (config.twilio.live) throw new Error('createTestTelephony is for the simulator: the test config must not set TWILIO_ACCOUNT_SID');
  let target: { handle(request: Request): Promise<Response> } | null = null;
  const viaApp: FetchFunction = (input, init) => {
    if (!target) throw new Error('createTestTelephony: call attach(app) before using the telephony');
    return target.handle(input instanceof Request ? input : new Request(input, init));
  };
  const twilioSimulator = await openTwilioSimulator({
    db,
    publicUrl: config.publicUrl,
    accountSid: config.twilio.accountSid,
    authToken: config.twilio.authToken,
    fetch: viaApp,
    callbackLog: options.callbackLog ?? (() => {}),
    ...(options.log ? { log: options.log } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.voiceTimeScale !== undefined ? { voiceTimeScale: options.voiceTimeScale } : {}),
    ...(options.voiceTimers ? { voiceTimers: options.voiceTimers } : {}),
    ...simulatorCalling(config),
  });
  const telephony = createTelephonyServices(config, { simulatorUrl: `${config.publicUrl}${twilioSimulatorPath}`, fetch: viaApp });
  return {
    telephony,
    twilioSimulator,
    services: { telephony, twilioSimulator },
    attach(app) {
      target = app;
    },
    async close() {
      await twilioSimulator.voice.close();
      await twilioSimulator.callbacks.flush();
    },
  };
}
