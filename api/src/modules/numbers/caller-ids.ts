// Verified caller IDs (spec §4 'Caller ID verification'): the user names their own number, the carrier calls it
// and its owner types the 6-digit code we show; the carrier then tells us the verification's outcome (a signed
// status callback, matched to the entry by the verification call's CallSid). Only a verified entry may be the
// caller ID. Removing an entry removes it at the carrier too. One number, one identity: a Ringwise number is nobody's
// caller ID to verify, and a verification that completes for a number someone bought (or verified) meanwhile ends
// failed (20261202000300_number_one_identity.sql).
import type { Twilio } from 'twilio';
import { callerIdMessages, pendingStatus, verifiedStatus } from '@ringwise/contract/numbers';
import { webhooks } from '@ringwise/contract/webhooks';
import type { CallerIdInitiated, CallerIdInitiateInput, CallerIdStatus, VerifiedCallerId } from '@ringwise/contract/schemas';
import { isE164 } from '@ringwise/phone/notation';
import { lineOf } from '@ringwise/phone/types';
import type { UserDb } from '../../auth/plugin.ts';
import type { Database, Sql } from '../../db/database.ts';
import { isUuid } from '../../lib/uuid.ts';
import { fieldValidationError, HttpError } from '../../plugins/errors.ts';
import { isSid } from '../../telephony/webhook-fields.ts';
import { carrier, carrierCode } from './carrier.ts';
import { callerIdColumns, toVerifiedCallerId, type CallerIdRow } from './model.ts';

export interface CallerIdServices {
  db: Pick<Database, 'privileged'>;
  twilio: Twilio;
  publicUrl: string;
  log?: (message: string, error?: unknown) => void;
}

const defaultLog = (message: string, error?: unknown) => console.error(`[numbers] ${message}`, error ?? '');

/** What a verification that did not succeed (or was refused) leaves. */
const failedStatus = 'failed';

/** Where the carrier reports how a verification ended. */
export const callerIdCallbackPath = webhooks.twilioCallerId.path;

const notFound = () => new HttpError(404, 'not_found', 'That caller ID is not one of yours.');

/** A number as the user typed it → E.164, or the spec's messages. */
export function callerIdNumberOf(typed: string): string {
  const number = typed.trim();
  if (!number) throw fieldValidationError({ phoneNumber: callerIdMessages.required });
  if (!isE164(number)) throw fieldValidationError({ phoneNumber: callerIdMessages.e164 });
  if (!lineOf(number)) throw fieldValidationError({ phoneNumber: `${number} is not a valid phone number. Check it and try again.` });
  return number;
}

export async function listCallerIds(userSql: Sql): Promise<VerifiedCallerId[]> {
  const rows = await userSql.query<CallerIdRow>(`select ${callerIdColumns} from public.verified_caller_ids where deleted_at is null order by created_at desc, id`);
  return rows.map(toVerifiedCallerId);
}

async function liveEntry(sql: Sql, userId: string, phoneNumber: string): Promise<CallerIdRow | undefined> {
  const [row] = await sql.query<CallerIdRow>(
    `select ${callerIdColumns} from public.verified_caller_ids where user_id = $1 and phone_number = $2 and deleted_at is null`,
    [userId, phoneNumber],
  );
  return row;
}

/** The virtual number someone holds under that number (active, or in its grace period), if any. */
async function activeVirtualNumber(sql: Sql, phoneNumber: string): Promise<{ user_id: string } | undefined> {
  const [row] = await sql.query<{ user_id: string }>(`select user_id from public.virtual_numbers where phone_number = $1 and status in ('active', 'grace')`, [phoneNumber]);
  return row;
}

/** A Ringwise number is nobody's caller ID to verify: its owner calls from it already, and no one else may show it. */
function ringwiseNumberRefusal(phoneNumber: string, userId: string, number: { user_id: string }): HttpError {
  if (number.user_id === userId) {
    return new HttpError(409, 'conflict', `${phoneNumber} is one of your Ringwise numbers: it is already usable as your caller ID, with no verification.`);
  }
  return takenElsewhere(phoneNumber);
}

/**
 * Another account holds the number (as its Ringwise number or its verified caller ID): one answer for every such
 * case, which never says which, nor that the number belongs to a Ringwise customer at all (whoever types a phone
 * number must not learn that its owner uses Ringwise).
 */
export const takenElsewhereMessage = (phoneNumber: string) =>
  `${phoneNumber} cannot be verified as your caller ID. If the number is yours, contact support.`;
const takenElsewhere = (phoneNumber: string) => new HttpError(409, 'conflict', takenElsewhereMessage(phoneNumber));

