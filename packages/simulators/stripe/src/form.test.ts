import { describe, expect, test } from 'bun:test';
import Stripe from 'stripe';
import { canonicalParams, decodeForm, FormDecodeError, splitKey } from './form.ts';

/** What stripe-node really sends for a call: its request captured by the fetch it is given, never sent. */
async function sdkRequest(call: (stripe: Stripe) => Promise<unknown>): Promise<{ url: string; body: string }> {
  let captured: { url: string; body: string } | null = null;
  const stripe = new Stripe('sk_test_simulator', {
    maxNetworkRetries: 0,
    httpClient: Stripe.createFetchHttpClient((async (input: string, init?: RequestInit) => {
      captured = { url: input, body: typeof init?.body === 'string' ? init.body : '' };
      return new Response(JSON.stringify({ id: 'x', object: 'unknown' }), { headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch),
  });
  await call(stripe);
  if (!captured) throw new Error('the SDK sent nothing');
  return captured;
}

describe('decodeForm reads what stripe-node encodes', () => {
  test('a Checkout Session: nested hashes, indexed arrays, spaces and $ escaped, the {CHECKOUT_SESSION_ID} template', async () => {
    const { body } = await sdkRequest((stripe) =>
      stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 1000, product_data: { name: 'Credits $10' } } }],
        metadata: { user_id: 'u1' },
        success_url: 'https://app.example/checkout?session_id={CHECKOUT_SESSION_ID}',
        payment_intent_data: { setup_future_usage: 'off_session', metadata: { user_id: 'u1' } },
        expand: ['payment_intent', 'customer'],
      }),
    );
    // the wire format itself (stripe-facts.md §1): brackets unencoded, indexes in arrays
    expect(body).toContain('line_items[0][price_data][product_data][name]=Credits%20%2410');
    expect(body).toContain('expand[0]=payment_intent&expand[1]=customer');
    expect(decodeForm(body)).toEqual({
      mode: 'payment',
      line_items: { '0': { quantity: '1', price_data: { currency: 'usd', unit_amount: '1000', product_data: { name: 'Credits $10' } } } },
      metadata: { user_id: 'u1' },
      success_url: 'https://app.example/checkout?session_id={CHECKOUT_SESSION_ID}',
      payment_intent_data: { setup_future_usage: 'off_session', metadata: { user_id: 'u1' } },
      expand: { '0': 'payment_intent', '1': 'customer' },
    });
  });

  test('GET params arrive in the query string; booleans and numbers as strings; empty values kept', async () => {
    const { url } = await sdkRequest((stripe) => stripe.checkout.sessions.retrieve('cs_test_1', { expand: ['payment_intent'] }));
    expect(url).toBe('https://api.stripe.com/v1/checkout/sessions/cs_test_1?expand[0]=payment_intent');
    expect(decodeForm(new URL(url).search.slice(1))).toEqual({ expand: { '0': 'payment_intent' } });

    const { body } = await sdkRequest((stripe) =>
      stripe.paymentIntents.create({ amount: 2500, currency: 'usd', off_session: true, confirm: true, metadata: { note: '' } }),
    );
    expect(decodeForm(body)).toEqual({ amount: '2500', currency: 'usd', off_session: 'true', confirm: 'true', metadata: { note: '' } });
  });

  test("qs's `a[]=x` appends, `+` is a space, and %5B…%5D brackets work too", () => {
    expect(decodeForm('expand[]=a&expand[]=b&name=Ada+Lovelace&metadata%5Bk%5D=v')).toEqual({
      expand: { '0': 'a', '1': 'b' },
      name: 'Ada Lovelace',
      metadata: { k: 'v' },
    });
    expect(decodeForm('')).toEqual({});
  });

  test('keys that do not nest are refused', () => {
    for (const bad of ['a[b=1', 'a]=1', '[a]=1', 'a=1&a[b]=2', 'a[b]=1&a=2']) {
      expect(() => decodeForm(bad)).toThrow(FormDecodeError);
    }
    expect(splitKey('a[b][0][c]')).toEqual(['a', 'b', '0', 'c']);
  });

  test('canonicalParams ignores the order params came in', () => {
    expect(canonicalParams(decodeForm('a=1&b[y]=2&b[x]=3'))).toBe(canonicalParams(decodeForm('b[x]=3&a=1&b[y]=2')));
    expect(canonicalParams(decodeForm('a=1'))).not.toBe(canonicalParams(decodeForm('a=2')));
  });
});
