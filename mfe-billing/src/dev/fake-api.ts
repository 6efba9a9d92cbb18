// Dev only (the standalone page with ?fake-api): answers the billing routes in the page, with the api's rules
// and error envelopes (spec §5, §7, §8), so the UI can be worked on without the api. The state lives in
// sessionStorage, so it survives the full-page trips to the (simulated) payment pages.
//   &fail=preferences|portal|checkout|transactions   that route answers 500 (to see rollbacks and failures)
//   &no-customer                                     the user has no payment customer yet
import type { CheckoutSessionState, Transaction } from '@ringwise/contract/billing';
import { centsOf, moneyOf, parseTopUpAmount } from '@ringwise/contract/billing';
import { routes } from '@ringwise/contract/routes';
import { preferenceKeys, preferenceMessages, preferenceOptions, type CurrentUser } from '@ringwise/contract/users';
import { fakeRoute, startFakeApi, type FakeRoute } from '@ringwise/standalone/fake-api';
import { sampleUser } from '@ringwise/test-support/fixtures';
import { devHref } from './dev-location.ts';

const LATENCY_MS = 350;
const PAGE_SIZE = 10;
/** How long after the return from the payment page the (simulated) payment event credits the balance. */
const CREDIT_DELAY_MS = 2500;
const STORAGE_KEY = 'ringwise-billing-fake-api';

interface FakeSession extends CheckoutSessionState {
  creditAt: number | null;
}
interface FakeState {
  user: CurrentUser;
  transactions: Transaction[];
  sessions: Record<string, FakeSession>;
  next: number;
}

function seed(noCustomer: boolean): FakeState {
  const now = Date.now();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * 3_600_000).toISOString();
  const entry = (n: number, type: Transaction['type'], amount: string, description: string | null, hoursAgo: number, status: Transaction['status'] = 'completed'): Transaction => ({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    type,
    amount,
    description,
    status,
    createdAt: at(hoursAgo),
    callId: type === 'call_charge' ? `10000000-0000-4000-8000-${String(n).padStart(12, '0')}` : null,
  });
  const destinations = ['+44 7700 900123', '+1 (202) 555-0123', '+33 1 23 45 67 89', '+49 30 901820', '+81 3 1234 5678'];
  const transactions: Transaction[] = [
    entry(1, 'call_charge', '-0.06', 'Call to +44 7700 900123 (2 min)', 1),
    entry(2, 'credit_purchase', '25.00', 'Account top-up', 3, 'pending'),
    entry(3, 'credit_purchase', '50.00', 'Account top-up', 5, 'failed'),
    entry(4, 'number_purchase', '-1.15', 'Virtual number +44 20 7946 0018', 20),
    entry(5, 'refund', '0.12', 'Refund for a dropped call', 26),
  ];
  for (let i = 0; i < 22; i++) {
    const n = 6 + i;
    if (i % 7 === 3) transactions.push(entry(n, i % 2 ? 'auto_recharge' : 'credit_purchase', i % 2 ? '25.00' : '10.00', i % 2 ? 'Auto-recharge' : 'Account top-up', 30 + i * 9));
    else transactions.push(entry(n, 'call_charge', `-${(0.02 * ((i % 5) + 1)).toFixed(2)}`, `Call to ${destinations[i % destinations.length]} (${(i % 5) + 1} min)`, 30 + i * 9));
  }
  transactions.push(entry(99, 'adjustment', '5.00', null, 24 * 40));
  const created = at(24 * 60);
  return {
    user: sampleUser({ stripeCustomerId: noCustomer ? null : 'cus_fake_0001', createdAt: created, updatedAt: created }),
    transactions,
    sessions: {
      cs_fake_expired: { id: 'cs_fake_expired', status: 'expired', paymentStatus: 'unpaid', amount: '25.00', credited: false, creditAt: null },
      cs_fake_unpaid: { id: 'cs_fake_unpaid', status: 'open', paymentStatus: 'unpaid', amount: '25.00', credited: false, creditAt: null },
    },
    next: 1,
  };
}

const respond = (body: unknown, status = 200) =>
  new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const failure = (status: number, code: string, message: string, details?: unknown) =>
  respond({ error: { code, message, ...(details ? { details } : {}) } }, status);

