// The carrier simulator's routes (ARCHITECTURE.md §4), mounted under /sim/twilio by the hosting app only without
// TWILIO_ACCOUNT_SID/TWILIO_AUTH_TOKEN. They answer the official `twilio` SDK (the api's httpClient points the SDK
// here) in Twilio's wire format: Basic `AccountSid:AuthToken`, form-encoded bodies, JSON with RFC 2822 dates,
// Twilio's error bodies. Its numbers are made up from the real numbering plans (inventory.ts), its "phones" are a
// page (GET /sim/twilio/phone) where verification codes are typed and Ringwise numbers called, and the official Voice
// SDK's signalling WebSocket (@ringwise/contract/simulator-voice) is served here for the voice side (voice/), whose
// calls the REST side shows and ends as Twilio's Calls (resources/calls.ts).
//
// Like the payment simulator, every answer here is the provider's format, never the api's error envelope.
import { Elysia } from 'elysia';
import { simulatorSignallingPath } from '@ringwise/contract/simulator-voice';
import { isE164 } from '@ringwise/phone/notation';
import { sendPage } from '@ringwise/simulator-common/page';
import { readBoundedText } from '@ringwise/simulator-common/request-body';
import { authenticationError, internalError, methodNotAllowed, notFound, phoneNumberNotAvailable, TwilioApiError } from './errors.ts';
import type { SearchType } from './inventory.ts';
import {
  callNumberSection,
  callsSection,
  isCodeOutcome,
  isVoiceOutcome,
  notFoundPage,
  phoneCallerScript,
  phoneCallerScriptPath,
  phonePage,
  phonePagesLook,
  phonePath,
  voiceCallsSection,
  voiceMessages,
  voiceStatusLabel,
  type HtmlPage,
  type VoiceOutcome,
} from './pages.ts';
import { newSid, type ApiResult, type ServiceContext } from './context.ts';
import { searchAvailable } from './resources/available-numbers.ts';
import { fetchCall, listCalls, updateCall, type LiveCalls } from './resources/calls.ts';
import { deleteCallerId, fetchCallerId, listCallerIds, requestValidation, updateCallerId } from './resources/caller-ids.ts';
import { deleteRecording, fetchRecording, listRecordings, recordingMedia, type RecordingUrls } from './resources/recordings.ts';
import { buyNumber, fetchNumber, listNumbers, releaseNumber, updateNumber } from './resources/incoming-numbers.ts';
import type { SimulatorLogger, TwilioSimulator } from './simulator.ts';
import * as store from './store.ts';
import type { RequestContext } from '@ringwise/simulator-common/host';

/** Request bodies larger than this are refused (Twilio's requests here are a few hundred bytes). */
export const maxBodyBytes = 64 * 1024;

const base = '/sim/twilio';


const defaultLogger: SimulatorLogger = (error, request) => {
  console.error(`[twilio-simulator] ${request.method} ${request.path} failed:`, error);
};

type Route = (ctx: ServiceContext, params: URLSearchParams, path: string) => Promise<ApiResult>;

