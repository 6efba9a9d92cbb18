import { describe, expect, test } from 'bun:test';
import { formatDateTime, formatDuration, formatRate, formatUsd, roundDecimal } from './format.tsx';

describe('money formats', () => {
  test('dollars with two decimals, rounded half up on digits', () => {
    expect(formatUsd('0')).toBe('$0.00');
    expect(formatUsd('12.3')).toBe('$12.30');
    expect(formatUsd('0.064')).toBe('$0.06');
    expect(formatUsd('0.065')).toBe('$0.07');
    expect(formatUsd('1234567.891')).toBe('$1,234,567.89');
    expect(formatUsd('-0.06')).toBe('-$0.06');
    expect(formatUsd('-0.001')).toBe('$0.00');
    expect(formatUsd(25)).toBe('$25.00');
  });
  test('rates with three decimals', () => {
    expect(formatRate('0.032')).toBe('$0.032');
    expect(formatRate('0.0155')).toBe('$0.016');
    expect(formatRate(0.025)).toBe('$0.025');
  });
  test('garbage is an error, not NaN on screen', () => {
    expect(() => roundDecimal('abc', 2)).toThrow();
    expect(() => roundDecimal('', 2)).toThrow();
  });
});

test('durations and dates', () => {
  expect(formatDuration(0)).toBe('00:00');
  expect(formatDuration(65)).toBe('01:05');
  expect(formatDuration(4500)).toBe('75:00');
  expect(formatDateTime('2026-11-22T15:04:00')).toMatch(/^Nov 22, 2026,? 3:04\sPM$/);
});
