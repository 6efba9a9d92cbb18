// Dev only (the standalone page with ?fake-api): a pretend carrier behind both the fake api (fake-api.ts) and the
// fake calling device (fake-device.ts), so a call's backend status, duration and cost agree with what the device
// did. Destinations by their last four digits: 0002 busy, 0003 no answer (after 6 s of ringing), 0004 failed;
// every other number answers after 2 s and stays up until hung up.
import { billedSecondsOf, callCostCents, type Call, type CallPricing, type CallStatus } from '@ringwise/contract/calls';

export interface CarrierCall {
  id: string;
  sid: string | null;
  destinationNumber: string;
  fromNumber: string;
  callingMethod: 'public' | 'virtual' | 'verified';
  /** Micro-dollars per minute. */
  rate: bigint;
  status: CallStatus;
  createdAt: number;
  answeredAt: number | null;
  endedAt: number | null;
  feedbackScore: number | null;
}

export const carrier = {
  calls: [] as CarrierCall[],
  /** Micro-dollars. */
  balance: 12_500_000n,
  connectionFee: 0n,
};

export const RING_MS = 2000;
export const NO_ANSWER_MS = 6000;

export function outcomeOf(destination: string): 'busy' | 'no-answer' | 'failed' | 'answer' {
  if (destination.endsWith('0002')) return 'busy';
  if (destination.endsWith('0003')) return 'no-answer';
  if (destination.endsWith('0004')) return 'failed';
  return 'answer';
}

export const callBySid = (sid: string) => carrier.calls.find((c) => c.sid === sid);
export const callById = (id: string) => carrier.calls.find((c) => c.id === id);

/** Seconds billed so far (whole seconds since the answer). */
export function durationOf(call: CarrierCall, now = Date.now()): number {
  if (call.answeredAt === null) return 0;
  return Math.floor(((call.endedAt ?? now) - call.answeredAt) / 1000);
}

const rateText = (micros: bigint) => `${micros / 1_000_000n}.${String(micros % 1_000_000n).padStart(6, '0')}`;

/** What a call at `rate` (micro-dollars a minute) is charged by: the carrier's connection fee, 60/60 increments. */
export function pricingOfRate(rate: bigint): CallPricing {
  return { pricePerMinute: rateText(rate), connectionFee: rateText(carrier.connectionFee), initialIncrement: 60, increment: 60 };
}

/** What the call is charged by. */
export const pricingOf = (call: CarrierCall): CallPricing => pricingOfRate(call.rate);

/** The call's cost by the api's own rule, in micro-dollars (a whole number of cents). */
export function costOf(call: CarrierCall): bigint {
  return callCostCents(pricingOf(call), durationOf(call), call.answeredAt !== null) * 10_000n;
}

/** The call ends on the carrier's side: settles it once. */
export function settle(call: CarrierCall, status: CallStatus): void {
  if (call.endedAt !== null) return;
  call.status = status;
  call.endedAt = Date.now();
  carrier.balance -= costOf(call);
}

const money = (micros: bigint) => `${micros / 1_000_000n}.${String((micros % 1_000_000n) / 10_000n).padStart(2, '0')}`;
export const moneyOfMicros = money;

/** The call as GET /api/calls lists it. */
export function asListed(call: CarrierCall): Call {
  const duration = durationOf(call);
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  const settled = call.endedAt !== null && call.answeredAt !== null;
  return {
    id: call.id,
    destinationNumber: call.destinationNumber,
    fromNumber: call.fromNumber,
    status: call.status,
    callingMethod: call.callingMethod,
    callDirection: 'outbound',
    duration,
    cost: money(costOf(call)),
    rate: rateText(call.rate),
    startTime: iso(call.createdAt),
    endTime: iso(call.endedAt),
    endReason: null,
    createdAt: new Date(call.createdAt).toISOString(),
    costItems: settled
      ? {
          matchedPrefix: call.destinationNumber.startsWith('+44') ? '447' : '1',
          rateName: call.destinationNumber.startsWith('+44') ? 'United Kingdom — Mobile' : 'United States — Landline',
          rate: rateText(call.rate),
          connectionFee: money(carrier.connectionFee),
          initialIncrement: 60,
          increment: 60,
          billedSeconds: billedSecondsOf(duration, 60, 60),
        }
      : null,
    feedbackScore: call.feedbackScore,
    contactName: null,
  };
}
