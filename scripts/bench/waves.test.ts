import { expect, test } from 'bun:test';
import { wavesOf } from './waves.ts';

test('a request is one wave after the latest one that had ended before it started; the document is wave 1', () => {
  const waves = wavesOf([
    { url: 'html', startTime: 0, responseEnd: 40 },
    { url: 'remotes.json', startTime: 45, responseEnd: 60 },
    { url: 'main.js', startTime: 46, responseEnd: 200 },
    // asked once main.js had run
    { url: 'vendor.js', startTime: 215, responseEnd: 380 },
    { url: 'user', startTime: 220, responseEnd: 300 },
    // asked once vendor.js had run
    { url: 'remoteEntry.js', startTime: 400, responseEnd: 420 },
    { url: 'dialer-chunk.js', startTime: 430, responseEnd: 450 },
  ]);
  expect(waves).toEqual([1, 2, 2, 3, 3, 4, 5]);
});

test('requests made together are one wave, however long each took', () => {
  expect(wavesOf([
    { url: 'html', startTime: 0, responseEnd: 10 },
    { url: 'a', startTime: 11, responseEnd: 500 },
    { url: 'b', startTime: 12, responseEnd: 20 },
    { url: 'c', startTime: 13, responseEnd: 30 },
  ])).toEqual([1, 2, 2, 2]);
});

test('the files the document names are wave 2, even when a small one ended just before they started', () => {
  const requests = [
    { url: 'html', startTime: 0, responseEnd: 10 },
    { url: 'remotes.json', startTime: 11, responseEnd: 13 },
    { url: 'main.js', startTime: 14, responseEnd: 90 },
    { url: 'entry.js', startTime: 15, responseEnd: 40 },
    { url: 'user', startTime: 95, responseEnd: 120 },
  ];
  expect(wavesOf(requests)).toEqual([1, 2, 3, 3, 4]);
  expect(wavesOf(requests, new Set(['remotes.json', 'main.js', 'entry.js']))).toEqual([1, 2, 2, 2, 3]);
});
