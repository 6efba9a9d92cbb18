// The one way the api gets a Twilio client (ARCHITECTURE.md §4, STYLE.md "Provider stand-ins"): the official
// `twilio` SDK, always. With TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN it talks to Twilio. Without them the same
// SDK is given an `httpClient` that sends every request to the carrier simulator, a process of its own at
// TWILIO_SIMULATOR_URL (the SDK's `GET https://api.twilio.com/2010-04-01/Accounts/AC…/IncomingPhoneNumbers.json`
// becomes `GET <simulator>/sim/twilio/2010-04-01/Accounts/AC…/IncomingPhoneNumbers.json`), authenticated as the simulator's
// account. Application code gets a `Twilio` client either way and cannot tell which one it talks to: the
// simulator answers in Twilio's JSON and error shapes, so the SDK raises its own RestException.
import twilio, { type Twilio } from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import type TwilioResponse from 'twilio/lib/http/response';
import type { ApiConfig, TwilioConfig } from '../config.ts';
import { currentDeadline, remainingMs } from '../lib/deadline.ts';
import { providerFetch, type FetchFunction } from '../lib/provider-fetch.ts';
import { assertNoOpenTransaction } from '../db/transaction-scope.ts';

/** Where the simulator's REST API lives below its origin. */
export const twilioSimulatorPath = '/sim/twilio';

/** What the SDK hands its httpClient (twilio-node RequestClient's `request(opts)`), as far as we read it. */
export interface SdkRequest {
  method: string;
  uri: string;
  username?: string;
  password?: string;
  headers?: Record<string, string>;
  params?: Record<string, unknown>;
  data?: Record<string, unknown>;
  timeout?: number;
}

/** What the SDK expects back. */
export interface SdkResponse {
  statusCode: number;
  body: string;
  headers: Record<string, string>;
}

/** Twilio's form encoding: arrays as repeated keys, booleans as true/false, nothing for undefined. */
export function formEncode(values: Record<string, unknown> | undefined): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(values ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) form.append(key, String(item));
  }
  return form;
}

/** An httpClient for the SDK that sends its requests to `simulatorUrl` (the path and query kept) with `fetch`. */
export function simulatorHttpClient(simulatorUrl: string, transport: FetchFunction = (input, init) => fetch(input, init)) {
  const base = simulatorUrl.replace(/\/+$/, '');
  const send = providerFetch('Twilio', transport);
  return {
    async request(opts: SdkRequest): Promise<SdkResponse> {
      const target = new URL(opts.uri);
      const query = formEncode(opts.params).toString();
      const url = `${base}${target.pathname}${query ? `?${query}` : target.search}`;
      const method = opts.method.toUpperCase();
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.username !== undefined) {
        headers.Authorization = `Basic ${Buffer.from(`${opts.username}:${opts.password ?? ''}`).toString('base64')}`;
      }
      let body: string | undefined;
      if (method === 'POST' || method === 'PUT') {
        headers['Content-Type'] = 'application/x-www-form-urlencoded';
        body = formEncode(opts.data).toString();
      }
      // as Twilio's own client: 30 s unless the SDK says otherwise, so a simulator that hangs never holds a job forever
      const signal = AbortSignal.timeout(opts.timeout ?? 30_000);
      const response = await send(url, { method, headers, ...(body !== undefined ? { body } : {}), signal });
      const responseHeaders: Record<string, string> = {};
      response.headers.forEach((value, key) => {
        responseHeaders[key] = value;
      });
      return { statusCode: response.status, body: await response.text(), headers: responseHeaders };
    },
  };
}

type TwilioRequestOptions<TData> = RequestClient.RequestOptions<TData>;

/** Twilio's own HTTP client, refusing to run inside a transaction and never waiting past the current deadline. */
class GuardedRequestClient extends twilio.RequestClient {
  override request<TData>(opts: TwilioRequestOptions<TData>): Promise<TwilioResponse<TData>> {
    assertNoOpenTransaction('Twilio');
    const deadline = currentDeadline();
    const timeout = deadline ? Math.min(opts.timeout ?? 30_000, Math.max(1, remainingMs(deadline))) : opts.timeout;
    return super.request({ ...opts, ...(timeout !== undefined ? { timeout } : {}) });
  }
}

/** The simulator's REST base: its origin (TWILIO_SIMULATOR_URL) and its path. */
export function twilioSimulatorBaseUrl(simulatorUrl: string): string {
  return `${simulatorUrl}${twilioSimulatorPath}`;
}

/** A recording's audio (WAV) as the carrier's REST API serves it, fetched with the account's credentials; the SDK
 *  reads every answer as text, so the media is fetched beside it, at the same place the SDK's requests go. */
export type RecordingMedia = (recordingSid: string) => Promise<Response>;

/** Twilio's REST origin, where the SDK sends its 2010-04-01 requests. */
const twilioRestOrigin = 'https://api.twilio.com';

/** How long the carrier may take to start sending a recording. */
const recordingMediaTimeoutMs = 15_000;

export function recordingMediaOf(
  restBase: string,
  accountSid: string,
  authToken: string,
  transport: FetchFunction = (input, init) => fetch(input, init),
): RecordingMedia {
  const authorization = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  return (recordingSid) => {
    assertNoOpenTransaction('Twilio');
    const deadline = currentDeadline();
    const timeout = deadline ? Math.min(recordingMediaTimeoutMs, Math.max(1, remainingMs(deadline))) : recordingMediaTimeoutMs;
    const url = `${restBase}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Recordings/${encodeURIComponent(recordingSid)}.wav`;
    return transport(url, { headers: { authorization }, signal: AbortSignal.timeout(timeout) }).catch(() =>
      Response.json({ code: 0, message: 'The carrier could not be reached' }, { status: 503 }),
    );
  };
}

export interface TelephonyServices {
  /** The official SDK client (Twilio or the simulator: the caller cannot tell and must not care). */
  twilio: Twilio;
  /** A recording's audio (voicemail), from the same carrier the SDK talks to. */
  recordingMedia: RecordingMedia;
  /** The account's auth token: webhooks' X-Twilio-Signature are checked with it (`twilio.validateRequest`). */
  authToken: string;
  /** The app's public origin, which the provider calls back (Voice URLs, status callbacks, signatures). */
  publicUrl: string;
}

/** The telephony services of a config. `fetch` only matters without Twilio keys (tests hand the simulator's requests
 *  to its `handle`). */
export function createTelephonyServices(
  config: Pick<ApiConfig, 'publicUrl'> & { twilio: Pick<TwilioConfig, 'simulatorUrl' | 'accountSid' | 'authToken'> },
  transport: { fetch?: FetchFunction } = {},
): TelephonyServices {
  const { accountSid, authToken, simulatorUrl } = config.twilio;
  const client =
    simulatorUrl === null
      ? twilio(accountSid, authToken, { httpClient: new GuardedRequestClient() })
      : twilio(accountSid, authToken, { httpClient: simulatorHttpClient(twilioSimulatorBaseUrl(simulatorUrl), transport.fetch) as never });
  const restBase = simulatorUrl === null ? twilioRestOrigin : twilioSimulatorBaseUrl(simulatorUrl);
  return { twilio: client, recordingMedia: recordingMediaOf(restBase, accountSid, authToken, transport.fetch), authToken, publicUrl: config.publicUrl };
}
