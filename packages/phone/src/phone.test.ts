// Every rule of the package, in tables: the cases the api's contacts and rate lookup, the contact form and the demo
// dialer had tested each on their own (and disagreed on), plus the bugs that came of it.
import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import maxMetadata from 'libphonenumber-js/max/metadata';
import {
  callingCodeOf,
  formatInternational,
  formatNumbersIn,
  hasEnoughDigits,
  knownCallingCodes,
  minLookupCharacters,
  normalizeDialledNumber,
  parsePhoneNumber,
  regionsByCallingCode,
  toE164,
} from './index.ts';
import { isE164, normalizeCallingCode, splitFullNumber, withoutTrunkNotation, type OfferedCallingCode } from './notation.ts';
import { readPhoneNumber } from './reading.ts';
import { lineOf, linePlanOf, numberTypeOf } from './types.ts';

/** The contact rule of spec §5/§9 (the contract's minNumberDigits). */
const minNumberDigits = 4;

// [as typed, the form's calling code, stored E.164 (null: refused), has the 4 digits the contact rule needs]
const storing: [string, string | null, string | null, boolean][] = [
  // national numbers lose the trunk prefix of their country, per the country's rules
  ['07700 900123', '+44', '+447700900123', true],
  ['06 1234 5678', '+39', '+390612345678', true], // Italy keeps its leading 0
  ['8 912 345 67 89', '+7', '+79123456789', true], // Russia's trunk prefix is 8…
  ['8 800 555 35 35', '+7', '+78005553535', true], // …which also starts its toll-free numbers
  ['030 1234567', '+49', '+49301234567', true],
  ['(202) 555-0123', '+1', '+12025550123', true],
  ['14155551234', '+1', '+14155551234', true], // the code typed again in front
  ['447700900123', '+44', '+447700900123', true],
  ['0123 4', '+44', '+441234', true], // too short for libphonenumber to drop the 0: dropped all the same
  ['012345678', '+44', '+4412345678', true],
  ['1234', '+44', '+441234', true],
  ['12345', '+44', '+4412345', true],
  ['1234', '+1', '+11234', true], // NANP's trunk prefix 1 is also a first digit people write: kept
  ['5551234', '+1', '+15551234', true],
  ['07700 900123', '+1', '+107700900123', true], // NANP has no trunk 0 (and no number starting with one)
  ['5551234', '+1876', '+18765551234', true], // a code no country has: the start of the number (+1 876…)
  ['1234 5678 9012 3456', '+44', null, false], // more than 15 digits
  // international numbers: "+", "00", and "011" from North America; their own code wins over the form's
  ['+44 7700 900123', '+1', '+447700900123', true],
  ['0044 7700 900123', '+1', '+447700900123', true],
  ['011 44 7700 900123', '+1', '+447700900123', true],
  ['0113 496 0000', '+44', '+441134960000', true], // in the UK, 011… is Leeds
  ['+44 (0) 7700 900123', '+1', '+447700900123', true],
  ['+44 07700 900123', null, '+447700900123', true],
  ['+1 (202) 555-0123 ext. 12', '+1', '+12025550123', true],
  ['+1 555-1234', '+1', '+15551234', true],
  ['+800 1234 5678', null, '+80012345678', true], // international freephone: a calling code of no country
  ['+999 1234', '+1', null, false], // a calling code nobody has
  ['+44 1234 5678 9012 3456', '+1', null, false],
  // the 4 digits are counted after the real calling code (1-3 digits), on the number as stored
  ['+44 12', '+1', '+4412', false],
  ['+4412', '+1', '+4412', false],
  ['+441234', '+1', '+441234', true],
  ['+447700', '+1', '+447700', true],
  ['+44 123', '+1', '+44123', false],
  ['+44 1234', '+1', '+441234', true],
  ['  +44 1234 ', '+1', '+441234', true],
  ['  +44 123 ', '+1', '+44123', false],
  ['+12345', '+1', '+12345', true],
  ['  +1 2345  ', '+1', '+12345', true],
  ['+1 555 123 4567', '+1', '+15551234567', true],
  ['123', '+1', '+1123', false],
  ['12-3', '+1', '+1123', false],
  ['12+34', '+1', '+11234', true], // read as its digits, as spec §5 counts them
  ['(1) 2-3 4', '+44', '+441234', true],
  ['(0) 1-2-3-4', '+1', '+11234', true],
  ['+', '+1', null, false],
  ['abcd', '+1', null, false],
  ['call me', '+1', null, false],
  ['phone', '+1', null, false],
  ['', '+1', null, false],
  // the bugs: typed text had 4 digits, the stored number 3
  ['(0)12 3', '+1', '+1123', false],
  ['0044 123', '+1', '+44123', false],
  ['012 3', '+44', '+44123', false],
];

