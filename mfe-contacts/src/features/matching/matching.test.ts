import { describe, expect, test } from 'bun:test';
import {
  FUZZY_MAX_LENGTH_DIFF,
  FUZZY_MIN_DIGITS,
  MATCH_DEBOUNCE_MS,
  MATCH_MIN_CHARS,
  MAX_SUGGESTIONS,
  SUGGESTION_MIN_CHARS,
  compareNumbers,
  contactMatchesQuery,
  digitsOf,
  findContactMatch,
  isMatchEligible,
  suggestContacts,
} from './matching.ts';

interface TestContact {
  id: string;
  displayName: string;
  primaryNumber: string;
  favorite: boolean;
}

const c = (id: string, displayName: string, primaryNumber: string, favorite = false): TestContact => ({
  id,
  displayName,
  primaryNumber,
  favorite,
});

describe('constants of spec §5 and §9', () => {
  test('thresholds and limits', () => {
    expect(MATCH_MIN_CHARS).toBe(8);
    expect(MATCH_DEBOUNCE_MS).toBe(250);
    expect(FUZZY_MIN_DIGITS).toBe(10);
    expect(FUZZY_MAX_LENGTH_DIFF).toBe(4);
    expect(SUGGESTION_MIN_CHARS).toBe(2);
    expect(MAX_SUGGESTIONS).toBe(5);
  });
});

describe('digitsOf', () => {
  test('keeps digits only', () => {
    expect(digitsOf('+44 (0)7700-900.123')).toBe('4407700900123');
    expect(digitsOf('abc')).toBe('');
    expect(digitsOf('')).toBe('');
  });
});

describe('isMatchEligible: 8+ characters', () => {
  test('7 characters are too few, 8 are enough', () => {
    expect(isMatchEligible('1234567')).toBe(false);
    expect(isMatchEligible('12345678')).toBe(true);
  });
  test('counts characters, not digits: "+44 7700" (8 characters, 6 digits) is eligible', () => {
    expect(isMatchEligible('+44 7700')).toBe(true);
  });
  test('surrounding spaces do not count', () => {
    expect(isMatchEligible('  1234567  ')).toBe(false);
    expect(isMatchEligible('')).toBe(false);
  });
});

describe('compareNumbers: digits only', () => {
  test('the same digits match exactly whatever the formatting', () => {
    expect(compareNumbers('+44 7700 900123', '447700900123')).toBe('exact');
    expect(compareNumbers('(555) 123-4567', '555.123.4567')).toBe('exact');
  });

  test('numbers without digits never match, not even each other', () => {
    expect(compareNumbers('', '')).toBeNull();
    expect(compareNumbers('+++', '---')).toBeNull();
    expect(compareNumbers('abc', '+447700900123')).toBeNull();
  });

  test('different digits of the same length do not match', () => {
    expect(compareNumbers('+447700900123', '+447700900124')).toBeNull();
  });

  test('fuzzy: the longer ends with the shorter, lengths differ by 1 to 4', () => {
    // differ by 1 (US national vs +1)
    expect(compareNumbers('5551234567', '+15551234567')).toBe('fuzzy');
    // differ by 2 (UK national without the trunk 0 vs +44)
    expect(compareNumbers('7700900123', '+447700900123')).toBe('fuzzy');
    // differ by 3
    expect(compareNumbers('1234567890', '+3531234567890')).toBe('fuzzy');
    // differ by 4 ("00" + country code typed in front)
    expect(compareNumbers('0044 7700900123', '7700900123')).toBe('fuzzy');
    // symmetric: either side may be the longer one
    expect(compareNumbers('+447700900123', '7700900123')).toBe('fuzzy');
  });

  test('no fuzzy match when the lengths differ by 5 or more', () => {
    expect(compareNumbers('7700900123', '+12345' + '7700900123')).toBeNull();
    expect(compareNumbers('7700900123', '+1234' + '7700900123')).toBe('fuzzy');
  });

  test('no fuzzy match when neither number ends with the other', () => {
    // same length difference, but the shorter one is a prefix, not a suffix
    expect(compareNumbers('4477009001', '447700900123')).toBeNull();
    // a trunk 0 breaks the suffix
    expect(compareNumbers('07700900123', '+447700900123')).toBeNull();
  });

  test('no fuzzy match below 10 digits: the shorter number needs 10+', () => {
    // 9 digits that the other ends with, differing by 2
    expect(compareNumbers('700900123', '+44700900123')).toBeNull();
    // exactly 10 digits is enough
    expect(compareNumbers('7700900123', '+447700900123')).toBe('fuzzy');
    // a long dialled number does not match a short saved one either
    expect(compareNumbers('+1 888 5551234', '5551234')).toBeNull();
  });

  test('exact matches do not need 10 digits', () => {
    expect(compareNumbers('5551234', '555-1234')).toBe('exact');
  });
});

