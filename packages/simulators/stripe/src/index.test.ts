// The simulator through the official stripe SDK (pointed at it with `app.handle`, no network), on the machine's
// PostgreSQL and on PGlite: what the billing code will rely on, and Stripe's behaviour where it matters.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import Stripe from 'stripe';
import { openTestDatabase, testEngines, type TestDatabase } from '@ringwise/simulator-common/testing';
import { allEvents } from './store.ts';
import { createSimulatorHarness, submitCheckout, testOrigin, testWebhookSecret, type SimulatorHarness } from './testing.ts';

const engines = await testEngines('stripe-simulator');

const creditsItem = (cents: number) => ({
  quantity: 1,
  price_data: { currency: 'usd', unit_amount: cents, product_data: { name: `Ringwise credits ${formatUsd(cents)}` } },
});

function formatUsd(cents: number) {
  return `$${(cents / 100).toFixed(2)}`;
}

/** The page's text as a reader sees it (apostrophes are escaped in the HTML). */
function decodeEntities(html: string): string {
  return html.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}

/** The error a promise rejects with (fails the test when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await promise;
  } catch (error) {
    return error as Stripe.errors.StripeError;
  }
  throw new Error('expected the call to fail');
}

/** Every event received so far, verified as the app will verify it. */
async function verifiedEvents(h: SimulatorHarness): Promise<Stripe.Event[]> {
  await h.flush();
  const events: Stripe.Event[] = [];
  for (const hook of h.webhooks.filter((w) => w.status === 200)) {
    events.push(await h.stripe.webhooks.constructEventAsync(hook.body, hook.signature ?? '', testWebhookSecret));
  }
  return events;
}

