import { describe, expect, test } from 'bun:test';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { CurrentUser } from '@ringwise/contract/users';
import { __resetToastsForTests } from '@ringwise/ui/toast';
import { apiError, choose, componentTestHooks, currentToast, deferred, json, recordNavigations, renderWithProviders, sleep, transaction, user, userPreferencesApi, waitUntil, type FetchCall } from '../../test-support.tsx';
import { BillingSettings } from './billing-settings.tsx';
import { NotificationSettings } from './notification-settings.tsx';

const { mockFetch } = componentTestHooks();
const assign = recordNavigations();

/** The user's preferences as the api keeps them (userPreferencesApi), and any `other` answer. */
function serve(current: CurrentUser, patch?: (call: FetchCall) => Response | Promise<Response> | undefined, other?: (call: FetchCall) => Response | Promise<Response> | undefined) {
  const preferences = userPreferencesApi(current, patch);
  const fetchMock = mockFetch((call) => preferences(call) ?? other?.(call));
  return { ...fetchMock, patches: () => fetchMock.calls.filter((c) => c.method === 'PATCH') };
}

const savedToast = { title: 'Settings updated', description: 'Your preferences have been saved successfully.', variant: 'success' } as const;
const failedToast = { title: 'Update failed', description: 'Failed to update your settings. Please try again.', variant: 'destructive' } as const;

const switchState = (name: string) => screen.getByRole('switch', { name }).getAttribute('aria-checked');
const selectText = (name: string) => screen.getByRole('combobox', { name }).textContent;

