// DELETE /api/user: the account goes, after the user typed their e-mail address again. In three steps, each
// database transaction ended before a provider is called (with PGlite's one connection, a transaction held across
// the Auth call would wait for itself, as the stand-in of step 3 runs in this process):
//   1. the carrier lets the user's numbers and caller IDs go (the same release as DELETE /api/virtual-numbers/{id});
//      a carrier failure stops it before anything of the account changed;
//   2. private.delete_account, one privileged transaction: the personal data removed, the calls hidden, the profile
//      anonymised with deleted_at set, the ledger kept;
//   3. Supabase Auth's admin API soft-deletes the sign-in (`auth.admin.deleteUser(id, true)` of the official client,
//      the hosted project or the local stand-in): the e-mail obfuscated, password and metadata removed, every session
//      and refresh token deleted, so every token of the user is refused from then on. The auth.users row stays (the
//      profile, and through it the ledger, reference it).
// When step 3 fails the answer is 503 (logged with Auth's error by the error plugin, as every 5xx). The account is
// then half-deleted: its Ringwise data is gone and the profile anonymised (deleted_at set), but the sign-in still
// works: the same e-mail and password sign in, the sessions are live, and their tokens still reach /api, which shows
// an empty, anonymised profile. Deleting again is safe and finishes it: nothing is left at the carrier, the profile
// being deleted already the confirmation is not asked again (its address is anonymised; the user confirmed the first
// time), delete_account runs again (it removes whatever was added since and keeps the first deleted_at), and Auth
// answers the soft delete of a user it soft-deleted already with success, changing nothing.
import type { Twilio } from 'twilio';
import { profileMessages as messages } from '@ringwise/contract/profile';
import type { AuthAdmin } from '../../auth/admin-client.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { UserDb } from '../../auth/plugin.ts';
import { carrier, carrierCode } from '../numbers/carrier.ts';
import { releaseAtCarrier } from '../numbers/purchase.ts';

export interface DeletionServices {
  db: Pick<Database, 'privileged'>;
  /** The carrier (absent when the api runs without telephony: then a user holding numbers cannot be deleted). */
  twilio: Twilio | null;
  /** Supabase Auth's admin API (absent only in services made by hand: then no account can be deleted). */
  authAdmin: Pick<AuthAdmin, 'deleteUser'> | null;
}

interface Holdings {
  email: string;
  /** The profile was deleted before (step 2 done, step 3 failed). */
  deleted: boolean;
  numbers: { id: string; twilio_sid: string | null }[];
  callerIds: { twilio_sid: string | null; phone_number: string; verification_status: string }[];
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export async function deleteAccount(services: DeletionServices, userDb: UserDb, userId: string, confirm: string): Promise<void> {
  const { authAdmin } = services;
  if (!authAdmin) throw new HttpError(503, 'unavailable', 'Accounts cannot be deleted on this server: its sign-in service is not configured.');
  // what the user holds, read as the user (their session must still be live)
  const holdings = await userDb.run(async (sql): Promise<Holdings> => {
    const [profile] = await sql.query<{ email: string; deleted: boolean }>('select email, deleted_at is not null as deleted from public.users where id = $1', [userId]);
    if (!profile) throw new HttpError(404, 'not_found', 'Your profile was not found. Sign out and in again.');
    const { email, deleted } = profile;
    if (!deleted && !sameAddress(email, confirm)) return { email, deleted, numbers: [], callerIds: [] };
    const numbers = await sql.query<Holdings['numbers'][number]>(
      `select id::text as id, twilio_sid from public.virtual_numbers where status in ('active', 'grace')`,
    );
    const callerIds = await sql.query<Holdings['callerIds'][number]>(
      'select twilio_sid, phone_number, verification_status from public.verified_caller_ids where deleted_at is null',
    );
    return { email, deleted, numbers, callerIds };
  });
  if (!holdings.deleted && !sameAddress(holdings.email, confirm)) throw new HttpError(400, 'confirmation_mismatch', messages.confirmMismatch);

  const { twilio } = services;
  const atCarrier = holdings.numbers.some((n) => n.twilio_sid) || holdings.callerIds.some((c) => c.twilio_sid || c.verification_status === 'verified');
  if (atCarrier && !twilio) throw new HttpError(503, 'unavailable', 'The phone carrier is not configured: your numbers cannot be released now.');
  for (const number of holdings.numbers) {
    if (number.twilio_sid && twilio) await releaseAtCarrier(twilio, number.twilio_sid);
    await services.db.privileged((sql) => sql.query('select private.release_virtual_number($1, $2)', [number.id, 'user']));
  }
  if (twilio) for (const callerId of holdings.callerIds) await removeCallerIdAtCarrier(twilio, callerId);

  // from here on the profile is deleted
  await services.db.privileged((sql) => sql.query('select private.delete_account($1)', [userId]));

  // no transaction is open while Auth works (its stand-in needs the database too)
  let failure: unknown = null;
  try {
    ({ error: failure } = await authAdmin.deleteUser(userId, true));
  } catch (error) {
    failure = error;
  }
  if (failure) {
    const unavailable = new HttpError(503, 'unavailable', authUnavailable);
    unavailable.cause = failure;
    throw unavailable;
  }
}

/** The 503 of a failed step 3: what happened, and what to do. */
export const authUnavailable =
  'Your data was deleted, but the sign-in service could not close your account just now. Please delete your account again in a moment to finish.';

/** The carrier forgets a verified caller ID (one it no longer has is fine). */
async function removeCallerIdAtCarrier(twilio: Twilio, callerId: Holdings['callerIds'][number]): Promise<void> {
  let sid = callerId.twilio_sid;
  if (!sid && callerId.verification_status === 'verified') {
    sid = (await carrier(() => twilio.outgoingCallerIds.list({ phoneNumber: callerId.phone_number, limit: 1 })))[0]?.sid ?? null;
  }
  if (!sid) return;
  const outgoing = sid;
  await carrier(() => twilio.outgoingCallerIds(outgoing).remove()).catch((error: unknown) => {
    if (carrierCode(error) !== 20404) throw error;
  });
}