describe('a number as typed → as stored (E.164), and the contact rule on what is stored', () => {
  for (const [typed, code, stored, enough] of storing) {
    test(`${JSON.stringify(typed)} with ${code ?? 'no code'} → ${stored} (${enough ? 'enough digits' : 'refused'})`, () => {
      expect(toE164(typed, code)).toBe(stored);
      expect(stored !== null && hasEnoughDigits(stored, minNumberDigits)).toBe(enough);
    });
  }

  test('a stored number reads back as itself, with or without a calling code', () => {
    for (const [, , stored] of storing) {
      if (stored === null) continue;
      expect([stored, toE164(stored)]).toEqual([stored, stored]);
      expect([stored, toE164(stored, '+49')]).toEqual([stored, stored]);
    }
  });

  test('"max" metadata reads every number the same as the "min" metadata the package uses', () => {
    for (const [typed, code] of storing) {
      expect([typed, code, readPhoneNumber(maxMetadata, typed, code)]).toEqual([typed, code, parsePhoneNumber(typed, code)]);
    }
  });

  test('a split number (the form puts its code in the picker) is stored the same as the number as typed', () => {
    const offered = knownCallingCodes();
    for (const [typed, code, stored] of storing) {
      const split = splitFullNumber(typed, code ?? '+1', offered);
      if (split) expect([typed, toE164(split.nationalNumber, split.callingCode)]).toEqual([typed, stored]);
    }
  });

  test('the parts of a number', () => {
    expect(parsePhoneNumber('07700 900123', '+44')).toEqual({ e164: '+447700900123', callingCode: '+44', nationalNumber: '7700900123', region: undefined });
    expect(parsePhoneNumber('+1 416 555 0123')).toEqual({ e164: '+14165550123', callingCode: '+1', nationalNumber: '4165550123', region: 'CA' });
    expect(parsePhoneNumber('07700 900123')).toBeNull(); // national, and no calling code to read it with
  });

  test('E.164, the one check: "+", a first digit 1-9, 2 to 15 digits, nothing else; every stored number is one', () => {
    for (const yes of ['+12', '+447700900123', '+123456789012345', '+11234']) expect([yes, isE164(yes)]).toEqual([yes, true]);
    for (const no of ['+1', '+', '+0123456', '447700900123', '+1234567890123456', '+44 7700 900123', ' +447700900123', '+447700900123\n', '+४४७७']) {
      expect([no, isE164(no)]).toEqual([no, false]);
    }
    for (const [, , stored] of storing) if (stored !== null) expect([stored, isE164(stored)]).toEqual([stored, true]);
  });

  test('only E.164 as stored has its digits counted', () => {
    expect(hasEnoughDigits('+4401234', minNumberDigits)).toBe(false); // as stored it is +441234
    expect(hasEnoughDigits('+44 1234', minNumberDigits)).toBe(false);
    expect(hasEnoughDigits('441234', minNumberDigits)).toBe(false);
    expect(hasEnoughDigits('+441234', 5)).toBe(false);
  });
});

