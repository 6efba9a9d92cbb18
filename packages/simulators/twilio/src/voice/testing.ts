// Test helpers for the signalling gateway: a client that speaks the Voice SDK's PStream protocol over a real
// WebSocket (as pstream.ts/call.ts send it), and a browser-like WebRTC peer (werift) that offers Opus and
// telephone-events, sends a tone or silence every 20 ms and counts what comes back.
import { RTCPeerConnection, RTCRtpCodecParameters, RtpHeader, type RTCRtpTransceiver } from 'werift';
import { quietIceSockets } from './media/media-end.ts';
import { createOpusEncoder, frameSamples, type OpusEncoder } from './media/opus.ts';
import { toneFrames } from './media/tones.ts';
import { encode } from './pstream.ts';

export interface Received {
  type: string;
  payload: Record<string, unknown>;
}

export class SdkClient {
  readonly messages: Received[] = [];
  readonly #socket: WebSocket;
  #closed = false;
  #cursor = 0;

  private constructor(socket: WebSocket) {
    this.#socket = socket;
    socket.addEventListener('message', (event) => {
      const data = String(event.data);
      // the heartbeat is echoed, as WSTransport does
      if (data === '\n') return void socket.send('\n');
      this.messages.push(JSON.parse(data) as Received);
    });
    socket.addEventListener('close', () => {
      this.#closed = true;
    });
  }

  static async connect(url: string): Promise<SdkClient> {
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => resolve(), { once: true });
      socket.addEventListener('error', () => reject(new Error(`could not connect to ${url}`)), { once: true });
    });
    return new SdkClient(socket);
  }

  get closed(): boolean {
    return this.#closed;
  }

  send(type: string, payload: Record<string, unknown>): void {
    this.#socket.send(encode(type, payload));
  }

  /** listen, as PStream sends it on open. */
  listen(token: string): void {
    this.send('listen', { token, browserinfo: { p: 'browser', plugin: 'rtc', v: 'test' }, reconnectTimeout: 0 });
  }

  /** The next message of this type (after the ones already taken), waiting for it. */
  async next(type: string, timeoutMs = 5000, match: (payload: Record<string, unknown>) => boolean = () => true): Promise<Record<string, unknown>> {
    const start = Date.now();
    for (;;) {
      for (let i = this.#cursor; i < this.messages.length; i++) {
        const message = this.messages[i] as Received;
        if (message.type === type && match(message.payload)) {
          this.#cursor = i + 1;
          return message.payload;
        }
      }
      if (Date.now() - start > timeoutMs) throw new Error(`no ${type} within ${timeoutMs} ms; got ${this.messages.map((m) => m.type).join(', ')}`);
      await Bun.sleep(5);
    }
  }

  close(): void {
    this.#socket.close();
  }
}

/** A browser's side of the audio. */
export class BrowserPeer {
  readonly pc = new RTCPeerConnection({
    codecs: {
      audio: [
        new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48_000, channels: 2, payloadType: 111 }),
        new RTCRtpCodecParameters({ mimeType: 'audio/telephone-event', clockRate: 8000, payloadType: 126 }),
      ],
    },
    iceUseIpv6: false,
    iceAdditionalHostAddresses: ['127.0.0.1'],
  });
  readonly #transceiver: RTCRtpTransceiver;
  readonly #encoder: OpusEncoder = createOpusEncoder();
  readonly #tone = toneFrames({ kind: 'ringback' });
  #clock: ReturnType<typeof setInterval> | null = null;
  #sequence = 1;
  #timestamp = 0;
  #closed = false;
  /** Silence instead of the tone, as a muted microphone sends. */
  muted = false;
  received = 0;

  constructor() {
    this.#transceiver = this.pc.addTransceiver('audio', { direction: 'sendrecv' });
    this.pc.onTrack.subscribe((track) => track.onReceiveRtp.subscribe(() => this.received++));
  }

  async offer(): Promise<string> {
    await this.pc.setLocalDescription(await this.pc.createOffer());
    await this.#gathered();
    return this.pc.localDescription?.sdp ?? '';
  }

  async answer(offerSdp: string): Promise<string> {
    await this.pc.setRemoteDescription({ type: 'offer', sdp: offerSdp });
    await this.pc.setLocalDescription(await this.pc.createAnswer());
    await this.#gathered();
    return this.pc.localDescription?.sdp ?? '';
  }

  async accept(answerSdp: string): Promise<void> {
    await this.pc.setRemoteDescription({ type: 'answer', sdp: answerSdp });
  }

  async connected(timeoutMs = 5000): Promise<void> {
    const start = Date.now();
    while (this.pc.connectionState !== 'connected') {
      if (Date.now() - start > timeoutMs) throw new Error(`media not connected: ${this.pc.connectionState}`);
      await Bun.sleep(10);
    }
  }

  /** Sends a 20 ms Opus frame every 20 ms: the tone, or silence while muted. */
  talk(): void {
    this.#clock ??= setInterval(() => {
      const pcm = this.muted ? new Int16Array(frameSamples) : this.#tone.next();
      void this.#send(111, this.#encoder.encode(pcm), frameSamples);
    }, 20);
  }

  stopTalking(): void {
    if (this.#clock) clearInterval(this.#clock);
    this.#clock = null;
  }

  /** One key as RFC 4733 telephone-events: three packets of one event, the last with the end bit. */
  async pressKey(event: number): Promise<void> {
    const timestamp = (this.#timestamp += frameSamples);
    for (const [end, duration] of [[false, 400], [false, 800], [true, 1200]] as const) {
      const payload = Buffer.from([event, (end ? 0x80 : 0) | 10, duration >> 8, duration & 0xff]);
      await this.#send(126, payload, 0, timestamp);
      await Bun.sleep(20);
    }
  }

  /** Idempotent: the Opus encoder's memory must be freed once (a second free corrupts opusscript's heap). */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.stopTalking();
    this.#encoder.close();
    void this.pc.close();
  }

  async #send(payloadType: number, payload: Buffer, advance: number, timestamp?: number): Promise<void> {
    if (this.pc.connectionState !== 'connected') return;
    this.#timestamp += advance;
    const header = new RtpHeader({ payloadType, sequenceNumber: this.#sequence++ & 0xffff, timestamp: timestamp ?? this.#timestamp, ssrc: this.#transceiver.sender.ssrc });
    // the transport directly: werift's sender would rewrite the payload type to its codec's
    await this.#transceiver.sender.dtlsTransport.sendRtp(payload, header).catch(() => {});
  }

  async #gathered(): Promise<void> {
    while (this.pc.iceGatheringState !== 'complete') await Bun.sleep(5);
    quietIceSockets(this.pc);
  }
}
