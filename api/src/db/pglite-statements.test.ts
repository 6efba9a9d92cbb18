// Our statements on PGlite: the same values in and out as PGlite's own query(), statements that survive a
// rolled-back transaction and errors, a table that changes shape under a prepared statement, and how many calls
// into the backend a unit of work costs.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { PGlite, protocol } from '@electric-sql/pglite';
import { pgliteParsers, wrapPglite } from './pglite.ts';
import { boundAndExecuted } from './pglite-statements.ts';
import type { EngineDatabase } from './database.ts';

let pg: PGlite;
let db: EngineDatabase;

beforeAll(async () => {
  pg = await PGlite.create({ parsers: pgliteParsers });
  db = wrapPglite(pg);
  await pg.exec(`create table things (id int primary key, label text, price numeric, done boolean, data jsonb, tags text[], at timestamptz);
    create role authenticated`);
});
afterAll(() => pg.close());

const insert = 'insert into things values ($1, $2, $3, $4, $5, $6, $7) returning *';
const values = [1, 'one', '19.99', true, { a: [1, 'x'] }, ['p', 'q'], '2026-11-27T03:00:00.5Z'];

test('values go in and come out as PGlite query() gives them', async () => {
  const prepared = await db.privileged((sql) => sql.query<Record<string, unknown>>(insert, values));
  await pg.query('delete from things');
  const own = (await pg.query<Record<string, unknown>>(insert, values)).rows;
  expect(prepared).toEqual(own);
  expect(prepared).toEqual([
    { id: 1, label: 'one', price: '19.99', done: true, data: { a: [1, 'x'] }, tags: ['p', 'q'], at: '2026-11-27T03:00:00.5Z' },
  ]);
  // nulls, and json given as text
  const [row] = await db.privileged((sql) =>
    sql.query('update things set label = $2, data = $3 where id = $1 returning label, data', [1, null, '{"b":2}']),
  );
  expect(row).toEqual({ label: null, data: { b: 2 } });
});

test('a statement prepared in a transaction that rolled back, or after an error, still runs', async () => {
  const select = 'select label from things where id = $1';
  await expect(
    db.privileged(async (sql) => {
      await sql.query(select, [1]);
      await sql.query('select 1 / $1::int', [0]);
    }),
  ).rejects.toMatchObject({ code: '22012' });
  await expect(db.privileged((sql) => sql.query('select nonsense from'))).rejects.toMatchObject({ code: '42601' });
  await expect(db.privileged((sql) => sql.query(select, ['not a number']))).rejects.toMatchObject({ code: '22P02' });
  expect(await db.privileged((sql) => sql.query(select, [1]))).toEqual([{ label: null }]);
  expect(await db.privileged((sql) => sql.query(select, [2]))).toEqual([]);
});

test('a table that changes shape under a prepared statement: at most one error, then the new shape', async () => {
  const all = 'select * from things where id = $1';
  expect(Object.keys((await db.privileged((sql) => sql.query(all, [1])))[0]!)).not.toContain('extra');
  await pg.exec(`alter table things add column extra text default 'x'`);
  const again = () => db.privileged((sql) => sql.query<Record<string, unknown>>(all, [1]));
  const first = await again().catch((error: { code?: string }) => error);
  if (!Array.isArray(first)) expect(first.code).toBe('0A000');
  expect((await again())[0]).toMatchObject({ id: 1, extra: 'x' });
});

test('a statement is one call into the backend, a transaction one more for BEGIN (with the entering statement) and one for COMMIT', async () => {
  const select = 'select label from things where id = $1';
  const claims = { sub: '11111111-1111-4111-8111-111111111111', role: 'authenticated' };
  // each text prepared once (one call each) before counting
  await db.privileged((sql) => sql.query(select, [1]));
  await db.asUser(claims, async () => {});
  const execProtocolRawStream = pg.execProtocolRawStream.bind(pg);
  const sent: string[] = [];
  pg.execProtocolRawStream = (message, options) => {
    sent.push(String.fromCharCode(message[0]!));
    return execProtocolRawStream(message, options);
  };
  try {
    await db.statement(select, [1]);
    expect(sent).toEqual(['B']);
    sent.length = 0;
    await db.privileged((sql) => sql.query(select, [1]));
    expect(sent).toEqual(['Q', 'B', 'Q']);
    sent.length = 0;
    const [role] = await db.asUser(claims, (sql) => sql.query<{ current_user: string }>('select current_user'));
    expect(role).toEqual({ current_user: 'authenticated' });
    // BEGIN and the role's statement together, the work's statement (prepared first: two calls), COMMIT
    expect(sent).toEqual(['Q', 'P', 'B', 'Q']);
  } finally {
    pg.execProtocolRawStream = execProtocolRawStream;
  }
});

test('a statement\'s Bind, Describe, Execute and Sync are the bytes PGlite\'s serializer gives', () => {
  const { serialize } = protocol;
  const tail = [serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()];
  const cases: [string, (string | null)[]][] = [
    ['ringwise_1', []],
    ['ringwise_12', ['one', null, '', '19.99', '{"a":[1,"x"]}', 'Zoë 😀 ☎']],
    ['', [null]],
  ];
  for (const [name, values] of cases) {
    expect(boundAndExecuted(null, name, values)).toEqual(Buffer.concat([serialize.bind({ statement: name, values }), ...tail]));
  }
  const begin = serialize.query('BEGIN');
  expect(boundAndExecuted(begin, 'ringwise_2', ['x'])).toEqual(Buffer.concat([begin, serialize.bind({ statement: 'ringwise_2', values: ['x'] }), ...tail]));
});
