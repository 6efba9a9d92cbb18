// A virtual number's call forwarding (issue 36; packages/contract/src/numbers/forwarding.ts): read in the user's session
// (RLS), written by the api in one statement that checks the number is theirs and rings (active or in grace) and the
// target is one of their verified caller IDs. The forwarding itself happens in calls/forward.ts.
import { forwardingMessages } from '@ringwise/contract/numbers';
import type { NumberForwarding, NumberForwardingInput } from '@ringwise/contract/schemas';
import { normalizeDialledNumber } from '@ringwise/phone';
import type { Database, Sql } from '../../db/database.ts';
import { isUuid } from '../../lib/uuid.ts';
import { fieldValidationError, HttpError } from '../../plugins/errors.ts';
import { forwardingColumnsSql, type ForwardingMode } from '../calls/forward.ts';

const numberNotFound = () => new HttpError(404, 'not_found', 'Virtual number not found');

type ForwardingRow = { forwarding_mode: ForwardingMode; forward_to: string | null };

const forwardingOf = (row: ForwardingRow): NumberForwarding =>
  row.forwarding_mode === 'off' ? { mode: 'off', to: null } : { mode: row.forwarding_mode, to: row.forward_to };

/** GET /api/virtual-numbers/{id}/forwarding, as the user: off when its target is no longer a verified caller ID. */
export async function getForwarding(sql: Sql, numberId: string): Promise<NumberForwarding> {
  if (!isUuid(numberId)) throw numberNotFound();
  const [row] = await sql.query<ForwardingRow>(
    `select ${forwardingColumnsSql} from public.virtual_numbers v where v.id = $1 and v.status in ('active', 'grace')`,
    [numberId],
  );
  if (!row) throw numberNotFound();
  return forwardingOf(row);
}

/** The target as E.164, or the field's message. */
function targetOf(input: NumberForwardingInput): string | null {
  if (input.mode === 'off') return null;
  const typed = input.to?.trim() ?? '';
  if (!typed) throw fieldValidationError({ to: forwardingMessages.targetRequired });
  const dialled = normalizeDialledNumber(typed);
  if ('problem' in dialled) throw fieldValidationError({ to: forwardingMessages.targetNotVerified });
  return `+${dialled.digits}`;
}

/** PUT /api/virtual-numbers/{id}/forwarding. */
export async function setForwarding(db: Pick<Database, 'privileged'>, userId: string, numberId: string, input: NumberForwardingInput): Promise<NumberForwarding> {
  if (!isUuid(numberId)) throw numberNotFound();
  const to = targetOf(input);
  return db.privileged(async (sql) => {
    const [row] = await sql.query<ForwardingRow & { target_ok: boolean }>(
      `with target as (
         select $4::text is null or exists (
           select 1 from public.verified_caller_ids c
           where c.user_id = $2 and c.phone_number = $4 and c.verification_status = 'verified' and c.deleted_at is null) as ok),
       changed as (
         update public.virtual_numbers v set forwarding_mode = $3, forward_to = $4
         from target where target.ok and v.id = $1 and v.user_id = $2 and v.status in ('active', 'grace')
         returning v.forwarding_mode, v.forward_to)
       select (select ok from target) as target_ok, changed.* from (select) one left join changed on true`,
      [numberId, userId, input.mode, to],
    );
    if (!row?.target_ok) throw fieldValidationError({ to: forwardingMessages.targetNotVerified });
    if (!row.forwarding_mode) {
      const [own] = await sql.query('select 1 from public.virtual_numbers where id = $1 and user_id = $2 and status in ($3, $4)', [numberId, userId, 'active', 'grace']);
      if (!own) throw numberNotFound();
    }
    return forwardingOf(row);
  });
}
