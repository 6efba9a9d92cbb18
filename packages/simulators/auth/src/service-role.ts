// The local stand-in's service_role key. A Supabase project's service_role key is a JWT whose `role` is
// `service_role` (iss "supabase", ten years long), signed with the project's key, and it is what the admin API
// (/auth/v1/admin/*) asks for. Without SUPABASE_URL the api has one issued here at start-up, signed with the
// stand-in's key, and keeps it in memory for its own admin client: it is never written to disk, logged or sent to a browser.
// It carries no `sub` and no `aud`, so the api's token verifier refuses it as a user's token.
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
