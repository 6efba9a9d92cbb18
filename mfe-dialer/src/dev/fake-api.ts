// Dev only (the standalone page with ?fake-api): answers the dialer's routes in the page, on the fake carrier
// (fake-carrier.ts), so the dialer, the call and Recent Calls can be tried without the api. In memory: a reload
// starts over. Switches:
//   &balance=0.50       the user's balance (a short call then gets the one-minute credit warning)
//   &fail=start|rate|calls|token   that route answers 500 (start: 402 'Insufficient balance')
// Destinations by their last four digits: 0002 busy, 0003 no answer, 0004 failed, 0005 answers and turns choppy;
// others answer after 2 s.
// Rates: +44 $0.032/min, every other number $0.015/min.
import type { CallStartInput, CallStarted } from '@ringwise/contract/calls';
import type { Contact } from '@ringwise/contract/contacts';
import type { ResponseOf } from '@ringwise/contract/types';
import type { CurrentUser } from '@ringwise/contract/users';
import { microDollarsOf } from '@ringwise/contract/decimal';
import { routes, type RouteName } from '@ringwise/contract/routes';
import { fakeRoute, startFakeApi, type FakeRoute } from '@ringwise/standalone/fake-api';
import { sampleUser } from '@ringwise/test-support/fixtures';
import { asListed, callById, callBySid, carrier, costOf, durationOf, moneyOfMicros, pricingOf, pricingOfRate, settle } from './fake-carrier.ts';

