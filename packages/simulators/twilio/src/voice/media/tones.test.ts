import { afterAll, expect, test } from 'bun:test';
import { rms, silenceRms, silentDBov } from './audio-level.ts';
import { createOpusDecoder, frameSamples, opusClockRate } from './opus.ts';
import { silencePacket, toneFrames, tonePatterns, type TonePacket } from './tones.ts';

// one decoder for the whole file, in the test only: the simulator itself decodes nothing
const decoder = createOpusDecoder();
afterAll(() => decoder.close());

/** Power at one frequency (Goertzel), as a share of the frame's whole power. */
function share(pcm: Int16Array, hz: number): number {
  const coefficient = 2 * Math.cos((2 * Math.PI * hz) / opusClockRate);
  let previous = 0;
  let beforePrevious = 0;
  let total = 0;
  for (const sample of pcm) {
    const value = sample + coefficient * previous - beforePrevious;
    beforePrevious = previous;
    previous = value;
    total += sample * sample;
  }
  const power = previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious;
  return total === 0 ? 0 : (2 * power) / (pcm.length * total);
}

const decode = (packets: readonly TonePacket[]) => packets.map((packet) => decoder.decode(packet.opus) ?? new Int16Array());

/** Asserts that frames [from, to) carry exactly these frequencies, at the level their packets announce. */
function expectTone(frames: Int16Array[], packets: readonly TonePacket[], from: number, to: number, hz: readonly number[]): void {
  for (let i = from; i < to; i++) {
    const frame = frames[i] as Int16Array;
    const shares = hz.map((frequency) => share(frame, frequency));
    // most of the power is in the pattern's frequencies, shared between them
    expect(shares.reduce((sum, value) => sum + value, 0)).toBeGreaterThan(0.8);
    for (const value of shares) expect(value).toBeGreaterThan(0.6 / hz.length);
    for (const other of [350, 620, 1100, 1700].filter((frequency) => hz.every((own) => Math.abs(own - frequency) > 60))) expect(share(frame, other)).toBeLessThan(0.05);
    // the level sent with the packet (RFC 6464) is the decoded audio's, within 3 dB: the decoded frame lags the
    // encoded one by the codec's delay (6.5 ms), and ringback's two frequencies beat 40 times a second
    expect(Math.abs(20 * Math.log10(32768 / rms(frame)) - (packets[i] as TonePacket).level)).toBeLessThan(3);
  }
}

function expectSilent(frames: Int16Array[], packets: readonly TonePacket[], from: number, to: number): void {
  for (let i = from; i < to; i++) {
    expect(rms(frames[i] as Int16Array)).toBeLessThan(silenceRms);
    expect((packets[i] as TonePacket).level).toBe(silentDBov);
  }
}

const cycleOf = (kind: keyof typeof tonePatterns, frames: number) => {
  const player = toneFrames({ kind });
  return Array.from({ length: frames }, () => player.next());
};

test('each pattern is a whole number of 20 ms frames, encoded once per process and shared by every player', () => {
  const frames = (kind: keyof typeof tonePatterns) => tonePatterns[kind].reduce((ms, segment) => ms + segment.ms, 0) / 20;
  expect([frames('ringback'), frames('tone'), frames('menu')]).toEqual([300, 50, 183]);
  const one = cycleOf('menu', 183 + 5);
  const another = cycleOf('menu', 5);
  // the same Buffers: a second player encodes nothing
  expect(another.map((packet) => packet.opus)).toEqual(one.slice(0, 5).map((packet) => packet.opus));
  expect(another[0]?.opus).toBe(one[0]?.opus as Buffer);
  // and it loops: frame 183 is frame 0
  expect(one[183]?.opus).toBe(one[0]?.opus as Buffer);
  expect(silencePacket()).toBe(silencePacket());
});

test('ringback decodes to 440 + 480 Hz for 2 s, then 4 s of silence, and loops without a seam', () => {
  const packets = cycleOf('ringback', 300 * 2);
  const frames = decode(packets);
  // a frame or two of the codec's ramp at each edge
  expectTone(frames, packets, 2, 99, [440, 480]);
  expectSilent(frames, packets, 102, 298);
  expectTone(frames, packets, 302, 399, [440, 480]);
});

test("the phone page's caller is 500 Hz for 400 ms in every second; the menu beeps 600, 800 and 1000 Hz, then waits", () => {
  const tone = cycleOf('tone', 50);
  const toneFramesDecoded = decode(tone);
  expectTone(toneFramesDecoded, tone, 2, 19, [500]);
  expectSilent(toneFramesDecoded, tone, 22, 50);

  const menu = cycleOf('menu', 183);
  const menuFrames = decode(menu);
  // 150 ms beeps (7.5 frames) 100 ms apart: frames 0-6, 12-19, 25-32
  expectTone(menuFrames, menu, 1, 6, [600]);
  expectTone(menuFrames, menu, 13, 19, [800]);
  expectTone(menuFrames, menu, 26, 32, [1000]);
  expectSilent(menuFrames, menu, 35, 183);
});

test("a key pressed on the menu: its DTMF pair for 200 ms and 100 ms of silence, then the prompt goes on where it was", () => {
  const player = toneFrames({ kind: 'menu' });
  const before = Array.from({ length: 40 }, () => player.next());
  player.press('5');
  player.press('x');
  const pressed = Array.from({ length: 15 }, () => player.next());
  const after = player.next();
  const frames = decode(pressed);
  expectTone(frames, pressed, 1, 9, [770, 1336]);
  expectSilent(frames, pressed, 11, 15);
  // an unknown key plays nothing; the pattern resumes at frame 40
  expect(after.opus).toBe(cycleOf('menu', 41)[40]?.opus as Buffer);
  expect(before).toHaveLength(40);
  const hash = toneFrames({ kind: 'tone' });
  hash.press('#');
  const hashFrames = Array.from({ length: 10 }, () => hash.next());
  expectTone(decode(hashFrames), hashFrames, 1, 9, [941, 1477]);
});

test('the silence packet is a tiny frame that decodes to silence, at level 127', () => {
  const silence = silencePacket();
  expect(silence.opus.length).toBeLessThanOrEqual(3);
  expect(silence.level).toBe(silentDBov);
  // the first frame after a tone carries the tone's tail (the codec's overlap); the next ones are silent
  const decoded = [1, 2, 3].map(() => rms(decoder.decode(silence.opus) ?? new Int16Array(frameSamples)));
  expect(decoded.slice(1).every((level) => level < 1)).toBe(true);
});
