import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createPgliteDatabase } from '../../db/pglite.ts';
import { createTestDatabase, type TestDatabase } from '../../db/testing.ts';
import { importRateDeck, parseRateDeckCsv } from './importer.ts';
import { seedRateDeck } from './seed.ts';
import { createRateService, type RateService } from './service.ts';

const repoRoot = resolve(import.meta.dir, '../../../..');
const header = 'prefix,destination name,connection fee,price per minute,initial increment,increment,number type';

describe('parseRateDeckCsv', () => {
  test('a good deck: quoted fields with commas, defaults, any header order and case, country derived from the prefix', () => {
    const parsed = parseRateDeckCsv(
      [
        header,
        '447700,"Mobile - Vodafone, UK",0,0.045,60,60,mobile',
        '1204,Canada - Manitoba,0.01,0.012,30,6,landline',
        '1212,,,0.0155,,,LANDLINE',
        '',
        '49800,"Toll free ""free""",0,0,1,1,toll free',
      ].join('\n'),
    );
    expect(parsed).toEqual({
      ok: true,
      rows: [
        { line: 2, prefix: '447700', country: 'GB', name: 'Mobile - Vodafone, UK', numberType: 'mobile', pricePerMinute: '0.045', initialIncrement: 60, increment: 60, connectionFee: '0', effectiveFrom: null },
        { line: 3, prefix: '1204', country: 'CA', name: 'Canada - Manitoba', numberType: 'landline', pricePerMinute: '0.012', initialIncrement: 30, increment: 6, connectionFee: '0.01', effectiveFrom: null },
        { line: 4, prefix: '1212', country: 'US', name: '', numberType: 'landline', pricePerMinute: '0.0155', initialIncrement: 60, increment: 60, connectionFee: '0', effectiveFrom: null },
        { line: 6, prefix: '49800', country: 'DE', name: 'Toll free "free"', numberType: 'toll-free', pricePerMinute: '0', initialIncrement: 1, increment: 1, connectionFee: '0', effectiveFrom: null },
      ],
    });
    const reordered = parseRateDeckCsv('Number Type;Price Per Minute;Prefix'.replaceAll(';', ',') + '\r\nmobile,0.5,7701\r\n');
    expect(reordered).toMatchObject({ ok: true, rows: [{ line: 2, prefix: '7701', country: 'KZ', numberType: 'mobile', pricePerMinute: '0.5' }] });
  });

  test('an optional effective from column (UTC unless it says otherwise)', () => {
    const parsed = parseRateDeckCsv(`prefix,price per minute,number type,effective from\n44,0.02,landline,2027-01-01\n4477,0.03,mobile,2027-01-01 12:30\n4478,0.03,mobile,2027-01-01T12:30:00+01:00\n4479,0.03,mobile,`);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    expect(parsed.rows.map((r) => r.effectiveFrom)).toEqual(['2027-01-01T00:00:00.000Z', '2027-01-01T12:30:00.000Z', '2027-01-01T11:30:00.000Z', null]);
  });

  test('every bad row is reported with its line number and reason', () => {
    const parsed = parseRateDeckCsv(
      [
        header, // 1
        '447700,Mobile,0,0.045,60,60,mobile', // 2 good
        '44a7,Mobile,0,0.045,60,60,mobile', // 3
        '999123,Nowhere,0,0.045,60,60,landline', // 4
        '4477,"Mobile, with a comma",0,-0.1,60,60,mobile', // 5
        '4478,Mobile,0,0.1234567,60,60,mobile', // 6
        '4479,Mobile,-1,0.1,0,1.5,mobile', // 7: three problems
        '4475,Mobile,0,0.1,60,60,satellite', // 8
        '"4474,Mobile",0,0.1,60,60,mobile', // 9: six fields
        '"multi', // 10
        'line",Name,0,0.1,60,60,mobile', // 11: the same row; prefix invalid
        '447700,Mobile again,0,0.05,60,60,mobile', // 12: duplicate of 2
        ',Empty,0,,60,60,mobile', // 13
        '1234567890123456,Long,0,0.1,60,60,mobile', // 14
        '33,France,0,12345,60,60,landline', // 15
      ].join('\n'),
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    const byLine = (line: number) => parsed.problems.filter((p) => p.line === line).map((p) => p.message);
    expect(byLine(2)).toEqual([]);
    expect(byLine(3)).toEqual(['prefix must be 1 to 15 digits (got "44a7")']);
    expect(byLine(4)).toEqual(['prefix "999123" does not start with a known country calling code']);
    expect(byLine(5)).toEqual(['price per minute must not be negative (got "-0.1")']);
    expect(byLine(6)).toEqual(['price per minute has more than 6 decimals (got "0.1234567")']);
    expect(byLine(7)).toEqual([
      'connection fee must not be negative (got "-1")',
      'initial increment must be a whole number of seconds of at least 1 (got "0")',
      'increment must be a whole number of seconds of at least 1 (got "1.5")',
    ]);
    expect(byLine(8)).toEqual(['number type must be one of landline, mobile, toll-free, shared-cost, premium, other (got "satellite")']);
    expect(byLine(9)).toEqual(['has 6 fields, the header has 7']);
    expect(byLine(10)).toEqual(['prefix must be 1 to 15 digits (got "multi\nline")']);
    expect(byLine(12)).toEqual(['duplicates line 2 (same prefix, number type and start)']);
    expect(byLine(13)).toEqual(['prefix is empty', 'price per minute is empty']);
    expect(byLine(14)).toEqual(['prefix must be 1 to 15 digits (got "1234567890123456")']);
    expect(byLine(15)).toEqual(['price per minute must be below 10000 (got "12345")']);
    expect(new Set(parsed.problems.map((p) => p.line))).toEqual(new Set([3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 14, 15]));
  });

  test('bad headers, empty files and broken CSV', () => {
    expect(parseRateDeckCsv('')).toEqual({ ok: false, problems: [{ line: 1, message: 'the file is empty: expected a header row and rate rows' }] });
    expect(parseRateDeckCsv(header)).toEqual({ ok: false, problems: [{ line: 2, message: 'the file has no rate rows' }] });
    expect(parseRateDeckCsv('prefix,name\n44,UK')).toEqual({ ok: false, problems: [{ line: 1, message: 'missing columns: price per minute, number type' }] });
    const unknown = parseRateDeckCsv('prefix,price,type,colour\n44,0.1,landline,red');
    expect(unknown).toMatchObject({ ok: false, problems: [{ line: 1, message: expect.stringContaining('unknown column "colour"') }] });
    const broken = parseRateDeckCsv(`${header}\n44,UK,0,0.1,60,60,landline\n45,"Denmark"x,0,0.1,60,60,landline`);
    expect(broken).toMatchObject({ ok: false, problems: [{ line: 3, message: expect.stringContaining('not valid CSV') }] });
  });
});

describe('importRateDeck on PostgreSQL', () => {
  let database: TestDatabase;
  let service: RateService;
  const count = async () =>
    Number((await database.db.privileged((sql) => sql.query<{ n: string }>('select count(*) as n from public.rates')))[0]!.n);
  const version = async () =>
    (await database.db.privileged((sql) => sql.query<{ version: string }>('select version from public.rate_deck_state')))[0]!.version;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedRateDeck(database.db);
    service = createRateService({ db: database.db });
  });
  afterAll(async () => {
    service.close();
    await database.drop();
  });

  test('one bad row: nothing is imported, the deck and its version are untouched', async () => {
    const [rows, v] = [await count(), await version()];
    const result = await importRateDeck(database.db, `${header}\n447700,Mobile,0,0.05,60,60,mobile\n447701,Mobile,0,abc,60,60,mobile`);
    expect(result).toEqual({ ok: false, problems: [{ line: 3, message: 'price per minute must be a decimal number such as 0.032 (got "abc")' }] });
    expect(await count()).toBe(rows);
    expect(await version()).toBe(v);
  });

  test('a good file goes in whole, takes effect now, and lookups see it after a refresh', async () => {
    const rows = await count();
    expect((await service.lookup('+44 7700 900123')).rate).toBe(0.032);
    const result = await importRateDeck(
      database.db,
      `${header}\n447700,"Mobile - Drama, fictional",0.01,0.05,60,60,mobile\n1204,Canada - Manitoba,0,0.011,60,60,landline\n`,
    );
    expect(result).toEqual({ ok: true, imported: 2 });
    expect(await count()).toBe(rows + 2);
    await service.refresh();
    expect(await service.lookup('+44 7700 900123')).toEqual({
      rate: 0.05,
      country: 'United Kingdom',
      countryCode: 'GB',
      numberType: 'mobile',
      pricePerMinute: '0.050000',
      connectionFee: '0.010000',
      initialIncrement: 60,
      increment: 60,
    });
    expect(await service.match('+1 204 555 0123')).toMatchObject({ rate: 0.011, countryCode: 'CA', numberType: 'landline', prefix: '1204' });
    const [stored] = await database.db.privileged((sql) =>
      sql.query<{ country: string; connection_fee: string; fresh: boolean }>(
        `select country, connection_fee, effective_from > now() - interval '1 minute' as fresh from public.rates where prefix = '447700'`,
      ),
    );
    expect(stored).toEqual({ country: 'GB', connection_fee: '0.010000', fresh: true });
  });

  test('a row clashing with one already in the deck (same prefix, type and start) rejects the whole file', async () => {
    const file = `prefix,price per minute,number type,effective from\n4478,0.04,mobile,2030-01-01T00:00:00Z\n`;
    expect(await importRateDeck(database.db, file)).toEqual({ ok: true, imported: 1 });
    const rows = await count();
    const again = await importRateDeck(database.db, `${file}4479,0.04,mobile,2030-01-01T00:00:00Z\n`);
    expect(again).toEqual({ ok: false, problems: [{ line: 2, message: 'the deck already has a mobile rate for prefix 4478 starting at that time' }] });
    expect(await count()).toBe(rows);
  });
});

