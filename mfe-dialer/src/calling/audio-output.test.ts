import { expect, test } from 'bun:test';
import { speakerOutputOf } from './audio-output.ts';

const output = (deviceId: string, label: string) => ({ deviceId, label });

test("'Speaker On' picks an output named like a loudspeaker, else any real output; the system's pseudo-outputs never", () => {
  expect(speakerOutputOf([output('default', 'Default - Speakers'), output('communications', 'Communications'), output('a', 'Headset'), output('b', 'MacBook Pro Speakers')])).toBe('b');
  expect(speakerOutputOf([output('default', 'Default'), output('a', 'HDMI')])).toBe('a');
  expect(speakerOutputOf([output('default', 'Default - Speakers')])).toBeNull();
});
