import { afterEach, describe, expect, spyOn, test } from 'bun:test';
import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { queryDefaults } from '@ringwise/api-client';
import MarketingApp, { type MarketingAppProps } from '../exposed/app.tsx';
import { unitedKingdom } from '@ringwise/marketing-content/testing';
import { renderCountryPage, renderLandingPage, type RenderedQuery } from './render.tsx';

/** Every JSON-LD object of the markup, arrays flattened. */
function jsonLd(html: string): Record<string, unknown>[] {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  return scripts.flatMap(([, json]) => JSON.parse(json ?? 'null') as Record<string, unknown>[]);
}

const ofType = (items: Record<string, unknown>[], type: string) => items.find((item) => item['@type'] === type);

describe('renderCountryPage', () => {
  const page = renderCountryPage(unitedKingdom, 'gb');

  test('answers 200 with the country metadata and the data it rendered with', () => {
    expect(page.status).toBe(200);
    expect(page.meta.title).toBe('Call United Kingdom Online from $0.015/min');
    expect(page.meta.canonical).toBe('/call/gb');
    expect(page.meta.noindex).toBeUndefined();
    expect(page.queries).toEqual([{ queryKey: ['/api/countries', 'GB'], data: unitedKingdom }]);
  });

  test('renders the name, calling code, both rates and the how-to-call guide', () => {
    expect(page.html).toContain('United Kingdom');
    expect(page.html).toContain('+44');
    expect(page.html).toMatch(/Mobile<\/dt><dd[^>]*>\$0\.032<span[^>]*>\/min<\/span><\/dd>/);
    expect(page.html).toMatch(/Landline<\/dt><dd[^>]*>\$0\.015<span[^>]*>\/min<\/span><\/dd>/);
    expect(page.html).toContain('How to call <!-- -->United Kingdom');
    expect(page.html).toContain('Dial +44 and the number');
  });

  test('lists the first 10 pricing lines and at most 6 related countries', () => {
    expect(page.html).toContain('Mobile - Carrier 8'); // the 10th line
    expect(page.html).not.toContain('Mobile - Carrier 9'); // the 11th
    expect(page.html).not.toContain('$0.500/min'); // the 12th
    expect(page.html).toContain('+4477300, +4477301, +4477302, +4477303, +4477304, +4477305, +4477306, +4477307<!-- --> + 1 more');
    expect(page.html).toContain('href="/call/es"');
    expect(page.html).not.toContain('href="/call/pt"'); // the 7th related country
  });

  test('renders the four FAQ entries as text and the breadcrumb', () => {
    for (const question of [
      'How much does it cost to call United Kingdom?',
      'Do I need to download anything?',
      'What is the country code for United Kingdom?',
      'Are there connection fees?',
    ]) {
      expect(page.html).toContain(question);
    }
    expect(page.html).toContain('Calls to United Kingdom cost $0.032/min to mobile phones and $0.015/min to landlines');
    // the rounding, with its example at the page's lowest rate: under the rates, in the first FAQ answer and its JSON-LD
    const note = 'rounded to the nearest cent, so a call of under a minute to a $0.015/min landline costs $0.02.';
    expect(page.html.split(note)).toHaveLength(4);
    const faq = ofType(jsonLd(page.html), 'FAQPage') as { mainEntity: { acceptedAnswer: { text: string } }[] };
    expect(faq.mainEntity[0]?.acceptedAnswer.text).toContain(note);
    expect(faq.mainEntity[3]?.acceptedAnswer.text).toContain('billed per minute, from $0.015/min, each started minute counting in full');
    expect(page.html).toMatch(/<nav aria-label="Breadcrumb">.*href="\/home\/rates".*Rates.*aria-current="page"[^>]*>United Kingdom</);
  });

  test('carries BreadcrumbList, FAQPage and Service JSON-LD in the markup, and no head tags', () => {
    const data = jsonLd(page.html);
    expect(data.map((item) => item['@type'])).toEqual(['BreadcrumbList', 'FAQPage', 'Service']);
    expect(ofType(data, 'FAQPage')?.mainEntity).toHaveLength(4);
    const service = ofType(data, 'Service') as { offers: { price: string; priceCurrency: string }[] };
    expect(service.offers.map((offer) => [offer.price, offer.priceCurrency])).toEqual([
      ['0.032', 'USD'],
      ['0.015', 'USD'],
    ]);
    expect(page.html).not.toContain('<title');
    expect(page.html).not.toContain('rel="canonical"');
  });

  test('makes the JSON-LD URLs absolute with an origin', () => {
    const absolute = renderCountryPage(unitedKingdom, 'GB', { origin: 'https://ringwise.example' });
    const breadcrumb = ofType(jsonLd(absolute.html), 'BreadcrumbList') as { itemListElement: { item: string }[] };
    expect(breadcrumb.itemListElement.map((entry) => entry.item)).toEqual([
      'https://ringwise.example/home/rates',
      'https://ringwise.example/call/gb',
    ]);
    expect(absolute.meta.structuredData).toEqual(jsonLd(absolute.html));
  });

  test('shows N/A for a missing rate', () => {
    const html = renderCountryPage({ ...unitedKingdom, landlineRate: null }, 'gb').html;
    expect(html).toMatch(/Landline<\/dt><dd[^>]*>N\/A<\/dd>/);
  });

  test('is the signed-out page, the one HTML for every visitor: sign in and sign up', () => {
    expect(page.html).toMatch(/href="\/sign-in"[^>]*>Sign In</);
    expect(page.html).toMatch(/href="\/sign-up"[^>]*>Get Started</);
    expect(page.html).toMatch(/href="\/sign-in"[^>]*>I have an account</);
    expect(page.html).not.toContain('Open Dialer');
    expect(page.html).not.toContain('now<');
  });

  test('an unknown country is a noindex 404 with Back to Home', () => {
    const missing = renderCountryPage(null, 'zz');
    expect(missing.status).toBe(404);
    expect(missing.meta.noindex).toBe(true);
    expect(missing.meta.title).toBe('Country not found');
    expect(missing.queries).toEqual([{ queryKey: ['/api/countries', 'ZZ'], data: null }]);
    expect(missing.html).toContain('Country not found');
    expect(missing.html).toMatch(/href="\/"[^>]*>Back to Home</);
  });

  test('a code that is not 2 letters is a 404 without data', () => {
    for (const code of ['gbr', 'g', '12', 'g1']) {
      const invalid = renderCountryPage(unitedKingdom, code);
      expect(invalid.status).toBe(404);
      expect(invalid.queries).toEqual([]);
      expect(invalid.html).toContain('Country not found');
    }
  });
});