describe('bun run rates:import', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ringwise-rates-import-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const run = async (file: string) => {
    const child = Bun.spawn(['bun', 'scripts/rates-import.ts', file], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SUPABASE_URL: '' },
      stdout: 'pipe',
      stderr: 'pipe',
    });
    const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
    return { stdout, stderr, code };
  };

  test(
    'imports a good file into the PGlite of DATA_DIR, refuses a bad one with line numbers',
    async () => {
      const good = join(dataDir, 'good.csv');
      writeFileSync(good, `${header}\n447700,Mobile - Drama,0,0.05,60,60,mobile\n1,,0,0.015,60,60,landline\n`);
      const bad = join(dataDir, 'bad.csv');
      writeFileSync(bad, `${header}\n447701,Mobile,0,0.05,60,60,mobile\nx,,0,0.015,60,60,landline\n44,,0,0.01,60,60,fax\n`);

      const ok = await run(good);
      expect(ok.stderr).toBe('');
      expect(ok.stdout).toContain('imported 2 rates');
      expect(ok.code).toBe(0);

      const refused = await run(bad);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('bad.csv:3: prefix must be 1 to 15 digits (got "x")');
      expect(refused.stderr).toContain('bad.csv:4: number type must be one of');
      expect(refused.stderr).toContain('nothing was imported');

      const usage = await run('');
      expect(usage.code).toBe(2);

      const db = await createPgliteDatabase(dataDir);
      try {
        const rows = await db.privileged((sql) => sql.query<{ prefix: string; country: string }>('select prefix, country from public.rates order by prefix'));
        expect(rows).toEqual([
          { prefix: '1', country: 'US' },
          { prefix: '447700', country: 'GB' },
        ]);
      } finally {
        await db.close();
      }
    },
    { timeout: 60_000 },
  );
});
