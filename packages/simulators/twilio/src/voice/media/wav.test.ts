import { expect, test } from 'bun:test';
import { mp3Of } from './mp3.ts';
import { readWav, wavFile } from './wav.ts';

test('a recording\'s WAV reads back as written; its MP3 is MPEG audio frames', () => {
  const pcm = Int16Array.from({ length: 8000 }, (_, i) => Math.round(Math.sin((2 * Math.PI * 500 * i) / 8000) * 6000));
  const file = wavFile(pcm, 8000);
  expect(String.fromCharCode(...file.subarray(0, 4))).toBe('RIFF');
  expect(readWav(file)).toEqual({ sampleRate: 8000, channels: 1, bitsPerSample: 16, pcm, durationMs: 1000 });
  expect(readWav(new Uint8Array(10))).toBeNull();
  const mp3 = mp3Of(pcm, 8000);
  // an MPEG frame sync: 11 set bits
  expect(mp3[0]).toBe(0xff);
  expect((mp3[1] as number) & 0xe0).toBe(0xe0);
});
