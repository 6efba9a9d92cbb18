// The carrier rate-deck importer (`bun run rates:import FILE`, scripts/rates-import.ts): a CSV file with a
// header row and the columns
//   prefix, destination name, connection fee, price per minute, initial increment, increment, number type
// (any order, any case; prefix, price per minute and number type are required; destination name defaults to
// "" = 'Standard Rate', connection fee to 0, increments to 60/60) and optionally `effective from` (ISO 8601,
// UTC unless it says otherwise; default: now). Each row's country is derived from its prefix (longest
// calling-code match, NANP area codes and other shared codes resolved: @ringwise/phone/numbering).
// Every row is validated and every problem is reported with its line number; when there is any, nothing is
// imported. Otherwise all rows go in in one transaction, as new rows (past calls keep their rates).
import type { CallPricing } from '@ringwise/contract/calls';
import { parse } from 'csv-parse/sync';
import type { Database } from '../../db/database.ts';
import { numberTypes, type NumberType } from './model.ts';
import { countryOfPrefix } from '@ringwise/phone/numbering';

export interface ImportProblem {
  /** 1-based line of the file where the row starts (the header is line 1). */
  line: number;
  message: string;
}

/** A deck row read from the file: its pricing terms are decimals as written ("0.045", "0"), exact all the same. */
export interface ImportRow extends CallPricing {
  line: number;
  prefix: string;
  country: string;
  name: string;
  numberType: NumberType;
  /** ISO 8601 in UTC, or null for "when imported". */
  effectiveFrom: string | null;
}

export type ParsedDeck = { ok: true; rows: ImportRow[] } | { ok: false; problems: ImportProblem[] };
export type ImportResult = { ok: true; imported: number } | { ok: false; problems: ImportProblem[] };

export type Column = 'prefix' | 'name' | 'connectionFee' | 'pricePerMinute' | 'initialIncrement' | 'increment' | 'numberType' | 'effectiveFrom';

/** Header names (lower case, letters and digits only) of each column. */
const headerNames: Record<Column, string[]> = {
  prefix: ['prefix', 'dialcode', 'code'],
  name: ['destinationname', 'destination', 'name', 'description'],
  connectionFee: ['connectionfee', 'setupfee', 'connectioncharge'],
  pricePerMinute: ['priceperminute', 'rateperminute', 'price', 'rate'],
  initialIncrement: ['initialincrement', 'firstincrement', 'initialinterval'],
  increment: ['increment', 'nextincrement', 'subsequentincrement', 'interval'],
  numberType: ['numbertype', 'type'],
  effectiveFrom: ['effectivefrom', 'effectivedate', 'effective'],
};
const requiredColumns: Column[] = ['prefix', 'pricePerMinute', 'numberType'];
const columnLabels: Record<Column, string> = {
  prefix: 'prefix',
  name: 'destination name',
  connectionFee: 'connection fee',
  pricePerMinute: 'price per minute',
  initialIncrement: 'initial increment',
  increment: 'increment',
  numberType: 'number type',
  effectiveFrom: 'effective from',
};

/** numeric(10, 6): up to 4 integer digits and 6 decimals. */
const decimalPattern = /^\d{1,4}(\.\d{1,6})?$/;
const maxIncrementSeconds = 86_400;
const isoPattern = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/;

function decimalProblem(label: string, value: string): string | null {
  if (decimalPattern.test(value)) return null;
  if (value.startsWith('-')) return `${label} must not be negative (got "${value}")`;
  if (/^\d+\.\d{7,}$/.test(value)) return `${label} has more than 6 decimals (got "${value}")`;
  if (/^\d{5,}(\.\d+)?$/.test(value)) return `${label} must be below 10000 (got "${value}")`;
  return `${label} must be a decimal number such as 0.032 (got "${value}")`;
}

function incrementProblem(label: string, value: string): string | null {
  if (!/^\d+$/.test(value) || Number(value) < 1) return `${label} must be a whole number of seconds of at least 1 (got "${value}")`;
  if (Number(value) > maxIncrementSeconds) return `${label} must be at most ${maxIncrementSeconds} seconds (got "${value}")`;
  return null;
}

