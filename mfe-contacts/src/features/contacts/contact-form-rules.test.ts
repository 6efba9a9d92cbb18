import { describe, expect, test } from 'bun:test';
import {
  DEFAULT_COUNTRY_CODE,
  EMAIL_INVALID,
  MIN_PHONE_DIGITS,
  NAME_REQUIRED,
  PHONE_INVALID,
  PHONE_REQUIRED,
  emptyContactForm,
  toContactInput,
  validateDisplayName,
  validateEmail,
  validateQuickSaveName,
} from './contact-form-rules.ts';

describe('messages of spec §5', () => {
  test('exact copy', () => {
    expect(NAME_REQUIRED).toBe('Name is required');
    expect(PHONE_REQUIRED).toBe('Phone number is required');
    expect(PHONE_INVALID).toBe('Please enter a valid phone number');
    expect(MIN_PHONE_DIGITS).toBe(4);
    expect(DEFAULT_COUNTRY_CODE).toBe('+1');
  });
});

describe('displayName', () => {
  test("empty or blank: 'Name is required'", () => {
    expect(validateDisplayName('')).toBe(NAME_REQUIRED);
    expect(validateDisplayName('   ')).toBe(NAME_REQUIRED);
  });
  test('any other text is fine', () => {
    expect(validateDisplayName('J')).toBeUndefined();
    expect(validateDisplayName('  Jane Doe ')).toBeUndefined();
  });
});

describe('email', () => {
  test('empty or blank is fine', () => {
    expect(validateEmail('')).toBeUndefined();
    expect(validateEmail('   ')).toBeUndefined();
  });
  test('valid addresses', () => {
    expect(validateEmail('jane@example.com')).toBeUndefined();
    expect(validateEmail(' jane.doe+work@mail.example.co.uk ')).toBeUndefined();
  });
  test('invalid addresses', () => {
    for (const bad of ['jane', 'jane@', '@example.com', 'jane@example', 'jane doe@example.com', 'jane@@example.com', 'jane@example.']) {
      expect(validateEmail(bad)).toBe(EMAIL_INVALID);
    }
  });
});

describe('quick save', () => {
  test('requires a non-blank name', () => {
    expect(validateQuickSaveName('')).toBe(NAME_REQUIRED);
    expect(validateQuickSaveName(' \t ')).toBe(NAME_REQUIRED);
    expect(validateQuickSaveName('Bob')).toBeUndefined();
  });
});

describe('toContactInput', () => {
  test('trims, and sends blank optional fields as null', () => {
    expect(
      toContactInput({
        displayName: '  Jane ',
        countryCode: '+44',
        primaryNumber: ' 7700 900123 ',
        email: '  ',
        notes: '',
        favorite: true,
      }),
    ).toEqual({
      displayName: 'Jane',
      primaryNumber: '7700 900123',
      countryCode: '+44',
      email: null,
      notes: null,
      favorite: true,
    });
  });
  test('keeps e-mail and notes', () => {
    const input = toContactInput({ ...emptyContactForm, displayName: 'A', primaryNumber: '1234', email: ' a@b.co ', notes: ' hi ' });
    expect(input.email).toBe('a@b.co');
    expect(input.notes).toBe('hi');
    expect(input.countryCode).toBe('+1');
    expect(input.favorite).toBe(false);
  });
});
