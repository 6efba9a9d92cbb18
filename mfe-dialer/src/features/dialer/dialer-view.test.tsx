import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { VerifiedCallerId, VirtualNumber } from '@ringwise/contract/numbers';
import { __resetToastsForTests } from '@ringwise/ui/toast';
import { __resetWidgetsForTests, WidgetLoaderProvider, type LoadWidget } from '../../lib/remote-widgets.tsx';
import { currentToast, flush, json, mockFetch, renderWithCalling, started, testCalling, user, waitUntil, type TestCalling } from '../../test-support.tsx';
import { callButtonLabel, DialerView } from './dialer-view.tsx';
import { defaultFrom, destinationOf, prefill, typeNumber } from './dialer-rules.ts';

const realWarn = console.warn;
let restore = () => {};
let rate = 0.032;
let terms = { connectionFee: '0.000000', initialIncrement: 60, increment: 60 };
beforeEach(() => {
  __resetToastsForTests();
  __resetWidgetsForTests();
  console.warn = () => {};
  rate = 0.032;
  terms = { connectionFee: '0.000000', initialIncrement: 60, increment: 60 };
  restore = mockFetch(({ url }) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path === '/api/auth/user') return json(user({ balance: '10.00' }));
    if (path === '/api/virtual-numbers' || path === '/api/verified-caller-ids') return json([]);
    if (path === '/api/rates/lookup') return json({ rate, country: 'United Kingdom', countryCode: 'GB', numberType: 'mobile', pricePerMinute: rate.toFixed(6), ...terms });
    return undefined;
  }).restore;
});
afterEach(() => {
  cleanup();
  restore();
  console.warn = realWarn;
  happyDOM.setURL('about:blank');
});
const happyDOM = (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM;

const numberField = () => screen.getByLabelText('Phone number') as HTMLInputElement;
const callButton = () => screen.getByRole('button', { name: /^(Call|Connecting\.\.\.|Starting\.\.\.)$/ }) as HTMLButtonElement;
const type = (text: string) => fireEvent.change(numberField(), { target: { value: text } });

/** The api's answer to the next call start waits until the returned function is called. */
function holdStart(calling: TestCalling): () => void {
  let answer: (() => void) | null = null;
  calling.requests.start.reply = () => new Promise((resolve) => (answer = () => resolve(started())));
  return () => {
    if (!answer) throw new Error('no call start is waiting for its answer');
    answer();
  };
}

async function renderDialer(calling: TestCalling = testCalling()) {
  const rendered = renderWithCalling(<DialerView />, calling);
  return { ...rendered, calling };
}

const vn = (phoneNumber: string, active = true): VirtualNumber => ({
  id: `id-${phoneNumber}`,
  phoneNumber,
  countryCode: 'GB',
  numberType: 'local',
  region: null,
  locality: null,
  monthlyPrice: '1.15',
  isActive: active,
  status: active ? 'active' : 'released',
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

describe('dialer rules', () => {
  test("the call button: 'Call' before the device starts, 'Connecting...' until it is ready, 'Starting...' while starting", () => {
    expect(callButtonLabel('idle', false)).toBe('Call');
    expect(callButtonLabel('initializing', false)).toBe('Connecting...');
    expect(callButtonLabel('not-ready', true)).toBe('Connecting...');
    expect(callButtonLabel('ready', true)).toBe('Starting...');
    expect(callButtonLabel('ready', false)).toBe('Call');
  });

  test('default from: a valid choice stays; else the first active virtual number, else the first verified caller ID, else public', () => {
    const numbers = [vn('+442071234567', false), vn('+442079999999')];
    const ids = [cid('+15550000001', 'pending'), cid('+15550000002')];
    expect(defaultFrom('+15550000002', numbers, ids)).toBe('+15550000002');
    expect(defaultFrom(null, numbers, ids)).toBe('+442079999999');
    expect(defaultFrom('+442071234567', numbers, ids)).toBe('+442079999999');
    expect(defaultFrom(undefined, [], ids)).toBe('+15550000002');
    expect(defaultFrom('+19999999999', [], [])).toBeNull();
  });

  test('a full number splits its calling code off; the destination drops the trunk prefix of the code; only the code is no number', () => {
    expect(typeNumber({ code: '+1', number: '' }, '+44 7700 900123')).toEqual({ code: '+44', number: '7700900123' });
    expect(prefill({ code: '+1', number: '' }, '+33612345678')).toEqual({ code: '+33', number: '612345678' });
    expect(prefill({ code: '+1', number: '' }, '447700900123')).toEqual({ code: '+44', number: '7700900123' });
    expect(destinationOf({ code: '+44', number: '07700 900123' })).toBe('+447700900123');
    expect(destinationOf({ code: '+39', number: '06 1234 5678' })).toBe('+390612345678');
    // the region's own trunk prefix: North America's is 1
    expect(destinationOf({ code: '+1', number: '1 212 555 0123' })).toBe('+12125550123');
    expect(destinationOf({ code: '+44', number: '' })).toBe('');
    expect(destinationOf({ code: '+44', number: ' - ' })).toBe('');
  });
});

describe('Dialer view', () => {
  test("the device starts with the first digit: 'Connecting...' and disabled until it is ready; then disabled only without a number", async () => {
    const { calling } = await renderDialer();
    // nothing to call yet: the Voice SDK is not loaded, the button waits for a number
    expect(callButton().textContent?.trim()).toBe('Call');
    expect(callButton().disabled).toBe(true);
    expect(calling.store.getSnapshot().device).toBe('idle');
    type('7700900123');
    await waitUntil(() => calling.store.getSnapshot().device !== 'idle');
    await calling.ready();
    expect(callButton().textContent?.trim()).toBe('Call');
    expect(callButton().disabled).toBe(false);
    type('');
    expect(callButton().disabled).toBe(true);
  });

  test("the keypad and the keyboard type digits; backspace removes the last; Enter with no number: 'Please enter a phone number'", async () => {
    const { calling } = await renderDialer();
    await calling.ready();
    fireEvent.click(screen.getByRole('button', { name: '2 ABC' }));
    fireEvent.click(screen.getByRole('button', { name: '0 +' }));
    fireEvent.keyDown(window, { key: '7' });
    fireEvent.keyDown(window, { key: '#' });
    expect(numberField().value).toBe('207#');
    fireEvent.click(screen.getByRole('button', { name: 'Backspace' }));
    fireEvent.keyDown(window, { key: 'Backspace' });
    expect(numberField().value).toBe('20');
    type('');
    await act(async () => {
      fireEvent.keyDown(numberField(), { key: 'Enter' });
      await flush();
    });
    expect(currentToast()).toMatchObject({ title: 'Error', description: 'Please enter a phone number' });
  });

  test("Enter while the device is not ready: 'Device Not Ready' with the dialer's words", async () => {
    const { calling } = await renderDialer();
    type('7700900123');
    await act(async () => {
      fireEvent.keyDown(numberField(), { key: 'Enter' });
      await flush();
    });
    expect(calling.lastNotice()).toMatchObject({ title: 'Device Not Ready', description: 'Please wait for the calling service to initialize' });
  });

  test("a successful start sends the E.164 number and From, says 'Starting...' meanwhile, then clears the number", async () => {
    const calling = testCalling();
    const release = holdStart(calling);
    await renderDialer(calling);
    await calling.ready();
    fireEvent.click(screen.getByRole('button', { name: /Country code/ }));
    type('+44 7700 900123');
    expect(numberField().value).toBe('7700900123');
    await act(async () => {
      fireEvent.click(callButton());
      await flush();
    });
    expect(callButton().textContent).toContain('Starting...');
    await act(async () => {
      release();
      await flush();
    });
    expect(calling.requests.start.calls).toEqual([[{ destinationNumber: '+447700900123', fromNumber: null }]]);
    expect(numberField().value).toBe('');
    // one call at a time: the button stays disabled during the call
    type('5551234567');
    expect(callButton().disabled).toBe(true);
  });

  test('a number typed while the start was answered is kept: only the dialled number is cleared', async () => {
    const calling = testCalling();
    const release = holdStart(calling);
    await renderDialer(calling);
    await calling.ready();
    type('7700900123');
    await act(async () => {
      fireEvent.click(callButton());
      await flush();
    });
    // e.g. the call ended at once (no microphone) and the user goes on to the next number
    type('7400123456');
    await act(async () => {
      release();
      await flush();
    });
    expect(numberField().value).toBe('7400123456');
  });

  test('?number= prefills the dialer with the code split off, then leaves the address', async () => {
    happyDOM.setURL('http://localhost/home?number=%2B447700900123&tab=x');
    await renderDialer();
    await waitUntil(() => expect(numberField().value).toBe('7700900123'));
    expect(screen.getByRole('button', { name: /^Country code: \+44 United Kingdom/ })).toBeTruthy();
    expect(window.location.search).toBe('?tab=x');
  });

  test("'Rate ≈ $X/min' (3 decimals) and the minutes the balance pays for, for 8+ characters", async () => {
    const { calling } = await renderDialer();
    await calling.ready();
    type('7700');
    await act(flush);
    expect(screen.getByTestId('rate-line').textContent).toBe('');
    type('7700900123');
    await waitUntil(() => expect(screen.getByTestId('rate-line').textContent).toBe('Rate ≈ $0.032/min≈ 312 min available'));
  });

  test('under the rate, how calls are billed, by the pricing rule the api charges by: the first charge of any answered call', async () => {
    const { calling } = await renderDialer();
    await calling.ready();
    type('7700900123');
    // a 2-second call is charged the first minute: $0.032 → $0.03
    await waitUntil(() => expect(screen.getByTestId('billing-rule').textContent).toBe('Billed per minute · first minute $0.03'));
    expect(screen.getByTestId('billing-rounding').textContent).toBe('Each call is rounded to the nearest cent.');
    cleanup();

    rate = 0.015;
    terms = { connectionFee: '0.014000', initialIncrement: 60, increment: 1 };
    await renderDialer();
    type('7700900124');
    // $0.014 + $0.015 → $0.03; the fee counts against the balance too
    await waitUntil(() => expect(screen.getByTestId('billing-rule').textContent).toBe('Billed per second after the first minute · first minute $0.03 incl. connection fee'));
    expect(screen.getByTestId('rate-line').textContent).toBe('Rate ≈ $0.015/min≈ 666 min available');
  });

  test('a failed rate lookup hides the line', async () => {
    restore();
    restore = mockFetch(({ url }) => (url.includes('/api/auth/user') ? json(user()) : url.includes('/api/rates') ? json({ error: { code: 'x', message: 'no' } }, 500) : undefined)).restore;
    await renderDialer();
    type('7700900123');
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(screen.getByTestId('rate-line').textContent).toBe('');
  });

  test("other remotes' widgets load only when used: From's stand-in until clicked, the contacts' with the number field, the picker from its button", async () => {
    restore();
    restore = mockFetch(({ url }) => {
      if (url.includes('/api/auth/user')) return json(user({ defaultCallerId: null }));
      if (url.includes('/api/virtual-numbers')) return json([vn('+442079999999')]);
      if (url.includes('/api/verified-caller-ids')) return json([cid('+15550000002')]);
      return undefined;
    }).restore;
    const asked: string[] = [];
    const seen: Array<{ id: string; props: Record<string, unknown> }> = [];
    // one stand-in for every widget id
    const loadWidget = (async (id: string) => {
      asked.push(id);
      return (props: Record<string, unknown>) => {
        seen.push({ id, props });
        return <div data-testid={id} />;
      };
    }) as LoadWidget;
    const calling = testCalling();
    renderWithCalling(
      <WidgetLoaderProvider loadWidget={loadWidget}>
        <DialerView />
      </WidgetLoaderProvider>,
      calling,
    );
    // the dialer draws From itself, with the default-from value, and asks for no other remote's code
    const from = screen.getByRole('combobox', { name: 'From' });
    await waitUntil(() => expect(from.textContent).toBe('+44 20 7999 9999 · Virtual'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual([]);

    // a pointer over it fetches the select; a click shows it, open, with the same value and the label's id
    fireEvent.pointerEnter(from);
    await waitUntil(() => expect(asked).toEqual(['numbers/widgets/caller-id-select']));
    expect(seen).toEqual([]);
    fireEvent.click(from);
    await waitUntil(() => expect(seen.filter((s) => s.id === 'numbers/widgets/caller-id-select').at(-1)?.props).toMatchObject({ value: '+442079999999', defaultOpen: true, id: from.id }));
    expect(asked.filter((id) => id === 'numbers/widgets/caller-id-select')).toHaveLength(1);
    // choosing the public number explicitly keeps it
    const select = seen.filter((s) => s.id === 'numbers/widgets/caller-id-select').at(-1)!;
    act(() => (select.props.onChange as (v: string | null) => void)(null));
    await waitUntil(() => expect(seen.filter((s) => s.id === 'numbers/widgets/caller-id-select').at(-1)?.props.value).toBeNull());

    // the number field in use: the suggestions and the match
    expect(asked.some((id) => id.startsWith('contacts/'))).toBe(false);
    fireEvent.focus(screen.getByLabelText('Phone number'));
    await waitUntil(() => expect(seen.some((s) => s.id === 'contacts/widgets/contact-suggestions')).toBe(true));
    await waitUntil(() => expect(seen.some((s) => s.id === 'contacts/widgets/contact-match')).toBe(true));
    expect(asked).not.toContain('contacts/widgets/contact-picker');

    // the Contacts button opens the picker, which closes through onOpenChange
    fireEvent.click(screen.getByRole('button', { name: 'Contacts' }));
    await waitUntil(() => expect(seen.filter((s) => s.id === 'contacts/widgets/contact-picker').at(-1)?.props.open).toBe(true));
    const picker = seen.filter((s) => s.id === 'contacts/widgets/contact-picker').at(-1)!;
    act(() => (picker.props.onOpenChange as (open: boolean) => void)(false));
    await waitUntil(() => expect(seen.filter((s) => s.id === 'contacts/widgets/contact-picker').at(-1)?.props.open).toBe(false));

    fireEvent.click(screen.getByRole('button', { name: '+ Buy Number' }));
    await waitUntil(() => expect(seen.filter((s) => s.id === 'numbers/widgets/virtual-numbers-dialog').at(-1)?.props.open).toBe(true));
  });

  test("a widget asked for that cannot be loaded is told, and the next click asks again", async () => {
    const asked: string[] = [];
    // the numbers remote is down
    const loadWidget = (async (id: string) => {
      asked.push(id);
      return null;
    }) as LoadWidget;
    renderWithCalling(
      <WidgetLoaderProvider loadWidget={loadWidget}>
        <DialerView />
      </WidgetLoaderProvider>,
      testCalling(),
    );
    const from = screen.getByRole('combobox', { name: 'From' });
    fireEvent.click(from);
    await waitUntil(() => expect(currentToast()).toMatchObject({ title: 'Unavailable', description: 'Your caller IDs could not be loaded. Please try again.' }));
    expect(screen.getByRole('combobox', { name: 'From' }).textContent).toBe('Public Number');
    fireEvent.click(screen.getByRole('combobox', { name: 'From' }));
    await waitUntil(() => expect(asked.filter((id) => id === 'numbers/widgets/caller-id-select')).toHaveLength(2));

    fireEvent.click(screen.getByRole('button', { name: 'Contacts' }));
    await waitUntil(() => expect(currentToast()?.description).toBe('Your contacts could not be loaded. Please try again.'));
  });

  test("From labels a verified caller ID 'Verified', its friendly name beside the label", async () => {
    restore();
    restore = mockFetch(({ url }) => {
      if (url.includes('/api/auth/user')) return json(user({ defaultCallerId: '+12025550123' }));
      if (url.includes('/api/virtual-numbers')) return json([]);
      if (url.includes('/api/verified-caller-ids')) return json([{ ...cid('+12025550123'), friendlyName: 'My cell' }]);
      return undefined;
    }).restore;
    await renderDialer();
    await waitUntil(() => expect(screen.getByRole('combobox', { name: 'From' }).textContent).toBe('+1 (202) 555-0123 · Verified · My cell'));
  });

  test('without a host the From line falls back to the number used', async () => {
    await renderDialer();
    expect(screen.getByTestId('from-fallback').textContent).toBe('Public Number');
  });
});
