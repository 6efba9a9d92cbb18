// `bun run ledger:verify` against a database whose ledger holds, then one where a balance was changed behind
// the ledger's back.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { repoRoot } from '../../config.ts';
import { createAuthUser, createTestDatabase, testEmail, type TestDatabase } from '../../db/testing.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  // put the ledger right again, so the test database's own check passes
  await database.db.privileged((sql) =>
    sql.query('update public.users u set balance = coalesce((select sum(amount) from public.transactions t where t.user_id = u.id and t.status = $1), 0)', [
      'completed',
    ]),
  );
  await database.drop();
});

async function verify(): Promise<{ code: number; output: string }> {
  const child = Bun.spawn(['bun', 'scripts/ledger-verify.ts'], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: database.url },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const output = (await new Response(child.stdout).text()) + (await new Response(child.stderr).text());
  return { code: await child.exited, output };
}

test('ledger:verify: 0 when every balance is its ledger, 1 naming each user whose balance is not', async () => {
  const id = await createAuthUser(database.db, { email: testEmail('ledger') });
  await database.db.privileged(async (sql) => {
    await sql.query(`select private.post_ledger_entry($1, 'credit_purchase', '25.00', 'Account top-up', null, 'pi_verify')`, [id]);
    await sql.query(`select private.post_ledger_entry($1, 'adjustment', '-0.06', 'Call')`, [id]);
    await sql.query(`select private.record_failed_payment($1, 'auto_recharge', '25.00', 'Declined', 'pi_declined')`, [id]);
  });
  const clean = await verify();
  expect(clean.code).toBe(0);
  expect(clean.output).toContain('ledger holds');

  await database.db.privileged((sql) => sql.query(`update public.users set balance = '30.00' where id = $1`, [id]));
  const broken = await verify();
  expect(broken.code).toBe(1);
  expect(broken.output).toContain(`balance 30.00, ledger 24.94, difference 5.06`);
});
