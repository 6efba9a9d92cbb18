// Every call settles, whatever dies, on real parts: api processes behind nginx (Debian's) on one PostgreSQL and Redis,
// the stand-ins each in its own process, the carrier simulator behind nginx too (its REST API and the Voice SDK's
// signalling WebSocket), its callbacks reaching the apis through nginx at PUBLIC_URL. The browsers are
// @ringwise/bench/calls-load's: the Voice SDK's signalling and a WebRTC peer each, as the dialer places calls.
//   - End Call sent to either api process ends the call at the carrier within 2 s.
//   - One api process killed in the middle of 50 live calls: every call goes on, settles once, nothing charged twice.
//   - The carrier killed mid-call and started again: every call final, charged at most once for what the carrier knew
//     of it, every hold released (the reconciler asks the carrier), within 3 minutes; the ledger holds.
//   - The default install (one api on PGlite) killed mid-call and started again: the same.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AudioClock, api, defaultOptions, fundedUser, hangUp, placeCall, runCallsLoad, type CallsLoadResult, type Deployment } from '@ringwise/bench/calls-load';
import { routes } from '@ringwise/contract/routes';
import { createThrowawayDatabase, type ThrowawayDatabase } from '@ringwise/test-postgres';
import type { EngineDatabase } from './db/database.ts';
import { openDatabaseFromEnv } from './db/open-database.ts';
import { postgresReachable } from './db/testing.ts';
import { redisReachable, testRedisUrl } from './limits/testing.ts';
import { ledgerDifferences } from './modules/billing/ledger.ts';
import { startApiProcesses, type ApiProcesses } from './testing/api-processes.ts';
import { nginxBinary } from './testing/nginx.ts';

const hasPostgres = await postgresReachable();
const hasNginx = existsSync(nginxBinary);
if (!hasNginx) console.warn(`[scale-out] no nginx at ${nginxBinary}: the tests behind a load balancer are skipped`);
const redisUp = await redisReachable();

/** An open call not heard of for this long is asked about at the carrier (production: 60 s). */
const quietSeconds = 5;
const never = new Promise<string>(() => {});

/** What the browsers need of the processes (the load generator's Deployment). */
function deploymentOf(processes: ApiProcesses): Deployment {
  return {
    origins: [processes.publicUrl],
    authBase: `${processes.standIns.auth!.url}/auth/v1`,
    stripeWebhookOrigin: processes.publicUrl,
    stripeWebhookSecret: 'whsec_dev',
    sampled: [],
    exited: processes.crashed(),
  };
}

/** Every balance its ledger, and no money held any more. */
async function ledgerAfterwards(db: EngineDatabase): Promise<{ differences: number; holding: string }> {
  return db.privileged(async (sql) => {
    const differences = (await ledgerDifferences(sql)).length;
    const [held] = await sql.query<{ holding: string }>(`select count(*) filter (where held <> 0)::text as holding from public.users`);
    return { differences, holding: held!.holding };
  });
}

function expectEverySettledOnce(result: CallsLoadResult, calls: number) {
  expect({ exited: result.exited, failures: result.failures }).toEqual({ exited: null, failures: [] });
  expect({ connected: result.connected, settledOnce: result.settledOnce, dropEqualsCharge: result.dropEqualsCharge }).toEqual({
    connected: calls,
    settledOnce: calls,
    dropEqualsCharge: calls,
  });
}

