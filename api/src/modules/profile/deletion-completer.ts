// The last step of an account's deletion when the request could not take it (deletion.ts, step 3): every sign-in
// Supabase Auth soft-deleted (auth.users.deleted_at, the hosted project's table or the stand-in's) whose profile is
// not deleted yet gets private.delete_account. Run by every api process; delete_account locks the profile and may run
// twice harmlessly.
import type { Database } from '../../db/database.ts';
import { periodic, type Periodic } from '../../lib/periodic.ts';

export interface DeletionCompleter extends Periodic {
  /** One round; resolves with how many deletions it finished. */
  runDue(): Promise<number>;
}

export function createDeletionCompleter(
  db: Pick<Database, 'privileged'>,
  log: (message: string, error: unknown) => void = (message, error) => console.error(`[profile] ${message}`, error),
): DeletionCompleter {
  async function runDue(): Promise<number> {
    const pending = await db.privileged((sql) =>
      sql.query<{ id: string }>(
        `select u.id::text as id from public.users u join auth.users a on a.id = u.id
         where a.deleted_at is not null and u.deleted_at is null limit 100`,
      ),
    );
    let finished = 0;
    for (const { id } of pending) {
      try {
        await db.privileged((sql) => sql.query('select private.delete_account($1)', [id]));
        finished += 1;
      } catch (error) {
        log(`could not finish deleting account ${id}; the next round tries again`, error);
      }
    }
    return finished;
  }

  const rounds = periodic(runDue, { defaultIntervalMs: 5 * 60_000, runAtStart: true, log: (error) => log('deletion round failed', error) });
  return { runDue, start: rounds.start, stop: rounds.stop };
}
