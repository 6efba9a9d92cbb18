import { expect, test } from 'bun:test';
import { rms } from './audio-level.ts';
import { decodeCapture, trimSilence } from './capture.ts';
import type { CapturedPacket } from './media-end.ts';
import { frameSamples } from './opus.ts';
import { encodeClip, segmentsPcm } from './tones.ts';

/** 8 kHz samples of 20 ms frames, from `from` for `count` frames. */
const frames = (pcm: Int16Array, from: number, count: number) => pcm.subarray(from * 160, (from + count) * 160);

test('captured packets land where their RTP time says, gaps and the wait before the first are silence', () => {
  // 200 ms of a tone, 200 ms the browser sent nothing (DTX), 200 ms of tone again
  const packets = encodeClip(segmentsPcm([{ ms: 200, hz: [500] }]));
  const captured: CapturedPacket[] = [];
  packets.forEach((opus, i) => captured.push({ atMs: 1100 + i * 20, timestamp: 0xffff_ff00 + i * frameSamples, opus }));
  // the RTP timestamp wraps around in between
  packets.forEach((opus, i) => captured.push({ atMs: 1500 + i * 20, timestamp: (0xffff_ff00 + (20 + i) * frameSamples) >>> 0, opus }));
  const pcm = decodeCapture({ startedMs: 1000, endedMs: 1800, packets: captured });
  expect(pcm.length).toBe(6400);
  // 100 ms before the first packet; libopus's start-up and end fade are left out of the checks
  expect(rms(frames(pcm, 0, 5))).toBe(0);
  expect(rms(frames(pcm, 7, 6))).toBeGreaterThan(2000);
  expect(rms(frames(pcm, 17, 6))).toBeLessThan(100);
  expect(rms(frames(pcm, 27, 6))).toBeGreaterThan(2000);
  expect(rms(frames(pcm, 36, 4))).toBe(0);
  expect(decodeCapture({ startedMs: 0, endedMs: 500, packets: [] })).toEqual(new Int16Array(4000));
});

test('trim-silence keeps from the first to the last sounding frame; silence throughout is empty', () => {
  const pcm = segmentsPcm([{ ms: 100, hz: [] }, { ms: 300, hz: [500] }, { ms: 200, hz: [] }], 8000);
  const trimmed = trimSilence(pcm);
  expect(trimmed.length).toBe(2400);
  expect(trimmed).toEqual(pcm.subarray(800, 3200));
  expect(trimSilence(new Int16Array(8000)).length).toBe(0);
});
