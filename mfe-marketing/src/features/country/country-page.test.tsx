import { afterEach, describe, expect, mock, spyOn, test } from 'bun:test';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { unitedKingdom } from '@ringwise/marketing-content/testing';
import MarketingApp from '../../exposed/app.tsx';
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

describe('what the country page offers', () => {
  const linkNames = () => screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);

  test('signed out: sign in and sign up, in the header and the calls to action', async () => {
    fakeApi(json(unitedKingdom));
    renderWithProviders(<MarketingApp page="country" country="gb" />, '/call/gb');
    await screen.findByRole('heading', { level: 1, name: 'Call United Kingdom' });
    expect(linkNames()).toEqual(
      expect.arrayContaining([
        ['Sign In', '/sign-in'],
        ['Get Started', '/sign-up'],
        ['Start Calling United Kingdom', '/sign-up'],
        ['I have an account', '/sign-in'],
        ['Get Started Free', '/sign-up'],
      ]),
    );
    expect(screen.queryByRole('link', { name: 'Open Dialer' })).toBeNull();
    expect(screen.queryByRole('link', { name: /now$/ })).toBeNull();
  });

  test('signed in: Open Dialer in the header, and Call United Kingdom now opens the dialer with +44', async () => {
    fakeApi(json(unitedKingdom));
    renderWithProviders(<MarketingApp page="country" country="gb" signedIn />, '/call/gb');
    await screen.findByRole('heading', { level: 1, name: 'Call United Kingdom' });
    const header = screen.getByRole('navigation', { name: 'Account' });
    expect([...header.querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')])).toEqual([['Open Dialer', '/home']]);
    const calls = screen.getAllByRole('link', { name: 'Call United Kingdom now' });
    expect(calls.map((link) => link.getAttribute('href'))).toEqual(['/home?number=%2B44', '/home?number=%2B44']);
    expect(screen.getByRole('link', { name: 'See all rates' }).getAttribute('href')).toBe('/home/rates');
    expect(screen.getByText(/The dialer opens with \+44 filled in/)).toBeTruthy();
    // the guide does not ask someone with an account to sign up
    expect(screen.getByRole('heading', { level: 3, name: 'Step 1: Open the dialer' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 3, name: 'Step 1: Sign up' })).toBeNull();
    for (const name of ['Sign In', 'Get Started', 'Get Started Free', 'I have an account', 'Start Calling United Kingdom']) {
      expect(screen.queryByRole('link', { name })).toBeNull();
    }
  });

  test('under the rates it says how calls are billed, with the example at the lowest rate', async () => {
    fakeApi(json(unitedKingdom));
    renderWithProviders(<CountryPage country="gb" />, '/call/gb');
    await screen.findByRole('heading', { level: 1, name: 'Call United Kingdom' });
    const note = screen.getByText(/^Calls are billed per minute, each started minute counting in full/);
    expect(note.textContent).toEndWith('so a call of under a minute to a $0.015/min landline costs $0.02.');
    expect(note.previousElementSibling?.tagName).toBe('DL');
  });
});