function parseNumberType(value: string): NumberType | null {
  const normal = value.trim().toLowerCase().replace(/[\s_]+/g, '-');
  const aliases: Record<string, NumberType> = { fixed: 'landline', 'fixed-line': 'landline', tollfree: 'toll-free', 'premium-rate': 'premium', sharedcost: 'shared-cost' };
  return (numberTypes as readonly string[]).includes(normal) ? (normal as NumberType) : (aliases[normal] ?? null);
}

function parseEffectiveFrom(value: string): string | null {
  const m = isoPattern.exec(value);
  if (!m) return null;
  // a date alone is midnight UTC; a time without an offset is UTC
  const text = value.length === 10 ? `${value}T00:00:00Z` : m[1] ? value.replace(' ', 'T') : `${value.replace(' ', 'T')}Z`;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** One deck row's fields by column (`get` gives "" for a column the row does not have): the row, or every problem. */
export function parseRateRow(get: (column: Column) => string): { ok: true; row: Omit<ImportRow, 'line'> } | { ok: false; problems: string[] } {
  const rowProblems: string[] = [];
  const prefix = get('prefix');
  let country: string | null = null;
  if (!/^\d{1,15}$/.test(prefix)) rowProblems.push(prefix === '' ? 'prefix is empty' : `prefix must be 1 to 15 digits (got "${prefix}")`);
  else if (!(country = countryOfPrefix(prefix))) rowProblems.push(`prefix "${prefix}" does not start with a known country calling code`);

  const price = get('pricePerMinute');
  if (price === '') rowProblems.push('price per minute is empty');
  else {
    const problem = decimalProblem('price per minute', price);
    if (problem) rowProblems.push(problem);
  }

  const fee = get('connectionFee') || '0';
  const feeProblem = decimalProblem('connection fee', fee);
  if (feeProblem) rowProblems.push(feeProblem);

  const initial = get('initialIncrement') || '60';
  const initialProblem = incrementProblem('initial increment', initial);
  if (initialProblem) rowProblems.push(initialProblem);
  const increment = get('increment') || '60';
  const incrementProblemText = incrementProblem('increment', increment);
  if (incrementProblemText) rowProblems.push(incrementProblemText);

  const typeText = get('numberType');
  const numberType = parseNumberType(typeText);
  if (!numberType) rowProblems.push(`number type must be one of ${numberTypes.join(', ')} (got "${typeText}")`);

  const effectiveText = get('effectiveFrom');
  const effectiveFrom = effectiveText === '' ? null : parseEffectiveFrom(effectiveText);
  if (effectiveText !== '' && effectiveFrom === null) rowProblems.push(`effective from must be an ISO 8601 date or time such as 2026-12-01T00:00:00Z (got "${effectiveText}")`);

  if (rowProblems.length > 0 || !numberType || !country) return { ok: false, problems: rowProblems };
  return {
    ok: true,
    row: {
      prefix,
      country,
      name: get('name'),
      numberType,
      pricePerMinute: price,
      initialIncrement: Number(initial),
      increment: Number(increment),
      connectionFee: fee,
      effectiveFrom,
    },
  };
}

/** Reads and validates a deck file: every row, every problem. */
export function parseRateDeckCsv(text: string): ParsedDeck {
  const problems: ImportProblem[] = [];
  let records: { record: string[]; raw: string; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
      raw: true,
      skip_records_with_error: true,
      on_skip: (error) => {
        // one report per line: after a syntax error the parser's recovery may trip again on the same record
        const line = typeof error?.lines === 'number' ? error.lines : 1;
        if (error && !problems.some((p) => p.line === line)) {
          problems.push({ line, message: `not valid CSV: ${error.message.replace(/ at line \d+/, '')}` });
        }
        return undefined;
      },
    }) as unknown as typeof records;
  } catch (error) {
    const lines = (error as { lines?: number }).lines ?? 1;
    return { ok: false, problems: [{ line: lines, message: `not valid CSV: ${(error as Error).message}` }] };
  }
  // info.lines is where a record ends; its raw text also holds the empty lines before it and its line break
  const startLine = (r: (typeof records)[number]) =>
    r.info.lines - (r.raw.replace(/^\s+/, '').replace(/(\r\n|\r|\n)$/, '').match(/\r\n|\r|\n/g)?.length ?? 0);

  const [header, ...body] = records;
  if (!header) return { ok: false, problems: [{ line: 1, message: 'the file is empty: expected a header row and rate rows' }] };

  const columns = new Map<Column, number>();
  header.record.forEach((field, i) => {
    const key = field.toLowerCase().replace(/[^a-z0-9]/g, '');
    const column = (Object.keys(headerNames) as Column[]).find((c) => headerNames[c].includes(key));
    if (!column) problems.push({ line: startLine(header), message: `unknown column "${field}" (expected ${Object.values(columnLabels).join(', ')})` });
    else if (columns.has(column)) problems.push({ line: startLine(header), message: `column "${field}" appears twice` });
    else columns.set(column, i);
  });
  const missing = requiredColumns.filter((c) => !columns.has(c));
  if (missing.length > 0) {
    problems.push({ line: startLine(header), message: `missing column${missing.length > 1 ? 's' : ''}: ${missing.map((c) => columnLabels[c]).join(', ')}` });
  }
  if (problems.length > 0 && (missing.length > 0 || columns.size === 0)) return { ok: false, problems };
  if (body.length === 0 && problems.length === 0) problems.push({ line: 2, message: 'the file has no rate rows' });

  const rows: ImportRow[] = [];
  const seen = new Map<string, number>();
  for (const entry of body) {
    const line = startLine(entry);
    const fields = entry.record;
    if (fields.length !== header.record.length) {
      problems.push({ line, message: `has ${fields.length} field${fields.length === 1 ? '' : 's'}, the header has ${header.record.length}` });
      continue;
    }
    const get = (c: Column) => {
      const i = columns.get(c);
      return i === undefined ? '' : (fields[i] ?? '').trim();
    };

    const parsed = parseRateRow(get);
    const rowProblems = parsed.ok ? [] : parsed.problems;
    if (parsed.ok) {
      const { prefix, numberType, effectiveFrom } = parsed.row;
      const key = `${prefix}|${numberType}|${effectiveFrom ?? 'now'}`;
      const first = seen.get(key);
      if (first !== undefined) rowProblems.push(`duplicates line ${first} (same prefix, number type and start)`);
      else seen.set(key, line);
    }

    if (rowProblems.length > 0 || !parsed.ok) {
      for (const message of rowProblems) problems.push({ line, message });
      continue;
    }
    rows.push({ line, ...parsed.row });
  }
  if (problems.length > 0) return { ok: false, problems: problems.sort((a, b) => a.line - b.line) };
  return { ok: true, rows };
}

