// A user's address book (spec §3 contacts, §5 Contact form, §7 Contacts). Every query runs inside the caller's
// RLS-scoped transaction: the policies decide ownership (a user sees their own rows, deleted or not), so every
// query here reads `deleted_at is null` itself. Deleting is soft (`set deleted_at = now()`); a deleted row can
// no longer change, and its number may be used again (the unique index only covers live rows).
import { isValidEmail } from '@ringwise/contract/contacts';
import { isoUtcSql, type Sql } from '../../db/database.ts';
import { HttpError, fieldValidationError } from '../../plugins/errors.ts';
import {
  contactMessages as messages,
  contactPageSize,
  defaultCountryCode,
  maxNameLength,
  maxNotesLength,
  minNumberDigits,
  type Contact,
  type ContactFromCallInput,
  type ContactInput,
  type ContactPage,
  type ContactPatch,
  type ContactValues,
  type FieldErrors,
  type ValidContactPatch,
} from './model.ts';
import { callingCodeOf, hasEnoughDigits, toE164 } from '@ringwise/phone';
import { normalizeCallingCode } from '@ringwise/phone/notation';
import { selectList } from '../../lib/select-list.ts';
import { isUuid } from '../../lib/uuid.ts';

// ---------------------------------------------------------------------------------------------------------
// Validation (pure)

/** The 400 of a form that failed: the first message (in form order) and every field's message. */
export function validationError(fieldErrors: FieldErrors): HttpError {
  return fieldValidationError(fieldErrors as Record<string, string>);
}

const contactNotFound = () => new HttpError(404, 'not_found', messages.notFound);

/** The body as the route received it (already checked against the contract's schema); callers in tests may
 *  pass anything, so its shape is checked once more. */
function asObject<T extends object>(body: T): T {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'bad_request', messages.notAnObject);
  }
  return body;
}

/** Validates one field, recording its message; returns the clean value, or undefined when it failed. */
type Field<T> = (value: unknown, errors: FieldErrors) => T | undefined;

// PostgreSQL's text cannot hold U+0000 (it would be a 500): it is dropped, and a name keeps no control characters.
const withoutNul = (text: string) => text.replaceAll('\u0000', '');
const controlCharacters = /\p{Cc}+/gu;

const displayName: Field<string> = (value, errors) => {
  const name = typeof value === 'string' ? value.replace(controlCharacters, ' ').trim() : '';
  if (name === '') errors.displayName = messages.nameRequired;
  else if (name.length > maxNameLength) errors.displayName = messages.nameTooLong;
  else return name;
  return undefined;
};

type NumberKey = 'primaryNumber' | 'phoneNumber';

/** The number in E.164 as it will be stored (@ringwise/phone, the same reading as the form's), or null when it
 *  cannot be one or keeps fewer than 4 digits after its calling code (spec §5, counted on the stored number). */
function storableNumber(typed: string, code: string): string | null {
  const number = toE164(typed, code);
  return number !== null && hasEnoughDigits(number, minNumberDigits) ? number : null;
}

/** The number as typed (trimmed), once it is given as text; `key` is the body's name for it. */
const typedNumber =
  (key: NumberKey): Field<string> =>
  (value, errors) => {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      errors[key] = messages.numberRequired;
    } else if (typeof value !== 'string') {
      errors[key] = messages.numberInvalid;
    } else {
      return value.trim();
    }
    return undefined;
  };

/** The number as it will be stored, read with the calling code `code` (null: the code sent is itself invalid, which
 *  its own message says, so the number is only checked to be there). */
const phoneNumber =
  (key: NumberKey, code: string | null): Field<string> =>
  (value, errors) => {
    const typed = typedNumber(key)(value, errors);
    if (typed === undefined || code === null) return undefined;
    const number = storableNumber(typed, code);
    if (number === null) errors[key] = messages.numberInvalid;
    return number ?? undefined;
  };