describe('calling codes', () => {
  test('as "+NN": 1-4 digits, with or without the plus and spaces', () => {
    const cases: [string | null | undefined, string | null][] = [
      ['+44', '+44'],
      [' 44 ', '+44'],
      ['+ 353', '+353'],
      ['+1876', '+1876'],
      ['', null],
      [null, null],
      [undefined, null],
      ['UK', null],
      ['+12345', null],
    ];
    for (const [input, code] of cases) expect([input, normalizeCallingCode(input)]).toEqual([input, code]);
  });

  test('of a number written internationally', () => {
    expect(callingCodeOf('+447700900123')).toBe('+44');
    expect(callingCodeOf('+12025550123')).toBe('+1');
    expect(callingCodeOf('0044 7700 900123')).toBe('+44');
    expect(callingCodeOf('07700 900123')).toBeNull();
    expect(callingCodeOf('+999 1234')).toBeNull();
  });

  test('every known code, its regions main one first, and the longest national number under it', () => {
    const regions = regionsByCallingCode();
    expect(regions.get('+1')?.slice(0, 1)).toEqual(['US']);
    expect(regions.get('+1')).toContain('CA');
    expect(regions.get('+44')).toEqual(['GB', 'GG', 'IM', 'JE']);
    expect(regions.get('+7')).toEqual(['RU', 'KZ']);
    expect(regions.get('+61')?.[0]).toBe('AU');
    expect(regions.has('+999')).toBe(false);
    const longest = new Map(knownCallingCodes().map((c) => [c.code, c.maxNationalDigits]));
    expect(longest.size).toBeGreaterThan(200);
    expect([longest.get('+1'), longest.get('+44'), longest.get('+33'), longest.get('+800')]).toEqual([10, 10, 9, 8]);
  });
});

describe('splitting a full number among the offered codes', () => {
  // the landing demo's 12 codes (mfe-marketing demo-codes.ts) and the national lengths it gives them
  const demo: OfferedCallingCode[] = [
    ['+1', 10], ['+44', 10], ['+33', 9], ['+49', 11], ['+39', 11], ['+34', 9],
    ['+81', 10], ['+86', 11], ['+91', 10], ['+61', 9], ['+55', 11], ['+52', 10],
  ].map(([code, maxNationalDigits]) => ({ code: code as string, maxNationalDigits: maxNationalDigits as number }));
  const withBahamas: OfferedCallingCode[] = [
    { code: '+1', maxNationalDigits: 10 },
    { code: '+1242', maxNationalDigits: 7 },
  ];

  // [typed, picked code, offered codes, split (null: left as typed)]
  const splitting: [string, string, OfferedCallingCode[], [string, string] | null][] = [
    // "+", "00" or (under +1) "011", then a known code
    ['+447700900123', '+1', demo, ['+44', '7700900123']],
    ['0044 7700 900123', '+1', demo, ['+44', '7700900123']],
    [' +44 (0)7700-900.123 ', '+1', demo, ['+44', '7700900123']],
    ['011 44 7700 900123', '+1', demo, ['+44', '7700900123']],
    ['+1 (415) 555-1234', '+44', demo, ['+1', '4155551234']],
    ['+91 98765 43210', '+1', demo, ['+91', '9876543210']],
    ['+44', '+1', demo, ['+44', '']], // as soon as the code is complete
    ['0033', '+1', demo, ['+33', '']],
    ['+4', '+1', demo, null],
    ['+', '+1', demo, null],
    ['00', '+1', demo, null],
    ['011', '+1', demo, null],
    ['011 44 7700 900123', '+44', demo, null], // 011 is international from North America only
    // the longest offered code wins
    ['+12423456789', '+1', withBahamas, ['+1242', '3456789']],
    ['+14155551234', '+1', withBahamas, ['+1', '4155551234']],
    // bare digits: the picked code typed again, or a number too long to be national
    ['447700900123', '+1', demo, ['+44', '7700900123']],
    ['14155551234', '+1', demo, ['+1', '4155551234']],
    ['33612345678', '+33', demo, ['+33', '612345678']],
    ['5551234567', '+1', demo, null], // 55 is Brazil, but this is a US number
    ['9198765432', '+91', demo, null], // an Indian mobile starting 91
    ['55991234567', '+55', demo, null], // Brazil, area code 55
    ['13812345678', '+86', demo, null], // a Chinese mobile starting 1
    ['07700900123', '+44', demo, null], // UK with its trunk 0
    ['4477009', '+1', demo, null], // still typing
    // codes not offered and text that is not a number
    ['+7 495 123 45 67', '+1', demo, null],
    ['+44abc', '+1', demo, null],
    ['call +447700900123', '+1', demo, null],
    ['447700900123*', '+1', demo, null],
    ['', '+1', demo, null],
    // with every known code on offer (the contact form), bare digits split only off the picked code
    ['+7 495 123 45 67', '+1', knownCallingCodes(), ['+7', '4951234567']],
    ['447700900123', '+1', knownCallingCodes(), null],
    ['14155551234', '+1', knownCallingCodes(), ['+1', '4155551234']],
    ['+999 12', '+1', knownCallingCodes(), null],
  ];
  for (const [typed, picked, offered, expected] of splitting) {
    test(`${JSON.stringify(typed)} under ${picked} → ${expected ? expected.join(' ') : 'as typed'}`, () => {
      const split = splitFullNumber(typed, picked, offered);
      expect(split && [split.callingCode, split.nationalNumber]).toEqual(expected);
    });
  }
});

