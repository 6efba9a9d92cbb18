// The payment simulator's routes (ARCHITECTURE.md §4), mounted under /sim/stripe by the hosting app only while
// STRIPE_SECRET_KEY is unset. They answer the official `stripe` SDK (the api points the SDK here) in Stripe's wire
// format: Bearer `sk_test_simulator`, form-encoded params, JSON objects and Stripe's errors, idempotency keys
// replayed from the database. They serve the hosted Checkout page and customer portal the sessions' `url`s point
// to; the events they record are sent, Stripe-signed, to the app's /webhooks/stripe (delivery.ts).
//
// Like the local auth server, every answer here is the provider's format, never the api's error envelope:
// each handler answers its own errors.
import { Elysia } from 'elysia';
import type { RequestContext, SimulatorSql as Sql } from '@ringwise/simulator-common/host';
import { sendPage } from '@ringwise/simulator-common/page';
import { readBoundedText } from '@ringwise/simulator-common/request-body';
import {
  idempotencyMismatch,
  internalError,
  invalidApiKey,
  invalidRequest,
  missingApiKey,
  SimulatorError,
  unrecognizedUrl,
} from './errors.ts';
import { canonicalParams, decodeForm, FormDecodeError, type ParamHash } from './form.ts';
import { apiVersion, eventObject, newId, type EventType } from './model.ts';
import {
  checkoutPage as checkoutPageView,
  emptyCheckoutForm,
  notFoundPage,
  paymentPagesLook,
  portalPage as portalPageView,
  readCheckoutForm,
  validateCheckoutForm,
  type HtmlPage,
} from './pages.ts';
import { pagesPath, type ApiResult, type SimulatorContext } from './context.ts';
import { checkoutPage, payCheckoutSession, portalDetach, portalPage, type CheckoutPageData } from './page-actions.ts';
import { createCheckoutSession, expireCheckoutSession, listCheckoutSessionLineItems, retrieveCheckoutSession } from './resources/checkout-sessions.ts';
import { createCustomer, retrieveCustomer, updateCustomer } from './resources/customers.ts';
import { createPaymentIntent, retrievePaymentIntent } from './resources/payment-intents.ts';
import { detachPaymentMethod, listCustomerPaymentMethods, listPaymentMethods, retrievePaymentMethod } from './resources/payment-methods.ts';
import { createPortalSession } from './resources/portal-sessions.ts';
import { simulatorSecretKey, type SimulatorLogger, type StripeSimulator } from './simulator.ts';
import { findIdempotentResponse, insertEvent, saveIdempotentResponse } from './store.ts';

/** Request bodies larger than this are refused (Stripe's requests here are a few hundred bytes). */
export const maxBodyBytes = 256 * 1024;

const base = pagesPath;


type Operation = (ctx: SimulatorContext, params: ParamHash) => Promise<ApiResult>;

const defaultLogger: SimulatorLogger = (error, request) => {
  console.error(`[stripe-simulator] ${request.method} ${request.path} failed:`, error);
};

