import { describe, expect, test } from 'bun:test';
import { act, fireEvent, screen } from '@testing-library/react';
import type { CheckoutSessionState } from '@ringwise/contract/billing';
import { apiError, componentTestHooks, currentToast, deferred, json, recordNavigations, renderWithProviders, sleep, user, waitUntil } from '../../test-support.tsx';
import { CheckoutView } from './checkout-view.tsx';

const { mockFetch } = componentTestHooks();
const assign = recordNavigations();

const fast = { pollIntervalMs: 20, pollTimeoutMs: 2000 };
const alertText = () => document.querySelector('[role="alert"]')?.textContent ?? '';
const session = (overrides: Partial<CheckoutSessionState> = {}): CheckoutSessionState => ({
  id: 'cs_test_1',
  status: 'complete',
  paymentStatus: 'paid',
  amount: '25.00',
  credited: false,
  ...overrides,
});

describe('/checkout?amount=', () => {
  test('creates one payment session for the amount and sends the browser to its page', async () => {
    const reply = deferred<Response>();
    const { calls } = mockFetch(() => reply.promise);
    renderWithProviders(<CheckoutView {...fast} />, { path: '/checkout?amount=25.00' });
    expect(screen.getByRole('heading', { name: 'Adding $25.00 to your balance' })).toBeTruthy();
    await waitUntil(() => expect(calls.length).toBe(1));
    expect(calls[0]).toEqual({ method: 'POST', url: '/api/stripe/checkout-sessions', body: { amount: '25.00' } });

    await act(async () => reply.resolve(json({ id: 'cs_test_1', url: 'https://checkout.stripe.test/c/pay/cs_test_1' }, 201)));
    await waitUntil(() => expect(assign.mock.calls).toEqual([['https://checkout.stripe.test/c/pay/cs_test_1']]));
    await sleep(30);
    expect(calls.length).toBe(1);
  });

  test('an amount as typed is sent as Money ("30" → "30.00")', async () => {
    const { calls } = mockFetch(() => json({ id: 'cs_2', url: 'https://pay.test/2' }, 201));
    renderWithProviders(<CheckoutView {...fast} />, { path: '/checkout?amount=30' });
    await waitUntil(() => expect(assign.mock.calls.length).toBe(1));
    expect(calls[0]?.body).toEqual({ amount: '30.00' });
  });

  for (const [query, problem] of [
    ['?amount=4.99', 'Choose an amount from $5 to $500.'],
    ['?amount=501', 'Choose an amount from $5 to $500.'],
    ['?amount=ten', 'Enter an amount in dollars, such as 25 or 25.50.'],
    ['', 'Enter an amount in dollars, such as 25 or 25.50.'],
  ] as const) {
    test(`a refused amount (${query || 'none'}) asks for nothing and says why, with a way back`, async () => {
      const { calls } = mockFetch(() => undefined);
      const { location } = renderWithProviders(<CheckoutView {...fast} />, { path: `/checkout${query}` });
      expect(alertText()).toContain('This top-up amount cannot be used');
      expect(alertText()).toContain(problem);
      await sleep(20);
      expect(calls).toEqual([]);
      fireEvent.click(screen.getByRole('link', { name: 'Back to Balance & Transactions' }));
      expect(location.history.at(-1)).toBe('/home/transactions');
    });
  }

  test("a session that cannot be created shows the api's message; Try again asks again", async () => {
    let fail = true;
    const { calls } = mockFetch(() =>
      fail ? apiError(502, 'payment_provider_error', 'The payment provider did not answer. Please try again.') : json({ id: 'cs_3', url: 'https://pay.test/3' }, 201),
    );
    renderWithProviders(<CheckoutView {...fast} />, { path: '/checkout?amount=50.00' });
    await waitUntil(() => expect(alertText()).toContain('The payment provider did not answer. Please try again.'));
    expect(assign.mock.calls.length).toBe(0);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitUntil(() => expect(assign.mock.calls).toEqual([['https://pay.test/3']]));
    expect(calls.length).toBe(2);
  });
});