/** The form's calling code as "+NN"; missing or blank → the default, null when it is not one. */
function callingCodeOfBody(value: unknown): string | null {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return defaultCountryCode;
  return typeof value === 'string' ? normalizeCallingCode(value) : null;
}

const countryCode: Field<string> = (value, errors) => {
  const code = callingCodeOfBody(value);
  if (code === null) errors.countryCode = messages.countryCodeInvalid;
  return code ?? undefined;
};

/** A valid address or empty (→ null). */
const email: Field<string | null> = (value, errors) => {
  if (value === undefined || value === null) return null;
  const address = typeof value === 'string' ? value.trim() : undefined;
  if (address === '') return null;
  if (address === undefined || !isValidEmail(address)) {
    errors.email = messages.emailInvalid;
    return undefined;
  }
  return address;
};

/** Optional text; blank → null. */
const notes: Field<string | null> = (value, errors) => {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') {
    errors.notes = messages.notesInvalid;
    return undefined;
  }
  const text = withoutNul(value).trim();
  if (text.length > maxNotesLength) {
    errors.notes = messages.notesTooLong;
    return undefined;
  }
  return text === '' ? null : text;
};

const favorite: Field<boolean> = (value, errors) => {
  if (value === undefined) return false;
  if (typeof value === 'boolean') return value;
  errors.favorite = messages.favoriteInvalid;
  return undefined;
};

/** The number as it will be stored, or the form's 400 when it cannot be stored. */
function storedNumber(typed: string, code: string, key: NumberKey): string {
  const number = storableNumber(typed, code);
  if (number === null) throw validationError({ [key]: messages.numberInvalid });
  return number;
}

/** POST /api/contacts: a ContactInput → the values to store, or a 400 `validation_failed`. */
export function parseContactInput(body: ContactInput): ContactValues {
  const input: ContactInput = asObject(body);
  const errors: FieldErrors = {};
  const values = {
    displayName: displayName(input.displayName, errors),
    primaryNumber: phoneNumber('primaryNumber', callingCodeOfBody(input.countryCode))(input.primaryNumber, errors),
    countryCode: countryCode(input.countryCode, errors),
    email: email(input.email, errors),
    notes: notes(input.notes, errors),
    favorite: favorite(input.favorite, errors),
  };
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return {
    displayName: values.displayName!,
    primaryNumber: values.primaryNumber!,
    countryCode: values.countryCode!,
    email: values.email!,
    notes: values.notes!,
    favorite: values.favorite!,
  };
}

