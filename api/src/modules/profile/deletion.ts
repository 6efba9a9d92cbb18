// DELETE /api/user: the account goes, after the user typed their e-mail address again. In three steps, each
// database transaction ended before a provider is called (a transaction held across a provider call would hold its
// rows, and on PGlite its one connection, for as long as the provider takes):
//   1. the carrier lets the user's numbers and caller IDs go (the same release as DELETE /api/virtual-numbers/{id})
//      and deletes their voicemails' recordings;
//      a carrier failure stops it there, and deleting again goes on from where it stopped;
//   2. Supabase Auth's admin API soft-deletes the sign-in (`auth.admin.deleteUser(id, true)` of the official client,
//      the hosted project or the local stand-in): the e-mail obfuscated, password and metadata removed, every session
//      and refresh token deleted, so no token of the user is accepted from then on. The auth.users row stays (the
//      profile, and through it the ledger, reference it). When Auth fails the answer is 503 and nothing of the account
//      changed but step 1: the user deletes again;
//   3. private.delete_account, one privileged transaction: the personal data removed, the calls hidden, the profile
//      anonymised with deleted_at set, the ledger kept. Should it fail now that the user can no longer sign in, the
//      deletion completer (deletion-completer.ts) finishes it: it runs delete_account for every sign-in Auth deleted
//      whose profile is not.
import type { Twilio } from 'twilio';
import { profileMessages as messages } from '@ringwise/contract/profile';
import type { AuthAdmin } from '../../auth/admin-client.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { UserDb } from '../../auth/plugin.ts';
import { carrier, carrierCode } from '../numbers/carrier.ts';
import { releaseAtCarrier } from '../numbers/purchase.ts';
import { removeAtCarrier } from '../calls/voicemail.ts';

export interface DeletionServices {
  db: Pick<Database, 'privileged'>;
  /** The carrier (absent when the api runs without telephony: then a user holding numbers cannot be deleted). */
  twilio: Twilio | null;
  /** Supabase Auth's admin API (absent only in services made by hand: then no account can be deleted). */
  authAdmin: Pick<AuthAdmin, 'deleteUser'> | null;
}

interface Holdings {
  email: string;
  numbers: { id: string; twilio_sid: string | null }[];
  callerIds: { twilio_sid: string | null; phone_number: string; verification_status: string }[];
  /** The carrier's recordings of the user's voicemails. */
  recordings: string[];
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export async function deleteAccount(services: DeletionServices, userDb: UserDb, userId: string, confirm: string): Promise<void> {
  const { authAdmin } = services;
  if (!authAdmin) throw new HttpError(503, 'unavailable', 'Accounts cannot be deleted on this server: its sign-in service is not configured.');
  // what the user holds, read as the user (their session must still be live)
  const holdings = await userDb.run(async (sql): Promise<Holdings> => {
    const [profile] = await sql.query<{ email: string }>('select email from public.users where id = $1', [userId]);
    if (!profile) throw new HttpError(404, 'not_found', 'Your profile was not found. Sign out and in again.');
    if (!sameAddress(profile.email, confirm)) return { email: profile.email, numbers: [], callerIds: [], recordings: [] };
    const numbers = await sql.query<Holdings['numbers'][number]>(
      `select id::text as id, twilio_sid from public.virtual_numbers where status in ('active', 'grace')`,
    );
    const callerIds = await sql.query<Holdings['callerIds'][number]>(
      'select twilio_sid, phone_number, verification_status from public.verified_caller_ids where deleted_at is null',
    );
    const recordings = await sql.query<{ recording_sid: string }>('select recording_sid from public.calls where recording_sid is not null');
    return { email: profile.email, numbers, callerIds, recordings: recordings.map((row) => row.recording_sid) };
  });
  if (!sameAddress(holdings.email, confirm)) throw new HttpError(400, 'confirmation_mismatch', messages.confirmMismatch);

  const { twilio } = services;
  const atCarrier =
    holdings.numbers.some((n) => n.twilio_sid) || holdings.callerIds.some((c) => c.twilio_sid || c.verification_status === 'verified') || holdings.recordings.length > 0;
  if (atCarrier && !twilio) throw new HttpError(503, 'unavailable', 'The phone carrier is not configured: your numbers cannot be released now.');
  for (const number of holdings.numbers) {
    if (number.twilio_sid && twilio) await releaseAtCarrier(twilio, number.twilio_sid);
    await services.db.privileged((sql) => sql.query('select private.release_virtual_number($1, $2)', [number.id, 'user']));
  }
  if (twilio) for (const callerId of holdings.callerIds) await removeCallerIdAtCarrier(twilio, callerId);
  // the voicemails' audio is the carrier's to delete; delete_account clears what points to it
  if (twilio) for (const sid of holdings.recordings) await removeAtCarrier(twilio, sid);

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

  try {
    await services.db.privileged((sql) => sql.query('select private.delete_account($1)', [userId]));
  } catch (error) {
    const later = new HttpError(503, 'unavailable', dataRemovalPending);
    later.cause = error;
    throw later;
  }
}

/** The 503 of a failed step 2: nothing of the account changed but its numbers; the user tries again. */
export const authUnavailable = 'Your account could not be deleted just now: the sign-in service did not answer. Please try again in a moment.';

/** The 503 of a failed step 3: the sign-in is gone, the rest follows by itself. */
export const dataRemovalPending = 'Your account is closed. Removing the rest of your data failed for a moment; it will be finished automatically within minutes.';

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
