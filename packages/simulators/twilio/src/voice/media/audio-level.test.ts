import { expect, test } from 'bun:test';
import { AudioMeter, dBovOf, rms, rmsOfDBov, silenceRms, silentDBov } from './audio-level.ts';

test('RFC 6464 levels map to RMS as WebRTC measures them: Chromium sends 9 for a sine at half full scale, 127 for silence', () => {
  expect(rmsOfDBov(9)).toBeCloseTo(11_585, -2);
  expect(dBovOf(32768 * 0.5 * Math.SQRT1_2)).toBe(9);
  expect(rmsOfDBov(0)).toBe(32767);
  expect(rmsOfDBov(silentDBov)).toBe(0);
  expect(dBovOf(0)).toBe(silentDBov);
  expect(dBovOf(0.001)).toBe(silentDBov);
  // the silence threshold (RMS 100) falls between 50 and 51 -dBov
  expect(rmsOfDBov(50)).toBeGreaterThanOrEqual(silenceRms);
  expect(rmsOfDBov(51)).toBeLessThan(silenceRms);
  for (const level of [3, 20, 50, 90]) expect(dBovOf(rmsOfDBov(level))).toBe(level);
  expect(rms(new Int16Array([3, -4]))).toBeCloseTo(Math.sqrt(12.5));
});

test('a meter counts frames and the voiced ones, from audio levels or from Opus flags', () => {
  const meter = new AudioMeter();
  expect(meter.level).toEqual({ frames: 0, voicedFrames: 0, lastRms: 0, peakRms: 0, measuredBy: null });
  for (const level of [30, 9, 50, 51, 127]) meter.addAudioLevel(level);
  expect(meter.level).toEqual({ frames: 5, voicedFrames: 3, lastRms: 0, peakRms: rmsOfDBov(9), measuredBy: 'audio-level' });

  const flagged = new AudioMeter();
  for (const hasSound of [true, true, false]) flagged.addFlagged(hasSound);
  // a flagged frame's level is not known: sound counts as the silence threshold, silence as 0
  expect(flagged.level).toEqual({ frames: 3, voicedFrames: 2, lastRms: 0, peakRms: silenceRms, measuredBy: 'opus-flags' });
});
