import { afterEach, beforeEach, expect, test } from 'bun:test';
import { CallSound } from './call-sound.ts';

/** The audio elements made, and what was done to each. */
let made: Array<{ src: string; loop: boolean; sinkId: string; plays: number; pauses: number }> = [];
const RealAudio = globalThis.Audio;
beforeEach(() => {
  made = [];
  class FakeAudio {
    readonly record;
    constructor(src: string) {
      this.record = { src, loop: false, sinkId: 'default', plays: 0, pauses: 0 };
      made.push(this.record);
    }
    set loop(value: boolean) {
      this.record.loop = value;
    }
    currentTime = 0;
    async setSinkId(id: string) {
      this.record.sinkId = id;
    }
    async play() {
      this.record.plays += 1;
    }
    pause() {
      this.record.pauses += 1;
    }
  }
  globalThis.Audio = FakeAudio as unknown as typeof Audio;
});
afterEach(() => {
  globalThis.Audio = RealAudio;
  Object.defineProperty(navigator, 'userActivation', { value: undefined, configurable: true });
});
const activation = (hasBeenActive: boolean) => Object.defineProperty(navigator, 'userActivation', { value: { hasBeenActive, isActive: false }, configurable: true });

test('a sound made by the Device loads and plays nothing; before a gesture a play stays silent, after one it plays', async () => {
  activation(false);
  const sound = new CallSound('incoming', 'http://dialer.test/incoming.wav', { shouldLoop: true });
  expect(made).toEqual([]);
  await sound.play();
  expect(made).toEqual([]);
  activation(true);
  await sound.play();
  expect(made).toEqual([{ src: 'http://dialer.test/incoming.wav', loop: true, sinkId: 'default', plays: 1, pauses: 0 }]);
  sound.stop();
  expect(made[0]!.pauses).toBe(1);
});

test('it plays through each output the SDK names, and stops itself after maxDuration', async () => {
  activation(true);
  const sound = new CallSound('outgoing', 'http://dialer.test/outgoing.wav', { maxDuration: 20 });
  sound.setSinkIds(['speaker-1', 'headset-2']);
  await sound.play();
  expect(made.map((m) => [m.sinkId, m.plays])).toEqual([
    ['speaker-1', 1],
    ['headset-2', 1],
  ]);
  await new Promise((resolve) => setTimeout(resolve, 40));
  expect(made.map((m) => m.pauses)).toEqual([1, 1]);
});

test('a stop while the outputs are being set up keeps the sound from starting', async () => {
  activation(true);
  const sound = new CallSound('incoming', 'http://dialer.test/incoming.wav');
  sound.setSinkIds('speaker-1');
  const playing = sound.play();
  sound.stop();
  await playing;
  expect(made.map((m) => m.plays)).toEqual([0]);
});
