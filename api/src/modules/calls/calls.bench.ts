// Calling under load on the machine's PostgreSQL, over HTTP on loopback (127.0.0.1:3405), 16 requests at a time:
//   POST /api/calls/start          200 users, one call each per round (price, caller ID, hold, one-call index);
//   POST /webhooks/twilio/voice    the TwiML App's request for each call (signature, the call linked, TwiML);
//   POST /webhooks/twilio/status   initiated, ringing, in-progress, completed for each call (signature, status
//                                  machine, and at the end the settlement: cost, call_charge entry, hold released).
// Prints requests per second and p50/p99 of each, and status callbacks per second. Targets (issues, not asserted):
// start p99 under 30 ms (#24), voice webhook p99 under 50 ms, at least 1,000 status callbacks settled per second. Afterwards every balance
// must equal its ledger and no money may still be held (checked).
import twilio from 'twilio';
import { percentile, runConcurrently, type LoadResult } from '@ringwise/bench/load';
import { testPublicUrl } from '../../auth/testing.ts';
import { createPostgresDatabase } from '../../db/postgres.ts';
import { createTestDatabase } from '../../db/testing.ts';
import { createTestTelephony } from '../../telephony/testing.ts';
import { testConfig } from '../../testing/fixtures.ts';
import { billingTestApp } from '../billing/testing.ts';
import { ledgerDifferences } from '../billing/ledger.ts';
import { createRateService } from '../rates/service.ts';
import { seedRateDeck } from '../rates/seed.ts';

const USERS = 200;
const ROUNDS = 5;
const CONCURRENCY = 16;
const PORT = 3405;

const database = await createTestDatabase();
await seedRateDeck(database.db);
const db = createPostgresDatabase(database.url);
const config = testConfig({ PUBLIC_URL: testPublicUrl });
const telephony = await createTestTelephony(db, config);
const test = await billingTestApp(db, { services: telephony.services, rates: createRateService({ db }) });
telephony.attach(test.app);

const users: Array<{ token: string; id: string }> = [];
for (let i = 0; i < USERS; i++) {
  users.push(await test.signUpWithBalance('bench-calls', '50.00'));
}

const origin = `http://127.0.0.1:${PORT}`;
let sids = 0;
const newSid = () => `CA${(++sids).toString(16).padStart(32, '0')}`;

function signedPost(path: string, form: Record<string, string>) {
  const signature = twilio.getExpectedTwilioSignature(config.twilio.authToken, `${testPublicUrl}${path}`, form);
  return fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    body: new URLSearchParams(form).toString(),
  });
}

const totals = { start: [] as number[], voice: [] as number[], status: [] as number[], seconds: { start: 0, voice: 0, status: 0 }, failures: 0 };
function add(kind: 'start' | 'voice' | 'status', result: LoadResult) {
  totals[kind].push(...result.latencies);
  totals.seconds[kind] += result.seconds;
  totals.failures += result.failures;
}
function line(label: string, latencies: number[], seconds: number, unit: string, targetP99Ms?: number) {
  const sorted = Float64Array.from(latencies).sort();
  const p99 = percentile(sorted, 99);
  console.log(
    `${label.padEnd(30)} ${String(Math.round(latencies.length / seconds)).padStart(6)} ${unit}/s   p50 ${percentile(sorted, 50).toFixed(1)} ms   p99 ${p99.toFixed(1)} ms`,
  );
  if (targetP99Ms !== undefined) console.log(`${label} p99 ${p99.toFixed(1)} ms (target < ${targetP99Ms} ms)`);
}

const server = test.app.listen({ port: PORT, hostname: '127.0.0.1' });
try {
  console.log(`Calling, PostgreSQL, ${USERS} users × ${ROUNDS} rounds, ${CONCURRENCY} at a time, over HTTP`);
  for (let round = 0; round <= ROUNDS; round++) {
    const calls: string[] = Array.from({ length: USERS }, () => '');
    const started = await runConcurrently(USERS, CONCURRENCY, async (i) => {
      const res = await fetch(`${origin}/api/calls/start`, {
        method: 'POST',
        headers: { authorization: `Bearer ${users[i]!.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ destinationNumber: '+447400123456' }),
      });
      const body = (await res.json()) as { callId: string };
      calls[i] = body.callId;
      return res.status === 201;
    });
    const voiced = await runConcurrently(USERS, CONCURRENCY, async (i) => {
      const res = await signedPost('/webhooks/twilio/voice', {
        AccountSid: config.twilio.accountSid,
        ApiVersion: '2010-04-01',
        CallSid: newSid(),
        CallStatus: 'ringing',
        From: `client:${users[i]!.id}`,
        To: '',
        callId: calls[i]!,
      });
      return (await res.text()).includes('<Dial');
    });
    const events = ['initiated', 'ringing', 'in-progress', 'completed'];
    const legs = calls.map(() => newSid());
    // each call's events in order, calls interleaved
    const statused = await runConcurrently(USERS * events.length, CONCURRENCY, async (n) => {
      const i = n % USERS;
      const event = Math.floor(n / USERS);
      const res = await signedPost(`/webhooks/twilio/status?callId=${calls[i]}`, {
        CallSid: legs[i]!,
        CallStatus: events[event]!,
        SequenceNumber: String(event),
        ...(events[event] === 'completed' ? { CallDuration: String(30 + (i % 120)) } : {}),
      });
      await res.arrayBuffer();
      return res.status === 204;
    });
    // round 0 warms up (JIT, pool, plans)
    if (round > 0) {
      add('start', started);
      add('voice', voiced);
      add('status', statused);
    }
  }
  line('POST /api/calls/start', totals.start, totals.seconds.start, 'calls', 30);
  line('POST /webhooks/twilio/voice', totals.voice, totals.seconds.voice, 'calls');
  line('POST /webhooks/twilio/status', totals.status, totals.seconds.status, 'callbacks');
  const [settled] = await database.db.privileged((sql) =>
    sql.query<{ settled: string; held: string }>(
      `select (select count(*) from public.calls where settled_at is not null)::text as settled, (select coalesce(sum(held), 0) from public.users)::text as held`,
    ),
  );
  const differences = await database.db.privileged(ledgerDifferences);
  console.log(
    `settled ${settled?.settled} of ${USERS * (ROUNDS + 1)} calls; failures ${totals.failures}; held after ${settled?.held}; ${differences.length === 0 ? 'every balance equals its ledger' : `${differences.length} balances differ`}`,
  );
  if (differences.length > 0 || totals.failures > 0 || Number(settled?.settled) !== USERS * (ROUNDS + 1)) process.exitCode = 1;
} finally {
  await server.stop();
  await telephony.close();
  await db.close();
  await database.drop();
}