export const stripeSimulator = (simulator: StripeSimulator) => {
  const { options, events } = simulator;
  const db = options.db;
  const log = options.log ?? defaultLogger;
  const clock = options.now ?? Date.now;
  const businessName = options.businessName ?? 'Ringwise';
  const secretKey = options.secretKey ?? simulatorSecretKey;

  /** One unit of work in one transaction; the events it records are sent once it has committed. */
  async function transaction<T>(request: { id: string | null; idempotencyKey: string | null }, work: (ctx: SimulatorContext) => Promise<T>): Promise<T> {
    const recorded: string[] = [];
    const result = await db.privileged((sql) => work(context(sql, recorded, request)));
    events.schedule(recorded);
    return result;
  }

  function context(sql: Sql, recorded: string[], request: { id: string | null; idempotencyKey: string | null }): SimulatorContext {
    const now = Math.floor(clock() / 1000);
    return {
      sql,
      now,
      publicUrl: options.publicUrl,
      async emit(type: EventType, object: object) {
        const event = eventObject({ id: newId.event(), created: now, type, object: object as Record<string, unknown>, request });
        await insertEvent(sql, { id: event.id, type, payload: JSON.stringify(event, null, 2) });
        recorded.push(event.id);
      },
    };
  }

  /** A REST call: authentication, params, idempotency, the operation, and Stripe's JSON (or error) answer. */
  async function api({ request, path, set }: RequestContext, operation: Operation): Promise<string> {
    const requestId = newId.request();
    set.headers['request-id'] = requestId;
    set.headers['stripe-version'] = request.headers.get('stripe-version') ?? apiVersion;
    set.headers['cache-control'] = 'no-cache, no-store';
    set.headers['content-type'] = 'application/json';
    const apiPath = path.slice(base.length);
    try {
      authenticate(request.headers.get('authorization'), secretKey);
      const params = await readParams(request);
      const key = request.method === 'POST' ? request.headers.get('idempotency-key') : null;
      if (key !== null) {
        set.headers['idempotency-key'] = key;
        if (key.length > 255) throw invalidRequest('Invalid Idempotency-Key: it must be at most 255 characters long.');
      }
      const answer = await run(request.method, apiPath, params, key, requestId, operation);
      set.status = answer.status;
      return answer.body;
    } catch (error) {
      const failure = error instanceof SimulatorError ? error : unexpected(error, request, path);
      set.status = failure.status;
      return JSON.stringify(failure.body(), null, 2);
    }
  }

  /**
   * Runs an operation once per idempotency key ([Idem]): the first answer is saved with the key in the same
   * transaction and replayed for the same method, path and params; other params are an idempotency_error. A
   * request racing one with the same key waits for it (the key's primary key) and then replays its answer.
   */
  async function run(method: string, path: string, params: ParamHash, key: string | null, requestId: string, operation: Operation) {
    const canonical = canonicalParams(params);
    for (let attempt = 0; ; attempt++) {
      try {
        return await transaction({ id: requestId, idempotencyKey: key }, async (ctx) => {
          if (key !== null) {
            const saved = await findIdempotentResponse(ctx.sql, key);
            if (saved) {
              if (saved.method !== method || saved.path !== path || saved.params !== canonical) throw idempotencyMismatch(key);
              return { status: saved.status, body: saved.body };
            }
          }
          const result = await operation(ctx, params);
          const body = JSON.stringify(result.body, null, 2);
          if (key !== null) await saveIdempotentResponse(ctx.sql, key, { method, path, params: canonical, status: result.status, body });
          return { status: result.status, body };
        });
      } catch (error) {
        if (attempt === 0 && key !== null && (error as { code?: unknown }).code === '23505') continue;
        throw error;
      }
    }
  }

  function unexpected(error: unknown, request: Request, path: string): SimulatorError {
    log(error, { method: request.method, path });
    return internalError();
  }

  const html = (set: RequestContext['set'], page: HtmlPage, formTargets: readonly string[] = []) => sendPage(set, page, paymentPagesLook, formTargets);

  async function page({ request, path, set }: RequestContext, work: () => Promise<string>): Promise<string> {
    try {
      return await work();
    } catch (error) {
      log(error, { method: request.method, path });
      return html(set, {
        status: 500,
        title: 'Something went wrong · Payment simulator',
        body: '<main class="message"><h1>Something went wrong</h1><p>The payment simulator could not show this page. Please try again.</p></main>',
      });
    }
  }

  const pageRequest = { id: null, idempotencyKey: null };
  const checkoutAction = (id: string) => `${base}/checkout/${encodeURIComponent(id)}`;
  const portalAction = (id: string) => `${base}/portal/${encodeURIComponent(id)}`;
  const checkoutTargets = (data: CheckoutPageData) => [data.session.success_url ?? '', data.session.cancel_url ?? ''];

  const endpoint =
    (operation: (ctx: SimulatorContext, params: ParamHash, id: string) => Promise<ApiResult>) =>
    (context: RequestContext & { params?: Record<string, string> }) =>
      api(context, (ctx, params) => operation(ctx, params, context.params?.id ?? ''));

  const none = { parse: 'none' } as const;

  return (
    new Elysia({ name: 'module.stripe-simulator' })
      // REST API (the SDK's requests)
      .post(`${base}/v1/customers`, endpoint(createCustomer), none)
      .get(`${base}/v1/customers/:id`, endpoint((ctx, params, id) => retrieveCustomer(ctx, id, params)))
      .post(`${base}/v1/customers/:id`, endpoint((ctx, params, id) => updateCustomer(ctx, id, params)), none)
      .get(`${base}/v1/customers/:id/payment_methods`, endpoint((ctx, params, id) => listCustomerPaymentMethods(ctx, id, params)))
      .get(`${base}/v1/payment_methods`, endpoint(listPaymentMethods))
      .get(`${base}/v1/payment_methods/:id`, endpoint((ctx, params, id) => retrievePaymentMethod(ctx, id, params)))
      .post(`${base}/v1/payment_methods/:id/detach`, endpoint((ctx, params, id) => detachPaymentMethod(ctx, id, params)), none)
      .post(`${base}/v1/checkout/sessions`, endpoint(createCheckoutSession), none)
      .get(`${base}/v1/checkout/sessions/:id`, endpoint((ctx, params, id) => retrieveCheckoutSession(ctx, id, params)))
      .get(`${base}/v1/checkout/sessions/:id/line_items`, endpoint((ctx, params, id) => listCheckoutSessionLineItems(ctx, id, params)))
      .post(`${base}/v1/checkout/sessions/:id/expire`, endpoint((ctx, params, id) => expireCheckoutSession(ctx, id, params)), none)
      .post(`${base}/v1/payment_intents`, endpoint(createPaymentIntent), none)
      .get(`${base}/v1/payment_intents/:id`, endpoint((ctx, params, id) => retrievePaymentIntent(ctx, id, params)))
      .post(`${base}/v1/billing_portal/sessions`, endpoint(createPortalSession), none)
      // anything else under the API is Stripe's "Unrecognized request URL"
      .get(`${base}/v1/*`, (context) => api(context, async () => Promise.reject(unrecognizedUrl('GET', context.path.slice(base.length)))))
      .all(`${base}/v1/*`, (context) => api(context, async () => Promise.reject(unrecognizedUrl(context.request.method, context.path.slice(base.length)))), none)

      // the hosted Checkout page
      .get(`${base}/checkout/:id`, (context) =>
        page(context, async () => {
          const data = await transaction(pageRequest, (ctx) => checkoutPage(ctx, context.params.id));
          if (!data) return html(context.set, notFoundPage());
          const view = checkoutPageView(data, { form: emptyCheckoutForm, errors: {}, decline: null }, { businessName, action: checkoutAction(data.session.id) });
          return html(context.set, view, checkoutTargets(data));
        }),
      )
      .post(
        `${base}/checkout/:id`,
        (context) =>
          page(context, async () => {
            const form = readCheckoutForm(new URLSearchParams(await readText(context.request)));
            const id = context.params.id;
            const result = await transaction(pageRequest, async (ctx) => {
              const data = await checkoutPage(ctx, id);
              if (!data) return { outcome: 'missing' } as const;
              const checked = validateCheckoutForm(form, { needEmail: data.knownEmail === null, now: new Date(clock()) });
              if (checked.errors) return { outcome: 'invalid', data, errors: checked.errors } as const;
              return payCheckoutSession(ctx, id, checked.card);
            });
            const action = checkoutAction(id);
            switch (result.outcome) {
              case 'missing':
                return html(context.set, notFoundPage());
              case 'paid':
                context.set.status = 303;
                context.set.headers.location = result.redirectTo;
                context.set.headers['cache-control'] = 'no-store';
                return '';
              case 'invalid':
                return html(context.set, checkoutPageView(result.data, { form, errors: result.errors, decline: null }, { businessName, action }), checkoutTargets(result.data));
              case 'declined':
                return html(context.set, checkoutPageView(result.page, { form, errors: {}, decline: result.message }, { businessName, action }), checkoutTargets(result.page));
              case 'closed':
                return html(context.set, checkoutPageView(result.page, { form, errors: {}, decline: null }, { businessName, action }), checkoutTargets(result.page));
            }
          }),
        none,
      )

      // the customer portal
      .get(`${base}/portal/:id`, (context) =>
        page(context, async () => {
          const data = await transaction(pageRequest, (ctx) => portalPage(ctx, context.params.id));
          if (!data) return html(context.set, notFoundPage());
          const notice = new URL(context.request.url).searchParams.get('removed') === '1' ? 'Card removed.' : null;
          const view = portalPageView(data, { businessName, notice, detachAction: (pm) => `${portalAction(data.session.id)}/payment_methods/${encodeURIComponent(pm)}/detach` });
          return html(context.set, view);
        }),
      )
      .post(
        `${base}/portal/:id/payment_methods/:pm/detach`,
        (context) =>
          page(context, async () => {
            const removed = await transaction(pageRequest, (ctx) => portalDetach(ctx, context.params.id, context.params.pm));
            if (!removed) return html(context.set, notFoundPage());
            context.set.status = 303;
            context.set.headers.location = `${portalAction(context.params.id)}?removed=1`;
            return '';
          }),
        none,
      )
      // the rest of /sim/stripe is the simulator's, never the shell's
      .get(`${base}/*`, ({ set }) => html(set, notFoundPage()))
      .all(`${base}/*`, ({ set }) => html(set, notFoundPage()), none)
  );
};