describe('"(0)" trunk notation, in one place', () => {
  test('dropped wherever it is written, with or without spaces inside', () => {
    expect(withoutTrunkNotation('+44 (0)20 7946 0000')).toBe('+44  20 7946 0000');
    expect(withoutTrunkNotation('+44 ( 0 ) 20')).toBe('+44   20');
    expect(withoutTrunkNotation('(01) 234')).toBe('(01) 234');
  });
});

describe('a dialled number for the rate lookup: international only', () => {
  const problems = {
    empty: 'Give the number to look up, e.g. ?number=%2B447700900123.',
    short: `A rate lookup needs at least ${minLookupCharacters} characters.`,
    characters: 'A number may only hold digits, spaces, dashes, dots, brackets and a leading +.',
    national: 'Give the number in international format, with its country code (e.g. +44 7700 900123).',
    long: 'A phone number has at most 15 digits with its country code.',
    noDigits: 'The number has no digits.',
  };
  // [dialled, its E.164 digits or the 400's message]
  const dialling: [string | undefined, { digits: string } | { problem: string }][] = [
    ['+44 7700 900123', { digits: '447700900123' }],
    ['00447700900123', { digits: '447700900123' }],
    ['447700900123', { digits: '447700900123' }],
    ['011 44 7700 900123', { digits: '447700900123' }],
    ['+44 (0)7700 900-123', { digits: '447700900123' }],
    ['٠٠٤٤ ٧٧٠٠ ٩٠٠١٢٣', { digits: '447700900123' }], // any script's digits
    ['+4477009', { digits: '4477009' }],
    [undefined, { problem: problems.empty }],
    ['', { problem: problems.empty }],
    ['+447700', { problem: problems.short }],
    ['hello world', { problem: problems.characters }],
    ['+44 77OO 900123', { problem: problems.characters }],
    ['++447700900123', { problem: problems.characters }],
    ['44-7700-900123x', { problem: problems.characters }],
    ['--------', { problem: problems.noDigits }],
    ['+0044 7700 900123', { problem: problems.national }],
    ['07700 900123', { problem: problems.national }],
    ['+44 7700 900123 456789', { problem: problems.long }],
  ];
  for (const [dialled, expected] of dialling) {
    test(`${JSON.stringify(dialled)} → ${JSON.stringify(expected)}`, () => expect(normalizeDialledNumber(dialled)).toEqual(expected));
  }
});

