// /api/admin/* through the whole stack (issue #14). The walking test: every admin route, with a customer's
// token, answers 403 and the error envelope only (signed out: 401); then an admin's reads, the balance
// adjustment and the call refund, each in the ledger and in the audit log, with the ledger still holding.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { routes, type RouteDefinition } from '@ringwise/contract/routes';
import { createApp } from '../../app.ts';
import { createTestAuthStandIn, testPublicUrl } from '../../auth/testing.ts';
import { createTestDatabase, type TestDatabase } from '../../db/testing.ts';
import { testConfig } from '../../testing/fixtures.ts';
import { jsonCaller, signUpAs } from '../../testing/requests.ts';
import { createRateService } from '../rates/service.ts';

let database: TestDatabase;
let app: { handle(request: Request): Promise<Response> };
let admin: { token: string; id: string; email: string };
let customer: { token: string; id: string; email: string };
const callId = crypto.randomUUID();

const call = jsonCaller(() => app, testPublicUrl);

async function signUp(name: string) {
  const email = `${name}-${crypto.randomUUID()}@example.com`;
  return { ...(await signUpAs(call, email)), email };
}

const privileged = (text: string, params: unknown[] = []) => database.db.privileged((sql) => sql.query(text, params));

beforeAll(async () => {
  database = await createTestDatabase();
  const testAuth = await createTestAuthStandIn(database.db);
  app = testAuth.withApp(
    createApp(testConfig({ PUBLIC_URL: testPublicUrl }), {
      logError: () => {},
      services: { db: database.db, auth: testAuth.auth, rates: createRateService({ db: database.db }) },
    }),
  );
  admin = await signUp('admin');
  customer = await signUp('customer');
  await privileged(`select private.grant_admin($1)`, [admin.email]);
  await privileged(`select private.post_ledger_entry($1, 'credit_purchase', 20.00, 'Top-up', null, $2)`, [customer.id, `pi_${customer.id}`]);
  await privileged(`insert into public.calls (id, user_id, destination_number, status, billed_seconds, duration) values ($1, $2, '+442071234567', 'completed', 120, 95)`, [
    callId,
    customer.id,
  ]);
  await privileged(`select private.post_ledger_entry($1, 'call_charge', -0.37, 'Call', $2)`, [customer.id, callId]);
});
afterAll(() => database.drop());

// the route table's `access: 'admin'` (what the /api reference documents): the routes walked below
const adminRoutes = Object.values(routes).filter((route: RouteDefinition) => route.access === 'admin');
const deckCsv = 'prefix,destination name,price per minute,number type\n4420,London,0.0100,landline\n';
/** Each admin route with its path parameters filled and a body it would accept from an admin. */
const sample = (route: RouteDefinition) => ({
  path:
    route.path.replace(':id', route.name === 'adminRefundCall' ? callId : customer.id).replace(':prefix', '4420') +
    (route.name === 'adminRates' ? '?country=GB' : ''),
  body:
    route.name === 'adminImportRates'
      ? { csv: deckCsv }
      : route.name === 'adminSetRate'
        ? { prefix: '4420', numberType: 'landline', pricePerMinute: '0.0100' }
        : route.name === 'adminBlockPrefix'
          ? { reason: 'a customer trying' }
          : route.name === 'adminAdjustBalance'
      ? { amount: '100.00', reason: 'a customer trying' }
      : route.name === 'adminSetRole'
        ? { role: 'admin' }
        : route.name === 'adminRefundCall'
          ? { reason: 'a customer trying' }
          : undefined,
});

describe('the walking test: no admin route answers anyone else with data', () => {
  test('there is an admin route for every part of the console', () => {
    expect(adminRoutes.map((r): string => r.name).sort()).toEqual(
      [
        'adminAdjustBalance',
        'adminAuditLog',
        'adminBlockPrefix',
        'adminCalls',
        'adminDashboard',
        'adminFinancial',
        'adminFinancialCsv',
        'adminImportRates',
        'adminLedgerCheck',
        'adminRates',
        'adminRefundCall',
        'adminSetRate',
        'adminSetRole',
        'adminUnblockPrefix',
        'adminUser',
        'adminUsers',
      ].sort(),
    );
  });

  test('a customer gets 403 and the error envelope from every one; nothing changes', async () => {
    for (const route of adminRoutes) {
      const { path, body } = sample(route);
      const res = await call(route.method, path, customer.token, body);
      expect({ route: route.name, status: res.status }).toEqual({ route: route.name, status: 403 });
      expect(await res.json()).toEqual({ error: { code: 'forbidden', message: 'This is for administrators only.' } });
    }
    const [row] = await privileged(`select balance::text as balance, role from public.users where id = $1`, [customer.id]);
    expect(row).toEqual({ balance: '19.63', role: 'customer' });
    expect(await privileged(`select * from public.transactions where user_id = $1 and type in ('adjustment', 'refund')`, [customer.id])).toEqual([]);
    expect(await privileged(`select * from public.rates where prefix = '4420'`)).toEqual([]);
    expect(await privileged(`select * from public.blocked_prefixes`)).toEqual([]);
    expect(await privileged(`select * from private.audit_log where action <> 'user.role'`)).toEqual([]);
  });

  test('signed out: 401 from every one', async () => {
    for (const route of adminRoutes) {
      const { path, body } = sample(route);
      const res = await call(route.method, path, undefined, body);
      expect({ route: route.name, status: res.status }).toEqual({ route: route.name, status: 401 });
    }
  });
});

