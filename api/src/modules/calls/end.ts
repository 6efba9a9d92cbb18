// POST /api/calls/{id}/end (issue #23): the user ends their own call when their page no longer has it (a reload
// dropped the device's call object) and the carrier has not ended it. The carrier is asked to end it, with no
// transaction open meanwhile, and its status callbacks then settle it as usual. A call that never reached the
// carrier, that the carrier does not know, or that is over there without its callbacks having reached us, is
// ended and settled here at once, as the sweeper would.
import type { Twilio } from 'twilio';
import { isTerminalCallStatus } from '@ringwise/contract/calls';
import type { Database } from '../../db/database.ts';
import { isUuid } from '../../lib/uuid.ts';
import { HttpError } from '../../plugins/errors.ts';
import { hangUpAtCarrier, type HangUp } from './carrier-call.ts';
import { endUnreported, type OpenCall } from './sweeper.ts';

const endReasons: Record<Exclude<HangUp['outcome'], 'ending'> | 'not-placed', string> = {
  'not-placed': 'ended by the user before it reached the carrier',
  unknown: 'ended by the user: the carrier had no such call',
  ended: 'ended by the user: already over at the carrier',
};

export async function endCall(db: Pick<Database, 'privileged'>, twilio: Twilio, userId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw callNotFound();
  const [call] = await db.privileged((sql) =>
    sql.query<OpenCall & { settled: boolean }>(
      `select id, status, twilio_call_sid, dial_call_sid, settled_at is not null as settled
       from public.calls where id = $1 and user_id = $2 and deleted_at is null`,
      [id, userId],
    ),
  );
  if (!call) throw callNotFound();
  if (call.settled || isTerminalCallStatus(call.status)) throw new HttpError(409, 'conflict', 'This call has already ended.');
  const hangUp: HangUp | null = call.twilio_call_sid ? await hangUpAtCarrier(twilio, call.twilio_call_sid) : null;
  if (hangUp?.outcome === 'ending') return;
  await endUnreported(db, twilio, call, {
    // a call never answered was canceled; one answered whose end the carrier cannot tell is lost, as the sweeper says
    status: call.status === 'in-progress' ? 'failed' : 'canceled',
    endReason: endReasons[hangUp?.outcome ?? 'not-placed'],
  });
}

const callNotFound = () => new HttpError(404, 'not_found', 'Call not found');
