// The last step of an account's deletion when the request could not take it (deletion.ts, step 3): every sign-in
// Supabase Auth soft-deleted (auth.users.deleted_at, the hosted project's table or the stand-in's) whose profile is
// not deleted yet gets private.delete_account. Run by every api process; delete_account locks the profile and may run
// twice harmlessly.
import type { Database } from '../../db/database.ts';

export interface DeletionCompleter {
  /** One round; resolves with how many deletions it finished. */
  runDue(): Promise<number>;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
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

  let timer: ReturnType<typeof setInterval> | null = null;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = runDue()
      .catch((error: unknown) => log('deletion round failed', error))
      .finally(() => {
        running = null;
      });
  };
  return {
    runDue,
    start(intervalMs = 5 * 60_000) {
      if (timer) return;
      timer = setInterval(tick, intervalMs);
      timer.unref?.();
      tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
