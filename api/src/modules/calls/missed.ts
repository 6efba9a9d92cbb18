// Missed calls (issue 36): the incoming calls nobody took that the user has not seen in Recent Calls yet (the Calls
// tab's badge), and marking them seen when Recent Calls is opened.
import type { UnseenCalls } from '@ringwise/contract/schemas';
import { unansweredIncomingStatuses } from '@ringwise/contract/calls';
import type { Database, Sql } from '../../db/database.ts';

// the predicate of the partial index calls_unseen_missed_idx, so both statements read it alone
const unseenMissed = `call_direction = 'inbound' and seen_at is null and deleted_at is null
  and status in (${unansweredIncomingStatuses.map((status) => `'${status}'`).join(', ')})`;

/** GET /api/calls/unseen, as the user (RLS: their own calls only). */
export async function unseenCalls(sql: Sql): Promise<UnseenCalls> {
  const [row] = await sql.query<{ missed: number }>(`select count(*)::int as missed from public.calls where ${unseenMissed}`);
  return { missed: row?.missed ?? 0 };
}

/** POST /api/calls/seen: the user's role reads calls but writes none, so the api marks them, for this user only. */
export async function markCallsSeen(db: Pick<Database, 'privileged'>, userId: string): Promise<void> {
  await db.privileged((sql) => sql.query(`update public.calls set seen_at = now() where user_id = $1 and ${unseenMissed}`, [userId]));
}
