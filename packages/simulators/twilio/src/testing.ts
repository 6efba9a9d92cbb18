// Test helpers: the carrier simulator for a test account, and the official `twilio` SDK pointed at it through an app's
// `handle` (no network). Create it, mount `twilioSimulator(carrier.twilioSimulator)` on a small app with the webhooks
// the test records, then `attach(app)`; the simulator's callbacks go to the same app. A browser's calls need the app
// listening: `SdkClient` speaks the Voice SDK's signalling to its WebSocket, `BrowserPeer` is the browser's audio.
import twilio, { type Twilio } from 'twilio';
import type { FetchFunction, SimulatorDatabase } from '@ringwise/simulator-common/host';
import { devAccount } from './dev-account.ts';
import { openTwilioSimulator, type TwilioSimulator, type TwilioSimulatorOptions } from './simulator.ts';

/** The browser as the official Voice SDK is: its signalling client and a WebRTC peer for its audio. */
export { BrowserPeer, SdkClient } from './voice/testing.ts';

/** The account, API key and TwiML App of the tests (the api's defaults without TWILIO_*). */
export const testAccount = devAccount;

/** What the SDK hands its httpClient (twilio-node RequestClient's `request(opts)`), as far as it is read here. */
interface SdkRequest {
  method: string;
  uri: string;
  username?: string;
  password?: string;
  headers?: Record<string, string>;
  params?: Record<string, unknown>;
  data?: Record<string, unknown>;
}

/** Twilio's form encoding: arrays as repeated keys, nothing for undefined. */
function form(values: Record<string, unknown> = {}): URLSearchParams {
  const encoded = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) encoded.append(key, String(item));
  }
  return encoded;
}

/** The official SDK for an account, its requests for api.twilio.com sent to `simulatorUrl` with `send`. */
export function simulatorClient(simulatorUrl: string, send: FetchFunction, account: { accountSid: string; authToken: string } = testAccount): Twilio {
  const httpClient = {
    async request(opts: SdkRequest) {
      const target = new URL(opts.uri);
      const query = form(opts.params).toString();
      const method = opts.method.toUpperCase();
      const headers: Record<string, string> = { ...opts.headers, authorization: `Basic ${btoa(`${opts.username ?? ''}:${opts.password ?? ''}`)}` };
      const body = method === 'POST' ? form(opts.data).toString() : undefined;
      if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
      const response = await send(`${simulatorUrl}${target.pathname}${query ? `?${query}` : target.search}`, { method, headers, ...(body === undefined ? {} : { body }) });
      return { statusCode: response.status, body: await response.text(), headers: Object.fromEntries(response.headers) };
    },
  };
  return twilio(account.accountSid, account.authToken, { httpClient: httpClient as never });
}

export interface TestCarrier {
  twilioSimulator: TwilioSimulator;
  /** The official SDK for `testAccount`, talking to the simulator through the attached app. */
  twilio: Twilio;
  /** Sends the SDK's requests and the simulator's callbacks to this app from now on. */
  attach(app: { handle(request: Request): Promise<Response> }): void;
  /** Ends the live calls and waits for pending callbacks. */
  close(): Promise<void>;
}

/** The simulator for `testAccount` on `db`, as an app at `origin` configures it (its Voice URL `/webhooks/twilio/voice`). */
export async function createTestCarrier(
  db: SimulatorDatabase,
  options: { origin: string } & Partial<Pick<TwilioSimulatorOptions, 'log' | 'now' | 'voiceTimeScale' | 'voiceTimers' | 'voiceSignalling'>>,
): Promise<TestCarrier> {
  let target: { handle(request: Request): Promise<Response> } | null = null;
  const viaApp: FetchFunction = (input, init) => {
    if (!target) throw new Error('createTestCarrier: call attach(app) before using the carrier');
    return target.handle(input instanceof Request ? input : new Request(input, init));
  };
  const { origin, ...simulatorOptions } = options;
  const twilioSimulator = await openTwilioSimulator({
    ...testAccount,
    ...simulatorOptions,
    db,
    fetch: viaApp,
    callbackLog: () => {},
    voiceUrl: `${origin}/webhooks/twilio/voice`,
    recordingMediaBase: `${origin}/sim/twilio`,
  });
  return {
    twilioSimulator,
    twilio: simulatorClient(`${origin}/sim/twilio`, viaApp),
    attach(app) {
      target = app;
    },
    async close() {
      await twilioSimulator.voice.close();
      await twilioSimulator.callbacks.flush();
    },
  };
}
