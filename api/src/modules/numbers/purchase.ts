// Buying a number, all or nothing (issue: numbers):
//   1. the server prices the number itself (a different price from the browser is refused);
//   2. reserve: the balance must cover the first month, and the number must be free (one holder at a time: a
//      second buyer racing for it fails here, before anything is bought or paid), and nobody's verified caller ID
//      (one number, one identity: the database refuses it, even to a verification completing at the same moment);
//   3. buy it from the carrier, its Voice URL our /webhooks/twilio/incoming (a carrier failure frees the
//      reservation: nothing was debited);
//   4. activate: the first month as one number_purchase entry (when the balance no longer covers it, the number
//      is released at the carrier again and the reservation freed).
// Releasing (by the user, or by the renewals when unpaid) lets the number go at the carrier, then marks it.
import type { Twilio } from 'twilio';
import { formatUsd } from '@ringwise/ui/format';
import { typeNotAvailableMessage, virtualNumberTypes, type VirtualNumberType } from '@ringwise/contract/numbers';
import { webhooks } from '@ringwise/contract/webhooks';
import type { NumberPurchaseInput, VirtualNumber } from '@ringwise/contract/schemas';
import type { UserDb } from '../../auth/plugin.ts';
import type { Database, Sql } from '../../db/database.ts';
import { isUuid } from '../../lib/uuid.ts';
import { fieldValidationError, HttpError } from '../../plugins/errors.ts';
import { isE164 } from '@ringwise/phone/notation';
import { lineOf } from '@ringwise/phone/types';
import { carrier, carrierCode } from './carrier.ts';
import { countryOf } from './catalog.ts';
import { toVirtualNumber, virtualNumberColumns, type VirtualNumberRow } from './model.ts';
import { monthlyPriceOf, saleOf } from './prices.ts';

export interface NumberServices {
  db: Pick<Database, 'privileged'>;
  twilio: Twilio;
  publicUrl: string;
  log?: (message: string, error?: unknown) => void;
}

/** Where the carrier sends calls to a number we bought. */
export const incomingVoicePath = webhooks.twilioIncoming.path;

const defaultLog = (message: string, error?: unknown) => console.error(`[numbers] ${message}`, error ?? '');

export interface PricedNumber {
  phoneNumber: string;
  country: string;
  numberType: VirtualNumberType;
  price: string;
}

/** Step 1: what the number is and what it costs, from the number itself; the browser's price must agree. */
export function priceNumber(input: NumberPurchaseInput): PricedNumber {
  const phoneNumber = input.phoneNumber.trim();
  const country = countryOf(input.country).code;
  const line = isE164(phoneNumber) ? lineOf(phoneNumber) : null;
  if (!line) throw fieldValidationError({ phoneNumber: 'That is not a phone number we sell. Pick a number from the search results.' });
  if (line.country !== country) throw fieldValidationError({ phoneNumber: `${phoneNumber} is not a number of the country you chose.` });
  const sale = saleOf(phoneNumber, input.numberType);
  const price = sale ? monthlyPriceOf(country, sale.type) : null;
  if (!sale || price === null) throw fieldValidationError({ phoneNumber: typeNotAvailableMessage(input.numberType ?? virtualNumberTypes[0]) });
  const numberType = sale.type;
  if (input.price !== price) {
    throw new HttpError(409, 'price_changed', `This number costs ${formatUsd(price)}/month, not ${formatUsd(input.price)}. Search again to see the current price.`, {
      price,
    });
  }
  return { phoneNumber, country, numberType, price };
}

export function insufficientBalance(balance: string, required: string): HttpError {
  return new HttpError(
    402,
    'insufficient_balance',
    `Your balance of ${formatUsd(balance)} does not cover the ${formatUsd(required)} this number costs for its first month. Add credit and try again.`,
    { balance, required },
  );
}

const isInsufficientBalance = (error: unknown) => (error as { code?: string }).code === '23514' && /insufficient balance/.test(String((error as Error).message));

async function balanceOf(sql: Sql, userId: string): Promise<string> {
  const [row] = await sql.query<{ balance: string }>('select balance::text as balance from public.users where id = $1', [userId]);
  return row?.balance ?? '0.00';
}

async function reserve(services: NumberServices, userId: string, priced: PricedNumber, region: string | null, locality: string | null): Promise<VirtualNumberRow> {
  try {
    return await services.db.privileged(async (sql) => {
      const [row] = await sql.query<VirtualNumberRow>(
        `select ${virtualNumberColumns} from private.reserve_virtual_number($1, $2, $3, $4, $5, $6, $7)`,
        [userId, priced.phoneNumber, priced.country, priced.numberType, region, locality, priced.price],
      );
      return row!;
    });
  } catch (error) {
    if (isInsufficientBalance(error)) {
      const balance = await services.db.privileged((sql) => balanceOf(sql, userId));
      throw insufficientBalance(balance, priced.price);
    }
    if (isOneIdentityRefusal(error)) throw await callerIdRefusal(services, userId, priced.phoneNumber);
    if ((error as { code?: string }).code === '23505') {
      const [holder] = await services.db.privileged((sql) =>
        sql.query<{ user_id: string }>(`select user_id from public.virtual_numbers where phone_number = $1 and status <> 'released'`, [priced.phoneNumber]),
      );
      if (holder?.user_id === userId) throw new HttpError(409, 'conflict', `${priced.phoneNumber} is already yours.`);
      throw taken(priced.phoneNumber);
    }
    throw error;
  }
}

