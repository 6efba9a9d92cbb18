import { afterEach, describe, expect, mock, spyOn, test } from 'bun:test';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { unitedKingdom } from '@ringwise/marketing-content/testing';
import { json, renderWithProviders } from '../../testing/render-with-providers.tsx';
import { CountryPage } from './country-page.tsx';

afterEach(() => {
  cleanup();
  mock.restore();
});

/** Answers each request in turn; records the URLs asked for. */
function fakeApi(...answers: Response[]) {
  const urls: string[] = [];
  spyOn(globalThis, 'fetch').mockImplementation((async (input: RequestInfo | URL) => {
    urls.push(String(input));
    return answers.shift() ?? json({ error: { code: 'NOT_FOUND', message: 'no answer left' } }, 404);
  }) as typeof fetch);
  return urls;
}

describe('CountryPage', () => {
  test('shows a skeleton while loading, then the country, fetched by its upper-case code', async () => {
    const urls = fakeApi(json(unitedKingdom));
    renderWithProviders(<CountryPage country="gb" />, '/call/gb');
    expect(screen.getByRole('status').textContent).toBe('Loading the rates for GB…');
    expect(screen.getByRole('main').getAttribute('aria-busy')).toBe('true');

    expect(await screen.findByRole('heading', { level: 1, name: 'Call United Kingdom' })).toBeTruthy();
    expect(urls).toEqual(['/api/countries/GB']);
    const rates = [...document.querySelectorAll('dd')].map((dd) => dd.textContent);
    expect(rates).toEqual(['$0.032/min', '$0.015/min']);
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toBe('RatesUnited Kingdom');
    const related = screen.getByRole('heading', { name: 'More countries in Europe' }).closest('section');
    expect(related?.querySelectorAll('a')).toHaveLength(6);
  });

  test('a code that is not 2 letters is not fetched: Country not found', () => {
    const urls = fakeApi();
    renderWithProviders(<CountryPage country="gbr" />, '/call/gbr');
    expect(screen.getByRole('heading', { level: 1, name: 'Country not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(urls).toEqual([]);
  });

  test('a 404 from the api is Country not found', async () => {
    fakeApi(json({ error: { code: 'NOT_FOUND', message: 'Unknown country' } }, 404));
    renderWithProviders(<CountryPage country="ZZ" />, '/call/ZZ');
    expect(await screen.findByRole('heading', { level: 1, name: 'Country not found' })).toBeTruthy();
  });

  test('another failure says the rates are unavailable and retries', async () => {
    const urls = fakeApi(json({ error: { code: 'INTERNAL', message: 'boom' } }, 500), json(unitedKingdom));
    renderWithProviders(<CountryPage country="gb" />, '/call/gb');
    expect(await screen.findByRole('heading', { level: 1, name: 'Rates unavailable' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Call United Kingdom' })).toBeTruthy());
    expect(urls).toEqual(['/api/countries/GB', '/api/countries/GB']);
  });
});
