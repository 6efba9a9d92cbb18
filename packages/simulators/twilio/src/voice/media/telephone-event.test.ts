import { expect, test } from 'bun:test';
import { KeyPresses, keyOf, parseTelephoneEvent } from './telephone-event.ts';

test('a telephone-event payload: event, end bit, volume, duration', () => {
  expect(parseTelephoneEvent(Uint8Array.from([11, 0x8a, 0x03, 0x20]))).toEqual({ event: 11, end: true, volume: 10, duration: 800 });
  expect(parseTelephoneEvent(Uint8Array.from([1, 0x0a]))).toBeNull();
  expect([0, 9, 10, 11, 12, 16].map(keyOf)).toEqual(['0', '9', '*', '#', 'A', null]);
});

test('one press is one key, however many packets carry it', () => {
  const presses = new KeyPresses();
  const packet = (event: number, end: boolean, duration: number) => Uint8Array.from([event, end ? 0x8a : 0x0a, duration >> 8, duration & 0xff]);
  const keys = [
    presses.add(1000, packet(5, false, 160)),
    presses.add(1000, packet(5, false, 320)),
    presses.add(1000, packet(5, true, 480)),
    presses.add(1000, packet(5, true, 480)),
    presses.add(9000, packet(5, false, 160)),
    presses.add(17000, packet(11, true, 160)),
  ].filter(Boolean);
  expect(keys).toEqual(['5', '5', '#']);
});
