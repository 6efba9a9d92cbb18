import { expect, test } from 'bun:test';
import { isoDay, minutesSeconds, percent, signedCents, sumMoney, usd } from './money.ts';

test('sums of money are exact, in cents, with signs', () => {
  expect(sumMoney(['0.10', '0.20', '-0.05'])).toBe('0.25');
  expect(sumMoney(['19.99', '0.01', '1000000.00'])).toBe('1000020.00');
  expect(sumMoney([])).toBe('0.00');
  expect(sumMoney(['-2.5', '-0.5'])).toBe('-3.00');
  expect(signedCents('-0.37')).toBe(-37n);
  expect(signedCents('abc')).toBeNull();
});

test('display: dollars, percentages, m:ss', () => {
  expect(usd('1234.5')).toBe('$1,234.50');
  expect(usd('-0.06')).toBe('-$0.06');
  expect(usd(null)).toBe('—');
  expect(percent('0.8567')).toBe('85.7%');
  expect(percent('1.0000')).toBe('100.0%');
  expect(percent('0')).toBe('0.0%');
  expect(percent(null)).toBe('—');
  expect(minutesSeconds(65)).toBe('1:05');
  expect(minutesSeconds(0)).toBe('0:00');
  expect(minutesSeconds(3600)).toBe('60:00');
  expect(minutesSeconds(null)).toBe('—');
  expect(isoDay(new Date('2026-03-01T12:00:00Z'), 1)).toBe('2026-02-28');
});
