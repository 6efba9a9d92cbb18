// Reading the signed-in user's profile and changing one preference at a time. Every query runs inside the
// caller's RLS-scoped transaction: the database itself limits it to the user's own row.
import type { PreferenceChange as PreferenceBody } from '@ringwise/contract/schemas';
import { isE164 } from '@ringwise/phone/notation';
import { HttpError, fieldValidationError } from '../../plugins/errors.ts';
import type { Sql } from '../../db/database.ts';
import {
  preferenceColumns,
  preferenceKeys,
  preferenceMessages as messages,
  preferenceOptions,
  type CurrentUser,
  type PreferenceChange,
  type PreferenceKey,
} from './model.ts';

interface UserRow {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  balance: string;
  role: string;
  auto_recharge_enabled: boolean;
  auto_recharge_trigger: string;
  auto_recharge_amount: string;
  low_balance_alert_enabled: boolean;
  low_balance_alert_threshold: string;
  default_caller_id: string | null;
  stripe_customer_id: string | null;
  created_at: string | Date;
  updated_at: string | Date;
}

const iso = (value: string | Date) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());

function toResponse(row: UserRow): CurrentUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    profileImageUrl: row.profile_image_url,
    balance: row.balance,
    role: row.role,
    autoRechargeEnabled: row.auto_recharge_enabled,
    autoRechargeTrigger: row.auto_recharge_trigger,
    autoRechargeAmount: row.auto_recharge_amount,
    lowBalanceAlertEnabled: row.low_balance_alert_enabled,
    lowBalanceAlertThreshold: row.low_balance_alert_threshold,
    defaultCallerId: row.default_caller_id,
    stripeCustomerId: row.stripe_customer_id,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

const userColumns = `id, email, first_name, last_name, profile_image_url, balance, role, auto_recharge_enabled,
  auto_recharge_trigger, auto_recharge_amount, low_balance_alert_enabled, low_balance_alert_threshold,
  default_caller_id, stripe_customer_id, created_at, updated_at`;

export async function getCurrentUser(sql: Sql, userId: string): Promise<CurrentUser> {
  const [row] = await sql.query<UserRow>(`select ${userColumns} from public.users where id = $1`, [userId]);
  if (!row) throw new HttpError(404, 'not_found', 'Your profile was not found. Sign out and in again.');
  return toResponse(row);
}

/**
 * A PATCH body (its shape already checked against the contract) → the one change it asks for: exactly one
 * known key, an amount among the spec's options, a caller ID in E.164.
 */
export function parsePreferenceChange(body: PreferenceBody): PreferenceChange {
  const entries = Object.entries(body);
  const unknown = entries.find(([key]) => !(preferenceKeys as readonly string[]).includes(key));
  if (unknown) throw new HttpError(400, 'bad_request', messages.unknownKey(unknown[0]));
  if (entries.length !== 1) throw new HttpError(400, 'bad_request', messages.exactlyOne);
  const [key, value] = entries[0] as [PreferenceKey, unknown];
  const column = preferenceColumns[key];
  switch (key) {
    case 'autoRechargeEnabled':
    case 'lowBalanceAlertEnabled':
      if (typeof value !== 'boolean') throw fieldValidationError({ [key]: messages.boolean(key) });
      return { key, column, value };
    case 'autoRechargeTrigger':
    case 'autoRechargeAmount':
    case 'lowBalanceAlertThreshold': {
      const options: readonly string[] = preferenceOptions[key];
      if (typeof value !== 'string' || !options.includes(value)) throw fieldValidationError({ [key]: messages.amount(key) });
      return { key, column, value };
    }
    case 'defaultCallerId': {
      if (value === null) return { key, column, value: null };
      const number = typeof value === 'string' ? value.trim() : '';
      if (!isE164(number)) throw fieldValidationError({ [key]: messages.callerId });
      return { key, column, value: number };
    }
  }
}

export async function updatePreference(sql: Sql, userId: string, change: PreferenceChange): Promise<CurrentUser> {
  if (change.key === 'defaultCallerId' && change.value !== null) {
    // only the user's own active virtual numbers and verified caller IDs may be offered as caller ID
    const [owned] = await sql.query<{ ok: boolean }>(
      `select exists (select 1 from public.virtual_numbers where phone_number = $1 and is_active)
           or exists (select 1 from public.verified_caller_ids
                      where phone_number = $1 and verification_status = 'verified' and deleted_at is null) as ok`,
      [change.value],
    );
    if (!owned?.ok) {
      throw fieldValidationError({ defaultCallerId: `${change.value} is not one of your virtual numbers or verified caller IDs.` });
    }
  }
  // the column name comes from our own fixed map, never from the request
  const [row] = await sql.query<UserRow>(
    `update public.users set ${change.column} = $2 where id = $1 returning ${userColumns}`,
    [userId, change.value],
  );
  if (!row) throw new HttpError(404, 'not_found', 'Your profile was not found. Sign out and in again.');
  return toResponse(row);
}
