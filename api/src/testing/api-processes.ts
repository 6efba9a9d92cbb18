// Several real api processes (`bun api/src/index.ts`, each its own OS process and port) on one PostgreSQL
// database, as they run behind a proxy in production: for tests that show they behave as one (shared rate
// limits, idempotent webhooks, deck refresh, jobs). They share one DATA_DIR, as replicas must share the local
// auth's signing key (with DATABASE_URL it holds nothing else they write at once), and start one after the
// other so the first creates the key. Always stop them (`stop()` in afterAll); their output is kept and
// printed when a process dies or does not start.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Subprocess } from 'bun';
import { repoRoot } from '../config.ts';

export interface ApiProcesses {
  /** Each process's origin, e.g. http://127.0.0.1:41234. */
  origins: string[];
  /** Their shared DATA_DIR (the local auth key; e-mails as .eml files in mail/). */
  dataDir: string;
  /** What the processes printed so far. */
  output(): string;
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
export async function startApiProcesses(count: number, options: { databaseUrl?: string; env?: Record<string, string> }): Promise<ApiProcesses> {
  if (!options.databaseUrl && count !== 1) throw new Error('PGlite is one process: start one api on it');
  const dataDir = mkdtempSync(join(tmpdir(), 'ringwise-processes-'));
  const lines: string[] = [];
  const children: Subprocess[] = [];
  const origins: string[] = [];
  const stop = async () => {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((child) => child.exited));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // one public address for all, as behind their proxy: the tokens' issuer, the webhooks' signed URLs
    const ports = freePorts(count);
    const publicUrl = `http://127.0.0.1:${ports[0]}`;
    for (let i = 0; i < count; i++) {
      const port = ports[i]!;
      const origin = `http://127.0.0.1:${port}`;
      // API_CPU_PROFILE_DIR=<dir>: each api process writes a CPU profile (Markdown) there when it stops
      const profile = process.env.API_CPU_PROFILE_DIR ? ['--cpu-prof-md', `--cpu-prof-dir=${process.env.API_CPU_PROFILE_DIR}`] : [];
      const child = Bun.spawn(['bun', ...profile, 'api/src/index.ts'], {
        cwd: repoRoot,
        env: {
          ...process.env,
          PORT: String(port),
          PUBLIC_URL: publicUrl,
          DATABASE_URL: options.databaseUrl ?? '',
          DATA_DIR: dataDir,
          SHELL_DIST: join(dataDir, 'no-shell'),
          NODE_ENV: 'production',
          ...options.env,
        },
        stdout: 'pipe',
        stderr: 'pipe',
      });
      children.push(child);
      void collect(child.stdout, lines, `api ${i}`);
      void collect(child.stderr, lines, `api ${i}`);
      origins.push(origin);
      for (let attempt = 0; ; attempt++) {
        if (children[i]!.exitCode !== null) throw new Error(`api process ${i} exited with ${children[i]!.exitCode}`);
        const ok = await fetch(`${origin}/api/health`).then((r) => r.ok, () => false);
        if (ok) break;
        if (attempt > 300) throw new Error(`api process ${i} did not answer /api/health`);
        await Bun.sleep(100);
      }
    }
  } catch (error) {
    await stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${lines.join('')}`);
  }
  return { origins, dataDir, output: () => lines.join(''), stop };
}
