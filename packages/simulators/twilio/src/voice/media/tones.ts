// The sounds the simulator's far ends make, as 20 ms frames of 48 kHz PCM: the ringback heard while a number rings
// (early media), the caller's voice of a call from the phone page (a tone: the phone page has no microphone), and
// the test menu's prompt with each key pressed answered by its own DTMF tone.
import { frameSamples, opusClockRate } from './opus.ts';

interface Segment {
  ms: number;
  /** Frequencies summed in this segment (none: silence). */
  hz: readonly number[];
}

const level = 6000;

/** Each key's DTMF pair (ITU-T Q.23). */
export const dtmfPairs: Record<string, readonly [number, number]> = {
  '1': [697, 1209], '2': [697, 1336], '3': [697, 1477], A: [697, 1633],
  '4': [770, 1209], '5': [770, 1336], '6': [770, 1477], B: [770, 1633],
  '7': [852, 1209], '8': [852, 1336], '9': [852, 1477], C: [852, 1633],
  '*': [941, 1209], '0': [941, 1336], '#': [941, 1477], D: [941, 1633],
};

const patterns = {
  /** North American ringback: 440 + 480 Hz, 2 s on, 4 s off. */
  ringback: [{ ms: 2000, hz: [440, 480] }, { ms: 4000, hz: [] }],
  /** The phone page's caller: a 500 Hz tone, 400 ms in every second. */
  tone: [{ ms: 400, hz: [500] }, { ms: 600, hz: [] }],
  /** The menu's prompt: three rising beeps, then 3 s to press a key. */
  menu: [{ ms: 150, hz: [600] }, { ms: 100, hz: [] }, { ms: 150, hz: [800] }, { ms: 100, hz: [] }, { ms: 150, hz: [1000] }, { ms: 3000, hz: [] }],
} satisfies Record<string, Segment[]>;

export type ToneKind = keyof typeof patterns;

export interface ToneFrames {
  /** The next 20 ms. */
  next(): Int16Array;
  /** Plays a key's DTMF tone (200 ms) before the pattern goes on. */
  press(key: string): void;
}

export function toneFrames({ kind }: { kind: ToneKind }): ToneFrames {
  const pattern: Segment[] = patterns[kind];
  const cycle = pattern.reduce((total, segment) => total + (segment.ms * opusClockRate) / 1000, 0);
  let position = 0;
  let sample = 0;
  const inserts: Segment[] = [];
  let insertLeft = 0;
  const at = (offset: number): readonly number[] => {
    let start = 0;
    for (const segment of pattern) {
      const length = (segment.ms * opusClockRate) / 1000;
      if (offset < start + length) return segment.hz;
      start += length;
    }
    return [];
  };
  return {
    next() {
      const frame = new Int16Array(frameSamples);
      for (let i = 0; i < frameSamples; i++, sample++) {
        let hz: readonly number[];
        if (insertLeft > 0 || inserts.length > 0) {
          if (insertLeft === 0) insertLeft = ((inserts[0]?.ms ?? 0) * opusClockRate) / 1000;
          hz = inserts[0]?.hz ?? [];
          if (--insertLeft === 0) inserts.shift();
        } else {
          hz = at(position);
          position = (position + 1) % cycle;
        }
        let value = 0;
        for (const frequency of hz) value += Math.sin((2 * Math.PI * frequency * sample) / opusClockRate);
        frame[i] = hz.length ? Math.round((value / hz.length) * level) : 0;
      }
      return frame;
    },
    press(key) {
      const pair = dtmfPairs[key.toUpperCase()];
      if (pair) inserts.push({ ms: 200, hz: pair }, { ms: 100, hz: [] });
    },
  };
}
