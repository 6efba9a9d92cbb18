// The carrier simulator as its own process (`bun packages/simulators/twilio/src/server.ts`, started by `bun run dev`
// and `bun run start`): Twilio's REST API, the Voice SDK's signalling and media and the phone page, on the port of
// TWILIO_SIMULATOR_URL (default http://localhost:3011). It reaches the app only as Twilio does: the TwiML App's Voice
// URL and every callback at PUBLIC_URL, signed. Its state is its own PGlite in DATA_DIR/stand-ins/twilio.
//
// Variables (the api's, so both sides agree): TWILIO_SIMULATOR_URL, PUBLIC_URL, DATA_DIR, TWILIO_API_KEY_SID,
// TWILIO_API_KEY_SECRET, TWILIO_TWIML_APP_SID (each defaulting to the development account, dev-account.ts).
import { join } from 'node:path';
import { Elysia } from 'elysia';
import { openStandInDatabase } from '@ringwise/simulator-common/stand-in-database';
import { read, serveStandIn, standInSettings } from '@ringwise/simulator-common/stand-in-process';
import { devAccount } from './dev-account.ts';
import { twilioSimulator } from './routes.ts';
import { openTwilioSimulator } from './simulator.ts';

const env = process.env;
const { url, publicUrl, dataDir } = standInSettings('twilio', env);
const db = await openStandInDatabase(join(dataDir, 'stand-ins', 'twilio'));

const simulator = await openTwilioSimulator({
  db,
  accountSid: devAccount.accountSid,
  authToken: devAccount.authToken,
  apiKeySid: read(env, 'TWILIO_API_KEY_SID') ?? devAccount.apiKeySid,
  apiKeySecret: read(env, 'TWILIO_API_KEY_SECRET') ?? devAccount.apiKeySecret,
  twimlAppSid: read(env, 'TWILIO_TWIML_APP_SID') ?? devAccount.twimlAppSid,
  voiceUrl: `${publicUrl}/webhooks/twilio/voice`,
  // recordings are fetched where the app reaches this process
  recordingMediaBase: `${url}/sim/twilio`,
});
// the calls a stopped process of this simulator left live are over: Twilio would have ended them
await simulator.recover();

serveStandIn({
  label: 'carrier simulator',
  url,
  app: new Elysia().use(twilioSimulator(simulator)),
  async stop() {
    await simulator.voice.close();
    simulator.stopHeartbeat();
    await db.close();
  },
});
