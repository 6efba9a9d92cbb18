// A contact's Call button: the dialer opened with ?number=…&call=1 places the call once its device is ready, from
// the user's default number, asking first only when From is ambiguous.
import { afterEach, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { VerifiedCallerId, VirtualNumber } from '@ringwise/contract/numbers';
import { loadPhoneFormat } from '@ringwise/phone/display';
import { __resetToastsForTests } from '@ringwise/ui/toast';
import { __resetWidgetsForTests } from '../../lib/remote-widgets.tsx';
import { deferred, flush, json, mockFetch, renderWithCalling, testCalling, token, user, waitUntil } from '../../test-support.tsx';
import { dialerIntentOf, fromIsAmbiguous } from './dialer-rules.ts';
import { DialerView } from './dialer-view.tsx';

const happyDOM = (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM;
const realWarn = console.warn;

const vn = (phoneNumber: string): VirtualNumber => ({
  id: `id-${phoneNumber}`,
  phoneNumber,
  countryCode: 'GB',
  numberType: 'local',
  region: null,
  locality: null,
  monthlyPrice: '1.15',
  isActive: true,
  status: 'active',
  purchasedAt: '2026-11-01T00:00:00.000Z',
  renewsAt: '2026-12-01T00:00:00.000Z',
  graceEndsAt: null,
});
const cid = (phoneNumber: string, verificationStatus = 'verified'): VerifiedCallerId => ({
  id: `c-${phoneNumber}`,
  phoneNumber,
  friendlyName: null,
  verificationStatus,
  validationCode: null,
  createdAt: '2026-10-01T00:00:00.000Z',
  updatedAt: '2026-10-01T00:00:00.000Z',
});

let restore = () => {};
/** The user's numbers and default caller ID, as the api answers them. */
function serve(numbers: VirtualNumber[], callerIds: VerifiedCallerId[], defaultCallerId: string | null = null) {
  restore();
  restore = mockFetch(({ url }) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path === '/api/auth/user') return json(user({ balance: '10.00', defaultCallerId }));
    if (path === '/api/virtual-numbers') return json(numbers);
    if (path === '/api/verified-caller-ids') return json(callerIds);
    if (path === '/api/rates/lookup') return json({ rate: 0.032, country: 'United Kingdom', countryCode: 'GB', numberType: 'mobile' });
    return undefined;
  }).restore;
}

beforeAll(() => loadPhoneFormat());

beforeEach(() => {
  __resetToastsForTests();
  __resetWidgetsForTests();
  console.warn = () => {};
  serve([], []);
});
afterEach(() => {
  cleanup();
  restore();
  console.warn = realWarn;
  happyDOM.setURL('about:blank');
});

const numberField = () => screen.getByLabelText('Phone number') as HTMLInputElement;
const settle = () => act(async () => {
  for (let i = 0; i < 5; i++) await flush();
});

