// Calls end to end under load: N browsers' calls at once (@ringwise/bench/calls-load) against real processes, the
// stand-ins each in its own as `bun run start` runs them, for each N of CALLS_LOAD_N (default 50,100,200; each call
// CALLS_LOAD_SECONDS, default 20 s, of audio with every call up) and each layout of CALLS_LOAD_LAYOUTS (default
// pglite,postgres,nginx):
//   pglite    one api on the default install: no DATABASE_URL, PGlite in its own DATA_DIR;
//   postgres  one api on the machine's PostgreSQL (a throwaway database, TEST_DATABASE_ADMIN_URL);
//   nginx     two api processes behind nginx (Debian's) on PostgreSQL, the carrier simulator behind it too.
// Each N gets a fresh deployment (new processes, new database), so one round's leftovers (or its crash) do not weigh
// on the next. Prints one line per N per layout: connected/N, settled once/N, balance drop = charge, p50/p99 of
// calls/start and of invite → answer, the api's CPU (% of a core per live call) and RSS (MiB per live call) while
// every call is live minus the idle baseline, whether a process exited, and the ledger check (every balance the sum
// of its entries, none negative, nothing left held). Exits 1 when a round falls short.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createThrowawayDatabase, postgresReachable } from '@ringwise/test-postgres';
import { openDatabaseFromEnv } from '../../api/src/db/open-database.ts';
import { ledgerDifferences } from '../../api/src/modules/billing/ledger.ts';
import { startApiProcesses, type ApiProcesses } from '../../api/src/testing/api-processes.ts';
import { nginxBinary } from '../../api/src/testing/nginx.ts';
import { repoRoot } from '../runtime-env.ts';
import { assertEchoDestination, callsLoadSettings, defaultOptions, formatCallsLoad, runCallsLoad, type Deployment } from '@ringwise/bench/calls-load';

/** Where a deployment keeps its data, for the ledger check once its processes have stopped. */
interface DatabaseEnv {
  DATABASE_URL?: string;
  DATA_DIR: string;
}

interface Started extends Deployment {
  database: DatabaseEnv;
  /** Stops every process (a crashed one is already gone). */
  stop(): Promise<void>;
  /** Removes the data (after the ledger check). */
  cleanup(): Promise<void>;
}

/**
 * The deployment as `bun run start` runs it: `count` api processes (behind nginx when more than one) with the
 * stand-ins each in a process of their own (the Supabase Auth stand-in, the payment and carrier simulators, which
 * calls back at PUBLIC_URL). Sampled: every api process and the carrier simulator.
 */
async function startDeployment(count: number, database: DatabaseEnv, cleanup: () => Promise<void>): Promise<Started> {
  let processes: ApiProcesses;
  try {
    processes = await startApiProcesses(count, {
      ...(database.DATABASE_URL ? { databaseUrl: database.DATABASE_URL } : {}),
      ...(count > 1 ? { proxy: 'nginx' as const } : {}),
      // every user of a round signs up from this one address
      env: { DATA_DIR: database.DATA_DIR, AUTH_SIGNUP_LIMIT: '100000' },
    });
  } catch (error) {
    await cleanup();
    throw error;
  }
  return {
    origins: [processes.publicUrl],
    authBase: `${processes.standIns.auth!.url}/auth/v1`,
    stripeWebhookOrigin: processes.publicUrl,
    stripeWebhookSecret: 'whsec_dev',
    sampled: [
      ...processes.pids.map((pid, i) => ({ label: count > 1 ? `api ${i + 1}` : 'api', pid })),
      { label: 'carrier', pid: processes.standIns.twilio!.pid },
    ],
    exited: processes.crashed(),
    database,
    stop: () => processes.stop(),
    cleanup,
  };
}

