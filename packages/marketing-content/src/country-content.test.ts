import { describe, expect, test } from 'bun:test';
import { unitedKingdom } from './testing.ts';
import { countryBillingNote, countryFaq, countryMeta, countryNotFoundMeta, howToCallSteps, normalizeCountryCode } from './country-content.ts';

describe('normalizeCountryCode', () => {
  test('takes 2 letters in any case, upper-cased; nothing else', () => {
    expect(normalizeCountryCode('gb')).toBe('GB');
    expect(normalizeCountryCode('Gb')).toBe('GB');
    for (const code of ['', 'g', 'gbr', 'g1', '12', ' gb', 'ü1']) expect(normalizeCountryCode(code)).toBeNull();
  });
});

describe('country content', () => {
  test('the FAQ names the country, its code and its rates', () => {
    const faq = countryFaq(unitedKingdom);
    expect(faq.map((entry) => entry.question)).toEqual([
      'How much does it cost to call United Kingdom?',
      'Do I need to download anything?',
      'What is the country code for United Kingdom?',
      'Are there connection fees?',
    ]);
    expect(faq[0]?.answer).toBe(
      "Calls to United Kingdom cost $0.032/min to mobile phones and $0.015/min to landlines with Ringwise. Calls are billed per minute, each started minute counting in full, and each call's total is rounded to the nearest cent, so a call of under a minute to a $0.015/min landline costs $0.02. You pay from a prepaid balance, with no subscription.",
    );
    expect(faq[2]?.answer).toContain('+44');
    expect(faq[3]?.answer).toBe(
      "No. There are no connection fees and no hidden charges: calls to United Kingdom are billed per minute, from $0.015/min, each started minute counting in full, and each call's total is rounded to the nearest cent.",
    );
  });

  test("the billing example is worked out at the country's lowest rate, named by its type", () => {
    expect(countryBillingNote(unitedKingdom)).toEndWith('a call of under a minute to a $0.015/min landline costs $0.02.');
    const mobileCheaper = { ...unitedKingdom, mobileRate: '0.012000', landlineRate: '0.020000' };
    expect(countryBillingNote(mobileCheaper)).toEndWith('a call of under a minute to a $0.012/min mobile phone costs $0.01.');
    const onlyMobile = { ...unitedKingdom, landlineRate: null };
    expect(countryBillingNote(onlyMobile)).toEndWith('a $0.032/min mobile phone costs $0.03.');
    expect(countryBillingNote({ ...unitedKingdom, mobileRate: null, landlineRate: null })).toBe(
      "Calls are billed per minute, each started minute counting in full, and each call's total is rounded to the nearest cent.",
    );
  });

  test('missing rates are left out of the text', () => {
    const onlyMobile = { ...unitedKingdom, landlineRate: null };
    expect(countryFaq(onlyMobile)[0]?.answer).toStartWith('Calls to United Kingdom cost $0.032/min to mobile phones with');
    const none = { ...unitedKingdom, mobileRate: null, landlineRate: null };
    expect(countryFaq(none)[0]?.answer).not.toContain('$0.');
    expect(countryFaq(none)[3]?.answer).toBe(
      "No. There are no connection fees and no hidden charges: calls to United Kingdom are billed per minute, each started minute counting in full, and each call's total is rounded to the nearest cent.",
    );
    expect(countryMeta(none).title).toBe('Call United Kingdom Online');
    const service = (countryMeta(none).structuredData as Record<string, unknown>[])[2];
    expect(service).not.toHaveProperty('offers');
  });

  test('the how-to-call guide has 4 steps, the third with the calling code', () => {
    expect(howToCallSteps(unitedKingdom).map((step) => step.title)).toEqual([
      'Sign up',
      'Add credit',
      'Dial +44 and the number',
      'Press call',
    ]);
    expect(howToCallSteps(unitedKingdom, { signedIn: true })[0]).toEqual({ title: 'Open the dialer', text: 'You are signed in: open the Ringwise dialer from this page.' });
  });

  test('metadata: canonical lower-case path, description with the rates; not found is noindex', () => {
    const meta = countryMeta(unitedKingdom);
    expect(meta.canonical).toBe('/call/gb');
    expect(meta.description).toBe(
      'Call United Kingdom (+44) from your browser with Ringwise. Rates: mobile $0.032/min, landline $0.015/min. No subscriptions, no connection fees: pay as you go.',
    );
    expect(countryNotFoundMeta()).toMatchObject({ title: 'Country not found', noindex: true });
  });
});
