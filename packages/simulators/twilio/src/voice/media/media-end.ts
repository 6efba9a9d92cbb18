// The far end of a call's audio: a real WebRTC peer (werift, pure TypeScript) that answers the browser's SDP offer
// (or offers, for a call to the browser), negotiates Opus and telephone-events, gathers host candidates only (no
// STUN or TURN: the browser and the simulator share a host or a network), and then plays what the call's far end
// is: ringback while a number rings, the caller's audio echoed back, a tone, the test menu, or another peer's audio
// (a phone page's microphone bridged to the browser that took its call: `bridge`). Lost and delayed
// packets on the way back when the destination is impaired. What the browser sends is measured (audio level,
// DTMF keys), and a watchdog reports when it sends nothing for too long.
//
// No codec runs here: what it plays is the process's pre-encoded tone packets (tones.ts), what it passes on goes
// as it came, and what it measures is read from the packet headers (audio-level.ts). Each timer and subscription
// catches its own errors: one ends this end's media and is reported (`onFailure`), never the process.
import { RTCPeerConnection, RTCRtpCodecParameters, RTP_EXTENSION_URI, RtpHeader, RtpPacket, useAudioLevelIndication, type Extensions, type RTCRtpTransceiver } from 'werift';
import { AudioMeter, rmsOfDBov, silenceRms, type AudioLevel } from './audio-level.ts';
import { impair, type Impairment } from './impairment.ts';
import { frameMs, frameSamples } from './opus.ts';
import { opusHasSound } from './opus-packet.ts';
import { KeyPresses } from './telephone-event.ts';
import { clipFrames, silencePacket, toneFrames, type ToneFrames, type ToneKind } from './tones.ts';

/** What the far end plays to the browser: a clip is played once, then silence. */
export type MediaPlay = { kind: 'silence' } | { kind: ToneKind } | { kind: 'echo'; delayMs: number } | { kind: 'clip'; packets: readonly Buffer[] };

/** A received Opus packet kept for a recording: when it arrived (performance.now() ms) and its RTP timestamp. */
export interface CapturedPacket {
  atMs: number;
  timestamp: number;
  opus: Buffer;
}

/** What the browser sent while a recording ran (no decoding here: capture.ts decodes it once it is over). */
export interface CapturedAudio {
  startedMs: number;
  endedMs: number;
  packets: CapturedPacket[];
}

interface Capture {
  startedMs: number;
  packets: CapturedPacket[];
  /** Each audio frame as it arrives: whether it carried sound (a <Record>'s silence timeout). */
  onFrame: (voiced: boolean) => void;
}

/** What this end does with the audio it receives: nothing (measured only), sends it back, or on to another end. */
type Passing = { kind: 'none' } | { kind: 'echo'; delayMs: number } | { kind: 'relay'; to: MediaEnd };

export interface MediaReport {
  /** The peer connection's state (new, connecting, connected, disconnected, failed, closed). */
  state: string;
  received: AudioLevel & { packets: number };
  sent: { packets: number; lost: number };
  /** DTMF keys received as RFC 4733 telephone-events. */
  keys: string;
}

export interface MediaEndOptions {
  /** A DTMF key arrived as a telephone-event. */
  onKey?: (key: string) => void;
  log?: (message: string, error?: unknown) => void;
  /** This end failed (an error in one of its timers or subscriptions) and closed: its call should end. */
  onFailure?: (error: unknown) => void;
}

// the payload types Chrome and Firefox offer for these, so that the answer keeps the offer's numbers
const codecs = () => [
  new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48_000, channels: 2, payloadType: 111, parameters: 'minptime=10;useinbandfec=1' }),
  new RTCRtpCodecParameters({ mimeType: 'audio/telephone-event', clockRate: 48_000, payloadType: 110 }),
  new RTCRtpCodecParameters({ mimeType: 'audio/telephone-event', clockRate: 8000, payloadType: 126 }),
];

/** RFC 6464 audio levels, offered and answered so that browsers send them (`headerExtensions`). */
const headerExtensions = () => ({ audio: [useAudioLevelIndication()] });

interface AudioLevelExtension {
  level: number;
}