/** The rows as private.store_rates and public.admin_store_rates take them. */
export function rowsPayload(rows: readonly ImportRow[]): string {
  return JSON.stringify(
    rows.map((r) => ({
      line: r.line,
      prefix: r.prefix,
      country: r.country,
      name: r.name,
      number_type: r.numberType,
      price_per_minute: r.pricePerMinute,
      initial_increment: r.initialIncrement,
      increment: r.increment,
      connection_fee: r.connectionFee,
      effective_from: r.effectiveFrom,
    })),
  );
}

export type StoreOutcome = { imported: number } | { clashes: { line: number; prefix: string; numberType: string }[] };

/** A store's answer as an ImportResult: a row starting when a stored one of its prefix and type does is a problem. */
export function importResultOf(outcome: StoreOutcome): ImportResult {
  if ('imported' in outcome) return { ok: true, imported: outcome.imported };
  return {
    ok: false,
    problems: outcome.clashes.map((c) => ({ line: c.line, message: `the deck already has a ${c.numberType} rate for prefix ${c.prefix} starting at that time` })),
  };
}

/** Validates the file and, when every row is good, inserts them all in one transaction. */
export async function importRateDeck(db: Pick<Database, 'privileged'>, text: string): Promise<ImportResult> {
  const parsed = parseRateDeckCsv(text);
  if (!parsed.ok) return parsed;
  const [row] = await db.privileged((sql) => sql.query<{ outcome: StoreOutcome }>('select private.store_rates($1::jsonb) as outcome', [rowsPayload(parsed.rows)]));
  return importResultOf(row!.outcome);
}
