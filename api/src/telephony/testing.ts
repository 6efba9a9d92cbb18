// Telephony for app tests: the official `twilio` SDK and the carrier simulator, wired without a port: the SDK's
// requests go to the simulator's own routes (`simulator.handle`, as to its process), its callbacks to the app under
// test (`app.handle`, as to PUBLIC_URL). Create them before the app, pass `services` in, then `attach(app)`:
//
//   const testTelephony = await createTestTelephony(db, config);
//   const app = createApp(config, { services: { db, auth, rates, ...testTelephony.services } });
//   testTelephony.attach(app);
//   … await testTelephony.twilioSimulator.callbacks.flush();   // the app has had every status callback
import { Elysia, type AnyElysia } from 'elysia';
import { openTwilioSimulator, twilioSimulator as simulatorRoutes, type TwilioSimulator, type TwilioSimulatorOptions } from '@ringwise/twilio-simulator';
import type { ApiConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { FetchFunction } from '../lib/provider-fetch.ts';
import type { ApiServices } from '../services.ts';
import { createTelephonyServices, type TelephonyServices } from './twilio-client.ts';
import { webhooks } from '@ringwise/contract/webhooks';

type Handles = { handle(request: Request): Promise<Response> };

export interface TestTelephony {
  telephony: TelephonyServices;
  twilioSimulator: TwilioSimulator;
  /** The simulator's own routes (its REST API, the phone page), as its process serves them (`listen` it for
   *  what needs a socket). */
  simulator: AnyElysia;
  /** What to spread into ApiServices. */
  services: Pick<ApiServices, 'telephony'>;
  /** Sends the simulator's callbacks to this app from now on. */
  attach(app: Handles): void;
  /** Ends the live calls and waits for pending callbacks. */
  close(): Promise<void>;
}

/** The simulator's options of a test config: its account and calling keys, the TwiML App's Voice URL at PUBLIC_URL. */
export function simulatorOptionsOf(config: Pick<ApiConfig, 'publicUrl' | 'twilio'>): Pick<TwilioSimulatorOptions, 'accountSid' | 'authToken' | 'apiKeySid' | 'apiKeySecret' | 'twimlAppSid' | 'voiceUrl'> {
  const { accountSid, authToken, apiKeySid, apiKeySecret, twimlAppSid } = config.twilio;
  return {
    accountSid,
    authToken,
    ...(apiKeySid && apiKeySecret ? { apiKeySid, apiKeySecret } : {}),
    ...(twimlAppSid ? { twimlAppSid } : {}),
    voiceUrl: `${config.publicUrl.replace(/\/+$/, '')}${webhooks.twilioVoice.path}`,
  };
}

export async function createTestTelephony(
  db: Pick<Database, 'privileged'>,
  config: Pick<ApiConfig, 'publicUrl' | 'twilio'>,
  options: Partial<Pick<TwilioSimulatorOptions, 'log' | 'callbackLog' | 'now' | 'voiceTimeScale' | 'voiceTimers'>> = {},
): Promise<TestTelephony> {
  if (config.twilio.simulatorUrl === null) throw new Error('createTestTelephony is for the simulator: the test config must not set TWILIO_ACCOUNT_SID');
  let target: Handles | null = null;
  const toApp: FetchFunction = (input, init) => {
    if (!target) throw new Error('createTestTelephony: call attach(app) before using the telephony');
    return target.handle(input instanceof Request ? input : new Request(input, init));
  };
  const twilioSimulator = await openTwilioSimulator({
    db,
    fetch: toApp,
    callbackLog: options.callbackLog ?? (() => {}),
    ...(options.log ? { log: options.log } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.voiceTimeScale !== undefined ? { voiceTimeScale: options.voiceTimeScale } : {}),
    ...(options.voiceTimers ? { voiceTimers: options.voiceTimers } : {}),
    ...simulatorOptionsOf(config),
  });
  const simulator = new Elysia().use(simulatorRoutes(twilioSimulator));
  const toSimulator: FetchFunction = (input, init) => simulator.handle(input instanceof Request ? input : new Request(input, init));
  const telephony = createTelephonyServices(config, { fetch: toSimulator });
  return {
    telephony,
    twilioSimulator,
    simulator,
    services: { telephony },
    attach(app) {
      target = app;
    },
    async close() {
      await twilioSimulator.voice.close();
      await twilioSimulator.callbacks.flush();
    },
  };
}
