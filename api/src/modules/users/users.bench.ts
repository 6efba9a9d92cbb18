// GET /api/auth/user under load (issue: data and auth): 1,000 users with 100,000 contacts, on the machine's
// PostgreSQL and on PGlite. Requests go over HTTP on loopback, 16 at a time, each as a random user with a
// real token through the whole stack (JWT check, the session check and RLS transaction, query). Prints requests per second and
// p50/p99 latency:
//   1. the api in its own process (`bun api/src/index.ts`, as deployed), the load from this one: the goal
//      (#13) is p99 at most 10 ms here;
//   2. for reference, the api in this process, sharing its one JavaScript thread with the load generator;
//   3. PGlite, in this process: the goal (#24) is p99 under 15 ms;
//   4. PGlite as a fresh install runs it: the api in its own process on its DATA_DIR (seeded here first).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../app.ts';
import { createTestSigningKey, localApiTokenSigner, signTestToken, testLocalAuthConfig, testPublicUrl } from '../../auth/testing.ts';
import { createTokenVerifier } from '../../auth/verify.ts';
import { createRateService } from '../rates/service.ts';
import type { EngineDatabase } from '../../db/database.ts';
import { createPostgresDatabase } from '../../db/postgres.ts';
import { migrate } from '../../db/migrate.ts';
import { createPgliteDatabase } from '../../db/pglite.ts';
import { createTestDatabase, createTestPglite } from '../../db/testing.ts';
import { startApiProcesses } from '../../testing/api-processes.ts';
import { testConfig } from '../../testing/fixtures.ts';
import { percentile, runConcurrently } from '@ringwise/bench/load';

const USERS = 1_000;
const CONTACTS_PER_USER = 100;
// enough for a steady p99: the first few thousand also measure JIT warm-up and each connection preparing its statements
const REQUESTS = 20_000;
const CONCURRENCY = 16;
const PORT = 3401;

async function seed(db: EngineDatabase): Promise<{ userId: string; sessionId: string }[]> {
  return db.privileged(async (sql) => {
    await sql.query(
      `insert into auth.users (email, encrypted_password, email_confirmed_at)
       select 'bench-' || g || '@example.com', 'x', now() from generate_series(1, $1::int) g`,
      [USERS],
    );
    await sql.query(
      `insert into public.contacts (user_id, display_name, primary_number, email)
       select u.id, 'Contact ' || g, '+1555' || lpad((row_number() over ())::text, 7, '0'), 'c' || g || '@example.com'
       from public.users u cross join generate_series(1, $1::int) g`,
      [CONTACTS_PER_USER],
    );
    await sql.query('analyze');
    // each user signed in once: the api checks the token's session with every request
    const sessions = await sql.query<{ userId: string; sessionId: string }>(
      'insert into auth.sessions (user_id) select id from public.users returning user_id::text as "userId", id::text as "sessionId"',
    );
    // each with its refresh token, not revoked: what makes a session live
    await sql.query(`insert into auth.refresh_tokens (token, user_id, session_id) select gen_random_uuid()::text, user_id, id from auth.sessions`);
    return sessions;
  });
}

