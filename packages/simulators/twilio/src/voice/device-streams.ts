// The devices' event streams (Server-Sent Events, the wire of @ringwise/contract/simulator-voice): a stream is
// registered as the identity of its access token until the token expires, the device goes away or the simulator
// closes, and what the simulator tells an identity (its calls' statuses, an incoming call) reaches all its streams.
import type { SimulatorEvent } from '@ringwise/contract/simulator-voice';
import type { AccessTokenError, VerifiedAccessToken } from '../access-token.ts';
import type { VoiceTimers } from './calls.ts';

export interface DeviceStreamsOptions {
  timers: VoiceTimers;
  now: () => number;
  /** The heartbeat comment's period (default 15 s, not scaled). */
  heartbeatMs?: number;
}

interface DeviceStream {
  identity: string;
  send(event: SimulatorEvent): void;
  close(): void;
}

const headers = { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-store', 'x-accel-buffering': 'no' };
const encoder = new TextEncoder();
const frame = (event: SimulatorEvent) => encoder.encode(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);

export class DeviceStreams {
  readonly #options: DeviceStreamsOptions;
  readonly #streams = new Map<string, Set<DeviceStream>>();

  constructor(options: DeviceStreamsOptions) {
    this.#options = options;
  }

  /** How many event streams are open for an identity. */
  registered(identity: string): number {
    return this.#streams.get(identity)?.size ?? 0;
  }

  /** Sends an event to every stream of an identity (none: nothing). */
  send(identity: string | null, event: SimulatorEvent): void {
    if (!identity) return;
    for (const stream of this.#streams.get(identity) ?? []) stream.send(event);
  }

  /** A refused token's answer: EventSource cannot read a 401's body, so the refusal is an `error` event, then the stream ends. */
  refuse(error: AccessTokenError): Response {
    return new Response(frame({ type: 'error', code: error.code, message: error.message }), { status: 200, headers });
  }

  /** The stream of a device with a verified token: `registered` first, then whatever its identity is sent. */
  open(verified: VerifiedAccessToken, signal?: AbortSignal): Response {
    const { timers, now } = this.#options;
    const identity = verified.identity;
    let cleanup = () => {};
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        let open = true;
        const enqueue = (bytes: Uint8Array) => {
          if (!open) return;
          try {
            controller.enqueue(bytes);
          } catch {
            cleanup();
          }
        };
        const heartbeat = setInterval(() => enqueue(encoder.encode(': keep-alive\n\n')), this.#options.heartbeatMs ?? 15_000);
        const expiry = timers.setTimeout(
          () => {
            stream.send({ type: 'error', code: 20104, message: 'Access Token expired or expiration date invalid' });
            stream.close();
          },
          Math.max(0, verified.expiresAtMs - now()),
        );
        const stream: DeviceStream = {
          identity,
          send: (event) => enqueue(frame(event)),
          close: () => {
            if (!open) return;
            cleanup();
            try {
              controller.close();
            } catch {
              // already closed by the client
            }
          },
        };
        cleanup = () => {
          if (!open) return;
          open = false;
          clearInterval(heartbeat);
          timers.clearTimeout(expiry);
          const streams = this.#streams.get(identity);
          streams?.delete(stream);
          if (streams?.size === 0) this.#streams.delete(identity);
        };
        let streams = this.#streams.get(identity);
        if (!streams) this.#streams.set(identity, (streams = new Set()));
        streams.add(stream);
        stream.send({ type: 'registered', identity });
        signal?.addEventListener('abort', () => stream.close(), { once: true });
      },
      cancel: () => cleanup(),
    });
    return new Response(body, { status: 200, headers });
  }

  /** Closes every stream (shutdown, tests). */
  closeAll(): void {
    for (const streams of this.#streams.values()) for (const stream of streams) stream.close();
  }
}