export async function initiateCallerId(services: CallerIdServices, userId: string, input: CallerIdInitiateInput): Promise<CallerIdInitiated> {
  const phoneNumber = callerIdNumberOf(input.phoneNumber);
  const friendlyName = input.friendlyName?.trim() || null;
  const { existing, ringwiseNumber } = await services.db.privileged(async (sql) => ({
    existing: await liveEntry(sql, userId, phoneNumber),
    ringwiseNumber: await activeVirtualNumber(sql, phoneNumber),
  }));
  if (existing?.verification_status === verifiedStatus) throw new HttpError(409, 'conflict', `${phoneNumber} is already one of your verified caller IDs.`);
  // refused before the carrier calls anyone and before any entry is written
  if (ringwiseNumber) throw ringwiseNumberRefusal(phoneNumber, userId, ringwiseNumber);

  // one verified owner per number: another account's verified number is not offered to a second one
  const [other] = await services.db.privileged((sql) =>
    sql.query<{ id: string }>(
      `select id from public.verified_caller_ids where phone_number = $1 and user_id <> $2 and verification_status = 'verified' and deleted_at is null`,
      [phoneNumber, userId],
    ),
  );
  if (other) throw takenElsewhere(phoneNumber);

  let validation: { validationCode: string; callSid: string };
  try {
    validation = await carrier(() =>
      services.twilio.validationRequests.create({
        phoneNumber,
        // no personal data at the carrier
        friendlyName: 'Ringwise caller ID',
        statusCallback: `${services.publicUrl}${callerIdCallbackPath}`,
        statusCallbackMethod: 'POST',
      }),
    );
  } catch (error) {
    const code = carrierCode(error);
    // verified at the carrier already: for another of our accounts (ours has its own entry, checked above)
    if (code === 21450) throw takenElsewhere(phoneNumber);
    if (code === 21211 || code === 21421) throw fieldValidationError({ phoneNumber: `${phoneNumber} cannot receive the verification call. Check the number.` });
    throw error;
  }

  const row = await services.db.privileged(async (sql) => {
    // bought while the carrier was placing the call: no entry either (the database would refuse a new one)
    const bought = await activeVirtualNumber(sql, phoneNumber);
    if (bought) throw ringwiseNumberRefusal(phoneNumber, userId, bought);
    const params = [userId, phoneNumber, friendlyName, validation.validationCode, validation.callSid];
    // a pending entry gets the new call's code; otherwise a new entry
    const [updated] = await sql.query<CallerIdRow>(
      `update public.verified_caller_ids
       set friendly_name = coalesce($3, friendly_name), validation_code = $4, call_sid = $5, verification_status = 'pending'
       where user_id = $1 and phone_number = $2 and deleted_at is null and verification_status <> 'verified'
       returning ${callerIdColumns}`,
      params,
    );
    if (updated) return updated;
    const [inserted] = await sql.query<CallerIdRow>(
      `insert into public.verified_caller_ids (user_id, phone_number, friendly_name, validation_code, call_sid)
       values ($1, $2, $3, $4, $5)
       on conflict (user_id, phone_number) where deleted_at is null do update set validation_code = excluded.validation_code, call_sid = excluded.call_sid
       returning ${callerIdColumns}`,
      params,
    );
    return inserted!;
  });
  return {
    entry: toVerifiedCallerId(row),
    message: `We are calling ${phoneNumber} now. Answer it and enter the code ${validation.validationCode}.`,
    validationCode: validation.validationCode,
    phoneNumber,
  };
}

/**
 * The carrier's verification callback: the entry of that call becomes verified (or failed), and what it became is
 * returned (null: no pending entry had that call). Idempotent. A callback without a call SID or an outcome as Twilio
 * writes them changes nothing; a carrier SID that is malformed, or already another entry's (twilio_sid is unique), is
 * not kept. One number, one identity: a success for a number someone holds by now (a Ringwise number bought or being
 * bought, another account's caller ID verified first) ends the entry failed, decided under the number's lock
 * (private.number_holder, which a purchase takes too), and the outgoing caller ID the carrier made for it is removed
 * again once the transaction is over. The carrier is answered 200 all the same.
 */