/** The REST routes below `/2010-04-01/Accounts/{AC}`: a pattern and what each method does. */
function routeOf(
  rest: string,
  method: string,
  bought: (ctx: ServiceContext, country: string) => Promise<ReadonlySet<string>>,
  live: LiveCalls,
  urls: RecordingUrls,
): Route | 'method' | null {
  const pick = (routes: Record<string, Route>): Route | 'method' => routes[method] ?? 'method';
  let match: RegExpExecArray | null;
  if ((match = /^\/AvailablePhoneNumbers\/([A-Z]{2})\/(Local|Mobile|TollFree)\.json$/.exec(rest))) {
    const [, country = '', resource = ''] = match;
    return pick({ GET: async (ctx, params, path) => searchAvailable(ctx, await bought(ctx, country), country, resource as SearchType, params, path) });
  }
  if (rest === '/IncomingPhoneNumbers.json') return pick({ GET: listNumbers, POST: (ctx, params) => buyNumber(ctx, params) });
  if ((match = /^\/IncomingPhoneNumbers\/(PN[0-9a-f]{32})\.json$/.exec(rest))) {
    const sid = match[1] ?? '';
    return pick({
      GET: (ctx, _params, path) => fetchNumber(ctx, sid, path),
      POST: (ctx, params, path) => updateNumber(ctx, sid, params, path),
      DELETE: (ctx, _params, path) => releaseNumber(ctx, sid, path),
    });
  }
  if (rest === '/OutgoingCallerIds.json') return pick({ GET: listCallerIds, POST: (ctx, params) => requestValidation(ctx, params) });
  if ((match = /^\/OutgoingCallerIds\/(PN[0-9a-f]{32})\.json$/.exec(rest))) {
    const sid = match[1] ?? '';
    return pick({
      GET: (ctx, _params, path) => fetchCallerId(ctx, sid, path),
      POST: (ctx, params, path) => updateCallerId(ctx, sid, params, path),
      DELETE: (ctx, _params, path) => deleteCallerId(ctx, sid, path),
    });
  }
  if (rest === '/Recordings.json') return pick({ GET: (ctx, params, path) => listRecordings(ctx, urls, params, path) });
  if ((match = /^\/Recordings\/(RE[0-9a-f]{32})(\.json|\.wav|\.mp3)?$/.exec(rest))) {
    const [, sid = '', extension] = match;
    if (extension === '.json') {
      return pick({ GET: (ctx, _params, path) => fetchRecording(ctx, urls, sid, path), DELETE: (ctx, _params, path) => deleteRecording(ctx, sid, path) });
    }
    return pick({ GET: (ctx, _params, path) => recordingMedia(ctx, sid, extension === '.mp3' ? 'mp3' : 'wav', path) });
  }
  if ((match = /^\/Calls\/(CA[0-9a-f]{32})\/Recordings\.json$/.exec(rest))) {
    const callSid = match[1] ?? '';
    return pick({ GET: (ctx, params, path) => listRecordings(ctx, urls, params, path, callSid) });
  }
  if ((match = /^\/Calls\/(CA[0-9a-f]{32})\/Recordings\/(RE[0-9a-f]{32})\.json$/.exec(rest))) {
    const [, callSid = '', sid = ''] = match;
    return pick({ GET: (ctx, _params, path) => fetchRecording(ctx, urls, sid, path, callSid), DELETE: (ctx, _params, path) => deleteRecording(ctx, sid, path, callSid) });
  }
  if (rest === '/Calls.json') return pick({ GET: (ctx, params, path) => listCalls(ctx, live, params, path) });
  if ((match = /^\/Calls\/(CA[0-9a-f]{32})\.json$/.exec(rest))) {
    const sid = match[1] ?? '';
    return pick({
      GET: (ctx, _params, path) => fetchCall(ctx, live, sid, path),
      POST: (ctx, params, path) => updateCall(ctx, live, sid, params, path),
    });
  }
  return null;
}

