// Where a stand-in process keeps its state: its own embedded PGlite in a folder of DATA_DIR (or in memory), never
// the product's database, as a provider keeps its own. A bigint comes back as a string, as the simulators expect.
import { mkdirSync } from 'node:fs';
import { PGlite, types } from '@electric-sql/pglite';
import type { SimulatorDatabase } from './host.ts';

export interface StandInDatabase extends SimulatorDatabase {
  close(): Promise<void>;
}

/** Opens (creating it when missing) the PGlite database in `dir`, or an in-memory one for null. */
export async function openStandInDatabase(dir: string | null): Promise<StandInDatabase> {
  if (dir !== null) mkdirSync(dir, { recursive: true });
  const pglite = await PGlite.create({ ...(dir !== null ? { dataDir: dir } : {}), parsers: { [types.INT8]: (text: string) => text } });
  return {
    privileged: (work) => pglite.transaction((tx) => work({ query: async <T,>(text: string, params?: unknown[]) => (await tx.query<T>(text, params)).rows })),
    close: () => pglite.close(),
  };
}
