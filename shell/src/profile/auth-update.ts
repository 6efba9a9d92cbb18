// E-mail and password changes go to Supabase Auth through its official client (`updateUser`), never the api.
// A failure is thrown as Auth's own error, whose message is what the user reads.
import type { UserAttributes } from '@supabase/auth-js';
import { loadAuthClient } from '../auth/auth-client.ts';

export interface UpdatedAuthUser {
  email: string | null;
  /** The address waiting for its confirmation link, when Auth asks for one before it changes the e-mail. */
  pendingEmail: string | null;
}

export async function updateAuthUser(attributes: Pick<UserAttributes, 'email' | 'password'>): Promise<UpdatedAuthUser> {
  const { data, error } = await (await loadAuthClient()).updateUser(attributes);
  if (error) throw error;
  return { email: data.user.email ?? null, pendingEmail: data.user.new_email ?? null };
}

/** Ends this browser's session only (the server has ended them all already, e.g. after the account's deletion). */
export async function signOutHere(): Promise<void> {
  const { error } = await (await loadAuthClient()).signOut({ scope: 'local' });
  if (error) console.warn('The local session could not be cleared', error);
}
