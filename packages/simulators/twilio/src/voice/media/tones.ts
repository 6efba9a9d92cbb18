// The sounds the simulator's far ends make: the ringback heard while a number rings (early media), the caller's
// voice of a call from the phone page (a tone: the phone page has no microphone), and the test menu's prompt with
// each key pressed answered by its own DTMF tone. Each is encoded to Opus once per process, on first use, by one
// encoder that is then freed; playing one is handing out the same packets in turn. An Opus codec per call is what
// crashed the process: opusscript's WebAssembly memory grows under the codecs made before, which then read and
// write a detached buffer.
import { dBovOf, rms } from './audio-level.ts';
import { createOpusEncoder, frameMs, frameSamples, opusClockRate } from './opus.ts';

interface Segment {
  ms: number;
  /** Frequencies summed in this segment (none: silence). */
  hz: readonly number[];
}

const amplitude = 6000;

/** Each key's DTMF pair (ITU-T Q.23). */
export const dtmfPairs: Record<string, readonly [number, number]> = {
  '1': [697, 1209], '2': [697, 1336], '3': [697, 1477], A: [697, 1633],
  '4': [770, 1209], '5': [770, 1336], '6': [770, 1477], B: [770, 1633],
  '7': [852, 1209], '8': [852, 1336], '9': [852, 1477], C: [852, 1633],
  '*': [941, 1209], '0': [941, 1336], '#': [941, 1477], D: [941, 1633],
};

/** Each cycle lasts a whole number of 20 ms frames, so that it repeats as packets. */
export const tonePatterns = {
  /** North American ringback: 440 + 480 Hz, 2 s on, 4 s off. */
  ringback: [{ ms: 2000, hz: [440, 480] }, { ms: 4000, hz: [] }],
  /** The phone page's caller: a 500 Hz tone, 400 ms in every second. */
  tone: [{ ms: 400, hz: [500] }, { ms: 600, hz: [] }],
  /** The menu's prompt: three rising beeps, then about 3 s to press a key (3,660 ms in all: 183 frames). */
  menu: [{ ms: 150, hz: [600] }, { ms: 100, hz: [] }, { ms: 150, hz: [800] }, { ms: 100, hz: [] }, { ms: 150, hz: [1000] }, { ms: 3010, hz: [] }],
} satisfies Record<string, Segment[]>;

export type ToneKind = keyof typeof tonePatterns;

/** A key's answer on the menu: its DTMF pair for 200 ms, then 100 ms of silence. */
const pressSegments = (pair: readonly number[]): Segment[] => [{ ms: 200, hz: pair }, { ms: 100, hz: [] }];

/** One 20 ms Opus packet, with the level of the audio it carries. */
export interface TonePacket {
  opus: Buffer;
  /** The frame's audio level in -dBov, as a browser sends it in RFC 6464's header extension (127: silence). */
  level: number;
}

export interface ToneFrames {
  /** The next 20 ms. */
  next(): TonePacket;
  /** Plays a key's DTMF tone (200 ms, then 100 ms of silence) before the pattern goes on. */
  press(key: string): void;
}

interface EncodedTones {
  cycles: Record<ToneKind, readonly TonePacket[]>;
  presses: ReadonlyMap<string, readonly TonePacket[]>;
  silence: TonePacket;
}

/** The PCM of segments played in a row (48 kHz mono unless told), each sine starting at its segment's start. */
export function segmentsPcm(segments: readonly Segment[], sampleRate = opusClockRate): Int16Array {
  const perFrame = (sampleRate * frameMs) / 1000;
  const total = segments.reduce((sum, segment) => sum + (segment.ms * sampleRate) / 1000, 0);
  if (total % perFrame !== 0) throw new Error(`${total / (sampleRate / 1000)} ms is not a whole number of ${frameMs} ms frames`);
  const pcm = new Int16Array(total);
  let offset = 0;
  for (const segment of segments) {
    const length = (segment.ms * sampleRate) / 1000;
    if (segment.hz.length) {
      for (let i = 0; i < length; i++) {
        let value = 0;
        for (const frequency of segment.hz) value += Math.sin((2 * Math.PI * frequency * i) / sampleRate);
        pcm[offset + i] = Math.round((value / segment.hz.length) * amplitude);
      }
    }
    offset += length;
  }
  return pcm;
}

