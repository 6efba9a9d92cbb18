// The inventory without a database: Contains patterns, the numbering-plan generator, determinism.
import { describe, expect, test } from 'bun:test';
import { lineOf } from '@ringwise/phone/types';
import { saleOf } from './catalogue.ts';
import { generateMatch, parseContains, parsePlanPattern, PatternError, prng, searchInventory } from './inventory.ts';

describe('Contains patterns', () => {
  test('anchors, wildcards and letters', () => {
    expect(parseContains('+4420%').regex.test('442071234567')).toBe(true);
    expect(parseContains('+4420%').regex.test('447420123456')).toBe(false);
    expect(parseContains('555$').regex.test('14155550555')).toBe(true);
    expect(parseContains('555$').regex.test('14155550556')).toBe(false);
    expect(parseContains('STORM').core).toBe('78676');
    expect(parseContains('*555').regex.test('5551234')).toBe(false);
    expect(parseContains('555****').regex.test('15550123')).toBe(true);
  });
  test('invalid patterns', () => {
    for (const bad of ['5', '5*5', '+*55', '55*$', '%%55', '55-5', '', '12345678901234567']) expect(() => parseContains(bad)).toThrow(PatternError);
  });
});

test('the generator fills a plan pattern within fixed digits', () => {
  const pattern = parsePlanPattern('(?:2[0-4]|3\\d)\\d{3}');
  const random = prng(1);
  const fixed = [1 << 3, 0x3ff, 1 << 7, 0x3ff, 0x3ff];
  for (let i = 0; i < 20; i++) expect(generateMatch(pattern, 5, fixed, random)).toMatch(/^3\d7\d\d$/);
  expect(generateMatch(pattern, 5, [1 << 9, 0x3ff, 0x3ff, 0x3ff, 0x3ff], random)).toBeNull();
});

test('searches are deterministic, exclude bought numbers and offer only valid numbers of the type', () => {
  const first = searchInventory('AU', 'mobile', {}, 30);
  expect(searchInventory('AU', 'mobile', {}, 30)).toEqual(first);
  for (const number of first) expect(lineOf(number)).toEqual({ country: 'AU', type: 'MOBILE' });
  const without = searchInventory('AU', 'mobile', {}, 30, new Set([first[0] ?? '']));
  expect(without).not.toContain(first[0]);
  expect(searchInventory('US', 'mobile', {}, 5)).toEqual(searchInventory('US', 'mobile', {}, 5)); // the plan exists; the simulator's 404 comes from the catalogue
  expect(searchInventory('US', 'local', { areaCode: '000' }, 5)).toEqual([]);
});

test('saleOf: what a number would be sold as', () => {
  expect(saleOf('+12125550123')).toEqual({ country: 'US', type: 'local' });
  expect(saleOf('+18005550123')).toEqual({ country: 'US', type: 'toll-free' });
  expect(saleOf('+6591234567')).toEqual({ country: 'SG', type: 'mobile' });
  expect(saleOf('+35891234567')).toBeNull(); // FI landline: not on sale
  expect(saleOf('+81312345678')).toBeNull(); // JP: not on sale
});
