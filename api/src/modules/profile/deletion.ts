// DELETE /api/user: the account goes, after the user typed their e-mail address again. The carrier lets the
// user's numbers and caller IDs go first (the same release as DELETE /api/virtual-numbers/{id}); then one
// privileged transaction (private.delete_account) ends every session, removes the personal data and anonymises
// the profile, keeping the ledger. A carrier failure stops it before anything in the database changed.
import type { Twilio } from 'twilio';
import { profileMessages as messages } from '@ringwise/contract/profile';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { UserDb } from '../../auth/plugin.ts';
import { carrier, carrierCode } from '../numbers/carrier.ts';
import { releaseAtCarrier } from '../numbers/purchase.ts';

export interface DeletionServices {
  db: Pick<Database, 'privileged'>;
  /** The carrier (absent when the api runs without telephony: then a user holding numbers cannot be deleted). */
  twilio: Twilio | null;
}

interface Holdings {
  email: string;
  numbers: { id: string; twilio_sid: string | null }[];
  callerIds: { twilio_sid: string | null; phone_number: string; verification_status: string }[];
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export async function deleteAccount(services: DeletionServices, userDb: UserDb, userId: string, confirm: string): Promise<void> {
  // what the user holds, read as the user (their session must still be live)
  const holdings = await userDb.run(async (sql): Promise<Holdings> => {
    const [profile] = await sql.query<{ email: string }>('select email from public.users where id = $1', [userId]);
    if (!profile) throw new HttpError(404, 'not_found', 'Your profile was not found. Sign out and in again.');
    if (!sameAddress(profile.email, confirm)) return { email: profile.email, numbers: [], callerIds: [] };
    const numbers = await sql.query<Holdings['numbers'][number]>(
      `select id::text as id, twilio_sid from public.virtual_numbers where status in ('active', 'grace')`,
    );
    const callerIds = await sql.query<Holdings['callerIds'][number]>(
      'select twilio_sid, phone_number, verification_status from public.verified_caller_ids where deleted_at is null',
    );
    return { email: profile.email, numbers, callerIds };
  });
  if (!sameAddress(holdings.email, confirm)) throw new HttpError(400, 'confirmation_mismatch', messages.confirmMismatch);

  const { twilio } = services;
  const atCarrier = holdings.numbers.some((n) => n.twilio_sid) || holdings.callerIds.some((c) => c.twilio_sid || c.verification_status === 'verified');
  if (atCarrier && !twilio) throw new HttpError(503, 'unavailable', 'The phone carrier is not configured: your numbers cannot be released now.');
  for (const number of holdings.numbers) {
    if (number.twilio_sid && twilio) await releaseAtCarrier(twilio, number.twilio_sid);
    await services.db.privileged((sql) => sql.query('select private.release_virtual_number($1, $2)', [number.id, 'user']));
  }
  if (twilio) for (const callerId of holdings.callerIds) await removeCallerIdAtCarrier(twilio, callerId);

  await services.db.privileged((sql) => sql.query('select private.delete_account($1)', [userId]));
}

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
