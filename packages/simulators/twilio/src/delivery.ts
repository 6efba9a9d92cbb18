// The callbacks the simulator sends the app (verification status callbacks; later, voice webhooks), signed as
// Twilio signs them: `X-Twilio-Signature` = base64 HMAC-SHA1, keyed with the auth token, of the URL exactly as
// configured followed by every POST field's name and value, sorted by name (twilio-facts.md §2 "Signature";
// made here by the SDK's own `getExpectedTwilioSignature`). A GET carries the fields in the query and signs
// the URL alone. Sent after the answer that caused them, once (Twilio does not promise retries).
import twilio from 'twilio';
import type { FetchFunction } from '@ringwise/simulator-common/host';

export type CallbackLogger = (message: string) => void;

export interface CallbackDeliveryOptions {
  authToken: string;
  fetch?: FetchFunction;
  timeoutMs?: number;
  log?: CallbackLogger;
}

export interface SentCallback {
  /** The URL as configured (what is signed). */
  url: string;
  method: 'GET' | 'POST';
  params: Record<string, string>;
  /** The HTTP status the app answered, or the network error. */
  outcome: number | string;
}

/** What the app answered: the HTTP status (0 after a network failure) and the body. */
export interface CallbackAnswer {
  status: number;
  body: string;
}

export class CallbackDelivery {
  readonly #options: CallbackDeliveryOptions;
  readonly #pending = new Set<Promise<void>>();
  /** Every callback sent so far, oldest first (debugging and tests). */
  readonly sent: SentCallback[] = [];

  constructor(options: CallbackDeliveryOptions) {
    this.#options = options;
  }

  /** Sends a callback in the background. */
  send(url: string, method: string, params: Record<string, string>): void {
    void this.deliver(url, method, params);
  }

  /** Sends a callback and resolves with the app's answer (a voice webhook's TwiML); never rejects: a network
   *  failure is `{status: 0, body: ''}`. Counted by `flush` like `send`. */
  deliver(url: string, method: string, params: Record<string, string>): Promise<CallbackAnswer> {
    const verb = method.toUpperCase() === 'GET' ? 'GET' : 'POST';
    const work = this.#deliver(url, verb, params).catch((error: unknown): CallbackAnswer => {
      this.#log(`callback to ${url} failed unexpectedly: ${String(error)}`);
      return { status: 0, body: '' };
    });
    const tracked = work.then(() => undefined).finally(() => this.#pending.delete(tracked));
    this.#pending.add(tracked);
    return work;
  }

  /** Resolves once every callback sent so far has been answered (tests). */
  async flush(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled(this.#pending);
  }

  async #deliver(url: string, method: 'GET' | 'POST', params: Record<string, string>): Promise<CallbackAnswer> {
    const form = new URLSearchParams(params);
    let signedUrl = url;
    let body: string | undefined;
    if (method === 'GET') {
      const withQuery = new URL(url);
      for (const [key, value] of form) withQuery.searchParams.append(key, value);
      signedUrl = withQuery.toString();
    } else body = form.toString();
    const signature = twilio.getExpectedTwilioSignature(this.#options.authToken, signedUrl, method === 'POST' ? params : {});
    const headers: Record<string, string> = { 'x-twilio-signature': signature, 'user-agent': 'TwilioProxy/1.1', 'i-twilio-idempotency-token': crypto.randomUUID() };
    if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded; charset=UTF-8';
    const send = this.#options.fetch ?? ((input, init) => fetch(input, init));
    let outcome: number | string;
    let answer: CallbackAnswer = { status: 0, body: '' };
    try {
      const response = await send(signedUrl, {
        method,
        headers,
        ...(body !== undefined ? { body } : {}),
        signal: AbortSignal.timeout(this.#options.timeoutMs ?? 10_000),
      });
      const text = await response.text().catch(() => '');
      outcome = response.status;
      answer = { status: response.status, body: text };
      if (!response.ok) this.#log(`callback ${method} ${url} answered HTTP ${response.status}`);
    } catch (error) {
      outcome = error instanceof Error ? error.message : String(error);
      this.#log(`callback ${method} ${url} failed: ${outcome}`);
    }
    this.sent.push({ url, method, params, outcome });
    return answer;
  }

  #log(message: string): void {
    (this.#options.log ?? ((m: string) => console.warn(`[twilio-simulator] ${m}`)))(message);
  }
}
