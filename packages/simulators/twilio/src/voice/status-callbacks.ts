// The status callbacks of dialled legs (<Number statusCallback statusCallbackEvent>, and the same on <Client>): each
// event the TwiML asked for, with Twilio's fields, sent to the app in order per leg.
import type { CallbackDelivery } from '../delivery.ts';
import { apiVersion, rfc2822 } from '../context.ts';
import { isTerminal, type Leg, type LegStatus, type VoiceCall } from './calls.ts';

export interface StatusCallbacksOptions {
  accountSid: string;
  callbacks: CallbackDelivery;
  now: () => number;
  /** Short work `settle` waits for. */
  track: (work: Promise<unknown>) => void;
}

export class StatusCallbacks {
  readonly #options: StatusCallbacksOptions;
  /** Status callbacks per leg, in order. */
  readonly #queues = new Map<string, Promise<void>>();

  constructor(options: StatusCallbacksOptions) {
    this.#options = options;
  }

  /** A leg now has `status`: its callback, when the TwiML asked for that event, after the leg's earlier ones. */
  report(call: VoiceCall, leg: Leg, status: LegStatus, extra: Record<string, string>): void {
    const event = status === 'in-progress' ? 'answered' : isTerminal(status) ? 'completed' : status;
    const { statusCallback, statusCallbackMethod, statusCallbackEvents } = leg.target;
    if (!statusCallback || !(statusCallbackEvents as string[]).includes(event)) return;
    const fields: Record<string, string> = {
      AccountSid: this.#options.accountSid,
      ApiVersion: apiVersion,
      CallSid: leg.sid,
      ParentCallSid: call.sid,
      CallStatus: status,
      Called: leg.to,
      Caller: leg.from,
      CallbackSource: 'call-progress-events',
      Direction: 'outbound-dial',
      From: leg.from,
      To: leg.to,
      Timestamp: rfc2822(this.#options.now()),
      SequenceNumber: String(leg.sequence++),
      ...extra,
    };
    const previous = this.#queues.get(leg.sid) ?? Promise.resolve();
    const next = previous.then(async () => {
      await this.#options.callbacks.deliver(statusCallback, statusCallbackMethod, fields);
    });
    this.#queues.set(leg.sid, next);
    this.#options.track(next);
    if (isTerminal(status)) void next.finally(() => this.#queues.delete(leg.sid));
  }
}
