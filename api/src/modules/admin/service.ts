// The admin console's reads and actions (issue #14). Each runs in the signed-in user's own transaction (role
// authenticated, RLS on) and calls one public.admin_* function; the api first checks the caller is an admin
// (403 otherwise, before anything is read), and every function checks it again in the database.
import { adminPageSize, type AdminFinancialDay, type AdminRateDeck, type AdminRole, type RateEdit } from '@ringwise/contract/schemas';
import { adminOnly } from '../../auth/session-gate.ts';
import type { Sql } from '../../db/database.ts';
import { isUuid } from '../../lib/uuid.ts';
import { fieldValidationError, HttpError } from '../../plugins/errors.ts';
import { countryCallingCode } from '@ringwise/phone/numbering';
import { importResultOf, parseRateDeckCsv, parseRateRow, rowsPayload, type Column, type ImportProblem, type ImportRow, type StoreOutcome } from '../rates/importer.ts';
import * as results from './results.ts';

/** 403 unless the signed-in user (the transaction's auth.uid()) has role admin. */
export async function requireAdmin(sql: Sql): Promise<void> {
  const [row] = await sql.query<{ admin: boolean }>(`select exists (select 1 from public.users where id = auth.uid() and role = 'admin') as admin`);
  if (!row?.admin) throw adminOnly();
}

/** Calls `public.<fn>(…params)` and gives its jsonb, of the shape `T` that results.ts writes for it; the database's
 *  refusals become the api's errors. */
async function adminFunction<T>(sql: Sql, fn: string, params: unknown[] = []): Promise<T> {
  const placeholders = params.map((_, i) => `$${i + 1}`).join(', ');
  try {
    const [row] = await sql.query<{ result: T }>(`select public.${fn}(${placeholders}) as result`, params);
    return row!.result;
  } catch (error) {
    throw databaseRefusal(error) ?? error;
  }
}

function databaseRefusal(error: unknown): HttpError | null {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : '';
  const sentence = message ? `${message.charAt(0).toUpperCase()}${message.slice(1)}.` : 'The request was refused.';
  switch (code) {
    case '42501':
      return adminOnly();
    case '22023':
      return new HttpError(400, 'bad_request', sentence);
    case '23505':
      return new HttpError(409, 'conflict', sentence);
    case '23514':
      // the ledger never goes below zero: an adjustment larger than the balance
      return new HttpError(409, 'conflict', message.startsWith('insufficient balance') ? 'The balance cannot go below zero.' : sentence);
    case 'P0002':
      return new HttpError(404, 'not_found', sentence);
    default:
      return null;
  }
}

const pageOffset = (page: string | undefined) => (Number(page ?? '1') - 1) * adminPageSize;

function checkedId(id: string, what: string): string {
  if (!isUuid(id)) throw new HttpError(404, 'not_found', `No such ${what}.`);
  return id.toLowerCase();
}

/** "2026-11-31" is not a day: a date the calendar has, or 400. */
function day(value: string | undefined, name: string): string | null {
  if (value === undefined) return null;
  const parsed = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== value) throw new HttpError(400, 'bad_request', `${name} is not a date of the calendar.`);
  return value;
}

export const dashboard = async (sql: Sql, days = 30) => results.toAdminDashboard(await adminFunction<results.DashboardJson>(sql, 'admin_dashboard', [days]));

export const listUsers = async (sql: Sql, search: string | undefined, page: string | undefined) =>
  results.toAdminUserPage(await adminFunction<results.UserPageJson>(sql, 'admin_users', [search?.trim() ?? '', adminPageSize, pageOffset(page)]));

export async function userDetail(sql: Sql, id: string) {
  const detail = await adminFunction<results.UserDetailJson | null>(sql, 'admin_user', [checkedId(id, 'user')]);
  if (detail === null) throw new HttpError(404, 'not_found', 'No such user.');
  return results.toAdminUserDetail(detail);
}

export const adjustBalance = async (sql: Sql, id: string, amount: string, reason: string) =>
  results.toAdjustment(await adminFunction<results.AdjustmentJson>(sql, 'admin_adjust_balance', [checkedId(id, 'user'), amount, reason]));

export const setRole = async (sql: Sql, id: string, role: AdminRole) =>
  results.toRoleChange(await adminFunction<results.RoleJson>(sql, 'admin_set_role', [checkedId(id, 'user'), role]));

/** "GB" → "44": the calling code a country's numbers start with (the rate deck's own table). */
function callingCodeOfCountry(country: string): string {
  const code = countryCallingCode.get(country.toUpperCase());
  if (!code) throw new HttpError(400, 'bad_request', `${country} is not a country code we know.`);
  return code;
}