const taken = (phoneNumber: string) =>
  new HttpError(409, 'number_unavailable', `${phoneNumber} is no longer available: someone else just took it. Please choose another number.`);

/** The database's refusal of a second identity under one number (20261202000300_number_one_identity.sql). */
const isOneIdentityRefusal = (error: unknown) =>
  (error as { code?: string }).code === '23505' && (error as { constraint?: string }).constraint === 'number_one_identity';

/**
 * A verified caller ID is not for sale: the buyer's own is named (it is theirs to see), another account's is refused
 * as any number taken is, so a purchase never tells whose phone a number is.
 */
async function callerIdRefusal(services: NumberServices, userId: string, phoneNumber: string): Promise<HttpError> {
  const [own] = await services.db.privileged((sql) =>
    sql.query<{ id: string }>(
      `select id from public.verified_caller_ids where user_id = $1 and phone_number = $2 and verification_status = 'verified' and deleted_at is null`,
      [userId, phoneNumber],
    ),
  );
  if (own) {
    return new HttpError(
      409,
      'number_unavailable',
      `${phoneNumber} is one of your verified caller IDs, so you call from it already. To rent it as a Ringwise number, remove it from your caller IDs first.`,
    );
  }
  return taken(phoneNumber);
}

async function dropReservation(services: NumberServices, id: string): Promise<void> {
  await services.db.privileged((sql) => sql.query(`delete from public.virtual_numbers where id = $1 and status = 'pending'`, [id]));
}

/** Lets a number go at the carrier; one the carrier no longer has counts as released. */
export async function releaseAtCarrier(client: Twilio, sid: string): Promise<void> {
  try {
    await carrier(() => client.incomingPhoneNumbers(sid).remove());
  } catch (error) {
    if (carrierCode(error) === 20404) return;
    throw error;
  }
}

export async function purchaseNumber(services: NumberServices, userId: string, input: NumberPurchaseInput): Promise<VirtualNumber> {
  const log = services.log ?? defaultLog;
  const priced = priceNumber(input);
  const region = input.region?.trim() || null;
  const reservation = await reserve(services, userId, priced, region, null);

  let sid: string;
  try {
    const bought = await carrier(() =>
      services.twilio.incomingPhoneNumbers.create({
        phoneNumber: priced.phoneNumber,
        voiceUrl: `${services.publicUrl}${incomingVoicePath}`,
        voiceMethod: 'POST',
        // no personal data at the carrier: the number's own id
        friendlyName: `Ringwise ${reservation.id}`,
      }),
    );
    sid = bought.sid;
  } catch (error) {
    await dropReservation(services, reservation.id);
    const code = carrierCode(error);
    if (code === 21422 || code === 21421) throw taken(priced.phoneNumber);
    throw error;
  }

  try {
    const [row] = await services.db.privileged((sql) =>
      sql.query<VirtualNumberRow>(`select ${virtualNumberColumns} from private.activate_virtual_number($1, $2)`, [reservation.id, sid]),
    );
    return toVirtualNumber(row!);
  } catch (error) {
    // not paid: the number goes back to the carrier, the reservation is freed, and nobody paid for nothing
    await releaseAtCarrier(services.twilio, sid).catch((inner: unknown) => log(`could not release ${priced.phoneNumber} (${sid}) after a failed debit`, inner));
    await dropReservation(services, reservation.id);
    if (isInsufficientBalance(error)) {
      const balance = await services.db.privileged((sql) => balanceOf(sql, userId));
      throw insufficientBalance(balance, priced.price);
    }
    throw error;
  }
}

/** The user lets their number go (no refund): found as the user (RLS shows only their numbers), let go at the
 *  carrier with no transaction open, then marked released. */
export async function releaseNumber(services: NumberServices, userDb: UserDb, id: string): Promise<void> {
  const notFound = new HttpError(404, 'not_found', 'That number is not one of yours.');
  if (!isUuid(id)) throw notFound;
  const [row] = await userDb.run((sql) =>
    sql.query<VirtualNumberRow>(`select ${virtualNumberColumns} from public.virtual_numbers where id = $1 and status in ('active', 'grace')`, [id]),
  );
  if (!row) throw notFound;
  if (row.twilio_sid) await releaseAtCarrier(services.twilio, row.twilio_sid);
  await services.db.privileged((sql) => sql.query('select private.release_virtual_number($1, $2)', [id, 'user']));
}

export async function listNumbers(userSql: Sql): Promise<VirtualNumber[]> {
  const rows = await userSql.query<VirtualNumberRow>(
    `select ${virtualNumberColumns} from public.virtual_numbers where status in ('active', 'grace') order by purchased_at desc, id`,
  );
  return rows.map(toVirtualNumber);
}