const layouts: Record<string, { name: string; start(): Promise<Started> }> = {
  pglite: {
    name: '1 api, PGlite',
    start() {
      const dataDir = mkdtempSync(join(tmpdir(), 'ringwise-calls-load-'));
      return startDeployment(1, { DATA_DIR: dataDir }, async () => rmSync(dataDir, { recursive: true, force: true }));
    },
  },
  postgres: {
    name: '1 api, PostgreSQL',
    async start() {
      if (!(await postgresReachable())) throw new Error('PostgreSQL does not answer (TEST_DATABASE_ADMIN_URL)');
      const database = await createThrowawayDatabase();
      const dataDir = mkdtempSync(join(tmpdir(), 'ringwise-calls-load-'));
      return startDeployment(1, { DATABASE_URL: database.url, DATA_DIR: dataDir }, async () => {
        await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      });
    },
  },
  nginx: {
    name: '2 apis behind nginx, PostgreSQL',
    async start() {
      if (!(await postgresReachable())) throw new Error('PostgreSQL does not answer (TEST_DATABASE_ADMIN_URL)');
      if (!existsSync(nginxBinary)) throw new Error(`no nginx at ${nginxBinary} (Debian's nginx package)`);
      const database = await createThrowawayDatabase();
      const dataDir = mkdtempSync(join(tmpdir(), 'ringwise-calls-load-'));
      return startDeployment(2, { DATABASE_URL: database.url, DATA_DIR: dataDir }, async () => {
        await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      });
    },
  },
};

/** With the processes stopped (PGlite has one process at a time): the ledger holds and no money is still held. */
async function checkLedger(database: DatabaseEnv): Promise<{ ok: boolean; text: string }> {
  try {
    const db = await openDatabaseFromEnv({ ...database }, repoRoot);
    try {
      const [differences, [held]] = await db.privileged(async (sql) => [
        await ledgerDifferences(sql),
        await sql.query<{ users: string; holding: string; amount: string }>(
          `select count(*)::text as users, count(*) filter (where held <> 0)::text as holding, coalesce(sum(held), 0)::text as amount from public.users`,
        ),
      ] as const);
      const holds = differences.length === 0 ? `holds (${held?.users} users)` : `DOES NOT HOLD for ${differences.length} users`;
      const nothingHeld = held?.holding === '0' ? 'nothing held' : `${held?.holding} users still hold $${held?.amount}`;
      return { ok: differences.length === 0 && held?.holding === '0', text: `${holds}, ${nothingHeld}` };
    } finally {
      await db.close();
    }
  } catch (error) {
    return { ok: false, text: `not checked: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` };
  }
}

const settings = callsLoadSettings();
assertEchoDestination(defaultOptions.destination);
const chosen = (process.env.CALLS_LOAD_LAYOUTS?.trim() || 'pglite,postgres,nginx').split(',').map((l) => l.trim());
for (const key of chosen) if (!layouts[key]) throw new Error(`CALLS_LOAD_LAYOUTS: no layout "${key}" (${Object.keys(layouts).join(', ')})`);

console.log(
  `Calls end to end: N concurrent browser calls to ${defaultOptions.destination} (answers, echoes), ${settings.rampPerSecond} starts/s, ` +
    `${settings.seconds} s with every call up; N = ${settings.counts.join(', ')}; layouts: ${chosen.join(', ')}`,
);
let shortfall = false;
for (const key of chosen) {
  const layout = layouts[key]!;
  for (const calls of settings.counts) {
    let started: Started;
    try {
      started = await layout.start();
    } catch (error) {
      console.log(`${layout.name} N=${calls}: not run: ${error instanceof Error ? error.message : String(error)}`);
      shortfall = true;
      continue;
    }
    let result;
    try {
      result = await runCallsLoad(started, { calls, seconds: settings.seconds, rampPerSecond: settings.rampPerSecond });
    } finally {
      await started.stop();
    }
    const ledger = await checkLedger(started.database);
    await started.cleanup();
    console.log(formatCallsLoad(layout.name, result, ledger.text));
    if (result.exited || result.settledOnce < calls || result.dropEqualsCharge < calls || !ledger.ok) shortfall = true;
  }
}
process.exit(shortfall ? 1 : 0);
