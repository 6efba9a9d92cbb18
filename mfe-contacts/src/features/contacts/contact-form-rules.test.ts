import { describe, expect, test } from 'bun:test';
import {
  DEFAULT_COUNTRY_CODE,
  EMAIL_INVALID,
  MIN_PHONE_DIGITS,
  NAME_REQUIRED,
  PHONE_INVALID,
  PHONE_REQUIRED,
  emptyContactForm,
  hasErrors,
  toContactInput,
  validateContactForm,
  validateDisplayName,
  validateEmail,
  validatePhoneNumber,
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

describe('primaryNumber', () => {
  test("empty or blank: 'Phone number is required'", () => {
    expect(validatePhoneNumber('')).toBe(PHONE_REQUIRED);
    expect(validatePhoneNumber('  ')).toBe(PHONE_REQUIRED);
  });

  test('at least 4 digits must remain after removing non-digits', () => {
    expect(validatePhoneNumber('123')).toBe(PHONE_INVALID);
    expect(validatePhoneNumber('1234')).toBeUndefined();
    expect(validatePhoneNumber('12-3')).toBe(PHONE_INVALID);
    expect(validatePhoneNumber('(1) 2-3 4')).toBeUndefined();
    expect(validatePhoneNumber('abcd')).toBe(PHONE_INVALID);
    expect(validatePhoneNumber('call me')).toBe(PHONE_INVALID);
  });

  test('a leading +code of 1-4 digits does not count', () => {
    expect(validatePhoneNumber('+44 123')).toBe(PHONE_INVALID);
    expect(validatePhoneNumber('+44 1234')).toBeUndefined();
    expect(validatePhoneNumber('+1 555 123 4567')).toBeUndefined();
    // the code takes as many digits as it can (up to 4): "+4412" goes, "34" remains
    expect(validatePhoneNumber('+441234')).toBe(PHONE_INVALID);
    expect(validatePhoneNumber('+44123456')).toBeUndefined();
    // "+12345": the code is "+1234", one digit remains
    expect(validatePhoneNumber('+12345')).toBe(PHONE_INVALID);
    // a + that is not leading is just a non-digit
    expect(validatePhoneNumber('12+34')).toBeUndefined();
    // a lone + has no code to remove
    expect(validatePhoneNumber('+')).toBe(PHONE_INVALID);
  });

  test('leading spaces before the + are ignored', () => {
    expect(validatePhoneNumber('  +44 1234 ')).toBeUndefined();
    expect(validatePhoneNumber('  +44 123 ')).toBe(PHONE_INVALID);
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

describe('validateContactForm', () => {
  test('an empty form needs a name and a number; the e-mail may be empty', () => {
    const errors = validateContactForm(emptyContactForm);
    expect(errors).toEqual({ displayName: NAME_REQUIRED, primaryNumber: PHONE_REQUIRED });
    expect(hasErrors(errors)).toBe(true);
  });
  test('every message at once', () => {
    expect(validateContactForm({ displayName: ' ', primaryNumber: '+44 12', email: 'nope' })).toEqual({
      displayName: NAME_REQUIRED,
      primaryNumber: PHONE_INVALID,
      email: EMAIL_INVALID,
    });
  });
  test('a valid form has no errors', () => {
    const errors = validateContactForm({ displayName: 'Jane', primaryNumber: '7700 900123', email: '' });
    expect(errors).toEqual({});
    expect(hasErrors(errors)).toBe(false);
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