async function seeded(label: string, db: EngineDatabase) {
  const started = performance.now();
  const sessions = await seed(db);
  const [{ count } = { count: '0' }] = await db.privileged((sql) => sql.query<{ count: string }>('select count(*) from public.contacts'));
  console.log(`\n${label}: ${sessions.length} users, ${count} contacts (seeded in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return sessions;
}

type Sessions = Awaited<ReturnType<typeof seed>>;

async function load(label: string, origin: string, tokens: string[]): Promise<number> {
  const url = `${origin}/api/auth/user`;
  const get = (token: string) => fetch(url, { headers: { authorization: `Bearer ${token}` } });
  // warm-up at the measured concurrency: the JIT, and every pooled connection opened and its statements prepared
  await runConcurrently(1_000, CONCURRENCY, async (i) => (await (await get(tokens[i % tokens.length]!)).arrayBuffer(), true));

  const { latencies, seconds, failures } = await runConcurrently(REQUESTS, CONCURRENCY, async (i) => {
    const res = await get(tokens[i % tokens.length]!);
    await res.arrayBuffer();
    return res.status === 200;
  });
  console.log(
    `  ${label}: ${(REQUESTS / seconds).toFixed(0)} requests/s, p50 ${percentile(latencies, 50).toFixed(2)} ms, ` +
      `p99 ${percentile(latencies, 99).toFixed(2)} ms (${REQUESTS} requests, ${CONCURRENCY} at a time, ${failures} failed)`,
  );
  return percentile(latencies, 99);
}

/** The api in its own process on `databaseUrl`, or on the PGlite of `dataDir`; tokens signed with the key it keeps in
 *  its DATA_DIR. */
async function inOwnProcess(label: string, on: { databaseUrl: string } | { dataDir: string }, sessions: Sessions): Promise<number> {
  const api = await startApiProcesses(1, { ...('databaseUrl' in on ? on : { env: { DATA_DIR: on.dataDir } }), standIns: ['auth'] });
  try {
    const origin = api.origins[0]!;
    const sign = await localApiTokenSigner('dataDir' in on ? on.dataDir : api.dataDir, api.standIns.auth!.url);
    const tokens = await Promise.all(sessions.map(({ userId, sessionId }) => sign(userId, sessionId)));
    return await load(label, origin, tokens);
  } finally {
    await api.stop();
  }
}

/** The api in this process (its pool given by `db`). */
async function inThisProcess(label: string, db: EngineDatabase, sessions: Sessions): Promise<number> {
  const signingKey = await createTestSigningKey();
  const authConfig = testLocalAuthConfig();
  const verifier = createTokenVerifier(authConfig, { keys: signingKey.jwks });
  const tokens = await Promise.all(
    sessions.map(({ userId, sessionId }) => signTestToken(signingKey.privateKey, { sub: userId, role: 'authenticated', session_id: sessionId }, { kid: signingKey.kid })),
  );
  const app = createApp(testConfig({ PUBLIC_URL: testPublicUrl }), {
    services: { db, auth: { config: authConfig, verifier }, rates: createRateService({ db }) },
  }).listen({ port: PORT, hostname: '127.0.0.1' });
  try {
    return await load(label, `http://127.0.0.1:${PORT}`, tokens);
  } finally {
    await app.stop();
  }
}

const postgres = await createTestDatabase();
// the api's own pool (as openDatabase makes it: defaultPoolSize, 2 × cores for this machine's PostgreSQL), not the
// test helper's small one
const pooled = createPostgresDatabase(postgres.url);
try {
  const sessions = await seeded('PostgreSQL 15 (machine)', pooled);
  await inOwnProcess('GET /api/auth/user, api in its own process', { databaseUrl: postgres.url }, sessions);
  await inThisProcess('GET /api/auth/user, api in the load generator\'s process (the api\'s pool)', pooled, sessions);
} finally {
  await pooled.close();
  await postgres.drop();
}
const pglite = await createTestPglite();
try {
  const p99 = await inThisProcess('GET /api/auth/user, PGlite (embedded)', pglite, await seeded('PGlite (embedded)', pglite));
  console.log(`GET /api/auth/user on PGlite p99 ${p99.toFixed(1)} ms (target < 15 ms)`);
} finally {
  await pglite.close();
}
// a fresh install's database: PGlite in DATA_DIR, seeded here and closed, then opened by the api in its own process
const dataDir = mkdtempSync(join(tmpdir(), 'ringwise-bench-pglite-'));
try {
  const onDisk = await createPgliteDatabase(dataDir);
  let sessions: Sessions;
  try {
    await migrate(onDisk, { supabase: false });
    sessions = await seeded('PGlite in DATA_DIR (the default install)', onDisk);
  } finally {
    await onDisk.close();
  }
  const p99 = await inOwnProcess('GET /api/auth/user, PGlite, api in its own process', { dataDir }, sessions);
  console.log(`GET /api/auth/user on PGlite, api in its own process, p99 ${p99.toFixed(1)} ms (target < 15 ms)`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
