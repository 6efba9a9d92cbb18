// `bun run ledger:verify`: recomputes every balance from the ledger (the sum of each user's completed entries)
// in the database of this environment (PostgreSQL when DATABASE_URL is set, else the PGlite in DATA_DIR,
// default .data; PGlite has one process at a time: stop the api that uses the same DATA_DIR first). Prints
// each user whose balance differs, or is negative, and exits 1 if there is any; 0 with "ledger holds".
import { repoRoot } from '../api/src/config.ts';
import { openDatabaseFromEnv } from '../api/src/db/open-database.ts';
import { ledgerDifferences } from '../api/src/modules/billing/ledger.ts';

const env = process.env;
const db = await openDatabaseFromEnv(env, repoRoot);
try {
  const [differences, [count]] = await db.privileged(async (sql) => [
    await ledgerDifferences(sql),
    await sql.query<{ users: string; entries: string }>(
      'select (select count(*) from public.users)::text as users, (select count(*) from public.transactions)::text as entries',
    ),
  ] as const);
  for (const d of differences) {
    console.log(`${d.email} (${d.user_id}): balance ${d.balance}, ledger ${d.ledger}, difference ${d.difference}`);
  }
  console.log(
    differences.length === 0
      ? `ledger holds: ${count?.users} users, ${count?.entries} entries, every balance the sum of its completed entries, none negative`
      : `ledger does not hold: ${differences.length} user${differences.length === 1 ? '' : 's'}`,
  );
  process.exitCode = differences.length === 0 ? 0 : 1;
} finally {
  await db.close();
}
