// The signed-in user's names (PATCH /api/user/profile). PATCH /api/user/preferences takes one preference at a
// time and no names, and the local auth server has no updateUser (PUT /auth/v1/user): this is where names change.
// The write runs in the user's own transaction; the database bounds the lengths too (write_guards.sql).
import type { ProfileNamesPatch } from '@ringwise/contract/schemas';
import { maxNameLength, profileMessages as messages } from '@ringwise/contract/profile';
import type { Sql } from '../../db/database.ts';
import { fieldValidationError, HttpError } from '../../plugins/errors.ts';
import { getCurrentUser } from '../users/service.ts';
import type { CurrentUser } from '../users/model.ts';

type NameField = 'firstName' | 'lastName';

export interface NamesChange {
  firstName?: string | null;
  lastName?: string | null;
}

/** C0 and C1 controls (NUL included), and the line and paragraph separators. */
function holdsControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029) return true;
  }
  return false;
}

/** The body (its shape checked against the contract) → the names to store: trimmed, "" as null, bounded. */
export function parseNamesChange(body: ProfileNamesPatch): NamesChange {
  const unknown = Object.keys(body).find((key) => key !== 'firstName' && key !== 'lastName');
  if (unknown !== undefined) throw new HttpError(400, 'bad_request', messages.unknownKey(unknown));
  const change: NamesChange = {};
  const fieldErrors: Partial<Record<NameField, string>> = {};
  for (const field of ['firstName', 'lastName'] as const) {
    if (!(field in body) || body[field] === undefined) continue;
    const value = body[field];
    if (value === null) {
      change[field] = null;
      continue;
    }
    if (typeof value !== 'string') {
      fieldErrors[field] = messages.nameInvalid(field);
      continue;
    }
    const trimmed = value.trim();
    if (holdsControlCharacter(trimmed)) fieldErrors[field] = messages.nameControl(field);
    else if (trimmed.length > maxNameLength) fieldErrors[field] = messages.nameInvalid(field);
    else change[field] = trimmed === '' ? null : trimmed;
  }
  if (Object.keys(fieldErrors).length > 0) throw fieldValidationError(fieldErrors);
  if (Object.keys(change).length === 0) throw new HttpError(400, 'bad_request', messages.nothingToChange);
  return change;
}

export async function updateNames(sql: Sql, userId: string, change: NamesChange): Promise<CurrentUser> {
  // a name left out keeps its value: coalesce with a flag per name, never SQL built from the request
  await sql.query(
    `update public.users
     set first_name = case when $2 then $3 else first_name end,
         last_name = case when $4 then $5 else last_name end
     where id = $1`,
    [userId, 'firstName' in change, change.firstName ?? null, 'lastName' in change, change.lastName ?? null],
  );
  return getCurrentUser(sql, userId);
}
