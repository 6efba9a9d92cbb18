// PATCH /api/calls/{id}/quality (issue #23): what the browser's Voice SDK measured on a call, kept on its record.
// The device may send it more than once (during the call, at its end, again after a reload), so each summary is
// added to what the call has: the lower MOS, the warnings of both in the order first seen, at most 10.
import type { CallQualitySummary } from '@ringwise/contract/schemas';
import type { Database } from '../../db/database.ts';
import { isUuid } from '../../lib/uuid.ts';
import { HttpError } from '../../plugins/errors.ts';

/** What public.calls holds (its checks): at most 10 warnings, each at most 40 characters. */
export const maxQualityWarnings = 10;
const maxWarningLength = 40;

/** The call's summary and a new one as one: the worse MOS of the two and every warning once, those the record
 *  holds (the contract refuses longer names; this keeps the record's checks whatever a client sends). */
export function mergeQuality(kept: CallQualitySummary | null, sent: CallQualitySummary): CallQualitySummary {
  const scores = [kept?.worstMos, sent.worstMos].filter((mos): mos is number => typeof mos === 'number');
  const named = [...(kept?.warnings ?? []), ...sent.warnings].filter((name) => name.length > 0 && name.length <= maxWarningLength);
  const warnings = [...new Set(named)].slice(0, maxQualityWarnings);
  return { worstMos: scores.length > 0 ? Math.min(...scores) : null, warnings };
}

interface QualityRow {
  worst_mos: number | null;
  warnings: string[] | null;
}

/** A row's summary, or null when the device has not sent one. */
export function qualityOf(row: QualityRow): CallQualitySummary | null {
  if (row.worst_mos === null && row.warnings === null) return null;
  return { worstMos: row.worst_mos, warnings: row.warnings ?? [] };
}

/** The user's role reads calls but writes none: ownership and the write in one privileged transaction, on the
 *  locked row (as linking the SID does). */
export async function setCallQuality(db: Pick<Database, 'privileged'>, userId: string, id: string, sent: CallQualitySummary): Promise<void> {
  if (!isUuid(id)) throw callNotFound();
  await db.privileged(async (sql) => {
    const [row] = await sql.query<QualityRow>(
      `select quality_worst_mos::float8 as worst_mos, quality_warnings as warnings
       from public.calls where id = $1 and user_id = $2 and deleted_at is null for update`,
      [id, userId],
    );
    if (!row) throw callNotFound();
    const merged = mergeQuality(qualityOf(row), sent);
    await sql.query('update public.calls set quality_worst_mos = $2, quality_warnings = $3::text[] where id = $1', [id, merged.worstMos, merged.warnings]);
  });
}

const callNotFound = () => new HttpError(404, 'not_found', 'Call not found');