describe('display: the one way a number is shown', () => {
  const shown: [string, string][] = [
    ['+14155550004', '+1 (415) 555-0004'],
    ['+14165550123', '+1 (416) 555-0123'], // Canada
    ['+18765551234', '+1 (876) 555-1234'], // Jamaica, on +1 too
    ['+442079460123', '+44 20 7946 0123'],
    ['+447700900123', '+44 7700 900123'],
    ['+4930123456', '+49 30 123456'],
    ['+33612345678', '+33 6 12 34 56 78'],
    ['+61412345678', '+61 412 345 678'],
    ['+81312345678', '+81 3 1234 5678'],
    ['+8613812345678', '+86 138 1234 5678'],
    ['+5511987654321', '+55 11 98765 4321'],
  ];
  for (const [e164, expected] of shown) {
    test(`${e164} → ${expected}`, () => expect(formatInternational(e164)).toBe(expected));
  }

  test('a number already written another way is shown the same way', () => {
    expect(formatInternational('+1 415 555 0004')).toBe('+1 (415) 555-0004');
    expect(formatInternational('+44 (0)20 7946 0123')).toBe('+44 20 7946 0123');
  });

  test('what cannot be read is shown as it was given', () => {
    for (const given of ['not a number', '', '+999123', '+1415', '+1234567890', '4155550004', '07700 900123', 'client:alice']) {
      expect(formatInternational(given)).toBe(given);
    }
  });

  test('numbers inside a text are shown the same way; the rest of the text, and what is no number, stay as they are', () => {
    expect(formatNumbersIn('Call to +447700900123 (2 min 0 s billed)')).toBe('Call to +44 7700 900123 (2 min 0 s billed)');
    expect(formatNumbersIn('Virtual number +14155550004 (first month)')).toBe('Virtual number +1 (415) 555-0004 (first month)');
    expect(formatNumbersIn('We are calling +12025550123 now. Answer it and enter the code 123456.')).toBe(
      'We are calling +1 (202) 555-0123 now. Answer it and enter the code 123456.',
    );
    expect(formatNumbersIn('+33612345678 and +4930123456')).toBe('+33 6 12 34 56 78 and +49 30 123456');
    expect(formatNumbersIn('Account top-up')).toBe('Account top-up');
    expect(formatNumbersIn('x+14155550004 +999123 1+2')).toBe('x+14155550004 +999123 1+2');
    expect(formatNumbersIn('Enter the number in E.164 format, such as +1234567890')).toBe('Enter the number in E.164 format, such as +1234567890');
    expect(formatNumbersIn('')).toBe('');
  });
});

describe('number types (max metadata, for the rate lookup)', () => {
  const cases: [string, ReturnType<typeof numberTypeOf>][] = [
    ['+33612345678', 'mobile'],
    ['+33123456789', 'landline'],
    ['+442079460000', 'landline'],
    ['+4930123456', 'landline'],
    ['+33899123456', 'premium'],
    ['+18005550123', 'toll-free'],
    ['+12125550123', null], // NANP: FIXED_LINE_OR_MOBILE
    ['+447700900123', null], // a range set aside for drama
    ['+9991234', null],
  ];
  for (const [number, type] of cases) test(`${number} → ${type}`, () => expect(numberTypeOf(number)).toBe(type));

  test('lineOf: the country and libphonenumber line type of a valid E.164 number only', () => {
    expect(lineOf('+12125550123')).toEqual({ country: 'US', type: 'FIXED_LINE_OR_MOBILE' });
    expect(lineOf('+14165550123')).toEqual({ country: 'CA', type: 'FIXED_LINE_OR_MOBILE' });
    expect(lineOf('+442079460000')).toEqual({ country: 'GB', type: 'FIXED_LINE' });
    expect(lineOf('+33612345678')).toEqual({ country: 'FR', type: 'MOBILE' });
    expect(lineOf('+18005550123')).toEqual({ country: 'US', type: 'TOLL_FREE' });
    expect(lineOf('+1212555012')).toBeNull(); // too short
    expect(lineOf('+9991234')).toBeNull();
    expect(lineOf('+4402079460000')).toBeNull(); // not E.164 as written
  });

  test('linePlanOf: the calling code, pattern and lengths of a region\'s numbers of one type', () => {
    const gbMobile = linePlanOf('GB', 'MOBILE');
    expect(gbMobile).toMatchObject({ callingCode: '+44', possibleLengths: [10] });
    expect(new RegExp(`^(?:${gbMobile?.pattern})$`).test('7400123456')).toBe(true);
    expect(new RegExp(`^(?:${gbMobile?.pattern})$`).test('2079460000')).toBe(false);
    expect(linePlanOf('US', 'TOLL_FREE')?.callingCode).toBe('+1');
    expect(linePlanOf('ZZ', 'MOBILE')).toBeNull(); // no such region
    expect(linePlanOf('US', 'PAGER')).toBeNull(); // no such numbers there
  });
});

test('browser entries never pull in the "max" metadata, and the notation entry no metadata at all', () => {
  const imports = (file: string) => [...readFileSync(new URL(file, import.meta.url), 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1] ?? '');
  expect(imports('./notation.ts')).toEqual([]);
  for (const file of ['./index.ts', './reading.ts']) {
    for (const specifier of imports(file)) expect(['libphonenumber-js/core', 'libphonenumber-js/min/metadata', './notation.ts', './reading.ts']).toContain(specifier);
  }
});
