// `bun run rates:import FILE`: imports a carrier rate deck (CSV with a header row: prefix, destination name,
// connection fee, price per minute, initial increment, increment, number type, and optionally effective
// from; see api/src/modules/rates/importer.ts) into the database of this environment: PostgreSQL when
// DATABASE_URL is set, else the PGlite in DATA_DIR (default .data), migrated first, as the api does. PGlite
// has one process at a time: stop the api that uses the same DATA_DIR first.
// Every bad row is reported with its line number and then nothing is imported (exit code 1). On success the
// new rates take effect now (or at their `effective from`), and every api process picks them up within its
// deck poll interval (30 s).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { repoRoot } from '../api/src/config.ts';
import { openDatabaseFromEnv } from '../api/src/db/open-database.ts';
import { importRateDeck } from '../api/src/modules/rates/importer.ts';

async function main(args: string[]): Promise<number> {
  const file = args[0];
  if (!file || args.length > 1 || file === '--help' || file === '-h') {
    console.error('usage: bun run rates:import FILE.csv');
    return 2;
  }
  let text: string;
  try {
    text = readFileSync(resolve(process.cwd(), file), 'utf8');
  } catch (error) {
    console.error(`rates:import: cannot read ${file}: ${(error as Error).message}`);
    return 2;
  }
  const env = process.env;
  const db = await openDatabaseFromEnv(env, repoRoot);
  try {
    const result = await importRateDeck(db, text);
    if (!result.ok) {
      for (const problem of result.problems) console.error(`${file}:${problem.line}: ${problem.message}`);
      const lines = new Set(result.problems.map((p) => p.line)).size;
      console.error(`rates:import: ${lines} bad line${lines === 1 ? '' : 's'}; nothing was imported.`);
      return 1;
    }
    console.log(`rates:import: imported ${result.imported} rate${result.imported === 1 ? '' : 's'} from ${file} (${db.kind}).`);
    return 0;
  } finally {
    await db.close();
  }
}

if (import.meta.main) process.exit(await main(process.argv.slice(2)));
