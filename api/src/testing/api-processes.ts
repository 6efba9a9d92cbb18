// Several real api processes (`bun api/src/index.ts`, each its own OS process and port) on one PostgreSQL
// database, as they run behind a proxy in production: for tests that show they behave as one (shared rate
// limits, idempotent webhooks, deck refresh, jobs). They share one DATA_DIR, as replicas must share the local
// auth's signing key (with DATABASE_URL it holds nothing else they write at once), and start one after the
// other so the first creates the key. The provider stand-ins they use run beside them, each its own process, as
// `bun run start` runs them (`standIns: false` leaves them out). Always stop them (`stop()` in afterAll); their
// output is kept and printed when a process dies or does not start.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Subprocess } from 'bun';
import { standInOf, type StandInKey } from '@ringwise/apps/stand-ins';
import { startStandIn, type StandInChild } from '@ringwise/simulator-common/processes';
import { repoRoot } from '../config.ts';
import { startNginx, type Nginx } from './nginx.ts';

export interface ApiProcesses {
  /** Each process's origin, e.g. http://127.0.0.1:41234. */
  origins: string[];
  /** Where clients, the stand-ins' callbacks and the tokens' issuer reach them: nginx's origin behind it, else the
   *  first process's. */
  publicUrl: string;
  /** Their shared DATA_DIR (the local auth key; e-mails as .eml files in mail/). */
  dataDir: string;
  /** The stand-ins they talk to: the Supabase Auth stand-in, the carrier and payment simulators (those asked for). */
  standIns: Partial<Record<StandInKey, StandInChild>>;
  /** nginx in front of them (and of the carrier simulator), with `proxy: 'nginx'`. */
  proxy: Nginx | null;
  /** Each api process's pid. */
  pids: number[];
  /** What the processes printed so far. */
  output(): string;
  /** Resolves, with what it said, when an api process or a stand-in exits without `kill` or `stop` asking it to. */
  crashed(): Promise<string>;
  /** SIGKILL to api process `i`: a crash, as the others and the stand-ins see it. */
  kill(i: number): Promise<void>;
  /** Starts api process `i` again on its port (after `kill`) and resolves once it answers. */
  restart(i: number): Promise<void>;
  stop(): Promise<void>;
}

/** `count` different ports nothing listens on right now (the OS picks them; all held until all are picked). */
function freePorts(count: number): number[] {
  const probes = Array.from({ length: count }, () => Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() }));
  const ports = probes.map((probe) => probe.port!);
  for (const probe of probes) probe.stop(true);
  return ports;
}

async function collect(stream: ReadableStream<Uint8Array> | null, into: string[], label: string) {
  if (!stream) return;
  const decoder = new TextDecoder();
  for await (const chunk of stream) into.push(`[${label}] ${decoder.decode(chunk)}`);
}

/** `count` api processes on the PostgreSQL of `databaseUrl`, or one process on its own PGlite (no `databaseUrl`: the
 *  embedded default of a fresh install, in the shared DATA_DIR). */
