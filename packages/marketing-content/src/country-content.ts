// What a country page says (spec §2 "Country page"), as pure functions of the country's data: the same
// text feeds the visible page, its metadata and its structured data, on the server and in the browser.
import type { CountryDetail } from '@ringwise/contract/rates';
import { BRAND, absoluteUrl, type PageMetaProps } from '@ringwise/ui/page-meta';
import { BILLING_RULE, ROUNDING_CLAUSE, billingNote } from './billing.ts';
import { countryPath, lowestRate, perMinute, plainDecimal } from './rates.ts';

/** Spec §9 limits. */
export const DETAILED_PREFIX_LIMIT = 10;
export const RELATED_LIMIT = 6;
/** Where the breadcrumb's "Rates" leads: the rates view of the app. */
export const RATES_PATH = '/home/rates';

/** The route's country as a code: 2 letters, any case, shown upper-case; null for anything else. */
export function normalizeCountryCode(param: string): string | null {
  return /^[a-z]{2}$/i.test(param) ? param.toUpperCase() : null;
}

export interface FaqEntry {
  question: string;
  answer: string;
}

function ratesSentence({ mobileRate, landlineRate }: CountryDetail): string | null {
  const parts = [
    mobileRate !== null ? `${perMinute(mobileRate)} to mobile phones` : null,
    landlineRate !== null ? `${perMinute(landlineRate)} to landlines` : null,
  ].filter((part) => part !== null);
  return parts.length > 0 ? parts.join(' and ') : null;
}

/**
 * How calls to the country are billed, with the example at its lowest rate: "…, so a call of under a minute to a
 * $0.015/min landline costs $0.02." The rule alone when it has no rate.
 */
export function countryBillingNote({ mobileRate, landlineRate }: CountryDetail): string {
  const from = lowestRate(mobileRate, landlineRate);
  if (from === null) return BILLING_RULE;
  return billingNote(from, from === landlineRate ? 'landline' : 'mobile phone');
}

/** The four FAQ entries, in the page's order. */
export function countryFaq(detail: CountryDetail): FaqEntry[] {
  const { name, callingCode } = detail;
  const rates = ratesSentence(detail);
  const from = lowestRate(detail.mobileRate, detail.landlineRate);
  return [
    {
      question: `How much does it cost to call ${name}?`,
      answer: [
        rates ? `Calls to ${name} cost ${rates} with ${BRAND}.` : `${BRAND} shows the rate for your number in ${name} before you call.`,
        countryBillingNote(detail),
        'You pay from a prepaid balance, with no subscription.',
      ].join(' '),
    },
    {
      question: 'Do I need to download anything?',
      answer: `No. ${BRAND} works in the web browser of your computer, tablet or phone, so you can call ${name} without installing an app.`,
    },
    {
      question: `What is the country code for ${name}?`,
      answer: `The country code for ${name} is ${callingCode}. To call a phone in ${name}, dial ${callingCode} followed by the local number.`,
    },
    {
      question: 'Are there connection fees?',
      answer: `No. There are no connection fees and no hidden charges: calls to ${name} are billed per minute${from !== null ? `, from ${perMinute(from)}` : ''}, ${ROUNDING_CLAUSE}.`,
    },
  ];
}

/** The 4-step how-to-call guide; a signed-in visitor has an account already, so the first step is the dialer. */
export function howToCallSteps({ name, callingCode }: CountryDetail, { signedIn = false }: { signedIn?: boolean } = {}): { title: string; text: string }[] {
  return [
    signedIn
      ? { title: 'Open the dialer', text: `You are signed in: open the ${BRAND} dialer from this page.` }
      : { title: 'Sign up', text: `Create your free ${BRAND} account in seconds.` },
    { title: 'Add credit', text: 'Top up your prepaid balance by card, from $5.' },
    { title: `Dial ${callingCode} and the number`, text: `Enter ${callingCode}, the country code for ${name}, then the local number.` },
    { title: 'Press call', text: 'Press Call and talk straight from your browser.' },
  ];
}

function offer(label: string, rate: string) {
  const price = plainDecimal(rate);
  return {
    '@type': 'Offer',
    name: label,
    priceCurrency: 'USD',
    price,
    priceSpecification: { '@type': 'UnitPriceSpecification', price, priceCurrency: 'USD', unitText: 'minute' },
  };
}

/** JSON-LD: BreadcrumbList (Rates > country), FAQPage and a Service with an Offer per known rate. */
export function countryStructuredData(detail: CountryDetail, origin?: string | null): Record<string, unknown>[] {
  const { name } = detail;
  const pageUrl = absoluteUrl(countryPath(detail.countryCode), origin);
  const offers = [
    detail.mobileRate !== null ? offer(`Calls to ${name} mobile phones`, detail.mobileRate) : null,
    detail.landlineRate !== null ? offer(`Calls to ${name} landlines`, detail.landlineRate) : null,
  ].filter((entry) => entry !== null);
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Rates', item: absoluteUrl(RATES_PATH, origin) },
        { '@type': 'ListItem', position: 2, name, item: pageUrl },
      ],
    },
    {
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: countryFaq(detail).map(({ question, answer }) => ({
        '@type': 'Question',
        name: question,
        acceptedAnswer: { '@type': 'Answer', text: answer },
      })),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'Service',
      name: `Calls to ${name}`,
      serviceType: 'International calling',
      url: pageUrl,
      provider: { '@type': 'Organization', name: BRAND, url: absoluteUrl('/', origin) },
      areaServed: { '@type': 'Country', name, identifier: detail.countryCode },
      ...(offers.length > 0 ? { offers } : {}),
    },
  ];
}

/** The country page's metadata: `pageMetaTags(countryMeta(detail, origin), origin)` on the server. */
export function countryMeta(detail: CountryDetail, origin?: string | null): PageMetaProps {
  const { name, callingCode } = detail;
  const from = lowestRate(detail.mobileRate, detail.landlineRate);
  const rates = [
    detail.mobileRate !== null ? `mobile ${perMinute(detail.mobileRate)}` : null,
    detail.landlineRate !== null ? `landline ${perMinute(detail.landlineRate)}` : null,
  ].filter((part) => part !== null);
  return {
    title: from !== null ? `Call ${name} Online from ${perMinute(from)}` : `Call ${name} Online`,
    description: `Call ${name} (${callingCode}) from your browser with ${BRAND}.${rates.length > 0 ? ` Rates: ${rates.join(', ')}.` : ''} No subscriptions, no connection fees: pay as you go.`,
    canonical: countryPath(detail.countryCode),
    keywords: [
      `call ${name}`,
      `cheap calls to ${name}`,
      `${name} calling rates`,
      `${name} country code ${callingCode}`,
      'international calls',
      'call from browser',
    ],
    structuredData: countryStructuredData(detail, origin),
  };
}

/** An unknown country: not indexed. */
export function countryNotFoundMeta(): PageMetaProps {
  return {
    title: 'Country not found',
    description: 'There is no Ringwise rates page for this country.',
    noindex: true,
  };
}
