import { expect, test } from 'bun:test';
import { firstRangeCodedBit, opusHasSound } from './opus-packet.ts';
import { silencePacket, toneFrames } from './tones.ts';

/** A packet Chromium 156 sent (its first bytes as received, the rest zero-filled to its length). */
const chromium = (hex: string, length: number) => {
  const packet = Buffer.alloc(length);
  Buffer.from(hex, 'hex').copy(packet);
  return packet;
};

test("Chromium's packets: CELT and hybrid frames with sound, its muted microphone's silence in both modes", () => {
  // CELT fullband (TOC 0xf8) at levels 10 and 25 -dBov, and quiet (63 -dBov) but not silent
  for (const [hex, length] of [['f8b549fd', 127], ['f88a9a2c', 100], ['f89c50c3', 73]] as const) expect(opusHasSound(chromium(hex, length))).toBe(true);
  // hybrid (TOC 0x78 fullband, 0x68 super-wideband) at 9 and 10 -dBov: SILK's voice-activity flag set
  for (const [hex, length] of [['78bc1946', 84], ['7880f58f', 71]] as const) expect(opusHasSound(chromium(hex, length))).toBe(true);
  // muted (level 127): a 3-byte CELT frame with the silence flag, or a 32- to 46-byte hybrid one without voice activity
  for (const [hex, length] of [['f8fffe', 3], ['6807c979', 32], ['7807d5a1', 46], ['7807c979', 35]] as const) expect(opusHasSound(chromium(hex, length))).toBe(false);
});

test("libopus's own frames: the pre-encoded tones have sound, their silence has not", () => {
  const ringback = toneFrames({ kind: 'ringback' });
  const packets = Array.from({ length: 300 }, () => ringback.next().opus);
  expect(packets.slice(0, 100).every(opusHasSound)).toBe(true);
  expect(packets.slice(102).some(opusHasSound)).toBe(false);
  expect(opusHasSound(silencePacket().opus)).toBe(false);
});

test('DTX and empty packets are silence; the first frame of a two-frame packet is read after its length', () => {
  expect(opusHasSound(Buffer.alloc(0))).toBe(false);
  expect(opusHasSound(Buffer.from([0xf8]))).toBe(false);
  expect(opusHasSound(Buffer.from([0xf8, 0x12]))).toBe(false);
  // code 2 (TOC & 3): one length byte, then the first frame, here a SILK frame (config 1) with voice activity
  expect(opusHasSound(Buffer.from([0x0a, 4, 0x80, 0, 0, 0, 0x00, 0]))).toBe(true);
  expect(opusHasSound(Buffer.from([0x0a, 4, 0x00, 0, 0, 0, 0x80, 0]))).toBe(false);
  // the range decoder's first symbol: at probability 1/2 it is the first byte's top bit
  expect(firstRangeCodedBit(Buffer.from([0x80, 0]), 1)).toBe(true);
  expect(firstRangeCodedBit(Buffer.from([0x7f, 0xff]), 1)).toBe(false);
  expect(firstRangeCodedBit(Buffer.from([0xff, 0xfe]), 15)).toBe(true);
  expect(firstRangeCodedBit(Buffer.from([0xb5, 0x49]), 15)).toBe(false);
});
