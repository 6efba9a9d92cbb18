// The api's control socket: a Unix socket in DATA_DIR through which commands reach a running api that holds
// the embedded database (PGlite allows one process at a time, so `bun run admin:grant` cannot open it beside
// the api). Only what can reach DATA_DIR can use it: it is a file, never a network port.
import { existsSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { Server } from 'bun';
import type { Database } from '../db/database.ts';
import { grantAdmin, NoSuchAccountError } from '../modules/admin/grant.ts';
import { HttpError } from '../plugins/errors.ts';
import { readBodyText } from '../plugins/request-body.ts';

export const controlSocketPath = (dataDir: string) => join(dataDir, 'control.sock');

export interface ControlSocket {
  stop(): void;
}

const json = (status: number, body: unknown) => Response.json(body, { status });

/** A command's body is an e-mail address in JSON: read (plugins/request-body.ts) up to 4 KB. */
const maxCommandBytes = 4096;

/** Answers POST /admin-grant {"email"} with {"userId"}, 404 {"error"} for an unknown e-mail. */
export async function handleControlRequest(db: Pick<Database, 'privileged'>, request: Request): Promise<Response> {
  const path = new URL(request.url).pathname;
  if (request.method !== 'POST' || path !== '/admin-grant') return json(404, { error: `no such command: ${request.method} ${path}` });
  let text: string;
  try {
    text = await readBodyText(request, maxCommandBytes, 'a command is never this large');
  } catch (error) {
    if (error instanceof HttpError) return json(error.status, { error: error.message });
    throw error;
  }
  let body: { email?: unknown } | null = null;
  try {
    body = JSON.parse(text) as { email?: unknown } | null;
  } catch {
    // answered below, as any body that is not {"email"}
  }
  if (typeof body?.email !== 'string' || body.email.length > 320) return json(400, { error: 'the body must be {"email": "…"}' });
  try {
    return json(200, { userId: await grantAdmin(db, body.email) });
  } catch (error) {
    if (error instanceof NoSuchAccountError) return json(404, { error: error.message });
    throw error;
  }
}

/** Listens on `path` (a stale socket file of an api that died is replaced). */
export function startControlSocket(path: string, db: Pick<Database, 'privileged'>): ControlSocket {
  if (existsSync(path)) unlinkSync(path);
  const server: Server<undefined> = Bun.serve({ unix: path, maxRequestBodySize: maxCommandBytes, fetch: (request) => handleControlRequest(db, request) });
  return {
    stop() {
      void server.stop(true);
      if (existsSync(path)) unlinkSync(path);
    },
  };
}
