// A stand-in as a program of its own: it listens on the port of its URL, says so once, and on SIGTERM or SIGINT
// ends its own work (within a deadline), closes its connections and exits. What fails inside it ends this
// process only: the product keeps running, and the command that started it (dev, start) starts it again.

import { resolve } from 'node:path';
import { standInUrl, type StandInKey } from '@ringwise/apps/stand-ins';

/** A variable of `env`; an empty one counts as unset. */
export function read(env: NodeJS.ProcessEnv, name: string): string | undefined {
  return env[name]?.trim() || undefined;
}

/** What every stand-in's process reads first: its own origin (its URL variable), the app's PUBLIC_URL (where it calls
 *  back) and DATA_DIR (against the working folder, the repository's for `bun run dev`). */
export function standInSettings(key: StandInKey, env: NodeJS.ProcessEnv = process.env): { url: string; publicUrl: string; dataDir: string } {
  return {
    url: standInUrl(key, env),
    publicUrl: (read(env, 'PUBLIC_URL') ?? 'http://localhost:3000').replace(/\/+$/, ''),
    dataDir: resolve(read(env, 'DATA_DIR') ?? '.data'),
  };
}

/** The stand-in's routes: an Elysia app (it serves HTTP and the WebSockets it declares). */
export interface ListeningApp {
  get(path: '/health', handler: () => unknown): unknown;
  listen(port: number): unknown;
  readonly server: { readonly url: URL; stop(closeActiveConnections?: boolean): Promise<void> | void } | null;
}

export interface StandInProcess {
  /** For logs: "carrier simulator". */
  label: string;
  /** The stand-in's own origin (its URL variable): it listens on this URL's port. */
  url: string;
  app: ListeningApp;
  /** Ends its work before the process exits (live calls, pending deliveries, the database). */
  stop(): Promise<void>;
}

/** How long the shutdown may take before the process exits anyway. */
const stopDeadlineMs = 10_000;

export function portOf(url: string): number {
  const parsed = new URL(url);
  return Number(parsed.port || (parsed.protocol === 'https:' ? 443 : 80));
}

/**
 * Serves the stand-in, with `GET /health` (who answers: what starts the process waits for it), on the port of its
 * URL, or on STAND_IN_PORT when its URL is a proxy in front of it (a provider behind its own edge).
 */
export function serveStandIn(standIn: StandInProcess): void {
  standIn.app.get('/health', () => ({ name: standIn.label, ok: true }));
  const port = process.env.STAND_IN_PORT?.trim();
  standIn.app.listen(port ? Number(port) : portOf(standIn.url));
  console.log(`Ringwise ${standIn.label} listening on ${standIn.app.server?.url.href} (public URL ${standIn.url})`);
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, async () => {
      if (stopping) return;
      stopping = true;
      const late = setTimeout(() => {
        console.error(`Ringwise ${standIn.label}: did not stop within ${stopDeadlineMs} ms; exiting`);
        process.exit(1);
      }, stopDeadlineMs);
      try {
        // its own work first (live calls end, their sockets close), then the connections left
        await standIn.stop();
        await standIn.app.server?.stop(true);
      } catch (error) {
        console.error(`Ringwise ${standIn.label}: shutdown failed`, error);
      }
      clearTimeout(late);
      process.exit(0);
    });
  }
}
