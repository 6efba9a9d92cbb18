// The database layer on both engines: migrations, the profile trigger, row-level security through
// asUser/asAnon, the ledger function and the shape of returned values. One database per engine per file
// (PGlite's first start compiles WASM); every test makes its own users.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { RolledBackError, SessionEndedError, timestamptzToIso, type EngineDatabase, type Sql } from './database.ts';
import { withDeadline } from '../lib/deadline.ts';
import { migrate, migrationFiles } from './migrate.ts';
import { createAuthSession, createAuthUser, createTestDatabase, createTestPglite, testEmail, userClaims } from './testing.ts';

interface Engine {
  name: 'postgres' | 'pglite';
  open(): Promise<{ db: EngineDatabase; close(): Promise<void> }>;
}

const engines: Engine[] = [
  {
    name: 'postgres',
    async open() {
      const started = performance.now();
      const test = await createTestDatabase();
      console.log(`postgres: created and migrated in ${Math.round(performance.now() - started)} ms`);
      return { db: test.db, close: test.drop };
    },
  },
  {
    name: 'pglite',
    async open() {
      const started = performance.now();
      const db = await createTestPglite();
      console.log(`pglite: started and migrated in ${Math.round(performance.now() - started)} ms`);
      return { db, close: () => db.close() };
    },
  },
];

const isoTimestamp = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?Z$/;
const permissionDenied = /permission denied/;