/** PATCH /api/contacts/{id}: any subset of ContactInput, each field present validated as on create. */
export function parseContactPatch(body: ContactPatch): ValidContactPatch {
  const input: ContactPatch = asObject(body);
  const errors: FieldErrors = {};
  const patch: ValidContactPatch = {};
  const has = (key: keyof ContactPatch) => Object.hasOwn(input, key);
  if (has('displayName')) patch.displayName = displayName(input.displayName, errors);
  if (has('primaryNumber')) patch.rawNumber = typedNumber('primaryNumber')(input.primaryNumber, errors);
  if (has('countryCode')) patch.countryCode = countryCode(input.countryCode, errors);
  if (has('email')) patch.email = email(input.email, errors);
  if (has('notes')) patch.notes = notes(input.notes, errors);
  if (has('favorite')) {
    if (input.favorite === undefined) errors.favorite = messages.favoriteInvalid;
    else patch.favorite = favorite(input.favorite, errors);
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return patch;
}

/** POST /api/contacts/from-call: a non-blank name and a number (read as international, else as +1). */
export function parseFromCall(body: ContactFromCallInput): ContactValues {
  const input: ContactFromCallInput = asObject(body);
  const errors: FieldErrors = {};
  const name = displayName(input.displayName, errors);
  const number = phoneNumber('phoneNumber', defaultCountryCode)(input.phoneNumber, errors);
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return {
    displayName: name!,
    primaryNumber: number!,
    // no form here: the calling code is the number's own
    countryCode: callingCodeOf(number!) ?? defaultCountryCode,
    email: null,
    notes: null,
    favorite: false,
  };
}


/** A contact id from the path; anything that is not a uuid names no contact (404, never a cast error). */
export function contactId(id: string): string {
  if (!isUuid(id)) throw contactNotFound();
  return id.toLowerCase();
}

/** ?search= → what the list filters on: the text (name, e-mail) and, when it looks like a number
 *  ("7700 900", "+44 77", "(212) 555"), its digits. Blank → null (everything). */
export function searchTerms(search: string | undefined): { text: string; digits: string | null } | null {
  // no control character: the search column separates its fields with U+0001 (20261201000100_contacts_search_text.sql)
  const text = (search ?? '').replace(controlCharacters, ' ').trim();
  if (text === '') return null;
  const phoneLike = /\d/.test(text) && /^[\d\s+().\-/]+$/.test(text);
  return { text, digits: phoneLike ? text.replace(/\D/g, '') : null };
}

// ---------------------------------------------------------------------------------------------------------
// Queries (run inside the user's transaction)

/** Each field of the contract's Contact and the SQL that gives it (a field renamed in the contract fails to
 *  compile here); rows come back in the contract's shape without a JavaScript pass over them. */
const contactColumns = (table = '') =>
  selectList<Contact>({
    id: `${table}id`,
    displayName: `${table}display_name`,
    primaryNumber: `${table}primary_number`,
    countryCode: `${table}country_code`,
    email: `${table}email`,
    notes: `${table}notes`,
    favorite: `${table}favorite`,
    createdAt: isoUtcSql(`${table}created_at`),
    updatedAt: isoUtcSql(`${table}updated_at`),
  });
const columns = contactColumns();
const listColumns = contactColumns('c.');

/**
 * The user's live contacts, filtered by `search` (case-insensitive substring of the name or e-mail, or the
 * number's digits), one page after `cursor`. public.contact_search_page picks the page's ids in the list's order
 * (favorites first, then by name ignoring case; created_at and id make it total),
 * planned for the search at hand: a rare term through the trigram index, a common or blank one through
 * contacts_user_list_search_idx up to the page's end (it narrows to the caller's own contacts itself, as LIKE could
 * not use an index under RLS); the page's rows are then read under RLS. Stored numbers are E.164 ("+" then digits
 * only), so a digit substring is a substring of the column.
 */
export async function listContacts(sql: Sql, search?: string, cursor?: string): Promise<ContactPage> {
  const terms = searchTerms(search);
  // a substring anywhere (LIKE '%term%', the term's own % _ \ taken literally), on the folded columns
  const pattern = terms === null ? null : `%${escapeLike(terms.text)}%`;
  const numberPattern = terms?.digits ? `%${terms.digits}%` : null;
  // the cursor is the last contact of the page before: the next page starts right after its place in the order
  if (cursor !== undefined && !isUuid(cursor)) throw new HttpError(400, 'bad_request', messages.invalidCursor);
  const rows = await listColumns.rows(
    sql,
    (list) => `select ${list} from public.contact_search_page(lower($1), $2, $3, $4) with ordinality as p (id, place)
      join public.contacts as c on c.id = p.id order by p.place`,
    [pattern, numberPattern, cursor ?? null, contactPageSize + 1],
  );
  if (cursor !== undefined && rows.length === 0) {
    // an unknown cursor (not one of the user's contacts) finds no row to start after
    const [known] = await sql.query<{ ok: boolean }>('select exists (select 1 from public.contacts where id = $1) as ok', [cursor]);
    if (!known?.ok) throw new HttpError(400, 'bad_request', messages.invalidCursor);
  }
  const more = rows.length > contactPageSize;
  const contacts = more ? rows.slice(0, contactPageSize) : rows;
  return { contacts, nextCursor: more ? contacts.at(-1)!.id : null };
}

/** `text` for LIKE with the default escape character: its %, _ and \ match themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The 409 of a number the user already has, naming the contact that has it. */
async function duplicateNumber(sql: Sql, number: string): Promise<HttpError> {
  const [existing] = await sql.query<{ display_name: string }>(
    'select display_name from public.contacts where primary_number = $1 and deleted_at is null limit 1',
    [number],
  );
  return new HttpError(409, 'conflict', existing ? `${messages.duplicateNumber}: ${existing.display_name}` : `${messages.duplicateNumber}.`);
}

const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/** Inserts a contact; a number the user already has (among live contacts) is a 409. */
export async function createContact(sql: Sql, values: ContactValues): Promise<Contact> {
  // the arbiter is the partial unique index (user_id, primary_number) where deleted_at is null; user_id is the
  // column default auth.uid(), so a conflict can only be with one of the user's own contacts
  const [row] = await columns.rows(
    sql,
    (list) => `insert into public.contacts (display_name, primary_number, country_code, email, notes, favorite)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (user_id, primary_number) where deleted_at is null do nothing
     returning ${list}`,
    [values.displayName, values.primaryNumber, values.countryCode, values.email, values.notes, values.favorite],
  );
  if (!row) throw await duplicateNumber(sql, values.primaryNumber);
  return row;
}

/** Changes the fields of `patch`; an unknown, deleted or invisible (another user's) contact is a 404. */
export async function updateContact(sql: Sql, id: string, patch: ValidContactPatch): Promise<Contact> {
  const assignments: string[] = [];
  const params: unknown[] = [id];
  const set = (column: string, value: unknown) => {
    params.push(value);
    assignments.push(`${column} = $${params.length}`);
  };
  let number: string | undefined;
  if (patch.rawNumber !== undefined) {
    // a national number is read with the calling code sent alongside, else with the one stored
    let code = patch.countryCode;
    if (code === undefined) {
      const [current] = await sql.query<{ country_code: string | null }>(
        'select country_code from public.contacts where id = $1 and deleted_at is null',
        [id],
      );
      if (!current) throw contactNotFound();
      code = current.country_code ?? defaultCountryCode;
    }
    number = storedNumber(patch.rawNumber, code, 'primaryNumber');
  }
  if (patch.displayName !== undefined) set('display_name', patch.displayName);
  if (number !== undefined) set('primary_number', number);
  if (patch.countryCode !== undefined) set('country_code', patch.countryCode);
  if (patch.email !== undefined) set('email', patch.email);
  if (patch.notes !== undefined) set('notes', patch.notes);
  if (patch.favorite !== undefined) set('favorite', patch.favorite);

  if (assignments.length === 0) {
    const [row] = await columns.rows(sql, (list) => `select ${list} from public.contacts where id = $1 and deleted_at is null`, [id]);
    if (!row) throw contactNotFound();
    return row;
  }
  const update = (list: string) => `update public.contacts set ${assignments.join(', ')} where id = $1 and deleted_at is null returning ${list}`;
  let rows: Contact[];
  if (number === undefined) {
    rows = await columns.rows(sql, update, params);
  } else {
    // a unique violation aborts the transaction: the savepoint keeps it usable to name the other contact
    await sql.query('savepoint contact_number');
    try {
      rows = await columns.rows(sql, update, params);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await sql.query('rollback to savepoint contact_number');
      throw await duplicateNumber(sql, number);
    }
  }
  const [row] = rows;
  if (!row) throw contactNotFound();
  return row;
}

/** Soft delete; an unknown, already deleted or invisible contact is a 404. */
export async function deleteContact(sql: Sql, id: string): Promise<void> {
  const rows = await sql.query('update public.contacts set deleted_at = now() where id = $1 and deleted_at is null returning id', [id]);
  if (rows.length === 0) throw contactNotFound();
}
