import { expect, test } from 'bun:test';
import { AudioMeter, rms, silenceRms } from './audio-level.ts';
import { createOpusDecoder, createOpusEncoder, frameSamples } from './opus.ts';
import { toneFrames } from './tones.ts';

test('a tone through Opus is voiced, digital silence through Opus is not', () => {
  const encoder = createOpusEncoder();
  const decoder = createOpusDecoder();
  const meter = new AudioMeter();
  const tone = toneFrames({ kind: 'ringback' });
  for (let i = 0; i < 25; i++) meter.add(decoder.decode(encoder.encode(tone.next())) ?? new Int16Array());
  for (let i = 0; i < 25; i++) meter.add(decoder.decode(encoder.encode(new Int16Array(frameSamples))) ?? new Int16Array());
  const level = meter.level;
  expect(level.frames).toBe(50);
  // the codec's first frame ramps up; the rest of the tone is loud
  expect(level.voicedFrames).toBeGreaterThanOrEqual(22);
  expect(level.voicedFrames).toBeLessThanOrEqual(27);
  expect(level.lastRms).toBeLessThan(silenceRms);
  expect(level.peakRms).toBeGreaterThan(1000);
  expect(rms(new Int16Array([3, -4]))).toBeCloseTo(Math.sqrt(12.5));
  encoder.close();
  decoder.close();
});