describe('the call intent', () => {
  test('read from the address: the number and call=1; the rest of the address kept', () => {
    expect(dialerIntentOf('?number=%2B447700900123&call=1&tab=x')).toEqual({ intent: { number: '+447700900123', call: true }, rest: 'tab=x' });
    expect(dialerIntentOf('?number=%2B447700900123')).toEqual({ intent: { number: '+447700900123', call: false }, rest: '' });
    expect(dialerIntentOf('?call=1')).toEqual({ intent: null, rest: '' });
  });

  test('From is ambiguous with several numbers of the user\'s own and none of them the default', () => {
    expect(fromIsAmbiguous(null, [], [])).toBe(false);
    expect(fromIsAmbiguous(null, [vn('+442079999999')], [cid('+15550000002', 'pending')])).toBe(false);
    expect(fromIsAmbiguous(null, [vn('+442079999999')], [cid('+15550000002')])).toBe(true);
    expect(fromIsAmbiguous('+15550000002', [vn('+442079999999')], [cid('+15550000002')])).toBe(false);
    expect(fromIsAmbiguous('+19999999999', [vn('+442079999999')], [cid('+15550000002')])).toBe(true);
  });

  test('one tap: the number starts the device, the call starts once it is ready, once, and the address forgets the intent', async () => {
    serve([vn('+442079999999')], []);
    happyDOM.setURL('http://localhost/home?number=%2B447700900123&call=1');
    const calling = testCalling();
    renderWithCalling(<DialerView />, calling);
    await waitUntil(() => expect(numberField().value).toBe('7700900123'));
    expect(window.location.search).toBe('');
    await calling.ready();
    await settle();
    expect(calling.requests.start.calls).toEqual([[{ destinationNumber: '+447700900123', fromNumber: '+442079999999' }]]);
    await settle();
    expect(calling.requests.start.calls).toHaveLength(1);
    expect(screen.queryByTestId('call-intent-confirm')).toBeNull();
  });

  test('without call=1 the number is only prefilled', async () => {
    happyDOM.setURL('http://localhost/home?number=%2B447700900123');
    const calling = testCalling();
    renderWithCalling(<DialerView />, calling);
    await calling.ready();
    await waitUntil(() => expect(numberField().value).toBe('7700900123'));
    await settle();
    expect(calling.requests.start.calls).toEqual([]);
  });

  test('with several numbers and no default, it asks first: Call now places it, Not now leaves it prefilled', async () => {
    serve([vn('+442079999999')], [cid('+15550000002')]);
    happyDOM.setURL('http://localhost/home?number=%2B447700900123&call=1');
    const calling = testCalling();
    renderWithCalling(<DialerView />, calling);
    await calling.ready();
    const confirm = await screen.findByTestId('call-intent-confirm');
    expect(confirm.textContent).toContain('Call +44 7700 900123 from +44 20 7999 9999?');
    expect(calling.requests.start.calls).toEqual([]);
    expect(document.activeElement?.textContent).toBe('Call now');
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByTestId('call-intent-confirm')).toBeNull();
    await settle();
    expect(calling.requests.start.calls).toEqual([]);
    expect(numberField().value).toBe('7700900123');
  });

  test('Call now places the call from the number shown', async () => {
    serve([vn('+442079999999')], [cid('+15550000002')]);
    happyDOM.setURL('http://localhost/home?number=%2B447700900123&call=1');
    const calling = testCalling();
    renderWithCalling(<DialerView />, calling);
    await calling.ready();
    await screen.findByTestId('call-intent-confirm');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Call now' }));
      await flush();
    });
    expect(calling.requests.start.calls).toEqual([[{ destinationNumber: '+447700900123', fromNumber: '+442079999999' }]]);
  });

  test('with a default among them it does not ask, and calls from the default', async () => {
    serve([vn('+442079999999')], [cid('+15550000002')], '+15550000002');
    happyDOM.setURL('http://localhost/home?number=%2B447700900123&call=1');
    const calling = testCalling();
    renderWithCalling(<DialerView />, calling);
    await calling.ready();
    await waitUntil(() => expect(calling.requests.start.calls).toEqual([[{ destinationNumber: '+447700900123', fromNumber: '+15550000002' }]]));
    expect(screen.queryByTestId('call-intent-confirm')).toBeNull();
  });

  test('a number changed before the device is ready is not called', async () => {
    happyDOM.setURL('http://localhost/home?number=%2B447700900123&call=1');
    const calling = testCalling();
    renderWithCalling(<DialerView />, calling);
    await waitUntil(() => expect(numberField().value).toBe('7700900123'));
    fireEvent.change(numberField(), { target: { value: '7700900124' } });
    await calling.ready();
    await settle();
    expect(calling.requests.start.calls).toEqual([]);
  });

  test('while the device starts, the dialer says the call will start when it is ready; then it starts, once', async () => {
    happyDOM.setURL('http://localhost/home?number=%2B447700900123&call=1');
    const calling = testCalling();
    const tokenReply = deferred<ReturnType<typeof token>>();
    calling.requests.token.reply = () => tokenReply.promise;
    renderWithCalling(<DialerView />, calling);
    const status = await screen.findByRole('status', { name: 'Your call' });
    expect(status.textContent).toContain('Connecting… your call to +44 7700 900123 will start when the dialer is ready.');
    await settle();
    expect(calling.requests.start.calls).toEqual([]);
    await act(async () => {
      tokenReply.resolve(token());
      for (let i = 0; i < 5; i++) await flush();
    });
    await waitUntil(() => expect(calling.requests.start.calls).toEqual([[{ destinationNumber: '+447700900123', fromNumber: null }]]));
    expect(screen.queryByTestId('call-intent-status')).toBeNull();
  });

  test('Cancel while it waits: the number stays, no call is placed', async () => {
    happyDOM.setURL('http://localhost/home?number=%2B447700900123&call=1');
    const calling = testCalling();
    const tokenReply = deferred<ReturnType<typeof token>>();
    calling.requests.token.reply = () => tokenReply.promise;
    renderWithCalling(<DialerView />, calling);
    await screen.findByRole('status', { name: 'Your call' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('call-intent-status')).toBeNull();
    await act(async () => {
      tokenReply.resolve(token());
      for (let i = 0; i < 5; i++) await flush();
    });
    await settle();
    expect(calling.requests.start.calls).toEqual([]);
    expect(numberField().value).toBe('7700900123');
  });

  test('a device that cannot connect stops the wait and says so; Try again connects and places the call', async () => {
    happyDOM.setURL('http://localhost/home?number=%2B447700900123&call=1');
    const calling = testCalling();
    calling.requests.token.reply = () => {
      throw new Error('offline');
    };
    renderWithCalling(<DialerView />, calling);
    const alert = await screen.findByRole('alert', { name: 'Your call' });
    expect(alert.textContent).toContain('Your call to +44 7700 900123 has not started: the dialer could not connect.');
    expect(calling.requests.start.calls).toEqual([]);
    calling.requests.token.reply = token();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      for (let i = 0; i < 5; i++) await flush();
    });
    await waitUntil(() => expect(calling.requests.start.calls).toEqual([[{ destinationNumber: '+447700900123', fromNumber: null }]]));
    expect(screen.queryByTestId('call-intent-status')).toBeNull();
  });

});