/** The billing routes on the state kept in sessionStorage (seeded when there is none). */
export function fakeBillingRoutes(options: URLSearchParams): FakeRoute[] {
  const failing = new Set((options.get('fail') ?? '').split(',').filter(Boolean));
  const stored = window.sessionStorage.getItem(STORAGE_KEY);
  let state: FakeState = stored ? (JSON.parse(stored) as FakeState) : seed(options.has('no-customer'));
  const save = () => window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  save();

  function settle(session: FakeSession): FakeSession {
    // back from the simulated payment page: paid now, credited a moment later (the payment event)
    if (session.status === 'open' && session.id.startsWith('cs_fake_') && session.id !== 'cs_fake_unpaid') {
      session.status = 'complete';
      session.paymentStatus = 'paid';
      session.creditAt = Date.now() + CREDIT_DELAY_MS;
    }
    if (!session.credited && session.creditAt !== null && Date.now() >= session.creditAt) {
      session.credited = true;
      state.user = { ...state.user, balance: moneyOf(centsOf(state.user.balance)! + centsOf(session.amount)!), stripeCustomerId: state.user.stripeCustomerId ?? 'cus_fake_0001' };
      state.transactions.unshift({
        id: `30000000-0000-4000-8000-${String(state.next++).padStart(12, '0')}`,
        type: 'credit_purchase',
        amount: session.amount,
        description: 'Account top-up',
        status: 'completed',
        createdAt: new Date().toISOString(),
        callId: null,
      });
    }
    save();
    return session;
  }

  return [
    fakeRoute(routes.currentUser, () => respond(state.user)),
    fakeRoute(routes.updatePreference, ({ body }) => {
      if (failing.has('preferences')) return failure(500, 'internal_error', 'Something went wrong on our side.');
      const change = (body ?? {}) as Record<string, unknown>;
      const keys = Object.keys(change);
      if (keys.length !== 1) return failure(400, 'validation_failed', preferenceMessages.exactlyOne);
      const key = keys[0]!;
      const value = change[key];
      if (!(preferenceKeys as readonly string[]).includes(key)) return failure(400, 'validation_failed', preferenceMessages.unknownKey(key));
      if (key in preferenceOptions) {
        const amountKey = key as keyof typeof preferenceOptions;
        if (!(preferenceOptions[amountKey] as readonly unknown[]).includes(value)) return failure(400, 'validation_failed', preferenceMessages.amount(amountKey));
      } else if (key !== 'defaultCallerId' && typeof value !== 'boolean') {
        return failure(400, 'validation_failed', preferenceMessages.boolean(key));
      }
      state.user = { ...state.user, [key]: value, updatedAt: new Date().toISOString() };
      save();
      return respond(state.user);
    }),
    fakeRoute(routes.listTransactions, ({ url }) => {
      if (failing.has('transactions')) return failure(500, 'internal_error', 'Something went wrong on our side.');
      const payments = url.searchParams.get('kind') === 'payments';
      const list = payments ? state.transactions.filter((t) => t.type === 'credit_purchase' || t.type === 'auto_recharge') : state.transactions;
      const start = Number(url.searchParams.get('cursor') ?? '0');
      const items = list.slice(start, start + PAGE_SIZE);
      return respond({ items, nextCursor: start + PAGE_SIZE < list.length ? String(start + PAGE_SIZE) : null });
    }),
    fakeRoute(routes.createCheckoutSession, ({ body }) => {
      if (failing.has('checkout')) return failure(502, 'payment_provider_error', 'The payment provider did not answer. Please try again.');
      const parsed = parseTopUpAmount(String((body as { amount?: unknown } | undefined)?.amount ?? ''));
      if ('problem' in parsed) return failure(400, 'validation_failed', parsed.problem, { fieldErrors: { amount: parsed.problem } });
      const id = `cs_fake_${Date.now().toString(36)}`;
      state.sessions[id] = { id, status: 'open', paymentStatus: 'unpaid', amount: parsed.amount, credited: false, creditAt: null };
      save();
      return respond({ id, url: devHref(`/fake-pay?session=${id}`) }, 201);
    }),
    fakeRoute(routes.getCheckoutSession, ({ params }) => {
      const session = state.sessions[params.id];
      if (!session) return failure(404, 'not_found', 'Checkout session not found');
      const { creditAt: _creditAt, ...answer } = settle(session);
      return respond(answer);
    }),
    fakeRoute(routes.createPortalSession, () => {
      if (failing.has('portal') || !state.user.stripeCustomerId) return failure(500, 'internal_error', 'Something went wrong on our side.');
      return respond({ url: devHref('/fake-portal') });
    }),
  ];
}

export async function installFakeBillingApi(): Promise<void> {
  await startFakeApi(fakeBillingRoutes(new URLSearchParams(window.location.search)), { latencyMs: LATENCY_MS });
  console.info('[billing] ?fake-api: the billing routes are answered in this page (state in sessionStorage; &reset to start over)');
}

/** Forget the fake state (the page's &reset). */
export function resetFakeBillingApi(): void {
  window.sessionStorage.removeItem(STORAGE_KEY);
}