describe('/checkout?session_id= (back from the payment page)', () => {
  test('asks about the session until it is credited, then toasts, refreshes the balance and the transactions, and goes to them', async () => {
    let looks = 0;
    const { calls } = mockFetch((c) => {
      if (c.url !== '/api/stripe/checkout-sessions/cs_test_1') return undefined;
      looks += 1;
      return json(session({ credited: looks >= 3 }));
    });
    const { location, client } = renderWithProviders(<CheckoutView {...fast} />, { path: '/checkout?session_id=cs_test_1' });
    // what the header and the list show before
    client.setQueryData(['/api/auth/user'], user({ balance: '1.00' }));
    client.setQueryData(['/api/transactions'], { pages: [], pageParams: [] });
    client.setQueryData(['/api/transactions', { kind: 'payments' }], { pages: [], pageParams: [] });
    expect(screen.getByRole('heading', { name: 'Confirming your payment' })).toBeTruthy();

    await waitUntil(() => expect(location.history.at(-1)).toBe('/home/transactions'));
    expect(looks).toBe(3);
    expect(calls.every((c) => c.method === 'GET')).toBe(true);
    expect(currentToast()).toEqual({ title: 'Payment successful', description: 'Added $25.00 to your balance.', variant: 'success' });
    expect(client.getQueryState(['/api/auth/user'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['/api/transactions'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['/api/transactions', { kind: 'payments' }])?.isInvalidated).toBe(true);
    // replaced, so Back does not come here again
    expect(location.history).toEqual(['/home/transactions']);
    await sleep(60);
    expect(looks).toBe(3);
  });

  test("the toast names the session's amount", async () => {
    mockFetch(() => json(session({ amount: '7.50', credited: true })));
    renderWithProviders(<CheckoutView {...fast} />, { path: '/checkout?session_id=cs_test_1' });
    await waitUntil(() => expect(currentToast()?.description).toBe('Added $7.50 to your balance.'));
  });

  test('an expired session says so and stops asking', async () => {
    let looks = 0;
    mockFetch(() => {
      looks += 1;
      return json(session({ status: 'expired', paymentStatus: 'unpaid' }));
    });
    const { location } = renderWithProviders(<CheckoutView {...fast} />, { path: '/checkout?session_id=cs_test_1' });
    await waitUntil(() => expect(alertText()).toContain('This payment has expired'));
    expect(alertText()).toContain('No money was taken.');
    await sleep(80);
    expect(looks).toBe(1);
    expect(location.history.at(-1)).toBe('/checkout?session_id=cs_test_1');
    expect(currentToast()).toBeUndefined();
  });

  test('a session still unpaid after the wait says so; Check again waits once more', async () => {
    let looks = 0;
    let credited = false;
    mockFetch(() => {
      looks += 1;
      return json(session({ status: 'open', paymentStatus: 'unpaid', credited }));
    });
    const { location } = renderWithProviders(<CheckoutView pollIntervalMs={20} pollTimeoutMs={150} />, { path: '/checkout?session_id=cs_test_1' });
    await waitUntil(() => expect(alertText()).toContain('We have not received your payment yet'));
    expect(looks).toBeGreaterThan(3);
    const stopped = looks;
    await sleep(80);
    expect(looks).toBe(stopped);

    credited = true;
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitUntil(() => expect(location.history.at(-1)).toBe('/home/transactions'));
  });

  test('paid but not yet credited after the wait: says the balance will follow', async () => {
    mockFetch(() => json(session({ credited: false })));
    renderWithProviders(<CheckoutView pollIntervalMs={20} pollTimeoutMs={100} />, { path: '/checkout?session_id=cs_test_1' });
    await waitUntil(() => expect(alertText()).toContain('Your payment is still being processed'));
  });

  test('a session the api does not know ends the wait at once', async () => {
    let looks = 0;
    mockFetch(() => {
      looks += 1;
      return apiError(404, 'not_found', 'Checkout session not found');
    });
    renderWithProviders(<CheckoutView {...fast} />, { path: '/checkout?session_id=cs_nope' });
    await waitUntil(() => expect(alertText()).toContain('We could not find this payment'));
    expect(alertText()).toContain('Checkout session not found');
    await sleep(60);
    expect(looks).toBe(1);
  });
});

describe('/checkout?canceled=1', () => {
  test("toasts 'Payment canceled' ('No money was taken.') and goes back to the transactions, asking nothing", async () => {
    const { calls } = mockFetch(() => undefined);
    const { location } = renderWithProviders(<CheckoutView {...fast} />, { path: '/checkout?canceled=1' });
    await waitUntil(() => expect(location.history.at(-1)).toBe('/home/transactions'));
    expect(currentToast()).toEqual({ title: 'Payment canceled', description: 'No money was taken.', variant: 'default' });
    expect(location.history).toEqual(['/home/transactions']);
    expect(calls).toEqual([]);
  });
});
