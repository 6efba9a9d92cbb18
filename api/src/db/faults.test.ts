// Database faults survived, by a real api process (`bun api/src/index.ts`) on PostgreSQL, under four concurrent
// writers: PostgreSQL terminating all of the api's connections three times (pg_terminate_backend, as a failover or a
// pooler recycling connections does), then the server restarting (every connection cut at once) and staying
// unreachable for a moment (through a TCP proxy standing in for it). The process never exits; requests that meet a
// fault answer 503 with the envelope and Retry-After, never 500; connections come back by themselves; every write
// that was acknowledged is there afterwards.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startApiProcesses, type ApiProcesses } from '../testing/api-processes.ts';
import { startTcpProxy, type TcpProxy } from '../testing/tcp-proxy.ts';
import { adminUrl, createTestDatabase, postgresReachable, withAdminConnection, type TestDatabase } from './testing.ts';

const hasPostgres = await postgresReachable();
const writers = 4;

describe.skipIf(!hasPostgres)('database faults, a real api process on PostgreSQL', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let api: ApiProcesses;
  let origin: string;
  let databaseName: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    databaseName = new URL(database.url).pathname.slice(1);
    const admin = new URL(adminUrl());
    proxy = await startTcpProxy({ host: admin.hostname, port: Number(admin.port || 5432) });
    const throughProxy = new URL(database.url);
    throughProxy.port = String(proxy.port);
    api = await startApiProcesses(1, { databaseUrl: throughProxy.toString(), standIns: ['auth'], env: { REQUEST_DEADLINE_SECONDS: '3', AUTH_SIGNUP_LIMIT: '1000' } });
    origin = api.origins[0]!;
  }, 60_000);
  afterAll(async () => {
    await api?.stop();
    await proxy?.stop();
    await database?.drop();
  });

  test('terminated connections, a restart and a short outage: the api keeps serving and loses nothing acknowledged', async () => {
    const users = await Promise.all(
      Array.from({ length: writers }, async (_, i) => {
        const res = await fetch(`${api.standIns.auth!.url}/auth/v1/signup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: `writer-${i}-${crypto.randomUUID()}@example.com`, password: 'correct horse battery' }),
        });
        expect(res.status).toBe(200);
        return ((await res.json()) as { access_token: string }).access_token;
      }),
    );

    const acknowledged: string[] = [];
    const statuses = new Map<number, number>();
    let phase: 'before' | 'kills' | 'outage' | 'after' = 'before';
    const refusedIn = { before: 0, kills: 0, outage: 0, after: 0 };
    const refusals: unknown[] = [];
    let written = 0;
    let stop = false;
    const writer = async (token: string, w: number) => {
      for (let n = 0; !stop; n++) {
        const number = `+4420794${String(w * 2500 + n).padStart(5, '0')}`;
        const res = await fetch(`${origin}/api/contacts`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ displayName: `Writer ${w} #${n}`, primaryNumber: number }),
          signal: AbortSignal.timeout(8000),
        });
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const body = (await res.json()) as { id?: string; error?: unknown };
        if (res.status === 201) acknowledged.push(body.id!);
        else {
          refusals.push({ status: res.status, retryAfter: res.headers.get('retry-after'), body });
          refusedIn[phase] += 1;
        }
        written += 1;
        if (res.status !== 201) await Bun.sleep(20);
      }
    };
    const running = users.map((token, w) => writer(token, w));

    const killed: number[] = [];
    const terminate = () =>
      withAdminConnection(adminUrl(), async (admin) => {
        const { rows } = await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = 'ringwise-api'`,
          [databaseName],
        );
        return rows.length;
      });
    await Bun.sleep(500);
    const before = written;
    phase = 'kills';
    for (let i = 0; i < 3; i++) {
      killed.push(await terminate());
      await Bun.sleep(400);
    }
    // the server restarts: every connection cut, and for 1.5 s nobody can connect
    phase = 'outage';
    proxy.refuse(true);
    proxy.cut();
    const outageStarted = performance.now();
    await Bun.sleep(1500);
    proxy.refuse(false);
    const restored = performance.now();
    phase = 'after';
    let recoveredMs = -1;
    for (;;) {
      const health = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(3000) }).then(
        (res) => res.status,
        () => 0,
      );
      if (health === 200) {
        recoveredMs = performance.now() - restored;
        break;
      }
      if (performance.now() - restored > 15_000) break;
      await Bun.sleep(25);
    }
    await Bun.sleep(500);
    stop = true;
    await Promise.all(running);

    console.log(
      `faults: ${written} writes (${written - before} from the first kill on), ${[...statuses].map(([s, n]) => `${n}×${s}`).join(', ')}; ` +
        `connections terminated ${killed.join(', ')}; refused during the kills ${refusedIn.kills}, during the ${Math.round(restored - outageStarted)} ms outage ` +
        `${refusedIn.outage}, after it ${refusedIn.after}; healthy again ${Math.round(recoveredMs)} ms after the outage`,
    );

    // the process is still there and serves
    expect((await fetch(`${origin}/api/health/live`)).status).toBe(200);
    expect(recoveredMs).toBeGreaterThanOrEqual(0);
    expect(killed.some((count) => count > 0)).toBe(true);
    // every answer was a success or a 503 to retry, never a 500
    expect([...statuses.keys()].every((status) => status === 201 || status === 503)).toBe(true);
    for (const refusal of refusals) expect(refusal).toMatchObject({ status: 503, retryAfter: '1', body: { error: { code: 'unavailable' } } });
    // writes went on after the faults
    expect(acknowledged.length).toBeGreaterThan(writers);
    // nothing acknowledged is missing
    const stored = await database.db.privileged((sql) => sql.query<{ id: string }>('select id from public.contacts where id = any($1::uuid[])', [acknowledged]));
    expect(stored.length).toBe(acknowledged.length);
    expect(api.output()).not.toMatch(/uncaught|unhandled/i);
  }, 60_000);
});