describe.skipIf(!hasPostgres || !hasNginx)('two api processes behind nginx, on one PostgreSQL and Redis', () => {
  let database: ThrowawayDatabase;
  let processes: ApiProcesses;
  let db: EngineDatabase;
  beforeAll(async () => {
    database = await createThrowawayDatabase();
    processes = await startApiProcesses(2, {
      databaseUrl: database.url,
      proxy: 'nginx',
      env: { CALL_QUIET_SECONDS: String(quietSeconds), AUTH_SIGNUP_LIMIT: '100000', ...(redisUp ? { REDIS_URL: testRedisUrl } : {}) },
    });
    db = (await openDatabaseFromEnv({ DATABASE_URL: database.url }, '.')) as EngineDatabase;
  }, 120_000);
  afterAll(async () => {
    await processes?.stop();
    await db?.close();
    await database?.drop();
  });

  test('End Call sent to either api process ends the call at the carrier within 2 s, and it is charged once', async () => {
    const deployment = deploymentOf(processes);
    const clock = new AudioClock();
    for (const [i, origin] of processes.origins.entries()) {
      const user = await fundedUser(deployment, i, '5.00');
      const call = await placeCall(user, { ...defaultOptions, calls: 1, seconds: 1 }, clock, never);
      expect(call.error).toBeNull();
      expect(call.connected).toBe(true);
      // a second and a half of talk: a call billed its first increment
      await Bun.sleep(1500);
      const asked = performance.now();
      // straight to one process, not through nginx: whichever process it reaches must end it at the carrier
      const ended = await fetch(`${origin}${routes.endCall.path.replace(':id', call.callId!)}`, { method: 'POST', headers: { authorization: `Bearer ${user.token}` } });
      expect(ended.status).toBe(204);
      const hungUp = await call.signalling!.next(['hangup'], 2000, never, (m) => m.payload.callsid === call.callSid);
      expect(hungUp.type).toBe('hangup');
      expect(performance.now() - asked).toBeLessThan(2000);
      await hangUp(call, clock, never);
      let status = '';
      for (let wait = 0; wait < 100 && status !== 'completed'; wait++) {
        status = (await api<{ status: string }>(user, 'GET', routes.getCallStatus.path.replace(':callSid', call.callSid!))).status;
        if (status !== 'completed') await Bun.sleep(100);
      }
      expect(status).toBe('completed');
      const charges = await db.privileged((sql) => sql.query(`select 1 from public.transactions where call_id = $1 and type = 'call_charge'`, [call.callId]));
      expect(charges).toHaveLength(1);
    }
  }, 60_000);

  test('one api process killed in the middle of 50 live calls: every call goes on, settles once, nothing charged twice', async () => {
    const result = await runCallsLoad(deploymentOf(processes), {
      calls: 50,
      seconds: 8,
      settleWithinMs: 180_000,
      during: async () => {
        await Bun.sleep(2000);
        await processes.kill(0);
      },
    });
    expectEverySettledOnce(result, 50);
    expect(result.droppedEarly).toBe(0);
    expect(await ledgerAfterwards(db)).toEqual({ differences: 0, holding: '0' });
    await processes.restart(0);
  }, 300_000);

  // the carrier lost the calls: each is billed what it knew of it (up to its last heartbeat), which may be nothing
  test('the carrier killed mid-call and started again: every call final, charged at most once, every hold released, within 3 minutes', async () => {
    const carrier = processes.standIns.twilio!;
    const began = performance.now();
    const result = await runCallsLoad(deploymentOf(processes), {
      calls: 10,
      seconds: 6,
      settleWithinMs: 180_000,
      during: async () => {
        await Bun.sleep(2000);
        await carrier.kill();
        await Bun.sleep(2000);
        await carrier.restart();
      },
    });
    expectEverySettledOnce(result, 10);
    expect(performance.now() - began).toBeLessThan(180_000 + 60_000);
    expect(await ledgerAfterwards(db)).toEqual({ differences: 0, holding: '0' });
  }, 300_000);
});

describe('the default install (one api on PGlite) killed mid-call', () => {
  let processes: ApiProcesses;
  const dataDir = mkdtempSync(join(tmpdir(), 'ringwise-scale-out-'));
  beforeAll(async () => {
    processes = await startApiProcesses(1, { env: { DATA_DIR: dataDir, CALL_QUIET_SECONDS: String(quietSeconds), AUTH_SIGNUP_LIMIT: '100000' } });
  }, 120_000);
  afterAll(async () => {
    await processes?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('the calls go on at the carrier; started again, the api settles each once from the carrier within 3 minutes', async () => {
    const result = await runCallsLoad(deploymentOf(processes), {
      calls: 10,
      seconds: 6,
      settleWithinMs: 180_000,
      during: async () => {
        await Bun.sleep(1000);
        await processes.kill(0);
        await Bun.sleep(3000);
        await processes.restart(0);
      },
    });
    expectEverySettledOnce(result, 10);
    await processes.stop();
    const db = (await openDatabaseFromEnv({ DATA_DIR: dataDir }, '.')) as EngineDatabase;
    try {
      expect(await ledgerAfterwards(db)).toEqual({ differences: 0, holding: '0' });
    } finally {
      await db.close();
    }
  }, 300_000);
});