export const twilioSimulator = (simulator: TwilioSimulator) => {
  const { options } = simulator;
  const db = options.db;
  const log = options.log ?? defaultLogger;
  const clock = options.now ?? Date.now;
  const urls: RecordingUrls = { mediaBase: simulator.recordingMediaBase };

  /** A REST call: authentication, routing, one transaction, Twilio's JSON (or error) answer. */
  async function api({ request, path, set }: RequestContext): Promise<string | Response> {
    set.headers['content-type'] = 'application/json; charset=utf-8';
    set.headers['cache-control'] = 'no-cache, no-store';
    set.headers['twilio-request-id'] = newSid('RQ');
    const apiPath = decodeURIComponent(path.slice(base.length));
    try {
      authenticate(request.headers.get('authorization'), options);
      const match = /^\/2010-04-01\/Accounts\/([^/]+?)(\/.*)?$/.exec(apiPath);
      if (!match) throw notFound(apiPath);
      const [, account = '', rest = ''] = match;
      if (account.replace(/\.json$/, '') !== options.accountSid) throw authenticationError();
      const route = routeOf(rest, request.method, (ctx, country) => store.boughtNumbers(ctx.sql, country), simulator.voice, urls);
      if (route === null) throw notFound(apiPath);
      if (route === 'method') throw methodNotAllowed(request.method);
      const params = await readParams(request);
      let result: ApiResult;
      try {
        result = await db.privileged((sql) => route({ sql, now: clock(), accountSid: options.accountSid }, params, apiPath));
      } catch (error) {
        // two purchases of one number: the unique phone number lets one commit, the other is "not available"
        if ((error as { code?: unknown }).code === '23505') throw phoneNumberNotAvailable();
        throw error;
      }
      set.status = result.status;
      if (result.media) {
        const { contentType, bytes } = result.media;
        return new Response(new Uint8Array(bytes), { status: result.status, headers: { 'content-type': contentType, 'content-length': String(bytes.length), 'cache-control': 'no-cache, no-store' } });
      }
      return result.status === 204 ? '' : JSON.stringify(result.body);
    } catch (error) {
      const failure = error instanceof TwilioApiError ? error : unexpected(error, request, path);
      set.status = failure.status;
      return JSON.stringify(failure.body());
    }
  }

  function unexpected(error: unknown, request: Request, path: string): TwilioApiError {
    log(error, { method: request.method, path });
    return internalError();
  }

  const html = (set: RequestContext['set'], page: HtmlPage) => sendPage(set, page, phonePagesLook);

  async function page({ request, path, set }: RequestContext, work: () => Promise<string>): Promise<string> {
    try {
      return await work();
    } catch (error) {
      log(error, { method: request.method, path });
      return html(set, {
        status: 500,
        title: 'Something went wrong · Carrier simulator',
        body: '<main class="phone"><h1>Something went wrong</h1><p>The carrier simulator could not show this page. Please try again.</p></main>',
      });
    }
  }

  const none = { parse: 'none' } as const;

  /** A button of the customer's own phone on the phone page, by its leg's sid: back to the page with what happened
   *  (a stale or unknown sid is a neutral notice). */
  function ownPhone(context: RequestContext & { params: { sid: string } }, act: (legSid: string) => boolean, done: VoiceOutcome): Promise<string> {
    return page(context, async () => {
      const sid = context.params.sid;
      const acted = /^CA[0-9a-f]{32}$/.test(sid) && act(sid);
      context.set.status = 303;
      context.set.headers.location = `${phonePath}?${new URLSearchParams({ result: acted ? done : 'phone-gone' }).toString()}#voice`;
      context.set.headers['cache-control'] = 'no-store';
      return '';
    });
  }

  /** The open signalling WebSockets, by the id Elysia gives each. */
  const sockets = new Map<string, { message(data: unknown): void; close(): void }>();

  return (
    new Elysia({ name: 'module.twilio-simulator' })
      .get(`${base}/2010-04-01/*`, (context) => api(context))
      .all(`${base}/2010-04-01/*`, (context) => api(context), none)
      // the simulated phones
      .get(phonePath, (context) =>
        page(context, async () => {
          const query = new URL(context.request.url).searchParams;
          const number = query.get('number');
          const filter = number && /^\+[1-9]\d{1,14}$/.test(number.trim()) ? number.trim() : null;
          const result = query.get('result');
          const [calls, voiceCalls, numbers] = await db.privileged(async (sql) => [
            await store.receivedCalls(sql, { ...(filter ? { toNumber: filter } : {}), limit: 100 }),
            await store.voiceCalls(sql, 50),
            await store.allIncomingNumbers(sql),
          ] as const);
          const sections = [
            callNumberSection(numbers.map((row) => row.phone_number)),
            voiceCallsSection(voiceCalls, (sid) => simulator.voice.call(sid)),
            callsSection(calls, filter),
          ];
          return html(context.set, phonePage({ sections, filter, result: isCodeOutcome(result) || isVoiceOutcome(result) ? result : null }));
        }),
      )
      .post(
        `${phonePath}/verify`,
        (context) =>
          page(context, async () => {
            const form = new URLSearchParams(await readText(context.request));
            const outcome = await simulator.enterCodeFor((form.get('request') ?? '').slice(0, 64), (form.get('code') ?? '').slice(0, 32));
            const number = form.get('number');
            const back = new URLSearchParams({ ...(number && /^\+[1-9]\d{1,14}$/.test(number) ? { number } : {}), result: outcome });
            context.set.status = 303;
            context.set.headers.location = `${phonePath}?${back.toString()}`;
            context.set.headers['cache-control'] = 'no-store';
            return '';
          }),
        none,
      )
      .post(
        `${phonePath}/call`,
        (context) =>
          page(context, async () => {
            const form = new URLSearchParams(await readText(context.request));
            const from = (form.get('from') ?? '').trim();
            const to = (form.get('to') ?? '').trim();
            // the page's script calls with the microphone's offer and wants JSON; the plain form is redirected
            const offer = form.get('sdp');
            let result: VoiceOutcome;
            let placed: { callSid: string; answerSdp: string | null } | null = null;
            if (!isE164(from) || !isE164(to)) result = 'call-invalid';
            else {
              const outcome = await simulator.voice.callNumber(from, to, offer);
              if (outcome.ok) placed = outcome;
              result = outcome.ok ? 'call-placed' : `call-${outcome.reason}`;
            }
            context.set.headers['cache-control'] = 'no-store';
            if (offer !== null) {
              context.set.status = placed ? 201 : 400;
              context.set.headers['content-type'] = 'application/json';
              return JSON.stringify({ result, message: voiceMessages[result], ...(placed ? { callSid: placed.callSid, sdp: placed.answerSdp } : {}) });
            }
            context.set.status = 303;
            context.set.headers.location = `${phonePath}?${new URLSearchParams({ result }).toString()}#voice`;
            return '';
          }),
        none,
      )
      // how a call placed from the page goes, for its script
      .get(`${phonePath}/calls/:sid`, ({ params, set }) => {
        const call = simulator.voice.call(params.sid);
        set.headers['content-type'] = 'application/json';
        set.headers['cache-control'] = 'no-store';
        if (!call) set.status = 404;
        return JSON.stringify(call ? { status: call.status, label: voiceStatusLabel(call.status) } : { status: 'gone', label: 'Ended' });
      })
      .get(phoneCallerScriptPath, ({ set }) => {
        set.headers['content-type'] = 'text/javascript; charset=utf-8';
        set.headers['cache-control'] = 'no-store';
        return phoneCallerScript;
      })
      .post(
        `${phonePath}/calls/:sid/hangup`,
        (context) =>
          page(context, async () => {
            const ended = simulator.voice.hangUpFromPhone(context.params.sid);
            context.set.status = 303;
            context.set.headers.location = `${phonePath}?${new URLSearchParams({ result: ended ? 'call-ended' : 'call-gone' }).toString()}#voice`;
            context.set.headers['cache-control'] = 'no-store';
            return '';
          }),
        none,
      )
      // the customer's own phone (a forwarded call's leg to a verified caller ID): answered, declined, hung up here
      .post(`${phonePath}/calls/:sid/answer`, (context) => ownPhone(context, (sid) => simulator.voice.answerOnPhone(sid), 'phone-answered'), none)
      .post(`${phonePath}/calls/:sid/decline`, (context) => ownPhone(context, (sid) => simulator.voice.declineOnPhone(sid), 'phone-declined'), none)
      .post(`${phonePath}/calls/:sid/hangup-leg`, (context) => ownPhone(context, (sid) => simulator.voice.hangUpOnPhone(sid), 'phone-hung-up'), none)
      // the Voice SDK's signalling (wss://<chunderw>/signal): its PStream protocol, voice/signalling.ts
      .ws(simulatorSignallingPath, {
        open(ws) {
          sockets.set(ws.id, simulator.voice.signal({ send: (frame) => void ws.send(frame), close: (code, reason) => ws.close(code, reason) }));
        },
        message(ws, message) {
          sockets.get(ws.id)?.message(message);
        },
        close(ws) {
          sockets.get(ws.id)?.close();
          sockets.delete(ws.id);
        },
      })
      // the rest of /sim/twilio is the simulator's, never the shell's
      .get(`${base}/*`, ({ set }) => html(set, notFoundPage()))
      .all(`${base}/*`, ({ set }) => html(set, notFoundPage()), none)
  );
};

/** Basic `AccountSid:AuthToken`, exactly the configured pair. */
function authenticate(header: string | null, account: { accountSid: string; authToken: string }): void {
  const basic = header === null ? null : /^Basic\s+(\S+)\s*$/i.exec(header);
  if (!basic) throw authenticationError();
  const decoded = Buffer.from(basic[1] ?? '', 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0 || decoded.slice(0, colon) !== account.accountSid || decoded.slice(colon + 1) !== account.authToken) throw authenticationError();
}

function readText(request: Request): Promise<string> {
  return readBoundedText(request, maxBodyBytes, () => new TwilioApiError(413, 20001, 'The request body is too large'));
}

/** GET and DELETE carry their params in the query string, POST in a form-encoded body. */
async function readParams(request: Request): Promise<URLSearchParams> {
  if (request.method === 'GET' || request.method === 'DELETE' || request.method === 'HEAD') return new URL(request.url).searchParams;
  return new URLSearchParams(await readText(request));
}