describe('renderLandingPage', () => {
  const page = renderLandingPage();

  test('renders the header, hero, stats, demo dialer, features and footer', () => {
    for (const text of ['Sign In', 'Get Started Free', 'Learn More', 'Try Our Dialer', 'Enter number to continue']) {
      expect(page.html).toContain(text);
    }
    for (const stat of ['200+', '$0.015', '99.9%']) expect(page.html).toContain(stat);
    for (const feature of ['Browser Calling', 'Pay-as-you-go', 'Virtual Numbers', 'Secure &amp; Private', 'Instant Setup', 'Global Reach']) {
      expect(page.html).toContain(feature);
    }
    expect(page.html).toContain('© 2023 Ringwise');
  });

  test('renders the pricing section with its rates and links', () => {
    expect(page.html).toContain('id="pricing"');
    for (const text of ['US landlines', 'US mobile', 'UK mobile', '$0.025', '$0.032', 'Start Calling Now']) {
      expect(page.html).toContain(text);
    }
    expect(page.html).toContain('href="/call/us"');
    expect(page.html).toContain('href="/call/gb"');
    expect(page.html).toMatch(/href="\/sign-up"[^>]*>Start Calling Now</);
    expect(page.html).toContain('rounded to the nearest cent, so a call of under a minute to a $0.015/min US landline costs $0.02.');
  });

  test('has Organization, WebSite and a Service offering $0.015 per minute in USD', () => {
    const data = jsonLd(page.html);
    expect(data.map((item) => item['@type'])).toEqual(['Organization', 'WebSite', 'Service']);
    expect((ofType(data, 'Service') as { offers: unknown }).offers).toMatchObject({
      '@type': 'Offer',
      priceCurrency: 'USD',
      priceSpecification: { '@type': 'UnitPriceSpecification', price: 0.015, priceCurrency: 'USD', unitText: 'minute' },
    });
    expect(page.meta.canonical).toBe('/');
    expect(page.meta.structuredData).toEqual(data);
  });
});

describe('the browser takes over', () => {
  let root: Root | null = null;
  afterEach(() => {
    act(() => root?.unmount());
    root = null;
    document.body.innerHTML = '';
  });

  /** Hydrates the server's markup with the same props and data, failing on any mismatch React reports. */
  async function hydrate(html: string, props: MarketingAppProps, path: string, queries: RenderedQuery[]) {
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const queryClient = new QueryClient({ defaultOptions: { queries: { ...queryDefaults } } });
    for (const { queryKey, data } of queries) queryClient.setQueryData(queryKey, data);
    const errors: unknown[] = [];
    const consoleError = spyOn(console, 'error').mockImplementation((...args: unknown[]) => errors.push(args));
    try {
      await act(async () => {
        root = hydrateRoot(
          container,
          <QueryClientProvider client={queryClient}>
            <Router ssrPath={path}>
              <MarketingApp {...props} />
            </Router>
          </QueryClientProvider>,
          { onRecoverableError: (error) => errors.push(error) },
        );
      });
    } finally {
      consoleError.mockRestore();
    }
    expect(errors).toEqual([]);
    return container;
  }

  test('hydrates the country page without a mismatch', async () => {
    const page = renderCountryPage(unitedKingdom, 'gb');
    const container = await hydrate(page.html, { page: 'country', country: 'gb' }, '/call/gb', page.queries);
    expect(container.querySelector('h1')?.textContent).toBe('Call United Kingdom');
  });

  test("a signed-in visitor's browser hydrates the signed-out markup, then offers the dialer", async () => {
    const page = renderCountryPage(unitedKingdom, 'gb');
    const container = await hydrate(page.html, { page: 'country', country: 'gb', signedIn: true }, '/call/gb', page.queries);
    const links = [...container.querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toContainEqual(['Open Dialer', '/home']);
    expect(links).toContainEqual(['Call United Kingdom now', '/home?number=%2B44']);
    expect(container.textContent).not.toContain('I have an account');
    expect(container.textContent).not.toContain('Sign In');
  });

  test('hydrates the not-found page without a mismatch', async () => {
    const page = renderCountryPage(null, 'zz');
    await hydrate(page.html, { page: 'country', country: 'zz' }, '/call/zz', page.queries);
  });

  test('hydrates the landing page without a mismatch', async () => {
    const page = renderLandingPage({ origin: 'https://ringwise.example' });
    const container = await hydrate(page.html, { page: 'landing', origin: 'https://ringwise.example' }, '/', []);
    expect(container.querySelector('h1')?.textContent).toContain('right from your browser');
  });
});
