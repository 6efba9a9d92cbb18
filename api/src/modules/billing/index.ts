// Billing (spec §7 Account; issue: Stripe top-ups): the balance history, top-ups through Checkout, the payment
// portal, and Stripe's events:
//   GET  /api/transactions                      → TransactionPage (newest first, ?cursor=&limit=&kind=)
//   POST /api/stripe/checkout-sessions          → 201 { id, url } ($5-$500, checked here again)
//   GET  /api/stripe/checkout-sessions/{id}     → where the top-up stands (credited yet?)
//   POST /api/stripe/create-portal-session      → { url } (409 'No payment methods yet' without a customer)
//   POST /webhooks/stripe                       → signature over the raw body (300 s), each event settled once
import { Elysia } from 'elysia';
import type Stripe from 'stripe';
import { routes } from '@ringwise/contract/routes';
import { routeSchemas } from '@ringwise/contract/schemas';
import { webhooks } from '@ringwise/contract/webhooks';
import { authPlugin, type AuthPluginOptions } from '../../auth/plugin.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../plugins/errors.ts';
import { createCheckoutSession, createPortalSession, getCheckoutSession } from './checkout.ts';
import type { BillingJobs } from './jobs.ts';
import { listTransactions } from './transactions.ts';
import { settleStripeEvent } from './webhook.ts';

export interface BillingOptions extends AuthPluginOptions {
  db: Pick<Database, 'asSession' | 'privileged'>;
  stripe: Stripe;
  webhookSecret: string;
  publicUrl: string;
  jobs: Pick<BillingJobs, 'kick'>;
}

/** Stripe's own tolerance for the signature's timestamp. */
export const signatureToleranceSeconds = 300;

export const billing = (options: BillingOptions) => {
  const { db, stripe, webhookSecret, publicUrl, jobs } = options;
  const checkout = { db, stripe, publicUrl };
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
        // the signature covers the exact bytes: the body is read raw, never parsed first
        const raw = await request.text();
        let event: Stripe.Event;
        try {
          event = await stripe.webhooks.constructEventAsync(raw, request.headers.get('stripe-signature') ?? '', webhookSecret, signatureToleranceSeconds);
        } catch (error) {
          throw new HttpError(400, 'bad_signature', `The Stripe signature does not verify: ${error instanceof Error ? error.message : String(error)}`);
        }
        const settled = await settleStripeEvent(db, event);
        if (settled.outcome !== 'duplicate') jobs.kick();
        return { received: true };
      },
      { parse: 'none' },
    );
};
