import { expect, test } from 'bun:test';
import { fullNameOf, initialsOf } from './user-display.ts';

test('names and initials: the names when given, else the e-mail', () => {
  expect(fullNameOf({ firstName: ' Ada ', lastName: 'Lovelace', email: 'ada@example.com' })).toBe('Ada Lovelace');
  expect(fullNameOf({ firstName: null, lastName: 'Lovelace', email: 'ada@example.com' })).toBe('Lovelace');
  expect(fullNameOf({ firstName: '  ', lastName: null, email: 'ada@example.com' })).toBeNull();
  expect(initialsOf({ firstName: 'ada', lastName: 'lovelace', email: 'x@example.com' })).toBe('AL');
  expect(initialsOf({ firstName: null, lastName: null, email: 'ada@example.com' })).toBe('A');
  expect(initialsOf(undefined)).toBe('');
});
