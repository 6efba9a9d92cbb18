// Billing (spec §7 Account; issue: Stripe top-ups): the balance history, top-ups through Checkout, the payment
// portal, and Stripe's events:
//   GET  /api/transactions                      → TransactionPage (newest first, ?cursor=&limit=&kind=)
//   POST /api/stripe/checkout-sessions          → 201 { id, url } ($5-$500, checked here again)
//   GET  /api/stripe/checkout-sessions/{id}     → where the top-up stands (credited yet?)
//   POST /api/stripe/create-portal-session      → { url } (409 'No payment methods yet' without a customer)
//   POST /webhooks/stripe                       → signature over the raw body (dated within 300 s either way), each
//                                                 event settled once; 413 past 1 MB (before the signature),
//                                                 400 bad_signature, or bad_request for a signed body that is no event
import { Elysia } from 'elysia';
import Stripe from 'stripe';
import { routes } from '@ringwise/contract/routes';
import { routeSchemas } from '@ringwise/contract/schemas';
import { webhooks } from '@ringwise/contract/webhooks';
import { authPlugin, type AuthPluginOptions } from '../../auth/plugin.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../plugins/errors.ts';
import { readBodyText } from '../../plugins/request-body.ts';
import { createCheckoutSession, createPortalSession, getCheckoutSession } from './checkout.ts';
import type { BillingJobs } from './jobs.ts';
import { listTransactions } from './transactions.ts';
import { stripeEventOf } from './stripe-event.ts';
import { futureTimestampProblem, maxStripeEventBytes, settleStripeEvent, stripeEventTooLarge, warnStripe } from './webhook.ts';

export interface BillingOptions extends AuthPluginOptions {
  db: Pick<Database, 'asSession' | 'privileged'>;
  stripe: Stripe;
  webhookSecret: string;
  publicUrl: string;
  jobs: Pick<BillingJobs, 'kick'>;
  /** Hears about Stripe events refused or not honoured (default: console.warn with a `[stripe]` prefix). */
  warn?: (message: string) => void;
}

/** Stripe's own tolerance for the signature's timestamp (in the past; we allow as much in the future). */
export const signatureToleranceSeconds = 300;

export const billing = (options: BillingOptions) => {
  const { db, stripe, webhookSecret, publicUrl, jobs, warn = warnStripe } = options;
  const checkout = { db, stripe, publicUrl };
  /** A correctly signed body that is not an event: nothing can be recorded of it; logged, and a 400 (never a 500). */
  const refusal = (problem: string) => {
    warn(`refused a signed body: ${problem}`);
    return new HttpError(400, 'bad_request', `The body is not a valid Stripe event: ${problem}.`);
  };
  return new Elysia({ name: 'module.billing' })
    .use(authPlugin(options))
    .get(routes.listTransactions.path, ({ db: userDb, query }) => userDb.run((sql) => listTransactions(sql, query)), {
      auth: true,
      ...routeSchemas.listTransactions,
    })
    .post(
      routes.createCheckoutSession.path,
      async ({ user, body, set }) => {
        const created = await createCheckoutSession(checkout, user, body.amount);
        set.status = 201;
        return created;
      },
      { auth: true, ...routeSchemas.createCheckoutSession },
    )
    .get(routes.getCheckoutSession.path, ({ db: userDb, params }) => userDb.run((sql) => getCheckoutSession(sql, params.id)), {
      auth: true,
      ...routeSchemas.getCheckoutSession,
    })
    .post(routes.createPortalSession.path, ({ user }) => createPortalSession(checkout, user), {
      auth: true,
      ...routeSchemas.createPortalSession,
    })
    .post(
      webhooks.stripeEvents.path,
      async ({ request }) => {
        // the signature covers the exact bytes: the body is read raw, never parsed first, and refused (413) the
        // moment it passes its size (or by its Content-Length), whatever its signature
        const raw = await readBodyText(request, maxStripeEventBytes, stripeEventTooLarge);
        // constructEventAsync's two steps, apart: a bad signature and a signed body that is no event are different
        // answers (and anything else thrown here is ours, a 500)
        const verifier = stripe.webhooks.signature;
        if (!verifier) throw new Error('The Stripe SDK has no webhook signature helper.');
        const header = request.headers.get('stripe-signature') ?? '';
        try {
          await verifier.verifyHeaderAsync(raw, header, webhookSecret, signatureToleranceSeconds);
        } catch (error) {
          if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) throw error;
          throw new HttpError(400, 'bad_signature', `The Stripe signature does not verify: ${error.message}`);
        }
        // the SDK bounds only how old the timestamp is: one too far in the future is refused as a stale one is
        const ahead = futureTimestampProblem(header, signatureToleranceSeconds);
        if (ahead) throw new HttpError(400, 'bad_signature', `The Stripe signature does not verify: ${ahead}.`);
        let body: unknown;
        try {
          body = JSON.parse(raw);
        } catch {
          throw refusal('it is not JSON');
        }
        const event = stripeEventOf(body);
        if ('problem' in event) throw refusal(event.problem);
        const settled = await settleStripeEvent(db, event.value, warn);
        if (settled.outcome !== 'duplicate') jobs.kick();
        return { received: true };
      },
      { parse: 'none' },
    );
};
