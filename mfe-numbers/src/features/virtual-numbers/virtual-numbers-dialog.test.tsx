import { beforeAll, describe, expect, spyOn, test } from 'bun:test';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { NumberPricing, VirtualNumber } from '@ringwise/contract/numbers';
import { loadPhoneFormat } from '@ringwise/phone/display';
import { apiError, available, componentTestHooks, currentToast, deferred, json, notificationsNotAskedYet, pricing, renderWithProviders, sleep, user, virtualNumber, waitUntil, type FetchCall } from '../../test-support.tsx';
import { VirtualNumbersDialog } from './virtual-numbers-dialog.tsx';

const prices: Record<string, NumberPricing> = {
  US: pricing('US', 'United States', { local: '1.15', 'toll-free': '2.15' }),
  CA: pricing('CA', 'Canada', { local: '1.15', 'toll-free': '2.15' }),
  GB: pricing('GB', 'United Kingdom', { mobile: '1.15', 'toll-free': '2.15' }),
  DK: pricing('DK', 'Denmark', { local: '4.00' }),
  SG: pricing('SG', 'Singapore', { mobile: '26.00' }),
  HK: pricing('HK', 'Hong Kong', {}),
};
const nyNumbers = [available('+12125550101'), available('+12125550102', { locality: null, region: 'NY' })];

const { mockFetch } = componentTestHooks();
beforeAll(async () => {
  await loadPhoneFormat();
});

interface Serve {
  balance?: string;
  owned?: VirtualNumber[];
  search?: (call: FetchCall) => Response | Promise<Response>;
  purchase?: (call: FetchCall) => Response | Promise<Response>;
  release?: (call: FetchCall) => Response | Promise<Response>;
}

function serve({ balance = '12.50', owned = [], search = () => json(nyNumbers), purchase, release }: Serve = {}) {
  const fetchMock = mockFetch((call) => {
    if (call.method === 'GET' && call.url === '/api/auth/user') return json(user({ balance }));
    if (call.method === 'GET' && call.url === '/api/virtual-numbers') return json(owned);
    const country = /^\/api\/virtual-numbers\/pricing\?country=(\w+)$/.exec(call.url)?.[1];
    if (call.method === 'GET' && country) return json(prices[country]);
    if (call.method === 'POST' && call.url === '/api/virtual-numbers/search') return search(call);
    if (call.method === 'POST' && call.url === '/api/virtual-numbers/purchase') return purchase?.(call) ?? json(virtualNumber({ id: 'n9', phoneNumber: '+12125550101' }), 201);
    if (call.method === 'DELETE' && call.url.startsWith('/api/virtual-numbers/')) return release?.(call) ?? new Response(null, { status: 204 });
    return undefined;
  });
  const count = (method: string, url: string) => fetchMock.calls.filter((c) => c.method === method && c.url === url).length;
  return { ...fetchMock, searches: () => fetchMock.calls.filter((c) => c.url === '/api/virtual-numbers/search'), count };
}

function openDialog() {
  return renderWithProviders(<VirtualNumbersDialog open onOpenChange={() => {}} />);
}

const dialog = () => screen.getByRole('dialog', { name: 'Virtual Numbers' });
const resultTexts = () => [...document.querySelectorAll('ul[aria-label="Available numbers"] > li')].map((li) => li.textContent ?? '');
const patternField = () => document.querySelector<HTMLInputElement>('input[inputmode="numeric"]')!;
const patternLabel = () => document.querySelector(`label[for="${patternField().id}"]`)?.textContent;
const hasSearchModes = () => screen.queryByRole('group', { name: 'Match' }) !== null;

async function chooseCountry(name: RegExp) {
  fireEvent.click(within(dialog()).getByRole('combobox', { name: 'Country' }));
  const listbox = await screen.findByRole('listbox');
  fireEvent.click(within(listbox).getByRole('option', { name }));
  await waitUntil(() => expect(document.querySelector('[role="listbox"]')).toBeNull());
}