for (const engine of engines) {
  describe.skipIf(!engine.available)(`payment simulator on ${engine.name}`, () => {
    let testDb: TestDatabase;
    let h: SimulatorHarness;
    let stripe: Stripe;

    beforeAll(async () => {
      testDb = await openTestDatabase(engine.name);
      h = await createSimulatorHarness(testDb.db);
      stripe = h.stripe;
    });
    afterAll(async () => {
      await h?.close();
      await testDb?.close();
    });

    /** A customer with a session ready to pay $25 (saving the card for off-session top-ups). */
    async function topUpSession(options: { cents?: number; customer?: string; userId?: string } = {}) {
      const userId = options.userId ?? crypto.randomUUID();
      const customer = options.customer ?? (await stripe.customers.create({ email: `${userId}@example.test`, metadata: { user_id: userId } })).id;
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        customer,
        client_reference_id: userId,
        line_items: [creditsItem(options.cents ?? 2500)],
        metadata: { user_id: userId, kind: 'top_up' },
        success_url: `${testOrigin}/checkout?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${testOrigin}/home`,
        payment_intent_data: { setup_future_usage: 'off_session', metadata: { user_id: userId, kind: 'top_up' } },
      });
      return { userId, customer, session };
    }

    /** Pays a session on the hosted page with a card that succeeds there; returns the customer's saved card. */
    async function paidWith(cardNumber: string) {
      const paid = await topUpSession();
      const res = await submitCheckout(h, paid.session.url ?? '', { cardNumber });
      expect(res.status).toBe(303);
      const cards = await stripe.customers.listPaymentMethods(paid.customer, { type: 'card' });
      return { ...paid, card: cards.data[0] as Stripe.PaymentMethod };
    }

    describe('customers', () => {
      test('create, retrieve and update, in Stripe\'s shape', async () => {
        const created = await stripe.customers.create({ email: 'ada@example.test', name: 'Ada', metadata: { user_id: 'u-1' } });
        expect(created.id).toMatch(/^cus_[A-Za-z0-9]{14}$/);
        expect(created).toMatchObject({ object: 'customer', email: 'ada@example.test', name: 'Ada', metadata: { user_id: 'u-1' }, livemode: false });
        expect(created.lastResponse.statusCode).toBe(200);
        expect(created.lastResponse.requestId).toMatch(/^req_/);
        expect(created.lastResponse.apiVersion).toBe(Stripe.API_VERSION);

        const fetched = await stripe.customers.retrieve(created.id);
        expect(fetched).toMatchObject({ id: created.id, email: 'ada@example.test' });

        const updated = await stripe.customers.update(created.id, { name: 'Ada Lovelace', metadata: { user_id: '', plan: 'prepaid' } });
        expect(updated).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.test', metadata: { plan: 'prepaid' } });
      });

      test('a missing customer is a 404 StripeInvalidRequestError with code resource_missing', async () => {
        const error = await rejection(stripe.customers.retrieve('cus_missing'));
        expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
        expect(error).toMatchObject({ statusCode: 404, code: 'resource_missing', message: "No such customer: 'cus_missing'", type: 'StripeInvalidRequestError' });
        expect(error.doc_url).toBe('https://stripe.com/docs/error-codes/resource-missing');
      });

      test('unknown, missing and malformed parameters are refused as Stripe refuses them', async () => {
        const unknown = await rejection(stripe.customers.create({ email: 'x@example.test', nickname: 'x' } as Stripe.CustomerCreateParams));
        expect(unknown).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'nickname', message: 'Received unknown parameter: nickname' });

        const missing = await rejection(stripe.paymentIntents.create({ currency: 'usd' } as Stripe.PaymentIntentCreateParams));
        expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
        expect(missing).toMatchObject({ code: 'parameter_missing', param: 'amount', message: 'Missing required param: amount.' });

        const integer = await rejection(stripe.paymentIntents.create({ amount: 'ten' as unknown as number, currency: 'usd' }));
        expect(integer).toMatchObject({ code: 'parameter_invalid_integer', param: 'amount' });

        const url = await rejection(
          stripe.checkout.sessions.create({ mode: 'payment', line_items: [creditsItem(500)], success_url: 'not a url' }),
        );
        expect(url).toMatchObject({ code: 'url_invalid', param: 'success_url', message: 'Not a valid URL' });
      });
    });

    describe('authentication', () => {
      test('another key is a 401 StripeAuthenticationError showing the masked key', async () => {
        const other = new Stripe('sk_test_notTheSimulatorKey1234', {
          httpClient: Stripe.createFetchHttpClient(((input: string, init?: RequestInit) =>
            h.request(input.replace('https://api.stripe.com', `${testOrigin}/sim/stripe`), init)) as unknown as typeof fetch),
        });
        const error = await rejection(other.customers.create({ email: 'x@example.test' }));
        expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
        expect(error.statusCode).toBe(401);
        expect(error.message).toBe(`Invalid API Key provided: sk_test_${'*'.repeat('notTheSimulatorKey'.length)}1234`);
        expect(error.raw).toMatchObject({ type: 'invalid_request_error' });
      });

      test('no key at all is a 401 asking for Bearer auth', async () => {
        const res = await h.request(`${testOrigin}/sim/stripe/v1/customers/cus_x`);
        expect(res.status).toBe(401);
        const body = (await res.json()) as { error: { type: string; message: string } };
        expect(body.error.type).toBe('invalid_request_error');
        expect(body.error.message).toStartWith('You did not provide an API key.');
      });

      test('an unknown path is Stripe\'s 404 "Unrecognized request URL"', async () => {
        const res = await h.request(`${testOrigin}/sim/stripe/v1/charges`, { headers: { authorization: 'Bearer sk_test_simulator' } });
        expect(res.status).toBe(404);
        expect(((await res.json()) as { error: { message: string } }).error.message).toStartWith('Unrecognized request URL (GET: /v1/charges).');
      });
    });

    describe('idempotency', () => {
      test('the same key and params replay the first answer; other params are a StripeIdempotencyError', async () => {
        const key = `test-${crypto.randomUUID()}`;
        const first = await stripe.customers.create({ email: 'once@example.test' }, { idempotencyKey: key });
        const again = await stripe.customers.create({ email: 'once@example.test' }, { idempotencyKey: key });
        expect(again.id).toBe(first.id);
        expect(again.lastResponse.idempotencyKey).toBe(key);

        const error = await rejection(stripe.customers.create({ email: 'twice@example.test' }, { idempotencyKey: key }));
        expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
        expect(error.statusCode).toBe(400);
        expect(error.message).toBe(
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        );
      });

      test('concurrent requests with one key create one object', async () => {
        const key = `race-${crypto.randomUUID()}`;
        const results = await Promise.all([1, 2, 3].map(() => stripe.customers.create({ email: 'race@example.test' }, { idempotencyKey: key })));
        expect(new Set(results.map((c) => c.id)).size).toBe(1);
      });

      test('a declined payment is saved and replayed too, without a second attempt', async () => {
        const { customer, card } = await paidWith('4000 0000 0000 9995');
        const key = `decline-${crypto.randomUUID()}`;
        const params = { amount: 2500, currency: 'usd', customer, payment_method: card.id, off_session: true, confirm: true };
        const first = await rejection(stripe.paymentIntents.create(params, { idempotencyKey: key }));
        const second = await rejection(stripe.paymentIntents.create(params, { idempotencyKey: key }));
        expect(second).toBeInstanceOf(Stripe.errors.StripeCardError);
        expect((second.payment_intent as Stripe.PaymentIntent).id).toBe((first.payment_intent as Stripe.PaymentIntent).id);
      });
    });

    describe('Checkout: a top-up on the hosted page', () => {
      test('the session points to a hosted page showing the amount, the item and a way back', async () => {
        const { session } = await topUpSession();
        expect(session.id).toMatch(/^cs_test_[A-Za-z0-9]{58}$/);
        expect(session).toMatchObject({ object: 'checkout.session', status: 'open', payment_status: 'unpaid', amount_total: 2500, currency: 'usd', payment_intent: null });
        expect(session.url).toBe(`${testOrigin}/sim/stripe/checkout/${session.id}`);

        const res = await h.request(session.url ?? '');
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
        const html = await res.text();
        expect(html).toContain('Pay $25.00');
        expect(html).toContain('Ringwise credits $25.00');
        expect(html).toContain(`href="${testOrigin}/home"`);
        expect(html).toContain('<label for="cardNumber">');
        expect(html).not.toContain('<script');
        const csp = res.headers.get('content-security-policy') ?? '';
        const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
        expect(html).toContain(`<style nonce="${nonce}">`);
        expect(csp).toContain(`form-action 'self' ${testOrigin}`);
      });

      test('4242 pays: the session completes, the card is saved, and a signed checkout.session.completed arrives', async () => {
        const { session, customer, userId } = await topUpSession();
        const res = await submitCheckout(h, session.url ?? '', { cardNumber: '4242 4242 4242 4242', billingName: 'Ada Lovelace' });
        expect(res.status).toBe(303);
        expect(res.headers.get('location')).toBe(`${testOrigin}/checkout?session_id=${session.id}`);

        const paid = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
        expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid', customer, url: null });
        const intent = paid.payment_intent as Stripe.PaymentIntent;
        expect(intent.id).toMatch(/^pi_/);
        expect(intent).toMatchObject({ status: 'succeeded', amount: 2500, amount_received: 2500, customer, metadata: { user_id: userId, kind: 'top_up' } });
        expect(intent.latest_charge).toMatch(/^ch_/);

        const cards = await stripe.customers.listPaymentMethods(customer, { type: 'card' });
        expect(cards).toMatchObject({ object: 'list', has_more: false, url: `/v1/customers/${customer}/payment_methods` });
        expect(cards.data).toHaveLength(1);
        expect(cards.data[0]).toMatchObject({ object: 'payment_method', type: 'card', customer, card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 } });
        expect(cards.data[0]?.id).toBe(intent.payment_method as string);
        const sameCards = await stripe.paymentMethods.list({ customer, type: 'card' });
        expect(sameCards.data.map((pm) => pm.id)).toEqual(cards.data.map((pm) => pm.id));

        const events = (await verifiedEvents(h)).filter((e) => [session.id, intent.id].includes((e.data.object as { id: string }).id));
        // Stripe does not promise an order; the simulator sends them in this one
        expect(events.map((e) => e.type)).toEqual(['payment_intent.succeeded', 'checkout.session.completed']);
        const completed = events[1] as Stripe.CheckoutSessionCompletedEvent;
        expect(completed.id).toMatch(/^evt_/);
        expect(completed.api_version).toBe(Stripe.API_VERSION);
        expect(completed.data.object).toMatchObject({
          id: session.id,
          amount_total: 2500,
          client_reference_id: userId,
          payment_intent: intent.id,
          customer,
          payment_status: 'paid',
          metadata: { user_id: userId, kind: 'top_up' },
        });
      });

      test('the signature is Stripe\'s: verified with the secret, refused with another or on a re-serialised body', async () => {
        await verifiedEvents(h);
        const hook = h.webhooks.find((w) => w.status === 200);
        if (!hook) throw new Error('no webhook received yet');
        expect(hook.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64},v0=[0-9a-f]{64}$/);
        expect(hook.headers.get('content-type')).toBe('application/json; charset=utf-8');
        await expect(stripe.webhooks.constructEventAsync(hook.body, hook.signature ?? '', 'whsec_other')).rejects.toBeInstanceOf(
          Stripe.errors.StripeSignatureVerificationError,
        );
        await expect(stripe.webhooks.constructEventAsync(JSON.stringify(JSON.parse(hook.body)), hook.signature ?? '', testWebhookSecret)).rejects.toBeInstanceOf(
          Stripe.errors.StripeSignatureVerificationError,
        );
      });

      test('0002 is declined on the page: the session stays open, nothing is charged and no event is sent', async () => {
        const { session, customer } = await topUpSession();
        await h.flush();
        const before = h.webhooks.length;
        const res = await submitCheckout(h, session.url ?? '', { cardNumber: '4000000000000002' });
        expect(res.status).toBe(200);
        const html = await res.text();
        expect(html).toContain('<div class="alert" role="alert" id="payment-error">Your card was declined.</div>');
        expect(html).toContain('aria-describedby="payment-error" autofocus');
        const still = await stripe.checkout.sessions.retrieve(session.id);
        expect(still).toMatchObject({ status: 'open', payment_status: 'unpaid', payment_intent: null });
        expect((await stripe.customers.listPaymentMethods(customer)).data).toEqual([]);
        await h.flush();
        expect(h.webhooks.length).toBe(before);
      });

      test('any other number is "Your card number is incorrect."; bad fields are named', async () => {
        const { session } = await topUpSession();
        const wrong = await submitCheckout(h, session.url ?? '', { cardNumber: '4111 1111 1111 1111' });
        expect(wrong.status).toBe(200);
        const html = await wrong.text();
        expect(html).toContain('Your card number is incorrect.');
        expect(html).toContain('aria-describedby="cardNumber-error"');
        const incomplete = await submitCheckout(h, session.url ?? '', { cardNumber: '4242', cardExpiry: '01 / 20', cardCvc: '1', billingName: ' ' });
        const text = decodeEntities(await incomplete.text());
        for (const message of ['Your card number is incomplete.', "Your card's expiration year is in the past.", "Your card's security code is incomplete.", 'Enter the name on your card.']) {
          expect(text).toContain(message);
        }
        expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
      });

      test('without a customer, customer_creation "always" makes one from the page (e-mail asked there)', async () => {
        const session = await stripe.checkout.sessions.create({
          mode: 'payment',
          customer_creation: 'always',
          line_items: [creditsItem(1000)],
          success_url: `${testOrigin}/done`,
          payment_intent_data: { setup_future_usage: 'off_session' },
        });
        const page = await (await h.request(session.url ?? '')).text();
        expect(page).toContain('<label for="email">');
        const missingEmail = await submitCheckout(h, session.url ?? '', { cardNumber: '4242424242424242' });
        expect(await missingEmail.text()).toContain('Your email is incomplete.');
        const res = await submitCheckout(h, session.url ?? '', { cardNumber: '4242424242424242', email: 'grace@example.test' });
        expect(res.headers.get('location')).toBe(`${testOrigin}/done`);
        const paid = await stripe.checkout.sessions.retrieve(session.id, { expand: ['customer'] });
        const customer = paid.customer as Stripe.Customer;
        expect(customer.id).toMatch(/^cus_/);
        expect(customer.email).toBe('grace@example.test');
        expect(paid.customer_details).toMatchObject({ email: 'grace@example.test', name: 'Ada Lovelace' });
        expect((await stripe.customers.listPaymentMethods(customer.id)).data).toHaveLength(1);
      });

      test('paying twice (a double submit) charges once and redirects again', async () => {
        const { session } = await topUpSession();
        await submitCheckout(h, session.url ?? '', { cardNumber: '4242424242424242' });
        const intent = (await stripe.checkout.sessions.retrieve(session.id)).payment_intent;
        const again = await submitCheckout(h, session.url ?? '', { cardNumber: '4242424242424242' });
        expect(again.status).toBe(303);
        expect((await stripe.checkout.sessions.retrieve(session.id)).payment_intent).toBe(intent);
      });

      test('expire: the session closes, checkout.session.expired is sent, and the page can no longer pay', async () => {
        const { session } = await topUpSession();
        const expired = await stripe.checkout.sessions.expire(session.id);
        expect(expired).toMatchObject({ status: 'expired', url: null, payment_status: 'unpaid' });
        const events = await verifiedEvents(h);
        expect(events.some((e) => e.type === 'checkout.session.expired' && (e.data.object as Stripe.Checkout.Session).id === session.id)).toBe(true);
        const page = await submitCheckout(h, session.url ?? '', { cardNumber: '4242424242424242' });
        expect(await page.text()).toContain('This checkout session has expired');
        const again = await rejection(stripe.checkout.sessions.expire(session.id));
        expect(again).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      });

      test('an open session expires by itself after expires_at', async () => {
        const { session } = await topUpSession();
        h.advanceClock(25 * 3600 * 1000);
        try {
          expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('expired');
        } finally {
          h.advanceClock(-25 * 3600 * 1000);
        }
      });

      test('line items: listed, and expanded on the session', async () => {
        const { session } = await topUpSession({ cents: 1000 });
        const items = await stripe.checkout.sessions.listLineItems(session.id);
        expect(items.data).toHaveLength(1);
        expect(items.data[0]).toMatchObject({ object: 'item', description: 'Ringwise credits $10.00', amount_total: 1000, quantity: 1, price: { unit_amount: 1000, currency: 'usd' } });
        const expanded = await stripe.checkout.sessions.retrieve(session.id, { expand: ['line_items'] });
        expect(expanded.line_items?.data[0]?.amount_total).toBe(1000);
        const bad = await rejection(stripe.checkout.sessions.retrieve(session.id, { expand: ['success_url'] }));
        expect(bad).toMatchObject({ statusCode: 400, message: 'This property cannot be expanded (success_url).' });
      });

      test('a missing session or customer is resource_missing', async () => {
        expect(await rejection(stripe.checkout.sessions.retrieve('cs_test_missing'))).toMatchObject({ statusCode: 404, code: 'resource_missing' });
        const error = await rejection(
          stripe.checkout.sessions.create({ mode: 'payment', customer: 'cus_nope', line_items: [creditsItem(500)], success_url: `${testOrigin}/ok` }),
        );
        expect(error).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'customer', message: "No such customer: 'cus_nope'" });
        expect((await h.request(`${testOrigin}/sim/stripe/checkout/cs_test_missing`)).status).toBe(404);
      });
    });

    describe('off-session PaymentIntents (auto-recharge)', () => {
      test('a saved 4242 card pays: succeeded, and payment_intent.succeeded with the metadata', async () => {
        const { customer, card, userId } = await paidWith('4242424242424242');
        const intent = await stripe.paymentIntents.create({
          amount: 2500,
          currency: 'usd',
          customer,
          payment_method: card.id,
          off_session: true,
          confirm: true,
          metadata: { user_id: userId, kind: 'auto_recharge' },
        });
        expect(intent).toMatchObject({ object: 'payment_intent', status: 'succeeded', amount_received: 2500, customer, payment_method: card.id });
        const fetched = await stripe.paymentIntents.retrieve(intent.id, { expand: ['latest_charge'] });
        expect((fetched.latest_charge as Stripe.Charge).status).toBe('succeeded');
        const event = (await verifiedEvents(h)).find((e) => e.type === 'payment_intent.succeeded' && (e.data.object as Stripe.PaymentIntent).id === intent.id);
        expect(event?.data.object).toMatchObject({ id: intent.id, metadata: { user_id: userId, kind: 'auto_recharge' }, amount: 2500 });
        expect(event?.request).toMatchObject({ id: expect.stringMatching(/^req_/), idempotency_key: expect.stringMatching(/^stripe-node-retry-/) });
      });

      test('a saved 9995 card fails off-session: a 402 StripeCardError (insufficient_funds) and payment_intent.payment_failed', async () => {
        const { customer, card, userId } = await paidWith('4000000000009995');
        const error = await rejection(
          stripe.paymentIntents.create({
            amount: 2500,
            currency: 'usd',
            customer,
            payment_method: card.id,
            off_session: true,
            confirm: true,
            metadata: { user_id: userId, kind: 'auto_recharge' },
          }),
        );
        expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
        expect(error).toMatchObject({ statusCode: 402, code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' });
        expect(error.charge).toMatch(/^ch_/);
        const failed = error.payment_intent as Stripe.PaymentIntent;
        expect(failed).toMatchObject({ status: 'requires_payment_method', payment_method: null, metadata: { user_id: userId, kind: 'auto_recharge' } });
        expect(failed.last_payment_error).toMatchObject({ code: 'card_declined', decline_code: 'insufficient_funds', type: 'card_error' });
        expect((error.payment_method as Stripe.PaymentMethod).id).toBe(card.id);

        const event = (await verifiedEvents(h)).find((e) => e.type === 'payment_intent.payment_failed' && (e.data.object as Stripe.PaymentIntent).id === failed.id);
        expect(event?.data.object).toMatchObject({ metadata: { user_id: userId, kind: 'auto_recharge' }, last_payment_error: { decline_code: 'insufficient_funds' } });
      });

      test('a card of another customer, or no card, is refused before any charge', async () => {
        const { card } = await paidWith('4242424242424242');
        const other = await stripe.customers.create({ email: 'other@example.test' });
        const stolen = await rejection(
          stripe.paymentIntents.create({ amount: 500, currency: 'usd', customer: other.id, payment_method: card.id, off_session: true, confirm: true }),
        );
        expect(stolen).toMatchObject({ statusCode: 400, param: 'payment_method' });
        const none = await rejection(stripe.paymentIntents.create({ amount: 500, currency: 'usd', customer: other.id, off_session: true, confirm: true }));
        expect(none).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
        const small = await rejection(stripe.paymentIntents.create({ amount: 49, currency: 'usd' }));
        expect(small).toMatchObject({ code: 'amount_too_small', param: 'amount' });
        expect(await rejection(stripe.paymentIntents.retrieve('pi_missing'))).toMatchObject({ statusCode: 404, code: 'resource_missing' });
      });
    });

    describe('the billing portal', () => {
      test('a bps_ session whose page lists the saved cards, removes one, and links back', async () => {
        const { customer, card } = await paidWith('4242424242424242');
        const portal = await stripe.billingPortal.sessions.create({ customer, return_url: `${testOrigin}/settings/billing` });
        expect(portal.id).toMatch(/^bps_/);
        expect(portal).toMatchObject({ object: 'billing_portal.session', customer, return_url: `${testOrigin}/settings/billing`, livemode: false });
        expect(portal.url).toBe(`${testOrigin}/sim/stripe/portal/${portal.id}`);

        const html = await (await h.request(portal.url)).text();
        expect(html).toContain('Visa •••• 4242');
        expect(html).toContain(`href="${testOrigin}/settings/billing"`);

        const remove = await h.request(`${portal.url}/payment_methods/${card.id}/detach`, { method: 'POST', redirect: 'manual' });
        expect(remove.status).toBe(303);
        expect(remove.headers.get('location')).toBe(`/sim/stripe/portal/${portal.id}?removed=1`);
        expect((await stripe.customers.listPaymentMethods(customer)).data).toEqual([]);
        expect(await (await h.request(`${portal.url}?removed=1`)).text()).toContain('Card removed.');
      });

      test('an unknown customer is refused', async () => {
        expect(await rejection(stripe.billingPortal.sessions.create({ customer: 'cus_missing' }))).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'customer' });
      });
    });

    describe('event delivery', () => {
      test('a webhook answering 500 gets the event again, signed anew, until it answers 2xx', async () => {
        await h.flush();
        const before = h.webhooks.length;
        h.failNextWebhooks(500, 503);
        const { session } = await topUpSession();
        await stripe.checkout.sessions.expire(session.id);
        await h.flush();
        const attempts = h.webhooks.slice(before);
        expect(attempts.map((w) => w.status)).toEqual([500, 503, 200]);
        expect(new Set(attempts.map((w) => w.body)).size).toBe(1);
        for (const attempt of attempts) await stripe.webhooks.constructEventAsync(attempt.body, attempt.signature ?? '', testWebhookSecret);
        const id = (JSON.parse(attempts[0]?.body ?? '{}') as { id: string }).id;
        const stored = (await testDb.db.privileged((sql) => allEvents(sql))).find((e) => e.id === id);
        expect(stored).toMatchObject({ attempts: 3, delivered: true, failed: false });
      });

      test('after the last retry the event is marked failed', async () => {
        await h.flush();
        h.failNextWebhooks(500, 500, 500, 500);
        const { session } = await topUpSession();
        await stripe.checkout.sessions.expire(session.id);
        await h.flush();
        const last = h.webhooks[h.webhooks.length - 1];
        const id = (JSON.parse(last?.body ?? '{}') as { id: string }).id;
        const stored = (await testDb.db.privileged((sql) => allEvents(sql))).find((e) => e.id === id);
        expect(stored).toMatchObject({ attempts: 4, delivered: false, failed: true });
      });
    });
  });
}