/** The RFC 6464 level (-dBov) of a received packet, when its sender put one in. */
export function audioLevelOf(extensions: Extensions | undefined): number | null {
  const value = extensions?.[RTP_EXTENSION_URI.audioLevelIndication] as AudioLevelExtension | undefined;
  return typeof value?.level === 'number' ? value.level : null;
}

/** The payload types an SDP maps to a codec name (lower case), e.g. opus, telephone-event. */
export function payloadTypesOf(sdp: string): Map<number, string> {
  const types = new Map<number, string>();
  for (const match of sdp.matchAll(/^a=rtpmap:(\d+) ([^/\s]+)\//gm)) types.set(Number(match[1]), (match[2] ?? '').toLowerCase());
  return types;
}

interface IceInternals {
  connection?: { protocols?: Array<{ transport?: { socket?: { listenerCount(event: string): number; on(event: string, listener: (error: unknown) => void): void } } }> };
}

/**
 * Bun reports an ICMP port-unreachable from a peer that went away (a closed tab) as an `error` event of the UDP
 * socket; werift listens for none on its sockets, so the error would be thrown and end the process. Its ICE
 * consent checks notice the peer's absence anyway, so the error is dropped.
 */
export function quietIceSockets(pc: RTCPeerConnection, log?: (message: string, error?: unknown) => void): void {
  for (const transport of pc.iceTransports as unknown as IceInternals[]) {
    for (const protocol of transport.connection?.protocols ?? []) {
      const socket = protocol.transport?.socket;
      if (socket && socket.listenerCount('error') === 0) socket.on('error', (error) => log?.('a media socket reported an error', error));
    }
  }
}

const uint16 = (value: number) => value & 0xffff;
const uint32 = (value: number) => value >>> 0;

export class MediaEnd {
  readonly #pc: RTCPeerConnection;
  readonly #transceiver: RTCRtpTransceiver;
  readonly #options: MediaEndOptions;
  readonly #meter = new AudioMeter();
  readonly #keys = new KeyPresses();
  #payloadTypes = new Map<number, string>();
  #passing: Passing = { kind: 'none' };
  #tones: ToneFrames | null = null;
  #impairment: Impairment | null = null;
  #clock: ReturnType<typeof setInterval> | null = null;
  #watchdog: ReturnType<typeof setTimeout> | null = null;
  #inactive: { report: () => void; ms: number } | null = null;
  readonly #pending = new Set<ReturnType<typeof setTimeout>>();
  #sequence = Math.floor(Math.random() * 0x10000);
  #timestamp = Math.floor(Math.random() * 0x100000000);
  #lastInTimestamp: number | null = null;
  #received = 0;
  #sent = 0;
  #lost = 0;
  #keysReceived = '';
  #closed = false;
  #failed = false;
  #capture: Capture | null = null;

  private constructor(options: MediaEndOptions) {
    this.#options = options;
    this.#pc = new RTCPeerConnection({ codecs: { audio: codecs() }, headerExtensions: headerExtensions(), iceServers: [], iceUseIpv6: false, iceAdditionalHostAddresses: ['127.0.0.1'] });
    this.#transceiver = this.#pc.addTransceiver('audio', { direction: 'sendrecv' });
    this.#pc.onTrack.subscribe((track) => {
      this.#guard('a new track', () => {
        track.onReceiveRtp.subscribe((rtp, extensions) => this.#guard('receiving audio', () => this.#receive(rtp, extensions)));
      });
    });
  }

  /** A far end answering the browser's offer (a call the browser places). */
  static async answering(offerSdp: string, options: MediaEndOptions = {}): Promise<MediaEnd> {
    // werift takes any text as an offer; one without audio would make a call nobody hears
    if (!/^v=0\r?$/m.test(offerSdp) || !/^m=audio /m.test(offerSdp)) throw new Error('The offer has no audio');
    const end = new MediaEnd(options);
    try {
      await end.#pc.setRemoteDescription({ type: 'offer', sdp: offerSdp });
      end.#payloadTypes = payloadTypesOf(offerSdp);
      await end.#pc.setLocalDescription(await end.#pc.createAnswer());
      await end.#gathered();
    } catch (error) {
      end.close();
      throw error;
    }
    return end;
  }

  /** A far end offering to the browser (a call to a registered client); `accept` takes its answer. */
  static async offering(options: MediaEndOptions = {}): Promise<MediaEnd> {
    const end = new MediaEnd(options);
    try {
      await end.#pc.setLocalDescription(await end.#pc.createOffer());
      await end.#gathered();
    } catch (error) {
      end.close();
      throw error;
    }
    return end;
  }

  /** This end's SDP (offer or answer), with its candidates. */
  get localSdp(): string {
    return this.#pc.localDescription?.sdp ?? '';
  }

  async accept(answerSdp: string): Promise<void> {
    if (this.#closed) throw new Error('This far end has closed');
    this.#payloadTypes = payloadTypesOf(answerSdp);
    await this.#pc.setRemoteDescription({ type: 'answer', sdp: answerSdp });
  }

  /** A new offer on the same connection (the browser's ICE restart): the new answer. */
  async renegotiate(offerSdp: string): Promise<string> {
    await this.#pc.setRemoteDescription({ type: 'offer', sdp: offerSdp });
    await this.#pc.setLocalDescription(await this.#pc.createAnswer());
    await this.#gathered();
    return this.localSdp;
  }

  play(play: MediaPlay): void {
    if (this.#closed) return;
    this.#passing = play.kind === 'echo' ? play : { kind: 'none' };
    if (play.kind === 'clip') this.#tones = clipFrames(play.packets);
    else this.#tones = play.kind === 'silence' || play.kind === 'echo' ? null : toneFrames({ kind: play.kind });
    if (play.kind === 'echo') this.#stopClock();
    else this.#startClock();
  }

  /** Two ends of one call: what each receives, the other sends on (Opus as it came, no decoding in between). */
  static bridge(a: MediaEnd, b: MediaEnd): void {
    for (const [end, other] of [[a, b], [b, a]] as const) {
      if (end.#closed) continue;
      end.#tones = null;
      end.#passing = { kind: 'relay', to: other };
      end.#stopClock();
    }
  }

  /** Starts keeping the Opus packets the browser sends, as they come (a <Record>); `onFrame` hears each frame. */
  startCapture(onFrame: (voiced: boolean) => void = () => {}): void {
    this.#capture = { startedMs: performance.now(), packets: [], onFrame };
  }

  /** Stops keeping them: what arrived since `startCapture`, or null when nothing was being kept. */
  stopCapture(): CapturedAudio | null {
    const capture = this.#capture;
    this.#capture = null;
    return capture ? { startedMs: capture.startedMs, endedMs: performance.now(), packets: capture.packets } : null;
  }

  impair(impairment: Impairment | null): void {
    this.#impairment = impairment;
  }

  /** Reports (once) when nothing arrives from the browser for `ms`, counted from now and from each packet. */
  watch(report: () => void, ms: number): void {
    this.#inactive = { report, ms };
    this.#armWatchdog();
  }

  /** A key pressed on the browser's keypad (however it arrived): the menu answers with its tone. */
  answerKey(key: string): void {
    this.#tones?.press(key);
  }

  report(): MediaReport {
    return {
      state: this.#closed ? 'closed' : this.#pc.connectionState,
      received: { packets: this.#received, ...this.#meter.level },
      sent: { packets: this.#sent, lost: this.#lost },
      keys: this.#keysReceived,
    };
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    // what was captured stays for stopCapture: a caller who hangs up still leaves a recording
    this.#stopClock();
    if (this.#watchdog) clearTimeout(this.#watchdog);
    for (const handle of this.#pending) clearTimeout(handle);
    this.#pending.clear();
    this.#pc.close().catch((error: unknown) => this.#options.log?.('could not close a media peer', error));
  }

  async #gathered(): Promise<void> {
    if (this.#pc.iceGatheringState !== 'complete') {
      await new Promise<void>((resolve) => {
        const { unSubscribe } = this.#pc.iceGatheringStateChange.subscribe((state) => {
          if (state !== 'complete') return;
          unSubscribe();
          resolve();
        });
      });
    }
    quietIceSockets(this.#pc, this.#options.log);
  }

  /** Work run by a timer or a subscription: an error in it closes this end and is reported, and goes no further. */
  #guard(what: string, work: () => void): void {
    try {
      work();
    } catch (error) {
      this.#fail(what, error);
    }
  }

  #fail(what: string, error: unknown): void {
    if (this.#failed) return;
    this.#failed = true;
    this.close();
    this.#options.log?.(`media: ${what} failed; this call's media ends`, error);
    try {
      this.#options.onFailure?.(error);
    } catch (failure) {
      this.#options.log?.('media: ending a failed call failed', failure);
    }
  }

  #armWatchdog(): void {
    const inactive = this.#inactive;
    if (!inactive) return;
    if (this.#watchdog) clearTimeout(this.#watchdog);
    this.#watchdog = setTimeout(() => {
      this.#guard('the inactivity watchdog', () => {
        if (!this.#closed) inactive.report();
      });
    }, inactive.ms);
  }

  #receive(rtp: RtpPacket, extensions: Extensions | undefined): void {
    if (this.#closed) return;
    this.#received++;
    this.#armWatchdog();
    const codec = this.#payloadTypes.get(rtp.header.payloadType);
    if (codec === 'telephone-event') {
      const key = this.#keys.add(rtp.header.timestamp, rtp.payload);
      if (key) {
        this.#keysReceived += key;
        this.answerKey(key);
        this.#options.onKey?.(key);
      }
      return;
    }
    if (codec !== 'opus') return;
    const level = audioLevelOf(extensions);
    const voiced = level === null ? opusHasSound(rtp.payload) : rmsOfDBov(level) >= silenceRms;
    if (level === null) this.#meter.addFlagged(voiced);
    else this.#meter.addAudioLevel(level);
    const capture = this.#capture;
    if (capture) {
      capture.packets.push({ atMs: performance.now(), timestamp: rtp.header.timestamp, opus: Buffer.from(rtp.payload) });
      capture.onFrame(voiced);
    }
    const passing = this.#passing;
    if (passing.kind === 'none') return;
    const advance = this.#lastInTimestamp === null ? frameSamples : uint32(rtp.header.timestamp - this.#lastInTimestamp);
    this.#lastInTimestamp = rtp.header.timestamp;
    if (passing.kind === 'echo') this.#send(rtp.payload, advance, rtp.header.marker, passing.delayMs);
    else passing.to.#send(rtp.payload, advance, rtp.header.marker, 0);
  }

  #startClock(): void {
    if (this.#clock) return;
    this.#clock = setInterval(() => {
      this.#guard('the packet clock', () => {
        if (this.#passing.kind !== 'none') return;
        const packet = this.#tones ? this.#tones.next() : silencePacket();
        this.#send(packet.opus, frameSamples, false, 0);
      });
    }, frameMs);
  }

  #stopClock(): void {
    if (this.#clock) clearInterval(this.#clock);
    this.#clock = null;
    this.#lastInTimestamp = null;
  }

  /** One packet back to the browser with this end's own sequence numbers and timestamps (werift adds its SSRC). */
  #send(payload: Buffer, timestampAdvance: number, marker: boolean, delayMs: number): void {
    this.#sequence = uint16(this.#sequence + 1);
    this.#timestamp = uint32(this.#timestamp + timestampAdvance);
    const packet = new RtpPacket(new RtpHeader({ sequenceNumber: this.#sequence, timestamp: this.#timestamp, marker }), payload);
    const extra = this.#impairment ? impair(this.#impairment) : 0;
    if (extra === null) {
      this.#lost++;
      return;
    }
    const send = () => {
      if (this.#closed) return;
      this.#sent++;
      this.#transceiver.sender.sendRtp(packet).catch((error: unknown) => this.#fail('sending RTP', error));
    };
    const wait = delayMs + extra;
    if (wait <= 0) return send();
    const handle = setTimeout(() => {
      this.#pending.delete(handle);
      this.#guard('a delayed send', send);
    }, wait);
    this.#pending.add(handle);
  }
}
