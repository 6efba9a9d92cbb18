// Sending the simulator's events to the app's webhook as Stripe sends them: a JSON POST whose
// `Stripe-Signature` is `t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the whole whsec_… string>`
// (stripe-node Webhooks.js; test-mode events also carry a `v0` that verifies nothing). Delivery happens after
// the API answer that caused the event, never inside it; a non-2xx answer or a network failure is retried with
// backoff, and after the last attempt the event is marked failed (Stripe keeps it in its dashboard).
//
// Events live in the database: the replica that created one delivers it, and `redeliverDue()` (run
// periodically by `startSweeping`) picks up what a stopped replica left behind. Claims compare the attempt
// count, so two replicas never send the same attempt.
import { createHmac, randomBytes } from 'node:crypto';
import type { FetchFunction, SimulatorDatabase } from '@ringwise/simulator-common/host';
import { claimEvent, dueEvents, recordDelivery } from './store.ts';

/** `Stripe-Signature` for a payload at a time (seconds): the header Stripe sends. */
export function signatureHeader(payload: string, secret: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  // test mode's extra scheme: a signature under a key nobody has, which verifiers ignore
  const v0 = createHmac('sha256', randomBytes(32)).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1},v0=${v0}`;
}

export type DeliveryLogger = (message: string) => void;

export interface EventDeliveryOptions {
  db: SimulatorDatabase;
  /** Where events are POSTed: the app's /webhooks/stripe. */
  target: string;
  /** STRIPE_WEBHOOK_SECRET. */
  secret: string;
  /** How to send (default: global fetch). Tests pass one that calls `app.handle`. */
  fetch?: FetchFunction;
  /** Waits before each retry; the number of entries is the number of retries (default 1 s, 10 s, 60 s). */
  retryDelaysMs?: readonly number[];
  /** Give up an attempt after this long (default 10 s). */
  timeoutMs?: number;
  /** Where failed deliveries are reported (default: console.warn). */
  log?: DeliveryLogger;
  /** The clock, in milliseconds (signature timestamps). */
  now?: () => number;
}

export const defaultRetryDelaysMs = [1_000, 10_000, 60_000] as const;

export class EventDelivery {
  readonly #options: Required<Omit<EventDeliveryOptions, 'fetch'>> & { fetch: FetchFunction };
  readonly #pending = new Set<Promise<void>>();
  #sweeper: ReturnType<typeof setInterval> | null = null;
  #closed = false;

  constructor(options: EventDeliveryOptions) {
    this.#options = {
      retryDelaysMs: defaultRetryDelaysMs,
      timeoutMs: 10_000,
      log: (message) => console.warn(`[stripe-simulator] ${message}`),
      now: Date.now,
      fetch: (input, init) => fetch(input, init),
      ...options,
    };
  }

  /** Delivers these (just committed) events, after the current request has been answered: first attempts one
   *  after the other in the order they were recorded, retries on their own schedule. */
  schedule(ids: readonly string[]): void {
    if (ids.length === 0) return;
    this.#track(
      (async () => {
        for (const id of ids) await this.#deliver(id, 0, 0);
      })(),
    );
  }

  /** Resolves once nothing is in flight or waiting for a retry (tests: await before looking at the webhook). */
  async flush(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled(this.#pending);
  }

  /** Takes over undelivered events whose next attempt is due. Returns how many it tried. */
  async redeliverDue(limit = 20): Promise<number> {
    const due = await this.#options.db.privileged((sql) => dueEvents(sql, limit));
    for (const event of due) this.#track(this.#deliver(event.id, event.attempts, 0));
    return due.length;
  }

  /** Runs `redeliverDue` every `intervalMs` (the timer does not keep the process alive). */
  startSweeping(intervalMs = 30_000): void {
    if (this.#sweeper || this.#closed) return;
    this.#sweeper = setInterval(() => {
      this.redeliverDue().catch((error: unknown) => this.#options.log(`redelivery sweep failed: ${String(error)}`));
    }, intervalMs);
    this.#sweeper.unref?.();
  }

  /** Stops sweeping and scheduling retries (attempts in flight finish). */
  close(): void {
    this.#closed = true;
    if (this.#sweeper) clearInterval(this.#sweeper);
    this.#sweeper = null;
  }

  #track(work: Promise<void>): void {
    const tracked = work
      .catch((error: unknown) => this.#options.log(`event delivery failed unexpectedly: ${String(error)}`))
      .finally(() => this.#pending.delete(tracked));
    this.#pending.add(tracked);
  }

  async #deliver(id: string, seenAttempts: number, delayMs: number): Promise<void> {
    // after the answer that created the event (or the retry's backoff)
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (this.#closed) return;
    const { db, retryDelaysMs, timeoutMs } = this.#options;
    // lease the event for the attempt and then some; the outcome sets the real next attempt time
    const leaseSeconds = Math.ceil(timeoutMs / 1000) + 30;
    const event = await db.privileged((sql) => claimEvent(sql, id, seenAttempts, leaseSeconds));
    if (!event) return;
    const error = await this.#send(event.payload);
    if (error === null) {
      await db.privileged((sql) => recordDelivery(sql, id, { delivered: true }));
      return;
    }
    const retryInMs = retryDelaysMs[event.attempts - 1] ?? null;
    await db.privileged((sql) => recordDelivery(sql, id, { delivered: false, error, retryInMs }));
    if (retryInMs === null || this.#closed) {
      if (retryInMs === null) this.#options.log(`gave up delivering ${id} to ${this.#options.target} after ${event.attempts} attempts: ${error}`);
      return;
    }
    this.#track(this.#deliver(id, event.attempts, retryInMs));
  }

  /** One POST; null when the webhook answered 2xx, else what went wrong. */
  async #send(payload: string): Promise<string | null> {
    const { target, secret, now, timeoutMs } = this.#options;
    const timestamp = Math.floor(now() / 1000);
    try {
      const response = await this.#options.fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signatureHeader(payload, secret, timestamp),
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'cache-control': 'no-cache',
          accept: '*/*; q=0.5, application/xml',
        },
        body: payload,
        signal: AbortSignal.timeout(timeoutMs),
      });
      // the body is not needed, but is read so the connection can be reused
      await response.arrayBuffer().catch(() => undefined);
      return response.ok ? null : `HTTP ${response.status}`;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }
}
