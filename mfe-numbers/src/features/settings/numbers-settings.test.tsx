import { beforeAll, describe, expect, mock, test } from 'bun:test';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { VerifiedCallerId, VirtualNumber } from '@ringwise/contract/numbers';
import type { CurrentUser } from '@ringwise/contract/users';
import { __resetToastsForTests } from '@ringwise/ui/toast';
import { loadPhoneFormat } from '@ringwise/phone/display';
import { apiError, callerId, choose, componentTestHooks, currentToast, deferred, json, notificationsNotAskedYet, renderWithProviders, user, userPreferencesApi, virtualNumber, waitUntil, type FetchCall } from '../../test-support.tsx';
import { CallerIdSelect } from '../caller-id-select/caller-id-select.tsx';
import { callerIdOptions } from '../data/caller-id-options.ts';
import { NumbersSettings } from './numbers-settings.tsx';

const london = virtualNumber({ id: 'n1', phoneNumber: '+442079460018' });
const released = virtualNumber({ id: 'n2', phoneNumber: '+4930123456', status: 'released', isActive: false });
const office = callerId({ id: 'c1', phoneNumber: '+12025550123', friendlyName: 'Office' });
const pending = callerId({ id: 'c2', phoneNumber: '+447700900777', verificationStatus: 'pending', validationCode: '123456' });

const { mockFetch } = componentTestHooks();
beforeAll(async () => {
  await loadPhoneFormat();
});

function serve(current: CurrentUser, numbers: VirtualNumber[], callerIds: VerifiedCallerId[], patch?: (call: FetchCall) => Response | Promise<Response> | undefined) {
  const preferences = userPreferencesApi(current, patch);
  const fetchMock = mockFetch((call) => {
    if (call.method === 'GET' && call.url === '/api/virtual-numbers') return json(numbers);
    if (call.method === 'GET' && call.url === '/api/verified-caller-ids') return json(callerIds);
    return preferences(call);
  });
  return { ...fetchMock, patches: () => fetchMock.calls.filter((c) => c.method === 'PATCH').map((c) => c.body) };
}

const selectText = (name: string) => screen.getByRole('combobox', { name }).textContent;

describe('callerIdOptions', () => {
  test('the public number, active virtual numbers, verified caller IDs; a stored number gone is kept as unavailable', () => {
    expect(callerIdOptions([london, released], [office, pending], '+15550000000').map((o) => [o.value, o.kind])).toEqual([
      [null, 'public'],
      ['+442079460018', 'virtual'],
      ['+12025550123', 'verified'],
      ['+15550000000', 'unavailable'],
    ]);
    expect(callerIdOptions(undefined, undefined, null).map((o) => o.value)).toEqual([null]);
  });
});

