// Test helpers of calling, on PGlite and (when it answers) the machine's PostgreSQL: the app with the carrier
// simulator, a scripted carrier record of calls (the REST `Calls` resource, which the simulator does not serve) for
// the official SDK to fetch and update, signed status callbacks as Twilio sends them, and calls started through the api.
import { afterAll, beforeAll, expect } from 'bun:test';
import twilio, { type Twilio } from 'twilio';
import type { CallPricing } from '@ringwise/contract/calls';
import { testPublicUrl } from '../../auth/testing.ts';
import type { EngineDatabase } from '../../db/database.ts';
import { createTestDatabase, createTestPglite, postgresReachable } from '../../db/testing.ts';
import { createTestTelephony, type TestTelephony } from '../../telephony/testing.ts';
import { createTelephonyServices, twilioSimulatorPath } from '../../telephony/twilio-client.ts';
import { testConfig } from '../../testing/fixtures.ts';
import { billingTestApp, type BillingTestApp } from '../billing/testing.ts';
import { createRateService } from '../rates/service.ts';
import { seedRateDeck } from '../rates/seed.ts';

export const callsTestConfig = testConfig({ PUBLIC_URL: testPublicUrl });

export interface Engine {
  name: string;
  available: boolean;
  open(): Promise<{ db: EngineDatabase; close(): Promise<void> }>;
}

/** PGlite always, PostgreSQL when the machine's answers. */
export async function testEngines(): Promise<Engine[]> {
  const hasPostgres = await postgresReachable();
  return [
    {
      name: 'PGlite',
      available: true,
      async open() {
        const db = await createTestPglite();
        return { db, close: () => db.close() };
      },
    },
    {
      name: 'PostgreSQL',
      available: hasPostgres,
      async open() {
        const { db, drop } = await createTestDatabase();
        return { db, close: drop };
      },
    },
  ];
}

/** Opens the engine and the app before a describe block's tests (handing both to `use`), closes them after. */
export function callsTestAppFor(engine: Engine, use: (opened: { db: EngineDatabase; t: CallsTestApp }) => void): void {
  let close: (() => Promise<void>) | undefined;
  let app: CallsTestApp | undefined;
  beforeAll(async () => {
    const opened = await engine.open();
    close = opened.close;
    app = await callsTestApp(opened.db);
    use({ db: opened.db, t: app });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await close?.();
  });
}

/** A call's row as the settlement leaves it. */
export async function callRecord(db: EngineDatabase, callId: string) {
  const [row] = await db.privileged((sql) =>
    sql.query<{ status: string; end_reason: string | null; cost: string | null; settled: boolean }>(
      'select status, end_reason, cost::text as cost, settled_at is not null as settled from public.calls where id = $1',
      [callId],
    ),
  );
  return row!;
}

/** The money a user has on hold. */
export async function heldOf(db: EngineDatabase, userId: string): Promise<string> {
  const [row] = await db.privileged((sql) => sql.query<{ held: string }>('select held::text as held from public.users where id = $1', [userId]));
  return row!.held;
}

/** A call as the carrier keeps it (Twilio's Call resource, the fields we read). */
export interface CarrierCall {
  status: string;
  duration?: number;
}

/** The carrier's record of calls, by SID, as the test writes it; what the SDK asked of it; and whether it answers. */
export interface ScriptedCarrier {
  calls: Map<string, CarrierCall>;
  /** Every request to the Calls resource: method, SID and form (an update's Status). */
  requests: Array<{ method: string; sid: string; form: Record<string, string> }>;
  /** 'down': every request answers 500 (Twilio's own trouble). */
  mode: 'up' | 'down';
}

const callsResource = new RegExp(`^${twilioSimulatorPath}/2010-04-01/Accounts/[^/]+/Calls/(CA[0-9a-fA-F]{32})\\.json$`);

async function answerCallsResource(carrier: ScriptedCarrier, request: Request, sid: string): Promise<Response> {
  const form = Object.fromEntries(new URLSearchParams(request.method === 'POST' ? await request.text() : ''));
  carrier.requests.push({ method: request.method, sid, form });
  const error = (status: number, code: number, message: string) =>
    Response.json({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }, { status });
  if (carrier.mode === 'down') return error(500, 20500, 'Internal Server Error');
  const call = carrier.calls.get(sid);
  if (!call) return error(404, 20404, `The requested resource /Calls/${sid}.json was not found`);
  if (request.method === 'POST' && form.Status) {
    // as Twilio does: canceling a call in progress does nothing
    if (form.Status === 'completed' || call.status === 'queued' || call.status === 'ringing') call.status = form.Status;
  }
  return Response.json({
    sid,
    account_sid: callsTestConfig.twilio.accountSid,
    status: call.status,
    duration: call.duration === undefined ? null : String(call.duration),
    direction: 'inbound',
    api_version: '2010-04-01',
  });
}

