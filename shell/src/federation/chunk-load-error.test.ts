import { expect, test } from 'bun:test';
import { isChunkLoadError } from './chunk-load-error.ts';

test("the bundler's errors for a chunk it could not load, by name or by message", () => {
  const named = Object.assign(new Error('Loading chunk 812 failed.\n(missing: http://localhost:3002/812.1a2b3c4d.js)'), { name: 'ChunkLoadError' });
  expect(isChunkLoadError(named)).toBe(true);
  expect(isChunkLoadError(new Error('Loading chunk __federation_expose_app failed.\n(error: http://x/a.js)'))).toBe(true);
  expect(isChunkLoadError(new Error('Loading CSS chunk 77 failed.\n(http://x/77.css)'))).toBe(true);
});

test('anything else is not one', () => {
  expect(isChunkLoadError(new Error('render failure'))).toBe(false);
  expect(isChunkLoadError(new TypeError('Failed to fetch'))).toBe(false);
  expect(isChunkLoadError('Loading chunk 1 failed')).toBe(false);
  expect(isChunkLoadError(undefined)).toBe(false);
});
