// Virtual numbers and verified caller IDs (spec §7; issue: numbers and caller IDs):
//   GET    /api/virtual-numbers                       → VirtualNumber[] (active and in grace, newest first)
//   GET    /api/virtual-numbers/pricing?country=GB    → NumberPricing (cacheable for an hour)
//   POST   /api/virtual-numbers/search                → AvailableNumber[] (none that is someone's verified caller ID);
//                                                       404 no_available_numbers when none match
//   POST   /api/virtual-numbers/purchase              → 201 VirtualNumber; 402 insufficient_balance {balance, required};
//                                                       409 price_changed / number_unavailable (taken, or a verified
//                                                       caller ID: one number, one identity)
//   DELETE /api/virtual-numbers/{id}                  → 204 (released at the carrier; no refund)
//   GET    /api/verified-caller-ids                   → VerifiedCallerId[]
//   POST   /api/verified-caller-ids/initiate          → 201 {entry, message, validationCode, phoneNumber}
//   POST   /api/verified-caller-ids/{id}/check-status → {verificationStatus, phoneNumber}
//   DELETE /api/verified-caller-ids/{id}              → 204 (removed at the carrier too)
//   POST   /webhooks/twilio/caller-id                 → the carrier's verification outcome (signed; 403 otherwise)
//   GET|PUT|DELETE /api/virtual-numbers/{id}/greeting, GET …/greeting/audio, GET /api/voicemail-greetings/{id}
//                                                     → a number's voicemail greeting (greeting.ts)
//   GET|PUT /api/virtual-numbers/{id}/forwarding      → where its calls go when the browser does not take them (forwarding.ts)
import { Elysia } from 'elysia';
import { routes } from '@ringwise/contract/routes';
import { routeSchemas } from '@ringwise/contract/schemas';
import { authPlugin, type AuthPluginOptions } from '../../auth/plugin.ts';
import type { Database } from '../../db/database.ts';
import type { TelephonyServices } from '../../telephony/twilio-client.ts';
import { verifiedTwilioForm } from '../../telephony/webhook-signature.ts';
import { callerIdCallbackPath, checkCallerIdStatus, initiateCallerId, listCallerIds, removeCallerId, settleVerification } from './caller-ids.ts';
import { pricingOf, searchNumbers } from './catalog.ts';
import { listNumbers, purchaseNumber, releaseNumber } from './purchase.ts';
import { getForwarding, setForwarding } from './forwarding.ts';
import { carrierGreetingAudio, deleteGreeting, getGreeting, greetingAudioOfNumber, readGreetingUpload, saveGreeting } from './greeting.ts';

export interface NumbersOptions extends AuthPluginOptions {
  db: Pick<Database, 'asSession' | 'privileged'>;
  telephony: TelephonyServices;
}

/** spec §9: pricing is cached for an hour (it is the same for everyone, but only signed-in users ask). */
const pricingCacheControl = 'private, max-age=3600';

export const numbers = (options: NumbersOptions) => {
  const { db, telephony } = options;
  const services = { db, twilio: telephony.twilio, publicUrl: telephony.publicUrl };
  return new Elysia({ name: 'module.numbers' })
    .use(authPlugin(options))
    .get(routes.listVirtualNumbers.path, ({ db: userDb }) => userDb.run(listNumbers), { auth: true, ...routeSchemas.listVirtualNumbers })
    .get(
      routes.getNumberPricing.path,
      ({ query, set }) => {
        const pricing = pricingOf(query.country);
        set.headers['cache-control'] = pricingCacheControl;
        return pricing;
      },
      { auth: true, ...routeSchemas.getNumberPricing },
    )
    .post(routes.searchNumbers.path, ({ body }) => searchNumbers(services, body), { auth: true, ...routeSchemas.searchNumbers })
    .post(
      routes.purchaseNumber.path,
      async ({ user, body, set }) => {
        const bought = await purchaseNumber(services, user.id, body);
        set.status = 201;
        return bought;
      },
      { auth: true, ...routeSchemas.purchaseNumber },
    )
    .delete(
      routes.releaseNumber.path,
      async ({ db: userDb, params, set }) => {
        await releaseNumber(services, userDb, params.id);
        set.status = 204;
      },
      { auth: true, ...routeSchemas.releaseNumber },
    )
    .get(routes.getVoicemailGreeting.path, ({ db: userDb, params }) => userDb.run((sql) => getGreeting(sql, params.id)), {
      auth: true,
      ...routeSchemas.getVoicemailGreeting,
    })
    .put(
      routes.uploadVoicemailGreeting.path,
      async ({ user, db: userDb, params, request }) => {
        const upload = await readGreetingUpload(request);
        return saveGreeting(db, (work) => userDb.run(work), user.id, params.id, upload);
      },
      { auth: true, parse: 'none', ...routeSchemas.uploadVoicemailGreeting },
    )
    .delete(
      routes.deleteVoicemailGreeting.path,
      async ({ db: userDb, params, set }) => {
        await userDb.run((sql) => deleteGreeting(sql, params.id));
        set.status = 204;
      },
      { auth: true, ...routeSchemas.deleteVoicemailGreeting },
    )
    .get(routes.getVoicemailGreetingAudio.path, ({ db: userDb, params }) => userDb.run((sql) => greetingAudioOfNumber(sql, params.id)), {
      auth: true,
      ...routeSchemas.getVoicemailGreetingAudio,
    })
    .get(routes.getNumberForwarding.path, ({ db: userDb, params }) => userDb.run((sql) => getForwarding(sql, params.id)), {
      auth: true,
      ...routeSchemas.getNumberForwarding,
    })
    .put(routes.setNumberForwarding.path, ({ user, params, body }) => setForwarding(db, user.id, params.id, body), {
      auth: true,
      ...routeSchemas.setNumberForwarding,
    })
    .get(routes.carrierGreetingAudio.path, ({ params }) => carrierGreetingAudio(db, params.id), routeSchemas.carrierGreetingAudio)
    .get(routes.listCallerIds.path, ({ db: userDb }) => userDb.run(listCallerIds), { auth: true, ...routeSchemas.listCallerIds })
    .post(
      routes.initiateCallerId.path,
      async ({ user, body, set }) => {
        const initiated = await initiateCallerId(services, user.id, body);
        set.status = 201;
        return initiated;
      },
      { auth: true, ...routeSchemas.initiateCallerId },
    )
    .post(routes.checkCallerIdStatus.path, ({ db: userDb, params }) => checkCallerIdStatus(services, userDb, params.id), {
      auth: true,
      ...routeSchemas.checkCallerIdStatus,
    })
    .delete(
      routes.deleteCallerId.path,
      async ({ db: userDb, params, set }) => {
        await removeCallerId(services, userDb, params.id);
        set.status = 204;
      },
      { auth: true, ...routeSchemas.deleteCallerId },
    )
    .post(
      callerIdCallbackPath,
      async ({ request, set }) => {
        const form = await verifiedTwilioForm(request, telephony);
        await settleVerification(services, form);
        set.headers['content-type'] = 'text/xml';
        return '<?xml version="1.0" encoding="UTF-8"?><Response/>';
      },
      { parse: 'none' },
    );
};