describe('an admin', () => {
  test('reads the dashboard, the users and one user', async () => {
    const dashboard = await (await call('GET', '/api/admin/dashboard', admin.token)).json();
    expect(dashboard).toMatchObject({ days: 30, users: 2, activeCalls: 0, totalBalance: '19.63' });
    expect(dashboard.series).toHaveLength(30);
    expect(dashboard.today).toMatchObject({ calls: 1, minutes: '2.0', topUps: '20.00', charges: '0.37' });

    const page = await (await call('GET', `/api/admin/users?search=${encodeURIComponent(customer.email.slice(0, 12).toUpperCase())}`, admin.token)).json();
    expect(page.total).toBe(1);
    expect(page.users[0]).toMatchObject({ id: customer.id, email: customer.email, balance: '19.63', role: 'customer' });

    const detail = await (await call('GET', `/api/admin/users/${customer.id}`, admin.token)).json();
    expect(detail.transactions.map((t: { type: string }) => t.type)).toEqual(['call_charge', 'credit_purchase']);
    expect(detail.calls).toHaveLength(1);
    expect((await call('GET', `/api/admin/users/${crypto.randomUUID()}`, admin.token)).status).toBe(404);
    expect((await call('GET', '/api/admin/users/not-a-uuid', admin.token)).status).toBe(404);
  });

  test('adjusts a balance through the ledger, with a reason, audited', async () => {
    const missingReason = await call('POST', `/api/admin/users/${customer.id}/adjustments`, admin.token, { amount: '5.00', reason: '' });
    expect(missingReason.status).toBe(400);
    const tooMuch = await call('POST', `/api/admin/users/${customer.id}/adjustments`, admin.token, { amount: '-500.00', reason: 'take it all' });
    expect(tooMuch.status).toBe(409);

    const res = await call('POST', `/api/admin/users/${customer.id}/adjustments`, admin.token, { amount: '5.37', reason: 'goodwill credit' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ amount: '5.37', balance: '25.00' });
    const [entry] = await privileged(`select type, amount::text as amount, description from public.transactions where user_id = $1 and type = 'adjustment'`, [customer.id]);
    expect(entry).toEqual({ type: 'adjustment', amount: '5.37', description: 'Adjustment: goodwill credit' });
  });

  test('refunds a call once; the second refund is refused', async () => {
    const first = await call('POST', `/api/admin/calls/${callId}/refund`, admin.token, { reason: 'poor line quality' });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ amount: '0.37', callId });
    const second = await call('POST', `/api/admin/calls/${callId}/refund`, admin.token, { reason: 'poor line quality' });
    expect(second.status).toBe(409);
    expect((await second.json()).error.message).toBe('This call has already been refunded.');

    const calls = await (await call('GET', `/api/admin/calls?userId=${customer.id}&country=GB&status=completed`, admin.token)).json();
    expect(calls.total).toBe(1);
    expect(calls.calls[0]).toMatchObject({ id: callId, userEmail: customer.email, refunded: '0.37', billedSeconds: 120 });
    expect((await (await call('GET', '/api/admin/calls?country=US', admin.token)).json()).total).toBe(0);
    expect((await call('GET', '/api/admin/calls?from=2026-02-30', admin.token)).status).toBe(400);
  });

  test('finds each call with the quality its calling device measured, null for one whose device sent none', async () => {
    const unmeasured = crypto.randomUUID();
    await privileged(`insert into public.calls (id, user_id, destination_number, status) values ($1, $2, '+442071234568', 'busy')`, [unmeasured, customer.id]);
    await privileged(`update public.calls set quality_worst_mos = 3.1, quality_warnings = '{high-packet-loss,high-rtt}' where id = $1`, [callId]);
    const { calls } = (await (await call('GET', `/api/admin/calls?userId=${customer.id}`, admin.token)).json()) as { calls: Array<{ id: string; quality: unknown }> };
    expect(calls.find((c) => c.id === callId)!.quality).toEqual({ worstMos: 3.1, warnings: ['high-packet-loss', 'high-rtt'] });
    expect(calls.find((c) => c.id === unmeasured)!.quality).toBeNull();
  });

  test('every money action is in the audit log and in the ledger, and the ledger holds', async () => {
    const log = await (await call('GET', '/api/admin/audit-log', admin.token)).json();
    expect(log.map((e: { action: string }) => e.action)).toEqual(['call.refund', 'balance.adjust', 'user.role']);
    expect(log[1]).toMatchObject({ actorEmail: admin.email, targetEmail: customer.email, before: { balance: '19.63' }, after: { balance: '25.00', amount: '5.37' }, reason: 'goodwill credit' });
    const ledger = await (await call('GET', '/api/admin/ledger-check', admin.token)).json();
    expect(ledger.differences).toEqual([]);
    expect(await privileged(`select * from private.ledger_differences()`)).toEqual([]);
  });

  test('reads money by day, also as CSV', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const days = await (await call('GET', `/api/admin/financial?from=${today}&to=${today}`, admin.token)).json();
    expect(days).toEqual([{ day: today, topUps: '20.00', charges: '0.37', refunds: '0.37', adjustments: '5.37', entries: 4 }]);
    const csv = await call('GET', `/api/admin/financial.csv?from=${today}&to=${today}`, admin.token);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="ringwise-financial-${today}-to-${today}.csv"`);
    expect(await csv.text()).toBe(`day,top_ups,charges,refunds,adjustments,entries\r\n${today},20.00,0.37,0.37,5.37,4\r\n`);
  });

  test('changes roles, but never their own admin role away', async () => {
    expect((await call('PUT', `/api/admin/users/${admin.id}/role`, admin.token, { role: 'customer' })).status).toBe(400);
    expect((await call('PUT', `/api/admin/users/${customer.id}/role`, admin.token, { role: 'superuser' })).status).toBe(400);
    const res = await call('PUT', `/api/admin/users/${customer.id}/role`, admin.token, { role: 'admin' });
    expect(await res.json()).toEqual({ userId: customer.id, role: 'admin' });
    expect((await call('GET', '/api/admin/dashboard', customer.token)).status).toBe(200);
    await call('PUT', `/api/admin/users/${customer.id}/role`, admin.token, { role: 'customer' });
    expect((await call('GET', '/api/admin/dashboard', customer.token)).status).toBe(403);
  });
});

describe('the rate deck, as an admin', () => {
  test('an import with bad rows is refused with each problem and its line; a good one is stored and audited', async () => {
    const bad = await call('POST', '/api/admin/rates/import', admin.token, { csv: 'prefix,price per minute,number type\n4420,0.01,landline\n99x,abc,fax\n' });
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(body.error.message).toBe('1 line has problems; nothing was imported.');
    expect(body.error.details.problems.map((p: { line: number }) => p.line)).toEqual([3, 3, 3]);
    expect(await privileged(`select * from public.rates where prefix = '4420'`)).toEqual([]);

    const good = await call('POST', '/api/admin/rates/import', admin.token, { csv: deckCsv });
    expect(await good.json()).toEqual({ imported: 1 });
    const deck = await (await call('GET', '/api/admin/rates?country=GB', admin.token)).json();
    expect(deck.rates.some((r: { prefix: string; pricePerMinute: string; current: boolean }) => r.prefix === '4420' && r.pricePerMinute === '0.010000' && r.current)).toBe(true);
  });

  test('an edit from a later date is listed as starting then; a bad edit says why', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const edit = await call('POST', '/api/admin/rates', admin.token, { prefix: '4420', numberType: 'landline', pricePerMinute: '0.0200', effectiveFrom: tomorrow });
    expect(await edit.json()).toEqual({ imported: 1 });
    const deck = await (await call('GET', '/api/admin/rates?country=gb', admin.token)).json();
    expect(deck.rates.filter((r: { prefix: string }) => r.prefix === '4420').at(-1)).toMatchObject({ pricePerMinute: '0.020000', current: false, effectiveFrom: `${tomorrow}T00:00:00.000Z` });
    const bad = await call('POST', '/api/admin/rates', admin.token, { prefix: '4420', numberType: 'fax', pricePerMinute: '-1' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.details.fieldErrors.rate).toContain('price per minute must not be negative');
  });

  test('blocks and unblocks a prefix, audited; calls to it are refused by the database', async () => {
    expect(await (await call('PUT', '/api/admin/blocked-prefixes/4477009', admin.token, { reason: 'fraud ring' })).json()).toEqual({ prefix: '4477009', reason: 'fraud ring' });
    expect((await call('PUT', '/api/admin/blocked-prefixes/44x', admin.token, { reason: 'fraud ring' })).status).toBe(400);
    expect((await (await call('GET', '/api/admin/rates?country=GB', admin.token)).json()).blocked).toMatchObject([{ prefix: '4477009', reason: 'fraud ring' }]);
    await expect(privileged(`insert into public.calls (user_id, destination_number, status) values ($1, '+447700900123', 'queued')`, [customer.id])).rejects.toThrow(
      'calls to numbers starting +4477009 are blocked',
    );
    expect((await call('DELETE', '/api/admin/blocked-prefixes/4477009', admin.token)).status).toBe(200);
    expect((await call('DELETE', '/api/admin/blocked-prefixes/4477009', admin.token)).status).toBe(404);
    const actions = (await (await call('GET', '/api/admin/audit-log', admin.token)).json()).map((e: { action: string }) => e.action);
    expect(actions.slice(0, 2)).toEqual(['rates.unblock', 'rates.block']);
    expect(actions).toContain('rates.import');
    expect(actions).toContain('rates.edit');
  });
});