describe('Settings > Numbers', () => {
  test('Default Caller ID lists the options; a change is one PATCH { defaultCallerId }, shown at once', async () => {
    const reply = deferred<Response>();
    const { patches } = serve(user({ defaultCallerId: null }), [london, released], [office, pending], () => reply.promise);
    renderWithProviders(<NumbersSettings />);
    expect(screen.getByRole('heading', { level: 2, name: 'Numbers' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading number settings' })).toBeTruthy();
    await waitUntil(() => expect(selectText('Default Caller ID')).toBe('Public Number'));
    expect(screen.getByRole('button', { name: 'Manage Virtual Numbers' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Manage Verified Caller IDs' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Get Virtual Number' })).toBeNull();

    fireEvent.click(screen.getByRole('combobox', { name: 'Default Caller ID' }));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Public Number',
      '+44 20 7946 0018 · Virtual',
      '+1 (202) 555-0123 · Verified · Office',
    ]);
    fireEvent.click(within(listbox).getByRole('option', { name: '+44 20 7946 0018 · Virtual' }));
    await waitUntil(() => expect(selectText('Default Caller ID')).toBe('+44 20 7946 0018 · Virtual'));
    expect(patches()).toEqual([{ defaultCallerId: '+442079460018' }]);
    await act(async () => reply.resolve(json(user({ defaultCallerId: '+442079460018' }))));
    await waitUntil(() => expect(currentToast()).toEqual({ title: 'Settings updated', description: 'Your preferences have been saved successfully.', variant: 'success' }));
  });

  test("back to the Public Number sends null; a refused change is put back with 'Update failed'", async () => {
    let refuse = false;
    const { patches } = serve(user({ defaultCallerId: '+12025550123' }), [london], [office], () =>
      refuse ? apiError(400, 'validation_failed', 'defaultCallerId must be one of your numbers') : undefined,
    );
    renderWithProviders(<NumbersSettings />);
    await waitUntil(() => expect(selectText('Default Caller ID')).toBe('+1 (202) 555-0123 · Verified · Office'));
    await choose('Default Caller ID', 'Public Number');
    await waitUntil(() => expect(currentToast()?.title).toBe('Settings updated'));
    expect(patches()).toEqual([{ defaultCallerId: null }]);

    refuse = true;
    __resetToastsForTests();
    await choose('Default Caller ID', '+1 (202) 555-0123 · Verified · Office');
    await waitUntil(() => expect(currentToast()).toEqual({ title: 'Update failed', description: 'Failed to update your settings. Please try again.', variant: 'destructive' }));
    await waitUntil(() => expect(selectText('Default Caller ID')).toBe('Public Number'));
  });

  test('no number of their own: Get Virtual Number and Verify Caller ID instead of the select; they open the dialogs', async () => {
    serve(user(), [released], [pending]);
    renderWithProviders(<NumbersSettings />);
    const get = await screen.findByRole('button', { name: 'Get Virtual Number' });
    expect(screen.getByRole('button', { name: 'Verify Caller ID' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Default Caller ID' })).toBeNull();
    fireEvent.click(get);
    await screen.findByRole('dialog', { name: 'Virtual Numbers' }, { timeout: 3000 });
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitUntil(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Verify Caller ID' }));
    await screen.findByRole('dialog', { name: 'Verified Caller IDs' }, { timeout: 3000 });
  });

  test("a user who owns a number is offered incoming-call notifications; only 'Turn on' asks the browser", async () => {
    const notifications = await notificationsNotAskedYet();
    try {
      serve(user({ defaultCallerId: null }), [london], []);
      renderWithProviders(<NumbersSettings />);
      const prompt = await screen.findByRole('region', { name: 'Get notified of incoming calls when Ringwise is in the background' });
      expect(notifications.asked()).toBe(0);
      await act(async () => fireEvent.click(within(prompt).getByRole('button', { name: 'Turn on' })));
      expect(notifications.asked()).toBe(1);
      await waitUntil(() => expect(screen.queryByTestId('notification-prompt')).toBeNull());
    } finally {
      notifications.restore();
    }
  });

  test("call forwarding: a number's calls go to a verified caller ID, chosen and saved at once; without one, Verify Caller ID", async () => {
    let saved = { mode: 'off', to: null as string | null };
    const puts: unknown[] = [];
    const preferences = userPreferencesApi(user({ defaultCallerId: null }));
    mockFetch((call) => {
      if (call.method === 'GET' && call.url === '/api/virtual-numbers') return json([london]);
      if (call.method === 'GET' && call.url === '/api/verified-caller-ids') return json([office, pending]);
      if (call.url === '/api/virtual-numbers/n1/forwarding') {
        if (call.method === 'PUT') {
          puts.push(call.body);
          saved = call.body as typeof saved;
        }
        return json(saved);
      }
      return preferences(call);
    });
    renderWithProviders(<NumbersSettings />);
    const section = await screen.findByRole('region', { name: 'Call Forwarding' });
    const number = await within(section).findByRole('group', { name: '+44 20 7946 0018' });
    await waitUntil(() => expect(within(number).getByRole('combobox', { name: 'Forward calls' }).textContent).toBe('Off'));
    fireEvent.click(within(number).getByRole('combobox', { name: 'Forward calls' }));
    const modes = await screen.findByRole('listbox');
    expect(within(modes).getAllByRole('option').map((o) => o.textContent)).toEqual(['Off', "When I don't answer", 'Always']);
    fireEvent.click(within(modes).getByRole('option', { name: "When I don't answer" }));
    // the only verified caller ID is the target (the pending one is not offered)
    await waitUntil(() => expect(puts).toEqual([{ mode: 'unanswered', to: '+12025550123' }]));
    await waitUntil(() => expect(within(number).getByRole('status').textContent).toBe("Calls you don't answer in the browser ring +1 (202) 555-0123, charged at that number's calling rate per minute."));
    expect(within(number).getByRole('combobox', { name: 'To' }).textContent).toBe('Office · +1 (202) 555-0123');
  });

  test('call forwarding with no verified number of their own: they are asked to verify one', async () => {
    serve(user({ defaultCallerId: null }), [london], [pending]);
    renderWithProviders(<NumbersSettings />);
    const section = await screen.findByRole('region', { name: 'Call Forwarding' });
    expect(within(section).getByText('Verify a number you own to forward calls to it.')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Verify Caller ID' })).toBeTruthy();
  });

  test('no number of their own (or only a released one): no notification offer', async () => {
    const notifications = await notificationsNotAskedYet();
    try {
      serve(user({ defaultCallerId: null }), [released], [office]);
      renderWithProviders(<NumbersSettings />);
      await waitUntil(() => expect(screen.getByRole('button', { name: 'Manage Virtual Numbers' })).toBeTruthy());
      expect(screen.queryByTestId('notification-prompt')).toBeNull();
    } finally {
      notifications.restore();
    }
  });

  test('data that cannot be loaded: a failure with Retry', async () => {
    let fail = true;
    mockFetch((call) => {
      if (call.url === '/api/virtual-numbers' && fail) return new Response('', { status: 503 });
      if (call.url === '/api/auth/user') return json(user());
      return json([]);
    });
    renderWithProviders(<NumbersSettings />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load your settings');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('button', { name: 'Get Virtual Number' });
  });
});

describe("caller-ID select (the dialer's From)", () => {
  test("shows the user's default until a value is given; a choice calls onChange with E.164 or null", async () => {
    serve(user({ defaultCallerId: '+12025550123' }), [london], [office]);
    const onChange = mock((_value: string | null) => {});
    const { rerender } = renderWithProviders(<CallerIdSelect onChange={onChange} />);
    await waitUntil(() => expect(selectText('Caller ID')).toBe('+1 (202) 555-0123 · Verified · Office'));
    await choose('Caller ID', '+44 20 7946 0018 · Virtual');
    expect(onChange.mock.calls).toEqual([['+442079460018']]);
    rerender(<CallerIdSelect value="+442079460018" onChange={onChange} />);
    await waitUntil(() => expect(selectText('Caller ID')).toBe('+44 20 7946 0018 · Virtual'));
    await choose('Caller ID', 'Public Number');
    expect(onChange.mock.calls).toEqual([['+442079460018'], [null]]);
    expect(screen.getByRole('button', { name: 'Manage' })).toBeTruthy();
  });
});