/** `samples` of a tone pattern at `sampleRate`, its cycle repeated: what a caller without a browser sounds like. */
export function tonePcm(kind: ToneKind, sampleRate: number, samples: number): Int16Array {
  const cycle = segmentsPcm(tonePatterns[kind], sampleRate);
  const pcm = new Int16Array(samples);
  for (let offset = 0; offset < samples; offset += cycle.length) pcm.set(cycle.subarray(0, Math.min(cycle.length, samples - offset)), offset);
  return pcm;
}

/** The beep before a <Record> (the simulator's: 1 kHz for 500 ms). */
export const beepSegments: readonly Segment[] = [{ ms: 500, hz: [1000] }];

/** PCM (48 kHz mono) as 20 ms Opus packets, by one encoder made and freed here, synchronously, so that no other codec
 *  lives while it does (a <Play>'s file, the beep). */
export function encodeClip(pcm: Int16Array): Buffer[] {
  const encoder = createOpusEncoder();
  try {
    const packets: Buffer[] = [];
    for (let start = 0; start < pcm.length; start += frameSamples) {
      const frame = new Int16Array(frameSamples);
      frame.set(pcm.subarray(start, start + frameSamples));
      packets.push(encoder.encode(frame));
    }
    return packets;
  } finally {
    encoder.close();
  }
}

let beep: readonly Buffer[] | null = null;

/** The beep's packets, encoded once per process. */
export function beepPackets(): readonly Buffer[] {
  beep ??= encodeClip(segmentsPcm(beepSegments));
  return beep;
}

let encoded: EncodedTones | null = null;

function encodeTones(): EncodedTones {
  const encoder = createOpusEncoder();
  try {
    const encode = (pcm: Int16Array): TonePacket[] => {
      const packets: TonePacket[] = [];
      for (let start = 0; start < pcm.length; start += frameSamples) {
        const frame = pcm.subarray(start, start + frameSamples);
        packets.push({ opus: encoder.encode(frame), level: dBovOf(rms(frame)) });
      }
      return packets;
    };
    const settle = () => encode(new Int16Array(frameSamples * 10));
    const cycles = {} as Record<ToneKind, readonly TonePacket[]>;
    for (const kind of Object.keys(tonePatterns) as ToneKind[]) {
      const pcm = segmentsPcm(tonePatterns[kind]);
      // after the cycle's own end (its last 500 ms), so that the kept packets loop without a seam
      encode(pcm.subarray(pcm.length - frameSamples * 25));
      cycles[kind] = encode(pcm);
    }
    // silence once the encoder has left its start-up mode: 3-byte CELT frames flagged silent (a fresh encoder's
    // are 59-byte hybrid ones)
    settle();
    const [silence] = encode(new Int16Array(frameSamples)) as [TonePacket];
    const presses = new Map<string, readonly TonePacket[]>();
    for (const [key, pair] of Object.entries(dtmfPairs)) {
      settle();
      presses.set(key, encode(segmentsPcm(pressSegments(pair))));
    }
    return { cycles, presses, silence };
  } finally {
    encoder.close();
  }
}

function tones(): EncodedTones {
  encoded ??= encodeTones();
  return encoded;
}

/** A 20 ms packet of silence (the same one every time). */
export function silencePacket(): TonePacket {
  return tones().silence;
}

/** A player of one tone pattern: its own position in the process's shared packets. */
export function toneFrames({ kind }: { kind: ToneKind }): ToneFrames {
  const { cycles, presses } = tones();
  const cycle = cycles[kind];
  let position = 0;
  const inserted: TonePacket[] = [];
  return {
    next() {
      const packet = inserted.shift();
      if (packet) return packet;
      const next = cycle[position] as TonePacket;
      position = (position + 1) % cycle.length;
      return next;
    },
    press(key) {
      const packets = presses.get(key.toUpperCase());
      if (packets) inserted.push(...packets);
    },
  };
}

/** Plays packets once, then silence (a <Play>'s file, the beep). */
export function clipFrames(packets: readonly Buffer[]): ToneFrames {
  let position = 0;
  return {
    next: () => (position < packets.length ? { opus: packets[position++] as Buffer, level: 0 } : silencePacket()),
    press() {},
  };
}