const LATENCY_MS = 300;
const json = (body: unknown, status = 200) => new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const failure = (status: number, code: string, message: string) => json({ error: { code, message } }, status);
/** A route's answer in the contract's shape: a fake answer that drifts from the contract stops compiling. */
const answer = <N extends RouteName>(_route: N, body: ResponseOf<N>, status = 200) => json(body, status);
const uuid = (n: number) => `30000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const contacts: Contact[] = [
  { id: uuid(901), displayName: 'Grace Hopper', primaryNumber: '+447700900123', countryCode: '+44', email: null, notes: null, favorite: true, createdAt: '2026-10-01T10:00:00.000Z', updatedAt: '2026-10-01T10:00:00.000Z' },
];

function user(): CurrentUser {
  return sampleUser({ balance: moneyOfMicros(carrier.balance), autoRechargeEnabled: false, stripeCustomerId: null });
}

const rateOf = (number: string) => (number.replace(/[^\d+]/g, '').startsWith('+44') ? 32_000n : 15_000n);

/** The dialer's routes on the fake carrier; `fail` names the routes that answer with a failure. */
export function fakeDialerRoutes(fail: ReadonlySet<string>): FakeRoute[] {
  let next = 1;
  return [
    fakeRoute(routes.currentUser, () => answer('currentUser', user())),
    fakeRoute(routes.listVirtualNumbers, () => answer('listVirtualNumbers', [])),
    fakeRoute(routes.listCallerIds, () => answer('listCallerIds', [])),
    // one page (ContactPage), as the contacts remote's widgets read it
    fakeRoute(routes.listContacts, () => answer('listContacts', { contacts, nextCursor: null })),
    fakeRoute(routes.listTransactions, () => answer('listTransactions', { items: [], nextCursor: null })),
    fakeRoute(routes.getCallingToken, () => {
      if (fail.has('token')) return failure(500, 'internal', 'Failed to get access token');
      return answer('getCallingToken', { token: 'fake-token', identity: 'dev', expiresAt: new Date(Date.now() + 3_600_000).toISOString(), device: 'simulator', signalling: { chunderw: `${location.host}/sim/twilio/voice` } });
    }),
    fakeRoute(routes.lookupRate, ({ url }) => {
      if (fail.has('rate')) return failure(500, 'internal', 'Rate lookup failed');
      const number = url.searchParams.get('number') ?? '';
      const rate = rateOf(number);
      const uk = rate === 32_000n;
      return answer('lookupRate', { rate: Number(rate) / 1e6, country: uk ? 'United Kingdom' : 'United States', countryCode: uk ? 'GB' : 'US', numberType: 'mobile', ...pricingOfRate(rate) });
    }),
    fakeRoute(routes.startCall, ({ body }) => {
      if (fail.has('start')) return failure(402, 'insufficient_balance', 'Insufficient balance. Please add credits to make calls.');
      const input = body as CallStartInput;
      const rate = rateOf(input.destinationNumber);
      if (carrier.balance < rate) return failure(402, 'insufficient_balance', 'Insufficient balance. Please add credits to make calls.');
      const id = uuid(next++);
      carrier.calls.unshift({
        id,
        sid: null,
        destinationNumber: input.destinationNumber,
        fromNumber: input.fromNumber ?? '+18885550100',
        callingMethod: input.fromNumber ? 'virtual' : 'public',
        rate,
        status: 'queued',
        createdAt: Date.now(),
        answeredAt: null,
        endedAt: null,
        feedbackScore: null,
      });
      const started: CallStarted = {
        callId: id,
        rate: `0.${String(rate).padStart(6, '0')}`,
        pricing: pricingOf(callById(id)!),
        maxDurationSeconds: Math.max(1, Number((carrier.balance * 60n) / rate)),
        destinationNumber: input.destinationNumber,
        fromNumber: input.fromNumber ?? '+18885550100',
        callingMethod: input.fromNumber ? 'virtual' : 'public',
      };
      return answer('startCall', started, 201);
    }),
    fakeRoute(routes.setCallSid, ({ params }) => (callById(params.id) ? json(undefined, 204) : failure(404, 'not_found', 'Call not found'))),
    fakeRoute(routes.getCallStatus, ({ params }) => {
      const call = callBySid(params.callSid);
      if (!call) return failure(404, 'not_found', 'Call not found');
      return answer('getCallStatus', { status: call.status, duration: durationOf(call), cost: moneyOfMicros(costOf(call)) });
    }),
    fakeRoute(routes.sendCallFeedback, ({ params, body }) => {
      const call = callById(params.id);
      if (!call) return failure(404, 'not_found', 'Call not found');
      call.feedbackScore = (body as { score: number }).score;
      return json(undefined, 204);
    }),
    fakeRoute(routes.setCallQuality, ({ params }) => (callById(params.id) ? json(undefined, 204) : failure(404, 'not_found', 'Call not found'))),
    fakeRoute(routes.currentCall, () => {
      const live = carrier.calls.find((c) => c.endedAt === null && (c.status === 'ringing' || c.status === 'in-progress'));
      return answer('currentCall', live ? asListed(live) : null);
    }),
    fakeRoute(routes.endCall, ({ params }) => {
      const call = callById(params.id);
      if (!call) return failure(404, 'not_found', 'Call not found');
      settle(call, call.answeredAt ? 'completed' : 'canceled');
      return json(undefined, 204);
    }),
    fakeRoute(routes.unseenCalls, () => answer('unseenCalls', { missed: 0 })),
    fakeRoute(routes.markCallsSeen, () => json(undefined, 204)),
    fakeRoute(routes.listCalls, ({ url }) => {
      if (fail.has('calls')) return failure(500, 'internal', 'Something went wrong on our side. Please try again.');
      const pageSize = 10;
      const offset = Number(url.searchParams.get('cursor') ?? '0');
      const items = carrier.calls.slice(offset, offset + pageSize).map((c) => asListed(c));
      return answer('listCalls', { items, nextCursor: offset + pageSize < carrier.calls.length ? String(offset + pageSize) : null });
    }),
  ];
}

export async function installFakeDialerApi(): Promise<void> {
  const params = new URLSearchParams(window.location.search);
  const fail = new Set((params.get('fail') ?? '').split(',').filter(Boolean));
  const balance = params.get('balance');
  if (balance) carrier.balance = microDollarsOf(balance) ?? carrier.balance;
  await startFakeApi(fakeDialerRoutes(fail), {
    latencyMs: LATENCY_MS,
    otherRoutes: (method, url) => failure(404, 'not_found', `No fake route for ${method} ${url.pathname}`),
  });
  // a few calls to look at in Recent Calls
  seedHistory();
}

function seedHistory() {
  const now = Date.now();
  const past = (id: number, destinationNumber: string, status: 'completed' | 'busy' | 'no-answer', seconds: number, hoursAgo: number) => {
    const createdAt = now - hoursAgo * 3_600_000;
    const call = {
      id: uuid(500 + id),
      sid: `CA${String(id).padStart(32, '0')}`,
      destinationNumber,
      fromNumber: '+18885550100',
      callingMethod: 'public' as const,
      rate: rateOf(destinationNumber),
      status,
      createdAt,
      answeredAt: seconds > 0 ? createdAt + 5000 : null,
      endedAt: createdAt + 5000 + seconds * 1000,
      feedbackScore: null,
    };
    carrier.calls.push(call);
  };
  past(1, '+447700900123', 'completed', 125, 3);
  past(2, '+14155550199', 'busy', 0, 26);
  past(3, '+33612345678', 'no-answer', 0, 50);
  for (let i = 4; i < 14; i += 1) past(i, `+1415555${String(1000 + i)}`, 'completed', 30 + i * 7, 60 + i * 5);
}
