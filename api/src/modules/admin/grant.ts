// Making the first admin (`bun run admin:grant EMAIL`): an existing account gets role admin, written to the
// audit log (private.grant_admin). Privileged code only: no /api route can do it.
import type { Database } from '../../db/database.ts';

export class NoSuchAccountError extends Error {
  override readonly name = 'NoSuchAccountError';
}

/** Gives the account with `email` (any case) role admin; its id. NoSuchAccountError when nobody has it. */
export async function grantAdmin(db: Pick<Database, 'privileged'>, email: string): Promise<string> {
  try {
    const [row] = await db.privileged((sql) => sql.query<{ id: string }>('select private.grant_admin($1)::text as id', [email]));
    return row!.id;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'P0002') throw new NoSuchAccountError(`No account has the e-mail ${email.trim()}. Sign up first, then grant.`);
    throw error;
  }
}