describe('Settings > Billing', () => {
  test('Auto-Recharge: the switch and its two selects show the saved preferences; options from spec §9', async () => {
    serve(user({ autoRechargeEnabled: true, autoRechargeTrigger: '10.00', autoRechargeAmount: '50.00' }));
    renderWithProviders(<BillingSettings />);
    expect(screen.getByRole('heading', { level: 2, name: 'Billing' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading billing settings' })).toBeTruthy();
    await waitUntil(() => expect(switchState('Auto-Recharge')).toBe('true'));
    expect(selectText('When balance falls below')).toBe('$10');
    expect(selectText('Recharge amount')).toBe('$50');

    fireEvent.click(screen.getByRole('combobox', { name: 'When balance falls below' }));
    const triggers = await screen.findByRole('listbox');
    expect(within(triggers).getAllByRole('option').map((o) => o.textContent)).toEqual(['$5', '$10', '$20', '$50']);
    fireEvent.keyDown(triggers, { key: 'Escape' });
    await waitUntil(() => expect(document.querySelector('[role="listbox"]')).toBeNull());
    fireEvent.click(screen.getByRole('combobox', { name: 'Recharge amount' }));
    const amounts = await screen.findByRole('listbox');
    expect(within(amounts).getAllByRole('option').map((o) => o.textContent)).toEqual(['$10', '$25', '$50', '$100']);
  });

  test('the switch: one PATCH { autoRechargeEnabled }, shown at once, then "Settings updated"', async () => {
    const reply = deferred<Response>();
    const { patches } = serve(user({ autoRechargeEnabled: true }), () => reply.promise);
    renderWithProviders(<BillingSettings />);
    await waitUntil(() => expect(switchState('Auto-Recharge')).toBe('true'));
    fireEvent.click(screen.getByRole('switch', { name: 'Auto-Recharge' }));
    await waitUntil(() => expect(switchState('Auto-Recharge')).toBe('false'));
    // the selects mean nothing without it
    expect(screen.getByRole('combobox', { name: 'Recharge amount' }).hasAttribute('disabled')).toBe(true);
    expect(patches()).toEqual([{ method: 'PATCH', url: '/api/user/preferences', body: { autoRechargeEnabled: false } }]);

    await act(async () => reply.resolve(json(user({ autoRechargeEnabled: false }))));
    await waitUntil(() => expect(currentToast()).toEqual(savedToast));
    expect(switchState('Auto-Recharge')).toBe('false');
    expect(patches().length).toBe(1);
  });

  test('each select: one single-key PATCH with a Money string', async () => {
    const { patches } = serve(user({ autoRechargeTrigger: '5.00', autoRechargeAmount: '25.00' }));
    renderWithProviders(<BillingSettings />);
    await waitUntil(() => expect(selectText('When balance falls below')).toBe('$5'));

    await choose('When balance falls below', '$20');
    await waitUntil(() => expect(currentToast()).toEqual(savedToast));
    expect(selectText('When balance falls below')).toBe('$20');
    expect(patches().map((c) => c.body)).toEqual([{ autoRechargeTrigger: '20.00' }]);

    __resetToastsForTests();
    await choose('Recharge amount', '$100');
    await waitUntil(() => expect(currentToast()).toEqual(savedToast));
    expect(selectText('Recharge amount')).toBe('$100');
    expect(patches().map((c) => c.body)).toEqual([{ autoRechargeTrigger: '20.00' }, { autoRechargeAmount: '100.00' }]);

    // choosing what is already chosen sends nothing
    await choose('Recharge amount', '$100');
    await sleep(20);
    expect(patches().length).toBe(2);
  });

  test('a refused change is put back, with "Update failed"', async () => {
    const reply = deferred<Response>();
    const { patches } = serve(user({ autoRechargeTrigger: '5.00' }), () => reply.promise);
    renderWithProviders(<BillingSettings />);
    await waitUntil(() => expect(selectText('When balance falls below')).toBe('$5'));
    await choose('When balance falls below', '$50');
    // optimistic
    await waitUntil(() => expect(selectText('When balance falls below')).toBe('$50'));
    expect(patches().map((c) => c.body)).toEqual([{ autoRechargeTrigger: '50.00' }]);

    await act(async () => reply.resolve(apiError(500, 'internal_error', 'Something went wrong on our side.')));
    await waitUntil(() => expect(selectText('When balance falls below')).toBe('$5'));
    expect(currentToast()).toEqual(failedToast);
  });

  test('two changes on their way: a refused one is put back without undoing the other', async () => {
    const replies = [deferred<Response>(), deferred<Response>()];
    let n = 0;
    const { patches } = serve(user({ autoRechargeTrigger: '5.00', autoRechargeAmount: '25.00' }), () => replies[n++]!.promise);
    renderWithProviders(<BillingSettings />);
    await waitUntil(() => expect(selectText('Recharge amount')).toBe('$25'));
    await choose('When balance falls below', '$10');
    await choose('Recharge amount', '$50');
    await waitUntil(() => expect(patches().length).toBe(2));
    await act(async () => replies[0]!.resolve(new Response('', { status: 500 })));
    await waitUntil(() => expect(selectText('When balance falls below')).toBe('$5'));
    expect(selectText('Recharge amount')).toBe('$50');
    await act(async () => replies[1]!.resolve(json(user({ autoRechargeTrigger: '5.00', autoRechargeAmount: '50.00' }))));
    await waitUntil(() => expect(currentToast()).toEqual(savedToast));
    expect([selectText('When balance falls below'), selectText('Recharge amount')]).toEqual(['$5', '$50']);
  });

  test('a failed switch flips back', async () => {
    const reply = deferred<Response>();
    serve(user({ autoRechargeEnabled: false }), () => reply.promise);
    renderWithProviders(<BillingSettings />);
    await waitUntil(() => expect(switchState('Auto-Recharge')).toBe('false'));
    fireEvent.click(screen.getByRole('switch', { name: 'Auto-Recharge' }));
    await waitUntil(() => expect(switchState('Auto-Recharge')).toBe('true'));
    await act(async () => reply.resolve(new Response('', { status: 503 })));
    await waitUntil(() => expect(switchState('Auto-Recharge')).toBe('false'));
    expect(currentToast()).toEqual(failedToast);
  });

  test("Payment Methods without a payment customer: disabled, 'No payment methods yet'", async () => {
    const { calls } = serve(user({ stripeCustomerId: null }));
    renderWithProviders(<BillingSettings />);
    const button = (await screen.findByRole('button', { name: 'No payment methods yet' })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    await sleep(10);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  test("Payment Methods opens the payment provider's portal", async () => {
    const { calls } = serve(user(), undefined, (call) =>
      call.method === 'POST' && call.url === '/api/stripe/create-portal-session' ? json({ url: 'https://billing.stripe.test/p/session/1' }) : undefined,
    );
    renderWithProviders(<BillingSettings />);
    fireEvent.click(await screen.findByRole('button', { name: 'Manage Payment Methods' }));
    await waitUntil(() => expect(assign.mock.calls).toEqual([['https://billing.stripe.test/p/session/1']]));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', url: '/api/stripe/create-portal-session', body: undefined }]);
  });

  test("a portal that cannot be opened: 'Error: Failed to open payment portal. Please try again.'", async () => {
    serve(user(), undefined, (call) => (call.method === 'POST' ? apiError(502, 'payment_provider_error', 'Stripe is down') : undefined));
    renderWithProviders(<BillingSettings />);
    fireEvent.click(await screen.findByRole('button', { name: 'Manage Payment Methods' }));
    await waitUntil(() =>
      expect(currentToast()).toEqual({ title: 'Error', description: 'Failed to open payment portal. Please try again.', variant: 'destructive' }),
    );
    expect(assign.mock.calls.length).toBe(0);
  });

  test('Billing History: a dialog of the payments (kind=payments), a page at a time', async () => {
    const first = transaction({ amount: '25.00', description: 'Account top-up' });
    const second = transaction({ amount: '10.00', type: 'auto_recharge', description: 'Auto-recharge', status: 'failed' });
    const { calls } = serve(user(), undefined, (call) => {
      if (call.url === '/api/transactions?kind=payments') return json({ items: [first], nextCursor: 'p2' });
      if (call.url === '/api/transactions?kind=payments&cursor=p2') return json({ items: [second], nextCursor: null });
      return undefined;
    });
    renderWithProviders(<BillingSettings />);
    const open = await screen.findByRole('button', { name: 'View Billing History' });
    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Billing History' });
    const entries = () => [...dialog.querySelectorAll('ul[aria-label="Payments"] > li')].map((li) => li.textContent);
    await waitUntil(() => expect(entries().length).toBe(1));
    expect(entries()[0]).toContain('+$25.00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Load more' }));
    await waitUntil(() => expect(entries().length).toBe(2));
    expect(entries()[1]).toContain('Failed');
    expect(calls.filter((c) => c.url.startsWith('/api/transactions')).map((c) => c.url)).toEqual([
      '/api/transactions?kind=payments',
      '/api/transactions?kind=payments&cursor=p2',
    ]);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitUntil(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
    await waitUntil(() => expect(document.activeElement === open).toBe(true));
  });

  test('a user that cannot be loaded: a failure with Retry', async () => {
    let fail = true;
    mockFetch(() => (fail ? new Response('', { status: 503 }) : json(user())));
    renderWithProviders(<BillingSettings />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load your settings');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitUntil(() => expect(switchState('Auto-Recharge')).toBe('true'));
  });
});

describe('Settings > Notifications', () => {
  test("Low Balance Alerts: 'Email notifications' and the threshold, each one PATCH", async () => {
    const { patches } = serve(user({ lowBalanceAlertEnabled: true, lowBalanceAlertThreshold: '5.00' }));
    renderWithProviders(<NotificationSettings />);
    expect(screen.getByRole('heading', { level: 2, name: 'Notifications' })).toBeTruthy();
    await waitUntil(() => expect(switchState('Email notifications')).toBe('true'));
    expect(screen.getByRole('heading', { level: 3, name: 'Low Balance Alerts' })).toBeTruthy();
    expect(selectText('Alert when balance falls below')).toBe('$5');

    fireEvent.click(screen.getByRole('combobox', { name: 'Alert when balance falls below' }));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toEqual(['$5', '$10', '$20', '$50']);
    fireEvent.click(within(listbox).getByRole('option', { name: '$10' }));
    await waitUntil(() => expect(currentToast()).toEqual(savedToast));
    expect(patches().map((c) => c.body)).toEqual([{ lowBalanceAlertThreshold: '10.00' }]);

    __resetToastsForTests();
    fireEvent.click(screen.getByRole('switch', { name: 'Email notifications' }));
    await waitUntil(() => expect(currentToast()).toEqual(savedToast));
    expect(switchState('Email notifications')).toBe('false');
    expect(screen.getByRole('combobox', { name: 'Alert when balance falls below' }).hasAttribute('disabled')).toBe(true);
    expect(patches().map((c) => c.body)).toEqual([{ lowBalanceAlertThreshold: '10.00' }, { lowBalanceAlertEnabled: false }]);
  });

  test('a refused threshold is put back', async () => {
    const reply = deferred<Response>();
    serve(user({ lowBalanceAlertThreshold: '20.00' }), () => reply.promise);
    renderWithProviders(<NotificationSettings />);
    await waitUntil(() => expect(selectText('Alert when balance falls below')).toBe('$20'));
    await choose('Alert when balance falls below', '$50');
    await waitUntil(() => expect(selectText('Alert when balance falls below')).toBe('$50'));
    await act(async () => reply.resolve(apiError(400, 'validation_failed', 'lowBalanceAlertThreshold must be one of $5, $10, $20, $50.')));
    await waitUntil(() => expect(selectText('Alert when balance falls below')).toBe('$20'));
    expect(currentToast()).toEqual(failedToast);
  });
});