/** Bearer auth (what the SDK sends) or Basic auth with the key as the user name (`curl -u sk_test_…:`). */
function authenticate(header: string | null, secretKey: string): void {
  if (header === null || header.trim() === '') throw missingApiKey();
  let key: string | null = null;
  const bearer = /^Bearer\s+(\S*)\s*$/i.exec(header);
  const basic = /^Basic\s+(\S+)\s*$/i.exec(header);
  if (bearer) key = bearer[1] ?? '';
  else if (basic) key = Buffer.from(basic[1] ?? '', 'base64').toString('utf8').split(':')[0] ?? '';
  if (key === null || key === '') throw missingApiKey();
  if (key !== secretKey) throw invalidApiKey(key);
}

function readText(request: Request): Promise<string> {
  return readBoundedText(request, maxBodyBytes, () => invalidRequest('The request body is too large.'));
}

/** GET and DELETE carry their params in the query string, other methods in a form-encoded body. */
async function readParams(request: Request): Promise<ParamHash> {
  const raw = request.method === 'GET' || request.method === 'DELETE' || request.method === 'HEAD' ? new URL(request.url).search.slice(1) : await readText(request);
  try {
    return decodeForm(raw);
  } catch (error) {
    if (error instanceof FormDecodeError) throw invalidRequest(error.message, { param: error.key });
    throw error;
  }
}
