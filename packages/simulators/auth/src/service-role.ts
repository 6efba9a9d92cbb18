// The local stand-in's service_role key. A Supabase project's service_role key is a JWT whose `role` is
// `service_role` (iss "supabase", ten years long), signed with the project's key, and it is what the admin API
// (/auth/v1/admin/*) asks for. The stand-in's process issues one at start-up, signed with its key, and leaves it in
// DATA_DIR/auth for the api's admin client (mode 0600, beside the signing key itself); it is never logged or sent to a
// browser. It carries no `sub` and no `aud`, so the api's token verifier refuses it as a user's token.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { SignJWT } from 'jose';
import type { SigningKey } from './keys.ts';

/** As long as Supabase's own service_role keys last. */
export const serviceRoleKeyLifetimeSeconds = 10 * 365 * 24 * 3600;

export async function issueServiceRoleKey(signingKey: SigningKey, now: Date = new Date()): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ role: 'service_role' })
    .setProtectedHeader({ alg: signingKey.alg, kid: signingKey.kid, typ: 'JWT' })
    .setIssuer('supabase')
    .setIssuedAt(iat)
    .setExpirationTime(iat + serviceRoleKeyLifetimeSeconds)
    .sign(signingKey.privateKey);
}

/** Where a stand-in process leaves its service_role key for the api beside it (they share DATA_DIR, as a project's
 *  dashboard hands its key to whoever runs the app), and where the api reads it. */
export const serviceRoleKeyFileName = 'service-role-key';

/** Writes the key to `file`, readable by this machine's user only. */
export function writeServiceRoleKey(file: string, key: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
}
