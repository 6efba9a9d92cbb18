// `bun run admin:grant EMAIL`: makes the account with that e-mail an admin (it must have signed up), written to
// the audit log. The database of this environment: PostgreSQL when DATABASE_URL is set; else the PGlite in
// DATA_DIR (default .data), through the running api's control socket when an api holds it, directly when none does.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { repoRoot } from '../api/src/config.ts';
import { controlSocketPath } from '../api/src/control/control-socket.ts';
import { openDatabaseFromEnv } from '../api/src/db/open-database.ts';
import { grantAdmin, NoSuchAccountError } from '../api/src/modules/admin/grant.ts';

type Outcome = { ok: true; userId: string; via: string } | { ok: false; message: string };

/** Through a running api's control socket; null when no api answers there. */
async function throughRunningApi(socket: string, email: string): Promise<Outcome | null> {
  let res: Response;
  try {
    res = await fetch('http://ringwise-api/admin-grant', {
      method: 'POST',
      unix: socket,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
  } catch {
    return null; // a socket file left by an api that is gone
  }
  const body = (await res.json().catch(() => ({}))) as { userId?: string; error?: string };
  return res.ok && body.userId ? { ok: true, userId: body.userId, via: 'the running api' } : { ok: false, message: body.error ?? `the api answered ${res.status}` };
}

async function directly(email: string): Promise<Outcome> {
  const db = await openDatabaseFromEnv(process.env, repoRoot);
  try {
    return { ok: true, userId: await grantAdmin(db, email), via: db.kind };
  } catch (error) {
    if (error instanceof NoSuchAccountError) return { ok: false, message: error.message };
    throw error;
  } finally {
    await db.close();
  }
}

async function main(args: string[]): Promise<number> {
  const email = args[0]?.trim();
  if (!email || args.length > 1 || !/^[^\s@]+@[^\s@]+$/.test(email)) {
    console.error('usage: bun run admin:grant EMAIL');
    return 2;
  }
  const socket = controlSocketPath(resolve(repoRoot, process.env.DATA_DIR?.trim() || '.data'));
  const embedded = !process.env.DATABASE_URL?.trim();
  const outcome = (embedded && existsSync(socket) ? await throughRunningApi(socket, email) : null) ?? (await directly(email));
  if (!outcome.ok) {
    console.error(`admin:grant: ${outcome.message}`);
    return 1;
  }
  console.log(`admin:grant: ${email} is an admin (user ${outcome.userId}, through ${outcome.via}).`);
  return 0;
}

if (import.meta.main) process.exit(await main(process.argv.slice(2)));
