import { expect, test } from 'bun:test';
import { formatNumbersInNow, formatPhoneNow, loadPhoneFormat } from './display.ts';

test('numbers show as given until the formatter has arrived, then in international format', async () => {
  expect(formatPhoneNow('+14155550004')).toBe('+14155550004');
  expect(formatNumbersInNow('Call to +14155550004')).toBe('Call to +14155550004');
  const formats = await loadPhoneFormat();
  expect(formats.number('+442079460123')).toBe('+44 20 7946 0123');
  expect(formatPhoneNow('+14155550004')).toBe('+1 (415) 555-0004');
  expect(formatNumbersInNow('Call to +14155550004 (1 min)')).toBe('Call to +1 (415) 555-0004 (1 min)');
  expect(formatPhoneNow('not a number')).toBe('not a number');
});