describe('findContactMatch', () => {
  const jane = c('1', 'Jane', '+447700900123');
  const bob = c('2', 'Bob', '+15551234567');
  const shortOne = c('3', 'Short', '5551234');

  test('nothing below 8 characters, even with an exact digit match', () => {
    expect(findContactMatch('5551234', [shortOne])).toBeNull();
    expect(findContactMatch('555-1234', [shortOne])).toBe(shortOne);
  });

  test('exact digit match', () => {
    expect(findContactMatch('+44 7700 900123', [bob, jane])).toBe(jane);
  });

  test('fuzzy match when dialled without the country code', () => {
    expect(findContactMatch('7700900123', [bob, jane])).toBe(jane);
    expect(findContactMatch('(555) 123-4567', [jane, bob])).toBe(bob);
  });

  test('no match returns null', () => {
    expect(findContactMatch('+33 1 23 45 67 89', [jane, bob])).toBeNull();
    expect(findContactMatch('+447700900123', [])).toBeNull();
  });

  test('an exact match wins over an earlier fuzzy one', () => {
    const fuzzy = c('4', 'Fuzzy', '+447700900123');
    const exact = c('5', 'Exact', '7700900123');
    expect(findContactMatch('7700900123', [fuzzy, exact])).toBe(exact);
  });

  test('among fuzzy matches the smallest length difference wins, then list order', () => {
    const far = c('6', 'Far', '+4407700900123'); // differs by 3
    const plus1 = c('7', 'Plus one', '+17700900123'); // differs by 1
    const plus44 = c('8', 'Plus 44', '+447700900123'); // differs by 2
    expect(findContactMatch('7700900123', [far, plus44, plus1])).toBe(plus1);
    const other44 = c('9', 'Other 44', '+447700900123');
    expect(findContactMatch('7700900123', [plus44, other44])).toBe(plus44);
  });
});

describe('contactMatchesQuery: name or digits, case-insensitive', () => {
  const jane = c('1', 'Jane Doe', '+447700900123');
  test('name, any case, anywhere in the name', () => {
    expect(contactMatchesQuery(jane, 'jane')).toBe(true);
    expect(contactMatchesQuery(jane, 'DOE')).toBe(true);
    expect(contactMatchesQuery(jane, 'e d')).toBe(true);
    expect(contactMatchesQuery(jane, 'john')).toBe(false);
  });
  test('digits, ignoring formatting on both sides', () => {
    expect(contactMatchesQuery(jane, '7700')).toBe(true);
    expect(contactMatchesQuery(jane, '+44 77')).toBe(true);
    expect(contactMatchesQuery(jane, '(900) 12')).toBe(true);
    expect(contactMatchesQuery(jane, '999')).toBe(false);
  });
  test('text without digits does not match every number', () => {
    expect(contactMatchesQuery(jane, 'zz')).toBe(false);
    expect(contactMatchesQuery(jane, '+-')).toBe(false);
  });
});

describe('suggestContacts', () => {
  const list = [
    c('1', 'Alice Smith', '+15550000001'),
    c('2', 'Bob Stone', '+15550000002', true),
    c('3', 'Carla Smithers', '+447700900003'),
    c('4', 'Dan Brown', '+15550000004'),
    c('5', 'Eve Smith', '+15550000005'),
    c('6', 'Fay Smith', '+15550000006'),
    c('7', 'Gus Smith', '+15550000007', true),
  ];

  test('needs at least 2 typed characters', () => {
    expect(suggestContacts('', list)).toEqual([]);
    expect(suggestContacts('s', list)).toEqual([]);
    expect(suggestContacts(' s ', list)).toEqual([]);
    expect(suggestContacts('sm', list).length).toBeGreaterThan(0);
  });

  test('matches names case-insensitively', () => {
    expect(suggestContacts('ALICE', list).map((x) => x.id)).toEqual(['1']);
    expect(suggestContacts('brOWN', list).map((x) => x.id)).toEqual(['4']);
  });

  test('matches digits', () => {
    expect(suggestContacts('7700', list).map((x) => x.id)).toEqual(['3']);
    expect(suggestContacts('000 0004', list).map((x) => x.id)).toEqual(['4']);
  });

  test('the contact the number already is is not suggested again (the match badge names it), others still are', () => {
    expect(suggestContacts('+1 555 000 0004', list)).toEqual([]);
    // from a contact's card the dialler holds the national number: still that contact
    expect(suggestContacts('5550000004', list)).toEqual([]);
    const twins = [...list, c('8', 'Dan at work', '+15550000004')];
    expect(suggestContacts('5550000004', twins).map((x) => x.id)).toEqual(['8']);
  });

  test('at most 5, favorites first, list order otherwise', () => {
    const result = suggestContacts('smith', list);
    expect(result).toHaveLength(5);
    expect(result.map((x) => x.id)).toEqual(['7', '1', '3', '5', '6']);
    expect(suggestContacts('555', list)).toHaveLength(5);
    expect(suggestContacts('555', list).slice(0, 2).map((x) => x.id)).toEqual(['2', '7']);
  });

  test('a custom limit', () => {
    expect(suggestContacts('smith', list, 2)).toHaveLength(2);
    expect(suggestContacts('smith', list, 0)).toEqual([]);
  });

  test('nothing matches', () => {
    expect(suggestContacts('zz', list)).toEqual([]);
    expect(suggestContacts('99999', list)).toEqual([]);
  });
});
