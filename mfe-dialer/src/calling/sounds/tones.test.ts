import { expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { soundFiles } from './tones.ts';

test('the sound files served to the Voice SDK are what tones.ts makes (else: bun mfe-dialer/src/calling/sounds/write-sounds.ts)', () => {
  for (const [name, bytes] of Object.entries(soundFiles())) {
    expect(Buffer.compare(readFileSync(path.join(import.meta.dir, name)), bytes)).toBe(0);
  }
});

test('a DTMF key tone lasts 160 ms (spec §9) at 8 kHz, 8-bit mono', () => {
  const file = soundFiles()['dtmf-5.wav']!;
  const view = new DataView(file.buffer);
  expect(new TextDecoder().decode(file.slice(0, 4))).toBe('RIFF');
  expect(view.getUint32(24, true)).toBe(8000);
  expect(view.getUint32(40, true)).toBe(1280);
});