export async function startApiProcesses(
  count: number,
  options: { databaseUrl?: string; env?: Record<string, string>; standIns?: boolean | StandInKey[]; proxy?: 'nginx' },
): Promise<ApiProcesses> {
  if (!options.databaseUrl && count !== 1) throw new Error('PGlite is one process: start one api on it');
  const dataDir = mkdtempSync(join(tmpdir(), 'ringwise-processes-'));
  const lines: string[] = [];
  const children: Subprocess[] = [];
  const origins: string[] = [];
  const standIns: ApiProcesses['standIns'] = {};
  let proxy: Nginx | null = null;
  const asked = new Set<number>();
  let stopping = false;
  const stop = async () => {
    stopping = true;
    for (const child of children) child.kill('SIGTERM');
    await Promise.all([...children.map((child) => child.exited), ...Object.values(standIns).map((standIn) => standIn.stop())]);
    await proxy?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const ports = freePorts(count);
  for (const port of ports) origins.push(`http://127.0.0.1:${port}`);
  let apiEnv: Record<string, string> = {};
  const spawnApi = async (i: number) => {
    const origin = origins[i]!;
    // API_CPU_PROFILE_DIR=<dir>: each api process writes a CPU profile (Markdown) there when it stops
    const profile = process.env.API_CPU_PROFILE_DIR ? ['--cpu-prof-md', `--cpu-prof-dir=${process.env.API_CPU_PROFILE_DIR}`] : [];
    const child = Bun.spawn(['bun', ...profile, 'api/src/index.ts'], {
      cwd: repoRoot,
      env: { ...process.env, PORT: String(ports[i]), ...apiEnv },
      stdout: 'pipe',
      stderr: 'pipe',
    });
    children[i] = child;
    asked.delete(i);
    void collect(child.stdout, lines, `api ${i}`);
    void collect(child.stderr, lines, `api ${i}`);
    for (let attempt = 0; ; attempt++) {
      if (child.exitCode !== null) throw new Error(`api process ${i} exited with ${child.exitCode}`);
      const ok = await fetch(`${origin}/api/health`).then((r) => r.ok, () => false);
      if (ok) break;
      if (attempt > 300) throw new Error(`api process ${i} did not answer /api/health`);
      await Bun.sleep(100);
    }
  };
  let publicUrl = origins[0]!;
  try {
    // one public address for all, as behind their proxy: the tokens' issuer, the webhooks' signed URLs
    const wanted: StandInKey[] = options.standIns === false ? [] : options.standIns === true || options.standIns === undefined ? ['auth', 'twilio', 'stripe'] : options.standIns;
    // behind nginx (started last, once the apis answer): its port is PUBLIC_URL, and the carrier simulator listens on
    // a port of its own behind nginx's second one
    const [nginxPort, nginxCarrierPort, carrierPort] = options.proxy === 'nginx' ? freePorts(3) : [];
    const carrierBehindNginx = nginxCarrierPort && carrierPort && wanted.includes('twilio') ? `http://127.0.0.1:${nginxCarrierPort}` : null;
    if (nginxPort) publicUrl = `http://127.0.0.1:${nginxPort}`;
    const standInEnv: Record<string, string> = {};
    const env = { PUBLIC_URL: publicUrl, DATA_DIR: dataDir, DATABASE_URL: options.databaseUrl ?? '', ...(nginxPort ? { TRUSTED_PROXY_HOPS: '1' } : {}), ...options.env };
    // the stand-ins first (the auth stand-in reaches an embedded database on the api's socket once the api is up)
    await Promise.all(
      wanted.map(async (key) => {
        const child = key === 'twilio' && carrierBehindNginx ? await startStandIn(key, env, carrierBehindNginx, carrierPort) : await startStandIn(key, env);
        standIns[key] = child;
        standInEnv[standInOf(key).urlEnv] = child.url;
      }),
    );
    apiEnv = {
      PUBLIC_URL: publicUrl,
      DATABASE_URL: options.databaseUrl ?? '',
      DATA_DIR: dataDir,
      SHELL_DIST: join(dataDir, 'no-shell'),
      NODE_ENV: 'production',
      ...(nginxPort ? { TRUSTED_PROXY_HOPS: '1' } : {}),
      ...standInEnv,
      ...options.env,
    };
    for (let i = 0; i < count; i++) await spawnApi(i);
    if (nginxPort) {
      proxy = await startNginx({
        apis: origins,
        listen: nginxPort,
        ...(carrierBehindNginx && nginxCarrierPort && carrierPort ? { carrier: { upstream: `http://127.0.0.1:${carrierPort}`, listen: nginxCarrierPort } } : {}),
      });
    }
  } catch (error) {
    await stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${lines.join('')}${proxy?.output() ?? ''}`);
  }
  const output = () => [lines.join(''), ...Object.values(standIns).map((standIn) => standIn.output()), proxy?.output() ?? ''].join('');
  return {
    origins,
    publicUrl,
    dataDir,
    standIns,
    proxy,
    get pids() {
      return children.map((child) => child.pid);
    },
    output,
    crashed() {
      const apis = children.map((child, i) =>
        child.exited.then(async (code) => {
          if (stopping || asked.has(i)) await new Promise(() => {});
          return `api ${i} (pid ${child.pid}) exited with ${child.signalCode ?? `code ${code}`}: ${lines.filter((line) => line.startsWith(`[api ${i}]`)).join('').trim().split('\n').slice(-3).join(' | ')}`;
        }),
      );
      const stands = Object.values(standIns).map((standIn) =>
        standIn.crashed().then(async (what) => {
          if (stopping) await new Promise(() => {});
          return what;
        }),
      );
      return Promise.race([...apis, ...stands]);
    },
    async kill(i) {
      asked.add(i);
      children[i]?.kill('SIGKILL');
      await children[i]?.exited;
    },
    restart: (i) => spawnApi(i),
    stop,
  };
}
