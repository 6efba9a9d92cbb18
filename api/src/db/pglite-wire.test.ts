// The embedded database over the wire protocol, as the Supabase Auth stand-in uses it (node-postgres on the Unix
// socket): its statements and transactions work, they never interleave with the api's own units of work, and a
// client that goes away or hangs inside a transaction is rolled back and loses the database, never the api.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { pgliteParsers, wrapPglite } from './pglite.ts';
import { lastReadyStatus, servePgliteWire, wireSocketName, type WireServer } from './pglite-wire.ts';
import type { EngineDatabase } from './database.ts';

const dir = mkdtempSync(join(tmpdir(), 'ringwise-wire-'));
let raw: PGlite;
let db: EngineDatabase;
let wire: WireServer;
const clients: pg.Client[] = [];

async function client(): Promise<pg.Client> {
  const connection = new pg.Client({ host: dir, database: 'postgres', user: 'postgres' });
  connection.on('error', () => {});
  await connection.connect();
  clients.push(connection);
  return connection;
}

beforeAll(async () => {
  raw = await PGlite.create({ parsers: pgliteParsers });
  db = wrapPglite(raw);
  await db.privileged((sql) => sql.exec('create table notes (id serial primary key, body text not null)'));
  wire = await servePgliteWire(raw, join(dir, wireSocketName), { holdMs: 1000, log: () => {} });
});
afterAll(async () => {
  for (const connection of clients) await connection.end().catch(() => {});
  await wire.stop();
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the embedded database on its socket', () => {
  test('only this machine\'s user may connect: the socket is mode 0600', () => {
    expect(statSync(join(dir, wireSocketName)).mode & 0o777).toBe(0o600);
  });

  test('a client runs statements with parameters, and its transactions commit and roll back', async () => {
    const connection = await client();
    expect((await connection.query('select $1::int + 1 as n, $2::text as t', [41, 'é'])).rows).toEqual([{ n: 42, t: 'é' }]);
    await connection.query('begin');
    await connection.query('insert into notes (body) values ($1)', ['kept']);
    await connection.query('commit');
    await connection.query('begin');
    await connection.query('insert into notes (body) values ($1)', ['undone']);
    await connection.query('rollback');
    expect(await db.privileged((sql) => sql.query('select body from notes order by id'))).toEqual([{ body: 'kept' }]);
    await expect(connection.query('select * from no_such_table')).rejects.toThrow('does not exist');
    expect((await connection.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  test('a client\'s open transaction holds the api\'s units of work until it ends, never interleaving', async () => {
    const connection = await client();
    await connection.query('begin');
    await connection.query(`insert into notes (body) values ('inside')`);
    let apiDone = false;
    const api = db.privileged((sql) => sql.query<{ n: string }>(`select count(*)::text as n from notes where body = 'inside'`)).then((rows) => {
      apiDone = true;
      return rows;
    });
    await Bun.sleep(100);
    expect(apiDone).toBe(false);
    await connection.query('commit');
    expect(await api).toEqual([{ n: '1' }]);
  });

  test('a client that goes away inside a transaction is rolled back, and the api goes on', async () => {
    const connection = await client();
    await connection.query('begin');
    await connection.query(`insert into notes (body) values ('abandoned')`);
    await connection.end();
    expect(await db.privileged((sql) => sql.query(`select body from notes where body = 'abandoned'`))).toEqual([]);
  });

  test('a client that hangs inside a transaction loses it past the hold limit; the api is never stopped for long', async () => {
    const connection = await client();
    await connection.query('begin');
    await connection.query(`insert into notes (body) values ('hung')`);
    const started = performance.now();
    expect(await db.privileged((sql) => sql.query(`select body from notes where body = 'hung'`))).toEqual([]);
    expect(performance.now() - started).toBeLessThan(5000);
    await expect(connection.query('commit')).rejects.toThrow();
  });

  test('lastReadyStatus reads the last ReadyForQuery of an answer, across other messages', () => {
    const ready = (status: string) => Buffer.from([0x5a, 0, 0, 0, 5, status.charCodeAt(0)]);
    const complete = Buffer.concat([Buffer.from([0x43, 0, 0, 0, 13]), Buffer.from('SELECT 1\0')]);
    expect(lastReadyStatus(Buffer.concat([complete, ready('T')]))).toBe('T');
    expect(lastReadyStatus(Buffer.concat([ready('T'), complete, ready('I')]))).toBe('I');
    expect(lastReadyStatus(complete)).toBeNull();
  });
});
