// Calling (spec §7 Calls; issue: calling):
//   GET   /api/twilio/token                → {token, identity, expiresAt, device}
//   POST  /api/calls/start                 → 201 {callId, rate, pricing, maxDurationSeconds, …}; 402 insufficient_balance,
//                                            409 call_in_progress, 400 invalid / premium / no rate / not your caller ID
//   PATCH /api/calls/{id}/sid              → 204
//   GET   /api/calls/status/{callSid}      → {status, duration, cost}
//   GET   /api/calls?cursor=&limit=        → CallPage (newest first)
//   GET   /api/calls/current               → Call | null (the newest still queued, ringing or in progress)
//   POST  /api/calls/{id}/feedback         → 204 (once, after the call)
//   PATCH /api/calls/{id}/quality          → 204 (what the device measured, added to what the call has)
//   POST  /api/calls/{id}/end              → 204 (asked of the carrier, or ended here if it never got there); 409 over
//   GET   /api/calls/unseen                → {missed} (incoming calls nobody took, not seen in Recent Calls yet)
//   POST  /api/calls/seen                  → 204 (Recent Calls was opened)
//   POST  /webhooks/twilio/voice | status | incoming   (signed by the carrier; 403 otherwise; TwiML or empty answers)
import { Elysia } from 'elysia';
import { routes } from '@ringwise/contract/routes';
import { routeSchemas } from '@ringwise/contract/schemas';
import { authPlugin, type AuthPluginOptions } from '../../auth/plugin.ts';
import type { TwilioConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { TelephonyServices } from '../../telephony/twilio-client.ts';
import { verifiedTwilioForm } from '../../telephony/webhook-signature.ts';
import type { RateService } from '../rates/service.ts';
import { callStatus, currentCall, linkCallSid, listCalls, recordFeedback } from './history.ts';
import { endCall } from './end.ts';
import { markCallsSeen, unseenCalls } from './missed.ts';
import { setCallQuality } from './quality.ts';
import { startCall } from './start.ts';
import { callingToken } from './token.ts';
import { answerIncoming, answerOutgoing, recordStatus, voicePaths } from './voice.ts';
import { answerVoicemailStep, deleteVoicemail, keepRecording, markVoicemailHeard, voicemailAudio } from './voicemail.ts';

export interface CallsOptions extends AuthPluginOptions {
  db: Pick<Database, 'asSession' | 'privileged'>;
  rates: Pick<RateService, 'match'>;
  telephony: TelephonyServices;
  twilio: TwilioConfig;
  /** The e-mail jobs (a voicemail's e-mail is one): told when one was queued. */
  jobs?: { kick(): void };
}

const twiml = (set: { headers: Record<string, string | number> }, body: string) => {
  set.headers['content-type'] = 'text/xml; charset=utf-8';
  return body;
};

export const calls = (options: CallsOptions) => {
  const { db, telephony } = options;
  const starting = { db, rates: options.rates, publicNumber: options.twilio.publicNumber };
  const forwarding = { db, rates: options.rates, publicUrl: telephony.publicUrl };
  return new Elysia({ name: 'module.calls' })
    .use(authPlugin(options))
    .get(routes.getCallingToken.path, ({ user, set }) => {
      set.headers['cache-control'] = 'no-store';
      return callingToken(options.twilio, user.id);
    }, { auth: true, ...routeSchemas.getCallingToken })
    .post(
      routes.startCall.path,
      async ({ user, body, set }) => {
        const started = await startCall(starting, user.id, body);
        set.status = 201;
        return started;
      },
      { auth: true, ...routeSchemas.startCall },
    )
    .patch(
      routes.setCallSid.path,
      async ({ user, params, body, set }) => {
        await linkCallSid(db, user.id, params.id, body.twilioCallSid);
        set.status = 204;
      },
      { auth: true, ...routeSchemas.setCallSid },
    )
    .get(routes.getCallStatus.path, ({ db: userDb, params }) => userDb.run((sql) => callStatus(sql, params.callSid)), {
      auth: true,
      ...routeSchemas.getCallStatus,
    })
    .get(routes.listCalls.path, ({ db: userDb, query }) => userDb.run((sql) => listCalls(sql, query)), { auth: true, ...routeSchemas.listCalls })
    .get(routes.currentCall.path, ({ db: userDb }) => userDb.run((sql) => currentCall(sql)), {
      auth: true,
      ...routeSchemas.currentCall,
      // Elysia answers a null with an empty body; the contract's null is JSON
      mapResponse: ({ responseValue }) => (responseValue === null ? Response.json(null) : undefined),
    })
    .get(routes.unseenCalls.path, ({ db: userDb, set }) => {
      set.headers['cache-control'] = 'no-store';
      return userDb.run((sql) => unseenCalls(sql));
    }, { auth: true, ...routeSchemas.unseenCalls })
    .post(
      routes.markCallsSeen.path,
      async ({ user, set }) => {
        await markCallsSeen(db, user.id);
        set.status = 204;
      },
      { auth: true, ...routeSchemas.markCallsSeen },
    )
    .post(
      routes.sendCallFeedback.path,
      async ({ user, params, body, set }) => {
        await recordFeedback(db, user.id, params.id, body);
        set.status = 204;
      },
      { auth: true, ...routeSchemas.sendCallFeedback },
    )
    .patch(
      routes.setCallQuality.path,
      async ({ user, params, body, set }) => {
        await setCallQuality(db, user.id, params.id, body);
        set.status = 204;
      },
      { auth: true, ...routeSchemas.setCallQuality },
    )
    .post(
      routes.endCall.path,
      async ({ user, params, set }) => {
        await endCall(db, telephony.twilio, user.id, params.id);
        set.status = 204;
      },
      { auth: true, ...routeSchemas.endCall },
    )
    .get(routes.getVoicemailAudio.path, ({ user, params }) => voicemailAudio(db, telephony.recordingMedia, user.id, params.id), {
      auth: true,
      ...routeSchemas.getVoicemailAudio,
    })
    .post(
      routes.markVoicemailHeard.path,
      async ({ user, params, set }) => {
        await markVoicemailHeard(db, user.id, params.id);
        set.status = 204;
      },
      { auth: true, ...routeSchemas.markVoicemailHeard },
    )
    .delete(
      routes.deleteVoicemail.path,
      async ({ user, params, set }) => {
        await deleteVoicemail(db, telephony.twilio, user.id, params.id);
        set.status = 204;
      },
      { auth: true, ...routeSchemas.deleteVoicemail },
    )
    .post(
      voicePaths.voicemail,
      async ({ request, set }) => {
        const form = await verifiedTwilioForm(request, telephony);
        return twiml(set, await answerVoicemailStep(forwarding, new URL(request.url), form));
      },
      { parse: 'none' },
    )
    .post(
      voicePaths.recording,
      async ({ request, set }) => {
        const form = await verifiedTwilioForm(request, telephony);
        if ((await keepRecording(db, new URL(request.url).searchParams.get('callId'), form)) === 'kept') options.jobs?.kick();
        set.status = 204;
      },
      { parse: 'none' },
    )
    .post(voicePaths.voice, async ({ request, set }) => twiml(set, await answerOutgoing(db, telephony.publicUrl, await verifiedTwilioForm(request, telephony))), {
      parse: 'none',
    })
    .post(
      voicePaths.status,
      async ({ request, set }) => {
        const form = await verifiedTwilioForm(request, telephony);
        await recordStatus(db, new URL(request.url).searchParams.get('callId'), form);
        set.status = 204;
      },
      { parse: 'none' },
    )
    .post(voicePaths.incoming, async ({ request, set }) => twiml(set, await answerIncoming(forwarding, await verifiedTwilioForm(request, telephony))), {
      parse: 'none',
    });
};