export interface CallsTestApp extends BillingTestApp {
  carrier: ScriptedCarrier;
  /** The app's SDK client (its Calls requests reach the scripted carrier), for the sweeper. */
  twilio: Twilio;
  telephony: TestTelephony;
  /** POSTs a form to a webhook, signed for PUBLIC_URL + path as Twilio signs it. */
  webhook(path: string, form: Record<string, string>): Promise<Response>;
  /** POST /api/calls/start, expected to answer 201. */
  started(token: string, destinationNumber?: string): Promise<StartedCall>;
  /** The status callbacks of one leg (answered and lasting `seconds` unless `final` says otherwise), in order. */
  legCallbacks(callId: string, leg: string, seconds: number, final?: string): Array<() => Promise<Response>>;
  /** A call the carrier placed and answered (in progress in the scripted carrier, its callbacks up to in-progress
   *  sent), whose carrier then never reports again. */
  answeredCall(label: string): Promise<{ owner: { token: string; id: string; email: string }; callId: string; parent: string; leg: string }>;
  close(): Promise<void>;
}

export interface StartedCall {
  callId: string;
  pricing: CallPricing;
  maxDurationSeconds: number;
}

/** The app on `db` with the carrier simulator, the SDK's `Calls` requests answered by a scripted carrier. */
export async function callsTestApp(db: EngineDatabase): Promise<CallsTestApp> {
  await seedRateDeck(db);
  const config = callsTestConfig;
  const telephony = await createTestTelephony(db, config);
  const carrier: ScriptedCarrier = { calls: new Map(), requests: [], mode: 'up' };
  let app: BillingTestApp | null = null;
  const scripted = createTelephonyServices(config, {
    fetch: async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const sid = callsResource.exec(new URL(request.url).pathname)?.[1];
      if (sid) return answerCallsResource(carrier, request, sid);
      return telephony.simulator.handle(request);
    },
  });
  app = await billingTestApp(db, { services: { ...telephony.services, telephony: scripted }, rates: createRateService({ db }) });
  telephony.attach(app.app);
  const testApp = app;

  const webhook = (path: string, form: Record<string, string>) => {
    const url = `${testPublicUrl}${path}`;
    return testApp.app.handle(
      new Request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilio.getExpectedTwilioSignature(config.twilio.authToken, url, form) },
        body: new URLSearchParams(form).toString(),
      }),
    );
  };

  const started: CallsTestApp['started'] = async (token, destinationNumber = '+447400123456') => {
    const response = await testApp.call('POST', '/api/calls/start', token, { destinationNumber });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as StartedCall;
  };
  const legCallbacks: CallsTestApp['legCallbacks'] = (callId, leg, seconds, final = 'completed') => {
    const base = { CallSid: leg, ParentCallSid: newSid(), AccountSid: config.twilio.accountSid, Direction: 'outbound-dial', ApiVersion: '2010-04-01' };
    const events = [
      { ...base, CallStatus: 'initiated' },
      { ...base, CallStatus: 'ringing' },
      ...(final === 'completed' ? [{ ...base, CallStatus: 'in-progress' }] : []),
      { ...base, CallStatus: final, CallDuration: String(seconds) },
    ];
    return events.map((form) => () => webhook(`/webhooks/twilio/status?callId=${callId}`, form));
  };

  return {
    ...testApp,
    carrier,
    twilio: scripted.twilio,
    telephony,
    webhook,
    started,
    legCallbacks,
    async answeredCall(label) {
      const owner = await testApp.signUpWithBalance(label, '5.00');
      const { callId } = await started(owner.token);
      const parent = newSid();
      await webhook('/webhooks/twilio/voice', { CallSid: parent, From: `client:${owner.id}`, To: '', callId });
      const leg = newSid();
      for (const send of legCallbacks(callId, leg, 0).slice(0, 3)) expect((await send()).status).toBe(204);
      carrier.calls.set(parent, { status: 'in-progress' });
      carrier.calls.set(leg, { status: 'in-progress' });
      return { owner, callId, parent, leg };
    },
    close: () => telephony.close(),
  };
}

const hex = (length: number) => Array.from(crypto.getRandomValues(new Uint8Array(length / 2)), (b) => b.toString(16).padStart(2, '0')).join('');

export const newSid = () => `CA${hex(32)}`;