async function search() {
  await act(async () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Search' })));
}

describe('Virtual Numbers modal: searching', () => {
  test("the two sections; Search without a country: 'Error' 'Please select a country'", async () => {
    const { searches } = serve();
    openDialog();
    expect(within(dialog()).getByRole('heading', { name: 'Get a New Number' })).toBeTruthy();
    expect(within(dialog()).getByRole('heading', { name: 'Your Existing Numbers' })).toBeTruthy();
    await search();
    expect(currentToast()).toEqual({ title: 'Error', description: 'Please select a country', variant: 'destructive' });
    expect(searches().length).toBe(0);
  });

  test('the 21 countries; US: Area Code with 212, 415; types with their monthly price; found numbers formatted', async () => {
    const { searches } = serve();
    openDialog();
    fireEvent.click(within(dialog()).getByRole('combobox', { name: 'Country' }));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option').length).toBe(21);
    fireEvent.click(within(listbox).getByRole('option', { name: /United States/ }));
    await waitUntil(() => expect(within(dialog()).getByRole('combobox', { name: 'Number Type' }).textContent).toBe('Local — $1.15/month'));
    expect(patternLabel()).toBe('Area Code (Optional)');
    expect(patternField().placeholder).toBe('e.g. 212, 415');

    fireEvent.click(within(dialog()).getByRole('combobox', { name: 'Number Type' }));
    const types = await screen.findByRole('listbox');
    expect(within(types).getAllByRole('option').map((o) => o.textContent)).toEqual(['Local — $1.15/month', 'Toll-free — $2.15/month']);
    fireEvent.keyDown(types, { key: 'Escape' });
    await waitUntil(() => expect(document.querySelector('[role="listbox"]')).toBeNull());

    await search();
    await waitUntil(() => expect(resultTexts().length).toBe(2));
    expect(searches()[0]!.body).toEqual({ country: 'US', numberType: 'local', searchType: 'starts_with' });
    expect(currentToast()).toEqual({ title: 'Numbers Found', description: 'Found 2 local numbers', variant: 'success' });
    expect(resultTexts()[0]).toContain('+1 (212) 555-0101');
    expect(resultTexts()[0]).toContain('New York, NY');
    expect(resultTexts()[0]).toContain('$1.15/month');
    expect(document.querySelector('ul[aria-label="Available numbers"]')!.className).toContain('nm:max-h-80');
  });

  test('search modes appear only with a pattern; the pattern and mode are sent', async () => {
    const { searches } = serve();
    openDialog();
    await chooseCountry(/United Kingdom/);
    expect(patternLabel()).toBe('Number Pattern (Optional)');
    expect(patternField().placeholder).toBe('e.g. 262, 030');
    expect(hasSearchModes()).toBe(false);
    fireEvent.change(patternField(), { target: { value: '07a7' } });
    expect(patternField().value).toBe('077');
    expect(hasSearchModes()).toBe(true);
    const group = screen.getByRole('group', { name: 'Match' });
    expect(within(group).getAllByRole('radio').map((r) => [r.getAttribute('value'), (r as HTMLInputElement).checked])).toEqual([
      ['starts_with', true],
      ['contains', false],
      ['ends_with', false],
    ]);
    fireEvent.click(within(group).getByRole('radio', { name: 'Ends with' }));
    // GB sells no local numbers: choose mobile
    await waitUntil(() => expect(within(dialog()).getByRole('combobox', { name: 'Number Type' }).textContent).toBe('Choose a number type'));
    fireEvent.click(within(dialog()).getByRole('combobox', { name: 'Number Type' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: /Mobile/ }));
    await search();
    await waitUntil(() => expect(searches().length).toBe(1));
    expect(searches()[0]!.body).toEqual({ country: 'GB', numberType: 'mobile', searchType: 'ends_with', areaCode: '077' });
    fireEvent.change(patternField(), { target: { value: '' } });
    expect(hasSearchModes()).toBe(false);
  });

  test("a type the country does not sell: 'Error' with the type's message, nothing sent", async () => {
    const { searches } = serve();
    openDialog();
    await chooseCountry(/United Kingdom/);
    await waitUntil(() => expect(within(dialog()).getByRole('combobox', { name: 'Number Type' }).textContent).toBe('Choose a number type'));
    await search();
    expect(currentToast()).toEqual({ title: 'Error', description: 'Local numbers are not available for this country', variant: 'destructive' });
    expect(searches().length).toBe(0);
  });

  test('changing the country clears the results and the pattern', async () => {
    serve();
    openDialog();
    await chooseCountry(/United States/);
    fireEvent.change(patternField(), { target: { value: '212' } });
    await search();
    await waitUntil(() => expect(resultTexts().length).toBe(2));
    await chooseCountry(/Canada/);
    expect(resultTexts().length).toBe(0);
    expect(patternField().value).toBe('');
    expect(hasSearchModes()).toBe(false);
  });

  test('exactly one type on sale: it is chosen and searched at once (DK local, SG mobile)', async () => {
    const { searches } = serve({ search: (call) => json([available('+4535000001', { numberType: (call.body as { numberType: 'local' }).numberType, price: '4.00' })]) });
    openDialog();
    await chooseCountry(/Denmark/);
    await waitUntil(() => expect(searches().length).toBe(1));
    expect(searches()[0]!.body).toEqual({ country: 'DK', numberType: 'local', searchType: 'starts_with' });
    await waitUntil(() => expect(resultTexts().length).toBe(1));
    expect(within(dialog()).getByRole('combobox', { name: 'Number Type' }).textContent).toBe('Local — $4.00/month');

    await chooseCountry(/Singapore/);
    await waitUntil(() => expect(searches().length).toBe(2));
    expect(searches()[1]!.body).toEqual({ country: 'SG', numberType: 'mobile', searchType: 'starts_with' });
    await waitUntil(() => expect(within(dialog()).getByRole('combobox', { name: 'Number Type' }).textContent).toBe('Mobile — $26.00/month'));
    await sleep(30);
    expect(searches().length).toBe(2);
  });

  test('a country with no numbers: a warning that they are not for sale there', async () => {
    serve();
    openDialog();
    await chooseCountry(/Hong Kong/);
    await waitUntil(() => expect(within(dialog()).queryByRole('alert')?.textContent).toBe('Phone numbers are not available for purchase in Hong Kong.'));
  });

  test("'No available numbers' is not a failure: results clear, 'No Numbers Available'", async () => {
    let nothing = false;
    serve({ search: () => (nothing ? apiError(404, 'no_available_numbers', 'No available numbers match "999" in the United States') : json(nyNumbers)) });
    openDialog();
    await chooseCountry(/United States/);
    await search();
    await waitUntil(() => expect(resultTexts().length).toBe(2));
    nothing = true;
    fireEvent.change(patternField(), { target: { value: '999' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Contains' }));
    await search();
    await waitUntil(() => expect(currentToast()?.title).toBe('No Numbers Available'));
    expect(currentToast()).toEqual({ title: 'No Numbers Available', description: 'No local numbers containing "999" found', variant: 'default' });
    expect(resultTexts().length).toBe(0);
  });

  test("other search errors: 'Search Failed' with the server's message, else 'Failed to search numbers'", async () => {
    let answer = () => apiError(400, 'validation_failed', 'Enter at least 2 digits to search inside a number');
    serve({ search: () => answer() });
    openDialog();
    await chooseCountry(/United States/);
    await search();
    await waitUntil(() =>
      expect(currentToast()).toEqual({ title: 'Search Failed', description: 'Enter at least 2 digits to search inside a number', variant: 'destructive' }),
    );
    answer = () => new Response('', { status: 502 });
    await search();
    await waitUntil(() => expect(currentToast()).toEqual({ title: 'Search Failed', description: 'Failed to search numbers', variant: 'destructive' }));
  });
});

describe('Virtual Numbers modal: purchasing', () => {
  async function searchUs() {
    await chooseCountry(/United States/);
    await search();
    await waitUntil(() => expect(resultTexts().length).toBe(2));
  }
  const purchaseButton = (formatted: string) => screen.getByRole('button', { name: `Purchase ${formatted}` }) as HTMLButtonElement;

  test("balance below the price: the button says so, and a click toasts both amounts without buying", async () => {
    const { count } = serve({ balance: '0.5' });
    openDialog();
    await searchUs();
    await waitUntil(() => expect(purchaseButton('+1 (212) 555-0101').getAttribute('aria-disabled')).toBe('true'));
    fireEvent.click(purchaseButton('+1 (212) 555-0101'));
    expect(currentToast()).toEqual({ title: 'Insufficient Balance', description: 'Your balance: $0.50 • Required: $1.15', variant: 'destructive' });
    await sleep(20);
    expect(count('POST', '/api/virtual-numbers/purchase')).toBe(0);
  });

  test("the api's 402: 'Insufficient Balance' with its amounts", async () => {
    serve({ purchase: () => apiError(402, 'insufficient_balance', 'Your balance does not cover it.', { balance: '1.1', required: '1.15' }) });
    openDialog();
    await searchUs();
    fireEvent.click(purchaseButton('+1 (212) 555-0101'));
    await waitUntil(() =>
      expect(currentToast()).toEqual({ title: 'Insufficient Balance', description: 'Your balance: $1.10 • Required: $1.15', variant: 'destructive' }),
    );
  });

  test('a purchase: the buttons are disabled meanwhile; then the toast, no results, and numbers, user and transactions refreshed', async () => {
    const reply = deferred<Response>();
    const { calls } = serve({ purchase: () => reply.promise });
    const { client } = openDialog();
    const invalidate = spyOn(client, 'invalidateQueries');
    await searchUs();
    fireEvent.click(purchaseButton('+1 (212) 555-0101'));
    await waitUntil(() => expect(purchaseButton('+1 (212) 555-0102').disabled).toBe(true));
    expect(purchaseButton('+1 (212) 555-0101').textContent).toBe('Purchasing…');
    expect(calls.filter((c) => c.method === 'POST' && c.url.endsWith('/purchase')).map((c) => c.body)).toEqual([
      { phoneNumber: '+12125550101', country: 'US', region: 'NY', price: '1.15', numberType: 'local' },
    ]);
    await act(async () => reply.resolve(json(virtualNumber({ id: 'n9', phoneNumber: '+12125550101', countryCode: 'US' }), 201)));
    await waitUntil(() => expect(currentToast()).toEqual({ title: 'Number Purchased', description: 'Successfully purchased +1 (212) 555-0101', variant: 'success' }));
    expect(resultTexts().length).toBe(0);
    const keys = invalidate.mock.calls.map(([filters]) => JSON.stringify(filters?.queryKey));
    expect(keys).toContain(JSON.stringify(['/api/virtual-numbers']));
    expect(keys).toContain(JSON.stringify(['/api/auth/user']));
    expect(keys).toContain(JSON.stringify(['/api/transactions']));
    invalidate.mockRestore();
  });

  test("after a purchase: the offer of incoming-call notifications; 'Not now' hides it for good", async () => {
    const notifications = await notificationsNotAskedYet();
    try {
      serve();
      openDialog();
      await searchUs();
      expect(screen.queryByTestId('notification-prompt')).toBeNull();
      fireEvent.click(purchaseButton('+1 (212) 555-0101'));
      const prompt = await screen.findByRole('region', { name: 'Get notified of incoming calls when Ringwise is in the background' });
      fireEvent.click(within(prompt).getByRole('button', { name: 'Not now' }));
      expect(screen.queryByTestId('notification-prompt')).toBeNull();
      expect(notifications.asked()).toBe(0);
    } finally {
      notifications.restore();
    }
  });

  test("a failed purchase: 'Purchase Failed' with the server's message, else 'Failed to purchase number'", async () => {
    let answer = () => apiError(409, 'conflict', 'Someone else has just bought this number. Please choose another one.');
    serve({ purchase: () => answer() });
    openDialog();
    await searchUs();
    fireEvent.click(purchaseButton('+1 (212) 555-0101'));
    await waitUntil(() =>
      expect(currentToast()).toEqual({ title: 'Purchase Failed', description: 'Someone else has just bought this number. Please choose another one.', variant: 'destructive' }),
    );
    // taken: no longer offered
    await waitUntil(() => expect(resultTexts().length).toBe(1));
    answer = () => new Response('', { status: 500 });
    fireEvent.click(purchaseButton('+1 (212) 555-0102'));
    await waitUntil(() => expect(currentToast()).toEqual({ title: 'Purchase Failed', description: 'Failed to purchase number', variant: 'destructive' }));
  });
});

describe('Virtual Numbers modal: your numbers', () => {
  const london = virtualNumber({ id: 'n1', phoneNumber: '+442079460018' });
  const grace = virtualNumber({
    id: 'n2', phoneNumber: '+14155550142', countryCode: 'US', status: 'grace', renewsAt: '2026-11-20T10:00:00.000Z', graceEndsAt: '2026-11-27T10:00:00.000Z',
  });
  const items = () => [...document.querySelectorAll('ul[aria-label="Your numbers"] > li')].map((li) => li.textContent ?? '');

  test('each number: formatted, its country, $/month, status and renewal; released ones are not listed', async () => {
    serve({ owned: [london, grace, virtualNumber({ id: 'n3', phoneNumber: '+4930123456', status: 'released', isActive: false })] });
    openDialog();
    await waitUntil(() => expect(items().length).toBe(2));
    expect(items()[0]).toContain('+44 20 7946 0018');
    expect(items()[0]).toContain('United Kingdom · $1.15/month');
    expect(items()[0]).toContain('Active');
    expect(items()[0]).toMatch(/Renews on Dec 1, 2026/);
    expect(items()[1]).toContain('+1 (415) 555-0142');
    expect(items()[1]).toMatch(/Grace period — released on Nov 27, 2026/);
  });

  test('Release asks first; confirmed, it is released and the numbers and user are refreshed', async () => {
    const { calls, count } = serve({ owned: [london] });
    openDialog();
    await waitUntil(() => expect(items().length).toBe(1));
    fireEvent.click(screen.getByRole('button', { name: 'Release +44 20 7946 0018' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Release +44 20 7946 0018?' });
    expect(confirm.textContent).toContain('no refund is given');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitUntil(() => expect(document.querySelector('[role="alertdialog"]')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    const before = count('GET', '/api/auth/user');
    fireEvent.click(screen.getByRole('button', { name: 'Release +44 20 7946 0018' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Release number' }));
    await waitUntil(() => expect(currentToast()?.title).toBe('Number Released'));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/virtual-numbers/n1']);
    await waitUntil(() => expect(count('GET', '/api/virtual-numbers')).toBe(2));
    await waitUntil(() => expect(count('GET', '/api/auth/user')).toBe(before + 1));
  });
});