export interface CallFilters {
  userId?: string;
  status?: string;
  country?: string;
  from?: string;
  to?: string;
  page?: string;
}

export const listCalls = async (sql: Sql, filters: CallFilters) =>
  results.toAdminCallPage(
    await adminFunction<results.CallPageJson>(sql, 'admin_calls', [
      filters.userId?.toLowerCase() ?? null,
      filters.status || null,
      filters.country ? callingCodeOfCountry(filters.country) : null,
      day(filters.from, 'from'),
      day(filters.to, 'to'),
      adminPageSize,
      pageOffset(filters.page),
    ]),
  );

export const refundCall = async (sql: Sql, id: string, reason: string) =>
  results.toRefund(await adminFunction<results.RefundJson>(sql, 'admin_refund_call', [checkedId(id, 'call'), reason]));

/** Money by day between `from` and `to` (UTC dates, inclusive); the last 30 days by default. */
export async function financial(sql: Sql, from: string | undefined, to: string | undefined): Promise<AdminFinancialDay[]> {
  const end = day(to, 'to') ?? new Date().toISOString().slice(0, 10);
  const start = day(from, 'from') ?? new Date(Date.parse(`${end}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
  return (await adminFunction<results.FinancialDayJson[]>(sql, 'admin_financial', [start, end])).map(results.toAdminFinancialDay);
}

/** The same days as CSV (RFC 4180: a header, CRLF line ends). */
export function financialCsv(days: AdminFinancialDay[]): string {
  const lines = ['day,top_ups,charges,refunds,adjustments,entries'];
  for (const d of days) lines.push([d.day, d.topUps, d.charges, d.refunds, d.adjustments, d.entries].join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export const ledgerCheck = async (sql: Sql) => results.toAdminLedgerCheck(await adminFunction<results.LedgerCheckJson>(sql, 'admin_ledger_check'));

export const auditLog = async (sql: Sql, before: string | undefined) =>
  (await adminFunction<results.AuditEntryJson[]>(sql, 'admin_audit_log', [100, before ?? null])).map(results.toAdminAuditEntry);

export const rateDeck = async (sql: Sql, country: string): Promise<AdminRateDeck> => ({
  rates: (await adminFunction<results.RateJson[]>(sql, 'admin_rates', [country.toUpperCase()])).map(results.toAdminRate),
  blocked: (await adminFunction<results.BlockedPrefixJson[]>(sql, 'admin_blocked_prefixes')).map(results.toBlockedPrefix),
});

/** Stores validated rows as the admin (import or edit); a row clashing with a stored one is a 400 like a bad row. */
async function storeRates(sql: Sql, rows: ImportRow[], action: 'rates.import' | 'rates.edit') {
  const outcome = importResultOf(await adminFunction<StoreOutcome>(sql, 'admin_store_rates', [rowsPayload(rows), action]));
  if (!outcome.ok) throw deckProblems(outcome.problems);
  return { imported: outcome.imported };
}

/** The row-level report of a refused deck: every problem with its line, nothing stored. */
function deckProblems(problems: ImportProblem[]): HttpError {
  const lines = new Set(problems.map((p) => p.line)).size;
  return new HttpError(400, 'validation_failed', `${lines} line${lines === 1 ? ' has' : 's have'} problems; nothing was imported.`, { problems });
}

export async function importRates(sql: Sql, csv: string) {
  const parsed = parseRateDeckCsv(csv);
  if (!parsed.ok) throw deckProblems(parsed.problems);
  return storeRates(sql, parsed.rows, 'rates.import');
}

const editColumns: Record<Column, keyof RateEdit> = {
  prefix: 'prefix',
  name: 'name',
  connectionFee: 'connectionFee',
  pricePerMinute: 'pricePerMinute',
  initialIncrement: 'initialIncrement',
  increment: 'increment',
  numberType: 'numberType',
  effectiveFrom: 'effectiveFrom',
};

/** One rate changed from a date: a one-row deck, checked by the importer's rules. */
export async function setRate(sql: Sql, edit: RateEdit) {
  const parsed = parseRateRow((column) => (edit[editColumns[column]] ?? '').trim());
  if (!parsed.ok) throw fieldValidationError({ rate: parsed.problems.join('; ') });
  return storeRates(sql, [{ line: 1, ...parsed.row }], 'rates.edit');
}

export const blockPrefix = async (sql: Sql, prefix: string, reason: string) =>
  results.toBlock(await adminFunction<results.BlockJson>(sql, 'admin_block_prefix', [prefix, reason]));
export const unblockPrefix = async (sql: Sql, prefix: string) => results.toUnblock(await adminFunction<results.UnblockJson>(sql, 'admin_unblock_prefix', [prefix]));
