// Starting a stand-in's real program (packages/apps' stand-ins table) as its own process, for the tests and benchmarks
// that need it as the app meets it: on a port of its own, reached only over HTTP. Its output is kept and printed when
// it does not start.
import { join, resolve } from 'node:path';
import type { Subprocess } from 'bun';
import { standInOf, type StandInKey } from '@ringwise/apps/stand-ins';

const repoRoot = resolve(import.meta.dir, '../../../..');

export interface StandInChild {
  key: StandInKey;
  /** Its origin, e.g. http://127.0.0.1:41234 (a proxy's, when it listens behind one). */
  url: string;
  /** Where it listens itself. */
  direct: string;
  readonly pid: number;
  /** What it printed so far. */
  output(): string;
  /** Whether it is still running. */
  running(): boolean;
  /** Resolves when the process running now exits without `kill` or `stop` having asked it to, with what it said. */
  crashed(): Promise<string>;
  /** SIGKILL: a crash, as far as the app can tell. */
  kill(): Promise<void>;
  /** Starts it again on the same URL and data (after `kill`). */
  restart(): Promise<void>;
  /** SIGTERM, then waits for it to exit. */
  stop(): Promise<void>;
}

/** A port nothing listens on right now (the OS picks it). */
export function freePort(): number {
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() });
  const port = probe.port!;
  probe.stop(true);
  return port;
}

async function collect(stream: ReadableStream<Uint8Array> | null, into: string[], label: string) {
  if (!stream) return;
  const decoder = new TextDecoder();
  for await (const chunk of stream) into.push(`[${label}] ${decoder.decode(chunk)}`);
}

/**
 * Starts the stand-in `key` at `url` (default: a free loopback port) with `env` (PUBLIC_URL, DATA_DIR, …) and
 * resolves once its /health answers. With `listenPort` it listens there, `url` being a proxy in front of it.
 */
export async function startStandIn(
  key: StandInKey,
  env: Record<string, string>,
  url = `http://127.0.0.1:${freePort()}`,
  listenPort?: number,
): Promise<StandInChild> {
  const direct = listenPort === undefined ? url : `http://127.0.0.1:${listenPort}`;
  const standIn = standInOf(key);
  const lines: string[] = [];
  let child: Subprocess;
  let asked = false;
  const spawn = async () => {
    asked = false;
    child = Bun.spawn(['bun', join(standIn.dir, standIn.entry)], {
      cwd: repoRoot,
      env: { ...process.env, ...env, [standIn.urlEnv]: url, ...(listenPort === undefined ? {} : { STAND_IN_PORT: String(listenPort) }) },
      stdout: 'pipe',
      stderr: 'pipe',
    });
    void collect(child.stdout as ReadableStream<Uint8Array>, lines, key);
    void collect(child.stderr as ReadableStream<Uint8Array>, lines, key);
    for (let attempt = 0; ; attempt++) {
      if (child.exitCode !== null) throw new Error(`the ${standIn.label} exited with ${child.exitCode}:\n${lines.join('')}`);
      if (await fetch(`${direct}/health`).then((r) => r.ok, () => false)) return;
      if (attempt > 300) throw new Error(`the ${standIn.label} did not start within 30 s:\n${lines.join('')}`);
      await Bun.sleep(100);
    }
  };
  await spawn();
  return {
    key,
    url,
    direct,
    get pid() {
      return child.pid;
    },
    output: () => lines.join(''),
    running: () => child.exitCode === null && child.signalCode === null,
    crashed() {
      const watched = child;
      return watched.exited.then(async (code) => {
        if (asked) await new Promise(() => {});
        return `the ${standIn.label} (pid ${watched.pid}) exited with ${watched.signalCode ?? `code ${code}`}: ${lines.join('').trim().split('\n').slice(-3).join(' | ')}`;
      });
    },
    async kill() {
      asked = true;
      child.kill('SIGKILL');
      await child.exited;
    },
    restart: spawn,
    async stop() {
      asked = true;
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await child.exited;
    },
  };
}