export async function settleVerification(
  services: Pick<CallerIdServices, 'db' | 'twilio' | 'log'>,
  form: Record<string, string>,
): Promise<string | null> {
  const callSid = form.CallSid;
  const outcome = form.VerificationStatus;
  if (!isSid('CA', callSid) || (outcome !== 'success' && outcome !== 'failed')) return null;
  const outgoingSid = isSid('PN', form.OutgoingCallerIdSid) ? form.OutgoingCallerIdSid : null;
  const settled = await services.db.privileged(async (sql) => {
    const pending = await sql.query<{ id: string; phone_number: string }>(
      `select id, phone_number from public.verified_caller_ids where call_sid = $1 and deleted_at is null and verification_status = 'pending' order by id for update`,
      [callSid],
    );
    let status: string | null = null;
    let removeAtCarrier = false;
    for (const entry of pending) {
      const [claim] = outcome === 'success' ? await sql.query<{ holder: string | null }>('select private.number_holder($1) as holder', [entry.phone_number]) : [];
      if (outcome === 'success' && claim?.holder === null) {
        await sql.query(
          `update public.verified_caller_ids
           set verification_status = 'verified', validation_code = null,
               twilio_sid = case when exists (select 1 from public.verified_caller_ids taken where taken.twilio_sid = $2) then twilio_sid else $2 end
           where id = $1`,
          [entry.id, outgoingSid],
        );
        status = verifiedStatus;
        continue;
      }
      await sql.query(`update public.verified_caller_ids set verification_status = 'failed' where id = $1`, [entry.id]);
      status ??= failedStatus;
      // the carrier keeps one outgoing caller ID per number: another account's that came first is left alone
      if (claim?.holder === 'virtual_number') removeAtCarrier = true;
    }
    if (removeAtCarrier && outgoingSid) {
      const [kept] = await sql.query<{ kept: boolean }>(
        'select exists (select 1 from public.verified_caller_ids where twilio_sid = $1 and deleted_at is null) as kept',
        [outgoingSid],
      );
      removeAtCarrier = !kept?.kept;
    }
    return { status, removeAtCarrier };
  });
  if (settled.removeAtCarrier && outgoingSid) {
    await carrier(() => services.twilio.outgoingCallerIds(outgoingSid).remove()).catch((error: unknown) => {
      if (carrierCode(error) !== 20404) (services.log ?? defaultLog)(`could not remove the outgoing caller ID ${outgoingSid} of a refused verification`, error);
    });
  }
  return settled.status;
}

/** The user's own live entry (RLS: only theirs), read in its own transaction. */
async function ownEntry(userDb: UserDb, id: string): Promise<CallerIdRow> {
  if (!isUuid(id)) throw notFound();
  const [row] = await userDb.run((sql) =>
    sql.query<CallerIdRow>(`select ${callerIdColumns} from public.verified_caller_ids where id = $1 and deleted_at is null`, [id]),
  );
  if (!row) throw notFound();
  return row;
}

/**
 * Where a verification stands. A pending entry whose callback was lost is settled from the carrier's list of
 * verified numbers, but only when no other account claims the number (the carrier's list is per account). Each
 * step is its own transaction: none is open while the carrier is asked.
 */
export async function checkCallerIdStatus(services: CallerIdServices, userDb: UserDb, id: string): Promise<CallerIdStatus> {
  const row = await ownEntry(userDb, id);
  if (row.verification_status !== pendingStatus) return { verificationStatus: row.verification_status, phoneNumber: row.phone_number };
  const [others] = await services.db.privileged((sql) =>
    sql.query<{ count: string }>(`select count(*) as count from public.verified_caller_ids where phone_number = $1 and id <> $2 and deleted_at is null`, [
      row.phone_number,
      row.id,
    ]),
  );
  if (Number(others?.count ?? 0) === 0) {
    const verified = await carrier(() => services.twilio.outgoingCallerIds.list({ phoneNumber: row.phone_number, limit: 1 })).catch(() => []);
    if (verified[0]) {
      const settled = await settleVerification(services, { CallSid: row.call_sid ?? '', VerificationStatus: 'success', OutgoingCallerIdSid: verified[0].sid });
      // null: the callback settled it meanwhile
      return { verificationStatus: settled ?? (await ownEntry(userDb, id)).verification_status, phoneNumber: row.phone_number };
    }
  }
  return { verificationStatus: row.verification_status, phoneNumber: row.phone_number };
}

/** Removes the user's entry: at the carrier first (no transaction open meanwhile), then the user's own soft delete. */
export async function removeCallerId(services: CallerIdServices, userDb: UserDb, id: string): Promise<void> {
  const row = await ownEntry(userDb, id);
  let sid = row.twilio_sid;
  if (!sid && row.verification_status === verifiedStatus) {
    sid = (await carrier(() => services.twilio.outgoingCallerIds.list({ phoneNumber: row.phone_number, limit: 1 })))[0]?.sid ?? null;
  }
  if (sid) {
    const outgoing = sid;
    await carrier(() => services.twilio.outgoingCallerIds(outgoing).remove()).catch((error: unknown) => {
      if (carrierCode(error) !== 20404) throw error;
    });
  }
  // the user's own soft delete (the only change their role may make); the trigger clears the default caller ID
  await userDb.run((sql) => sql.query('update public.verified_caller_ids set deleted_at = now() where id = $1 and deleted_at is null', [id]));
}
