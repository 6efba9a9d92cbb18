// `bun scripts/pgtap.ts`: the pgTAP suite of supabase/tests/database against a throwaway database on the
// machine's PostgreSQL (TEST_DATABASE_ADMIN_URL, default postgres://root@127.0.0.1:5432/postgres),
// migrated with the Supabase shim, with `create extension pgtap`. Runs pg_prove on every *.test.sql,
// drops the database, prints pg_prove's report and a last line "database tests: N passed, N failed",
// and exits with pg_prove's exit code. Needs Debian's postgresql-15-pgtap and
// libtap-parser-sourcehandler-pgtap-perl (scripts/test.ts installs them).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createTestDatabase } from '../api/src/db/testing.ts';
import { repoRoot } from './runtime-env.ts';

const testsDir = join(repoRoot, 'supabase/tests/database');

/** Passed and failed test counts from pg_prove's (TAP::Harness) report: tests that ran and failed, plus
 *  planned tests that never ran (a file that died), count as failed. */
export function countPgProve(output: string, exitCode: number): { passed: number; failed: number } {
  const ran = Number(/^Files=\d+, Tests=(\d+)/m.exec(output)?.[1] ?? 0);
  const sum = (pattern: RegExp, pick: (m: RegExpMatchArray) => number) => [...output.matchAll(pattern)].reduce((total, m) => total + pick(m), 0);
  const failedRuns = sum(/\(Wstat: \d+ Tests: \d+ Failed: (\d+)\)/g, (m) => Number(m[1]));
  const notRun = sum(/You planned (\d+) tests? but ran (\d+)/g, (m) => Math.max(Number(m[1]) - Number(m[2]), 0));
  let failed = failedRuns + notRun;
  if (exitCode !== 0 && failed === 0) failed = 1;
  return { passed: Math.max(ran - failedRuns, 0), failed };
}

async function main(): Promise<number> {
  if (!Bun.which('pg_prove')) {
    console.error('pg_prove is missing: apt-get install postgresql-15-pgtap libtap-parser-sourcehandler-pgtap-perl');
    return 1;
  }
  const files = readdirSync(testsDir)
    .filter((file) => file.endsWith('.test.sql'))
    .sort()
    .map((file) => join('supabase/tests/database', file));

  const test = await createTestDatabase();
  try {
    await test.db.privileged((sql) => sql.query('create extension if not exists pgtap'));
    const url = new URL(test.url);
    const child = Bun.spawn(['pg_prove', '--ext', '.sql', '--failures', ...files], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PGHOST: url.hostname,
        PGPORT: url.port || '5432',
        PGUSER: decodeURIComponent(url.username),
        PGPASSWORD: decodeURIComponent(url.password),
        PGDATABASE: url.pathname.slice(1),
      },
      stdout: 'pipe',
      stderr: 'pipe',
    });
    const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
    process.stdout.write(stdout);
    process.stderr.write(stderr);
    const { passed, failed } = countPgProve(stdout, code);
    console.log(`database tests: ${passed} passed, ${failed} failed`);
    return code;
  } finally {
    await test.drop();
  }
}

if (import.meta.main) process.exit(await main());
