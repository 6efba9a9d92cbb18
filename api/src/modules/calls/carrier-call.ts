// A call's state at the carrier, and hanging it up there, through the official SDK (Twilio or the simulator). Used
// when we cannot wait for the carrier to report: the user ends a call their page no longer has, or the sweeper finds
// a call long past its time limit. Never inside a transaction (the SDK's transport refuses).
import type { Twilio } from 'twilio';
import { isTerminalCallStatus } from '@ringwise/contract/calls';
import { carrier, isRestException } from '../numbers/carrier.ts';

/** What the carrier knows of one call: its status and, once over, its duration; null when it has no such call. */
export interface CarrierRecord {
  status: string;
  duration: number;
}

const unknownCall = (error: unknown) => isRestException(error) && error.status === 404;

/** The carrier's record of a call or leg by SID, or null when it has none. Other failures are thrown (503 for a
 *  carrier that cannot be reached). */
export async function carrierRecordOf(twilio: Twilio, sid: string): Promise<CarrierRecord | null> {
  try {
    const call = await carrier(() => twilio.calls(sid).fetch());
    return { status: call.status, duration: Number(call.duration ?? 0) || 0 };
  } catch (error) {
    if (unknownCall(error)) return null;
    throw error;
  }
}

/** What became of a hang-up: the carrier is ending the call (its status callbacks follow), had already ended it
 *  (the record says how), or has no such call. */
export type HangUp = { outcome: 'ending' } | { outcome: 'ended'; record: CarrierRecord } | { outcome: 'unknown' };

/**
 * Asks the carrier to end a call: `canceled` while it is queued or ringing there, `completed` once in progress (as
 * Twilio takes them: `canceled` does nothing to a call in progress, and `completed` does not stop one that rings).
 */
export async function hangUpAtCarrier(twilio: Twilio, sid: string): Promise<HangUp> {
  const record = await carrierRecordOf(twilio, sid);
  if (!record) return { outcome: 'unknown' };
  if (isTerminalCallStatus(record.status)) return { outcome: 'ended', record };
  const status = record.status === 'queued' || record.status === 'ringing' ? 'canceled' : 'completed';
  try {
    await carrier(() => twilio.calls(sid).update({ status }));
  } catch (error) {
    if (unknownCall(error)) return { outcome: 'unknown' };
    throw error;
  }
  return { outcome: 'ending' };
}