for (const engine of engines) {
  describe(engine.name, () => {
    let db: EngineDatabase;
    let close: () => Promise<void>;

    beforeAll(async () => {
      ({ db, close } = await engine.open());
    });
    afterAll(async () => {
      await close();
    });

    async function newUser(label: string, extra: { firstName?: string; metadata?: Record<string, unknown> } = {}) {
      const email = testEmail(label);
      const id = await createAuthUser(db, { email, ...extra });
      return { id, email, claims: userClaims(id, email) };
    }

    const insertCall = (sql: Sql, userId: string) =>
      sql
        .query<{ id: string }>(`insert into public.calls (user_id, destination_number, status) values ($1, $2, 'completed') returning id`, [
          userId,
          '+15551234567',
        ])
        .then(([row]) => row!.id);

    const postEntry = (userId: string, type: string, amount: string, callId: string | null = null, paymentIntent: string | null = null) =>
      db.privileged(async (sql) => {
        const [row] = await sql.query<{ id: string; amount: string; type: string }>(
          'select * from private.post_ledger_entry($1, $2, $3, $4, $5, $6)',
          [userId, type, amount, `${type} ${amount}`, callId, paymentIntent],
        );
        return row!;
      });

    const balanceOf = (userId: string) =>
      db.privileged((sql) => sql.query<{ balance: string }>('select balance from public.users where id = $1', [userId])).then(([row]) => row!.balance);

    test('kind names the engine', () => {
      expect(db.kind).toBe(engine.name);
    });

    test('migrations are recorded once and a second run applies nothing', async () => {
      const again = await migrate(db, { supabase: false });
      expect(again.applied).toEqual([]);
      const rows = await db.privileged((sql) =>
        sql.query<{ version: string; name: string; applied_at: string }>('select version, name, applied_at from supabase_migrations.schema_migrations order by version'),
      );
      expect(rows.map((r) => `${r.version}_${r.name}`)).toEqual(migrationFiles().map((f) => `${f.version}_${f.name}`));
      expect(rows[0]!.applied_at).toMatch(isoTimestamp);
    });

    test('the auth.users trigger creates the profile with the spec defaults', async () => {
      const { id, email } = await newUser('defaults', { firstName: 'Ada' });
      const [profile] = await db.privileged((sql) => sql.query('select * from public.users where id = $1', [id]));
      expect(profile).toMatchObject({
        id,
        email,
        first_name: 'Ada',
        last_name: null,
        balance: '0.00',
        role: 'customer',
        auto_recharge_enabled: false,
        auto_recharge_trigger: '5.00',
        auto_recharge_amount: '25.00',
        low_balance_alert_enabled: true,
        low_balance_alert_threshold: '5.00',
        default_caller_id: null,
        stripe_customer_id: null,
      });
      expect(profile!.created_at).toMatch(isoTimestamp);
      expect(profile!.updated_at).toMatch(isoTimestamp);
    });

    test('the profile takes camelCase names too and follows e-mail changes', async () => {
      const { id } = await newUser('camel', { metadata: { firstName: 'Grace', lastName: 'Hopper' } });
      const changed = testEmail('changed');
      await db.privileged((sql) => sql.query('update auth.users set email = $1 where id = $2', [changed, id]));
      const [profile] = await db.privileged((sql) => sql.query('select first_name, last_name, email from public.users where id = $1', [id]));
      expect(profile).toEqual({ first_name: 'Grace', last_name: 'Hopper', email: changed });
    });

    test('a user sees only their own profile and may edit their names', async () => {
      const a = await newUser('a');
      const b = await newUser('b');
      const visible = await db.asUser(a.claims, (sql) => sql.query<{ id: string }>('select id from public.users'));
      expect(visible.map((r) => r.id)).toEqual([a.id]);
      const updated = await db.asUser(a.claims, (sql) =>
        sql.query<{ first_name: string }>('update public.users set first_name = $1 where id = $2 returning first_name', ['Alice', a.id]),
      );
      expect(updated).toEqual([{ first_name: 'Alice' }]);
      const ofB = await db.asUser(a.claims, (sql) => sql.query('update public.users set first_name = $1 where id = $2 returning id', ['Mallory', b.id]));
      expect(ofB).toEqual([]);
      const [bProfile] = await db.privileged((sql) => sql.query('select first_name from public.users where id = $1', [b.id]));
      expect(bProfile).toEqual({ first_name: null });
    });

    test('a user cannot write their balance, role or e-mail', async () => {
      const a = await newUser('rich');
      for (const [column, value] of [
        ['balance', '1000.00'],
        ['role', 'admin'],
        ['email', 'someone@example.test'],
        ['stripe_customer_id', 'cus_x'],
      ] as const) {
        const attempt = db.asUser(a.claims, (sql) => sql.query(`update public.users set ${column} = $1 where id = $2`, [value, a.id]));
        await expect(attempt).rejects.toThrow(permissionDenied);
      }
      await expect(db.asUser(a.claims, (sql) => sql.query('delete from public.users where id = $1', [a.id]))).rejects.toThrow(permissionDenied);
      await expect(
        db.asUser(a.claims, (sql) => sql.query(`insert into public.users (id, email) values (gen_random_uuid(), 'x@example.test')`)),
      ).rejects.toThrow(permissionDenied);
      expect(await balanceOf(a.id)).toBe('0.00');
    });

    test("a user cannot read or change another user's contacts", async () => {
      const a = await newUser('a');
      const b = await newUser('b');
      const [bContact] = await db.asUser(b.claims, (sql) =>
        sql.query<{ id: string; user_id: string; favorite: boolean }>(
          'insert into public.contacts (display_name, primary_number) values ($1, $2) returning id, user_id, favorite',
          ['Bob Mum', '+447700900123'],
        ),
      );
      expect(bContact).toMatchObject({ user_id: b.id, favorite: false });
      const bId = bContact!.id;

      expect(await db.asUser(a.claims, (sql) => sql.query('select * from public.contacts where id = $1', [bId]))).toEqual([]);
      expect(await db.asUser(a.claims, (sql) => sql.query('select * from public.contacts'))).toEqual([]);
      expect(
        await db.asUser(a.claims, (sql) => sql.query(`update public.contacts set display_name = 'pwned' where id = $1 returning id`, [bId])),
      ).toEqual([]);
      expect(
        await db.asUser(a.claims, (sql) => sql.query('update public.contacts set deleted_at = now() where id = $1 returning id', [bId])),
      ).toEqual([]);
      await expect(
        db.asUser(a.claims, (sql) => sql.query('insert into public.contacts (user_id, display_name, primary_number) values ($1, $2, $3)', [b.id, 'x', '+1555'])),
      ).rejects.toThrow(/row-level security/);
      await expect(db.asUser(a.claims, (sql) => sql.query('delete from public.contacts where id = $1', [bId]))).rejects.toThrow(permissionDenied);

      const [still] = await db.privileged((sql) => sql.query('select display_name, deleted_at from public.contacts where id = $1', [bId]));
      expect(still).toEqual({ display_name: 'Bob Mum', deleted_at: null });
      expect(await db.asUser(b.claims, (sql) => sql.query('select id from public.contacts'))).toEqual([{ id: bId }]);
    });

    test('a user soft deletes their own contact, which then cannot change and frees the number', async () => {
      const a = await newUser('a');
      const add = () =>
        db.asUser(a.claims, (sql) =>
          sql.query<{ id: string }>('insert into public.contacts (display_name, primary_number) values ($1, $2) returning id', ['Ann', '+15550001111']),
        );
      const [first] = await add();
      await expect(add()).rejects.toThrow(/duplicate key/);
      const deleted = await db.asUser(a.claims, (sql) =>
        sql.query<{ deleted_at: string }>('update public.contacts set deleted_at = now() where id = $1 returning deleted_at', [first!.id]),
      );
      expect(deleted[0]!.deleted_at).toMatch(isoTimestamp);
      // the owner still reaches the deleted row; the api reads live rows only
      expect(await db.asUser(a.claims, (sql) => sql.query('select id from public.contacts where deleted_at is null'))).toEqual([]);
      expect(
        await db.asUser(a.claims, (sql) => sql.query(`update public.contacts set display_name = 'Back' where id = $1 returning id`, [first!.id])),
      ).toEqual([]);
      const [second] = await add();
      expect(second!.id).not.toBe(first!.id);
    });

    test('anon sees nothing', async () => {
      const a = await newUser('a');
      await db.asUser(a.claims, (sql) => sql.query(`insert into public.contacts (display_name, primary_number) values ('x', '+15550100')`));
      for (const table of ['users', 'calls', 'transactions', 'contacts', 'virtual_numbers', 'verified_caller_ids']) {
        const attempt = db.asAnon((sql) => sql.query(`select * from public.${table}`));
        await expect(attempt).rejects.toThrow(permissionDenied);
      }
      await expect(db.asAnon((sql) => sql.query('select * from auth.users'))).rejects.toThrow(permissionDenied);
      expect(await db.asAnon((sql) => sql.query<{ uid: string | null; role: string }>('select auth.uid() as uid, auth.role() as role'))).toEqual([
        { uid: null, role: 'anon' },
      ]);
    });

    test('asUser runs as authenticated with the claims, and the role ends with the transaction', async () => {
      const a = await newUser('a');
      const [inside] = await db.asUser(a.claims, (sql) =>
        sql.query<{ current_user: string; uid: string; email: string }>('select current_user, auth.uid() as uid, auth.jwt() ->> $1 as email', ['email']),
      );
      expect(inside).toEqual({ current_user: 'authenticated', uid: a.id, email: a.email });
      const [after] = await db.privileged((sql) => sql.query<{ current_user: string; claims: string | null }>(
        `select current_user, nullif(current_setting('request.jwt.claims', true), '') as claims`,
      ));
      expect(after!.current_user).not.toBe('authenticated');
      expect(after!.claims).toBeNull();
    });

    test('a failing unit of work rolls back', async () => {
      const a = await newUser('a');
      const attempt = db.privileged(async (sql) => {
        await sql.query('update public.users set first_name = $1 where id = $2', ['Rolled', a.id]);
        throw new Error('boom');
      });
      await expect(attempt).rejects.toThrow('boom');
      const [row] = await db.privileged((sql) => sql.query('select first_name from public.users where id = $1', [a.id]));
      expect(row).toEqual({ first_name: null });
    });

    if (engine.name === 'postgres') {
      test('a transaction runs with its deadline as the statement and idle timeouts, for that transaction only', async () => {
        const a = await newUser('timeouts');
        const settings = `select current_setting('statement_timeout') as statement, current_setting('idle_in_transaction_session_timeout') as idle,
          current_user as "user"`;
        const inside = await withDeadline(2_000, () => db.asUser(a.claims, (sql) => sql.query<{ statement: string; idle: string; user: string }>(settings)));
        const ms = (setting: string) => (setting.endsWith('ms') ? Number(setting.slice(0, -2)) : Number(setting.slice(0, -1)) * 1000);
        expect(inside[0]!.user).toBe('authenticated');
        expect(ms(inside[0]!.statement)).toBeGreaterThan(0);
        expect(ms(inside[0]!.statement)).toBeLessThanOrEqual(2_000);
        expect(ms(inside[0]!.idle)).toBe(ms(inside[0]!.statement) + 1_000);
        const after = await db.statement<{ statement: string; user: string }>(settings);
        expect(after[0]!.statement).toBe('0');
        expect(after[0]!.user).not.toBe('authenticated');
      });
    }

    test('work that goes on after a failed statement is rolled back at its commit, and fails', async () => {
      const a = await newUser('swallowed');
      const attempt = db.privileged(async (sql) => {
        await sql.query('update public.users set first_name = $1 where id = $2', ['Lost', a.id]);
        await sql.query('select 1 / 0').catch(() => {});
        return 'reported as done';
      });
      await expect(attempt).rejects.toBeInstanceOf(RolledBackError);
      const [row] = await db.privileged((sql) => sql.query('select first_name from public.users where id = $1', [a.id]));
      expect(row).toEqual({ first_name: null });
      // the connection is usable again
      expect(await db.privileged((sql) => sql.query('select 1 as one'))).toEqual([{ one: 1 }]);
    });

    test('asSession: the work runs while the session lives; once it ends, nothing the work sent remains', async () => {
      const a = await newUser('session');
      const sessionId = await createAuthSession(db, a.id);
      const claims = { ...a.claims, session_id: sessionId };
      const insert = (name: string) =>
        db.asSession(claims, (sql) => sql.query(`insert into public.contacts (display_name, primary_number) values ($1, '+15550100') returning id`, [name]));
      expect(await insert('While live')).toHaveLength(1);
      await db.privileged((sql) => sql.query('delete from auth.sessions where id = $1', [sessionId]));
      // the insert goes out in the same round trip as the session check, and is rolled back with it
      await expect(insert('After the end')).rejects.toBeInstanceOf(SessionEndedError);
      await expect(db.asSession(claims, async () => 'no statement at all')).rejects.toBeInstanceOf(SessionEndedError);
      const names = await db.privileged((sql) => sql.query<{ display_name: string }>('select display_name from public.contacts where user_id = $1', [a.id]));
      expect(names).toEqual([{ display_name: 'While live' }]);
    });

    test('post_ledger_entry moves money exactly, once per call, never below zero', async () => {
      const a = await newUser('payer');
      const credit = await postEntry(a.id, 'credit_purchase', '10.00', null, `pi_${a.id}`);
      expect(credit.amount).toBe('10.00');
      expect(await balanceOf(a.id)).toBe('10.00');
      // the same Stripe payment again: the same entry, no money
      expect((await postEntry(a.id, 'credit_purchase', '10.00', null, `pi_${a.id}`)).id).toBe(credit.id);
      expect(await balanceOf(a.id)).toBe('10.00');

      const callId = await db.privileged((sql) => insertCall(sql, a.id));
      const charge = await postEntry(a.id, 'call_charge', '-0.06', callId);
      expect(charge.amount).toBe('-0.06');
      expect(await balanceOf(a.id)).toBe('9.94');
      expect((await postEntry(a.id, 'call_charge', '-0.06', callId)).id).toBe(charge.id);
      expect(await balanceOf(a.id)).toBe('9.94');

      const bigCall = await db.privileged((sql) => insertCall(sql, a.id));
      await expect(postEntry(a.id, 'call_charge', '-9.95', bigCall)).rejects.toThrow(/insufficient balance/);
      await expect(postEntry(a.id, 'call_charge', '-0.064', bigCall)).rejects.toThrow(/2 decimals/);
      await expect(postEntry(a.id, 'credit_purchase', '-1.00')).rejects.toThrow(/transactions_amount_sign_check/);
      await postEntry(a.id, 'call_charge', '-9.94', bigCall);
      expect(await balanceOf(a.id)).toBe('0.00');

      const entries = await db.asUser(a.claims, (sql) =>
        sql.query<{ type: string; amount: string; status: string; created_at: string }>('select type, amount, status, created_at from public.transactions order by amount desc'),
      );
      expect(entries.map((e) => [e.type, e.amount, e.status])).toEqual([
        ['credit_purchase', '10.00', 'completed'],
        ['call_charge', '-0.06', 'completed'],
        ['call_charge', '-9.94', 'completed'],
      ]);
      expect(entries[0]!.created_at).toMatch(isoTimestamp);
      const [sum] = await db.privileged((sql) => sql.query<{ total: string }>('select sum(amount) as total from public.transactions where user_id = $1', [a.id]));
      expect(sum!.total).toBe('0.00');
    });

    test('concurrent ledger entries add up exactly', async () => {
      const a = await newUser('busy');
      await Promise.all(Array.from({ length: 20 }, (_, i) => postEntry(a.id, 'credit_purchase', '5.10', null, `pi_${a.id}_${i}`)));
      expect(await balanceOf(a.id)).toBe('102.00');
    });

    test('users and anon cannot run the ledger or write transactions', async () => {
      const a = await newUser('a');
      const call = `select private.post_ledger_entry($1, 'credit_purchase', 100, 'free money')`;
      await expect(db.asUser(a.claims, (sql) => sql.query(call, [a.id]))).rejects.toThrow(permissionDenied);
      await expect(db.asAnon((sql) => sql.query(call, [a.id]))).rejects.toThrow(permissionDenied);
      await expect(
        db.asUser(a.claims, (sql) => sql.query(`insert into public.transactions (user_id, type, amount) values ($1, 'credit_purchase', 100)`, [a.id])),
      ).rejects.toThrow(permissionDenied);
      expect(await balanceOf(a.id)).toBe('0.00');
    });

    test('a user reads their own calls, numbers and caller ids, and soft deletes caller ids only', async () => {
      const a = await newUser('a');
      const b = await newUser('b');
      const ids = await db.privileged(async (sql) => {
        const callA = await insertCall(sql, a.id);
        await insertCall(sql, b.id);
        await sql.query(`insert into public.calls (user_id, destination_number, status, deleted_at) values ($1, '+15550000199', 'failed', now())`, [a.id]);
        await sql.query(
          `insert into public.virtual_numbers (user_id, phone_number, monthly_price, twilio_sid) values ($1, $2, '1.15', $3), ($4, $5, '1.15', $6)`,
          [a.id, '+15550000101', `PN${a.id.replaceAll('-', '')}`, b.id, '+15550000102', `PN${b.id.replaceAll('-', '')}`],
        );
        const [vA] = await sql.query<{ id: string }>(`insert into public.verified_caller_ids (user_id, phone_number) values ($1, '+15557654321') returning id`, [a.id]);
        const [vB] = await sql.query<{ id: string }>(`insert into public.verified_caller_ids (user_id, phone_number) values ($1, '+15557654321') returning id`, [b.id]);
        return { callA, vA: vA!.id, vB: vB!.id };
      });

      const calls = await db.asUser(a.claims, (sql) => sql.query<{ id: string; metadata: unknown }>('select id, metadata from public.calls'));
      expect(calls).toEqual([{ id: ids.callA, metadata: {} }]);
      const numbers = await db.asUser(a.claims, (sql) => sql.query<{ user_id: string; monthly_price: string }>('select user_id, monthly_price from public.virtual_numbers'));
      expect(numbers).toEqual([{ user_id: a.id, monthly_price: '1.15' }]);
      await expect(db.asUser(a.claims, (sql) => sql.query(`update public.calls set status = 'canceled' where id = $1`, [ids.callA]))).rejects.toThrow(
        permissionDenied,
      );
      await expect(db.asUser(a.claims, (sql) => sql.query(`update public.virtual_numbers set status = 'released'`))).rejects.toThrow(permissionDenied);
      await expect(
        db.asUser(a.claims, (sql) => sql.query(`update public.verified_caller_ids set verification_status = 'verified' where id = $1`, [ids.vA])),
      ).rejects.toThrow(permissionDenied);

      expect(
        await db.asUser(a.claims, (sql) => sql.query('update public.verified_caller_ids set deleted_at = now() where id = $1 returning id', [ids.vB])),
      ).toEqual([]);
      expect(
        await db.asUser(a.claims, (sql) => sql.query('update public.verified_caller_ids set deleted_at = now() where id = $1 returning id', [ids.vA])),
      ).toEqual([{ id: ids.vA }]);
      const live = 'select id from public.verified_caller_ids where deleted_at is null';
      expect(await db.asUser(a.claims, (sql) => sql.query(live))).toEqual([]);
      expect(await db.asUser(b.claims, (sql) => sql.query(live))).toEqual([{ id: ids.vB }]);
    });

    test('numeric and bigint come back as exact strings, timestamps as ISO strings', async () => {
      const [row] = await db.privileged((sql) =>
        sql.query<Record<string, unknown>>(
          `select 0.1::numeric + 0.2::numeric as n, 9007199254740993::int8 as big, 12.345678::numeric(10,6) as rate, 42 as i,
                  timestamptz '2026-01-02 03:04:05.123456+02' as tz, timestamp '2026-01-02 03:04:05' as ts, date '2026-01-02' as d,
                  $1::numeric as param`,
          ['19.99'],
        ),
      );
      expect(row).toEqual({
        n: '0.3',
        big: '9007199254740993',
        rate: '12.345678',
        i: 42,
        tz: '2026-01-02T01:04:05.123456Z',
        ts: '2026-01-02T03:04:05',
        d: '2026-01-02',
        param: '19.99',
      });
    });

    test('json parameters may be objects or JSON text; other session time zones still give UTC', async () => {
      const [row] = await db.privileged(async (sql) => {
        await sql.query(`set local timezone = 'America/New_York'`);
        return sql.query<Record<string, unknown>>(`select $1::jsonb as object, $2::jsonb as text, timestamptz '2026-07-01 12:00:00.5+00' as tz`, [
          { a: 1, nested: ['x'] },
          '{"b":2}',
        ]);
      });
      expect(row).toEqual({ object: { a: 1, nested: ['x'] }, text: { b: 2 }, tz: '2026-07-01T12:00:00.5Z' });
    });

    test('errors carry the SQLSTATE in code', async () => {
      const a = await newUser('a');
      const error = await db.asUser(a.claims, (sql) => sql.query(`update public.users set balance = 1 where id = $1`, [a.id])).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: '42501' });
    });
  });
}

describe('timestamptzToIso', () => {
  test('keeps every fractional digit and converts offsets to UTC', () => {
    expect(timestamptzToIso('2026-11-22 02:23:32.890123+00')).toBe('2026-11-22T02:23:32.890123Z');
    expect(timestamptzToIso('2026-11-22 02:23:32+00')).toBe('2026-11-22T02:23:32Z');
    expect(timestamptzToIso('2026-01-01 00:30:00.25-05')).toBe('2026-01-01T05:30:00.25Z');
    expect(timestamptzToIso('2026-01-01 01:00:00+05:30')).toBe('2025-12-31T19:30:00Z');
    expect(timestamptzToIso('infinity')).toBe('infinity');
  });
});
