import { afterEach, describe, expect, mock, spyOn, test } from 'bun:test';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RateCountry } from '@ringwise/contract/rates';
import { rateCountry } from '@ringwise/marketing-content/testing';
import { json, renderWithProviders } from '../../testing/render-with-providers.tsx';
import { RatesView } from './rates-view.tsx';

afterEach(() => {
  cleanup();
  mock.restore();
});

const all: RateCountry[] = [
  rateCountry({ id: 'DE', country: 'Germany', flag: '🇩🇪', callingCode: '+49', mobileRate: '0.050000', landlineRate: null }),
  rateCountry({ id: 'GB', country: 'United Kingdom', flag: '🇬🇧', callingCode: '+44', mobileRate: '0.032000', landlineRate: '0.015000' }),
];

/** The api's search, answered after `delayMs`; records the URLs asked for. */
function fakeApi(delayMs = 0) {
  const urls: string[] = [];
  spyOn(globalThis, 'fetch').mockImplementation((async (input: RequestInfo | URL) => {
    const url = String(input);
    urls.push(url);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    const search = new URL(url, 'http://localhost').searchParams.get('search')?.toLowerCase() ?? '';
    return json(all.filter((c) => c.country.toLowerCase().includes(search) || c.id.toLowerCase() === search));
  }) as typeof fetch);
  return urls;
}

const cards = () => screen.queryAllByRole('link');

describe('RatesView', () => {
  test('lists every country with flag, codes and both rates, linking to its page', async () => {
    const urls = fakeApi();
    renderWithProviders(<RatesView />, '/home/rates');
    expect(screen.getByRole('heading', { level: 1, name: 'Calling Rates' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading rates…');

    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(urls).toEqual(['/api/rates/countries']);
    const uk = screen.getByRole('link', { name: /United Kingdom/ });
    expect(uk.getAttribute('href')).toBe('/call/gb');
    expect(uk.textContent).toContain('GB · +44');
    expect(uk.querySelector('img')?.getAttribute('src')).toBe('/flags/gb.svg');
    expect(within(uk).getByText('$0.032/min')).toBeTruthy();
    expect(within(uk).getByText('$0.015/min')).toBeTruthy();
    expect(within(screen.getByRole('link', { name: /Germany/ })).getByText('N/A')).toBeTruthy();
  });

  test('debounces the search and keeps the previous results while the next ones load', async () => {
    const urls = fakeApi(150);
    renderWithProviders(<RatesView />, '/home/rates');
    await waitFor(() => expect(cards()).toHaveLength(2));

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search countries' }), { target: { value: 'g' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search countries' }), { target: { value: 'ger' } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(urls).toEqual(['/api/rates/countries']); // not yet: the search is debounced

    await waitFor(() => expect(urls).toEqual(['/api/rates/countries', '/api/rates/countries?search=ger']));
    expect(cards()).toHaveLength(2); // the previous results, while the search loads
    expect(screen.getByRole('status').closest('[aria-busy]')).toBeTruthy();

    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(cards()[0]?.textContent).toContain('Germany');
    expect(screen.getByRole('status').textContent).toBe('1 country matching “ger”');
  });

  test('says so when nothing matches', async () => {
    fakeApi();
    renderWithProviders(<RatesView />, '/home/rates');
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search countries' }), { target: { value: 'atlantis' } });
    expect(await screen.findByText('No countries found. Try a different search.')).toBeTruthy();
    expect(cards()).toHaveLength(0);
  });
});
