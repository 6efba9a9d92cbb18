// Test helpers for the signalling gateway: a client that speaks the Voice SDK's PStream protocol over a real
// WebSocket (as pstream.ts/call.ts send it), and a browser-like WebRTC peer (werift) that offers Opus and
// telephone-events, sends a tone or silence every 20 ms (the process's pre-encoded packets, media/tones.ts) with
// their RFC 6464 audio levels, as Chrome does, and counts what comes back.
import { RTCPeerConnection, RTCRtpCodecParameters, RTP_EXTENSION_URI, RtpHeader, useAudioLevelIndication, type RTCRtpTransceiver } from 'werift';
import { silentDBov } from './media/audio-level.ts';
import { quietIceSockets } from './media/media-end.ts';
import { frameSamples } from './media/opus.ts';
import { silencePacket, toneFrames } from './media/tones.ts';
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

export interface BrowserPeerOptions {
  /** Whether it offers and answers RFC 6464 audio levels, and sends them (true, as browsers do); without them the
   *  simulator judges the audio by its Opus flags. */
  audioLevels?: boolean;
  /** Keeps the Opus payloads it receives (`heard`), to decode what the far end played. */
  keepAudio?: boolean;
}

/** A browser's side of the audio. */
export class BrowserPeer {
  readonly pc: RTCPeerConnection;
  readonly #transceiver: RTCRtpTransceiver;
  readonly #tone = toneFrames({ kind: 'ringback' });
  #clock: ReturnType<typeof setInterval> | null = null;
  #sequence = 1;
  #timestamp = 0;
  #closed = false;
  /** Silence instead of the tone, as a muted microphone sends. */
  muted = false;
  received = 0;
  /** The Opus payloads received, with `keepAudio`. */
  readonly heard: Buffer[] = [];

  constructor({ audioLevels = true, keepAudio = false }: BrowserPeerOptions = {}) {
    this.pc = new RTCPeerConnection({
      codecs: {
        audio: [
          new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48_000, channels: 2, payloadType: 111 }),
          new RTCRtpCodecParameters({ mimeType: 'audio/telephone-event', clockRate: 8000, payloadType: 126 }),
        ],
      },
      headerExtensions: { audio: audioLevels ? [useAudioLevelIndication()] : [] },
      iceUseIpv6: false,
      iceAdditionalHostAddresses: ['127.0.0.1'],
    });
    this.#transceiver = this.pc.addTransceiver('audio', { direction: 'sendrecv' });
    this.pc.onTrack.subscribe((track) =>
      track.onReceiveRtp.subscribe((rtp) => {
        this.received++;
        if (keepAudio) this.heard.push(Buffer.from(rtp.payload));
      }),
    );
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

  /** Sends a 20 ms Opus frame every 20 ms: the tone, or silence while muted (level 127, as Chrome sends then). */
  talk(): void {
    this.#clock ??= setInterval(() => {
      const packet = this.muted ? silencePacket() : this.#tone.next();
      void this.#send(111, packet.opus, frameSamples, undefined, this.muted ? silentDBov : packet.level);
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

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.stopTalking();
    void this.pc.close();
  }

  async #send(payloadType: number, payload: Buffer, advance: number, timestamp?: number, level?: number): Promise<void> {
    if (this.pc.connectionState !== 'connected') return;
    this.#timestamp += advance;
    const header = new RtpHeader({ payloadType, sequenceNumber: this.#sequence++ & 0xffff, timestamp: timestamp ?? this.#timestamp, ssrc: this.#transceiver.sender.ssrc });
    const id = this.#audioLevelId();
    // RFC 6464's one byte: the voice-activity bit (set, as Chrome sets it on every packet) and the level
    if (id !== null && level !== undefined) header.extensions = [{ id, payload: Buffer.from([0x80 | level]) }];
    // the transport directly: werift's sender would rewrite the payload type to its codec's
    await this.#transceiver.sender.dtlsTransport.sendRtp(payload, header).catch(() => {});
  }

  /** The header extension id the SDP exchange gave RFC 6464 audio levels, if it negotiated them. */
  #audioLevelId(): number | null {
    return this.#transceiver.headerExtensions.find((extension) => extension.uri === RTP_EXTENSION_URI.audioLevelIndication)?.id ?? null;
  }

  async #gathered(): Promise<void> {
    while (this.pc.iceGatheringState !== 'complete') await Bun.sleep(5);
    quietIceSockets(this.pc);
  }
}
