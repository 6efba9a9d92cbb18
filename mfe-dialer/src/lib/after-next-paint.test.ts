import { expect, test } from 'bun:test';
import { afterNextPaint } from './after-next-paint.ts';

test('runs once, a task after the next frame, not before it', async () => {
  let frame: (() => void) | null = null;
  const ran: string[] = [];
  afterNextPaint(() => ran.push('toast'), (callback) => (frame = callback), 10_000);
  await Bun.sleep(5);
  expect(ran).toEqual([]);
  frame!();
  expect(ran).toEqual([]);
  await Bun.sleep(5);
  expect(ran).toEqual(['toast']);
});

test('a page that paints no frame (hidden) still runs it, once, after the fallback', async () => {
  const ran: string[] = [];
  afterNextPaint(() => ran.push('toast'), () => {}, 20);
  await Bun.sleep(5);
  expect(ran).toEqual([]);
  await Bun.sleep(40);
  expect(ran).toEqual(['toast']);
});
