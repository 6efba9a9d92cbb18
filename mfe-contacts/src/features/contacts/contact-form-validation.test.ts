import { describe, expect, test } from 'bun:test';
import { EMAIL_INVALID, NAME_REQUIRED, PHONE_INVALID, PHONE_REQUIRED, emptyContactForm, hasErrors } from './contact-form-rules.ts';
import { validateContactForm, validatePhoneNumber } from './contact-form-validation.ts';

// The reading of numbers and the 4-digit rule are @ringwise/phone's (its table has every case); these are the
// form's own: which message, and which calling code the number is read with.
describe('primaryNumber', () => {
  test("empty or blank: 'Phone number is required'", () => {
    expect(validatePhoneNumber('', '+1')).toBe(PHONE_REQUIRED);
    expect(validatePhoneNumber('  ', '+44')).toBe(PHONE_REQUIRED);
  });

  test("fewer than 4 digits after the calling code, as the api will store it: 'Please enter a valid phone number'", () => {
    expect(validatePhoneNumber('123', '+1')).toBe(PHONE_INVALID);
    expect(validatePhoneNumber('call me', '+1')).toBe(PHONE_INVALID);
    expect(validatePhoneNumber('+44 123', '+1')).toBe(PHONE_INVALID);
    expect(validatePhoneNumber('+44 1234', '+1')).toBeUndefined();
    expect(validatePhoneNumber('+441234', '+1')).toBeUndefined(); // +44, then 1234
    // the text had 4 digits, the stored number has 3: "(0)" is not dialled, 00 is an international prefix
    expect(validatePhoneNumber('(0)12 3', '+1')).toBe(PHONE_INVALID);
    expect(validatePhoneNumber('0044 123', '+1')).toBe(PHONE_INVALID);
  });

  test("the picker's code reads a national number; a number with its own code keeps it", () => {
    expect(validatePhoneNumber('0123 4', '+44')).toBeUndefined(); // +44 1234
    expect(validatePhoneNumber('012 3', '+44')).toBe(PHONE_INVALID); // +44 123: the trunk 0 is not stored
    expect(validatePhoneNumber('012 3', '+39')).toBeUndefined(); // Italy keeps its 0: +39 0123
    expect(validatePhoneNumber('  +44 1234 ', '+39')).toBeUndefined();
  });
});

describe('validateContactForm', () => {
  test('an empty form needs a name and a number; the e-mail may be empty', () => {
    const errors = validateContactForm(emptyContactForm);
    expect(errors).toEqual({ displayName: NAME_REQUIRED, primaryNumber: PHONE_REQUIRED });
    expect(hasErrors(errors)).toBe(true);
  });
  test('every message at once', () => {
    expect(validateContactForm({ displayName: ' ', primaryNumber: '+44 12', countryCode: '+1', email: 'nope' })).toEqual({
      displayName: NAME_REQUIRED,
      primaryNumber: PHONE_INVALID,
      email: EMAIL_INVALID,
    });
  });
  test('a valid form has no errors', () => {
    const errors = validateContactForm({ displayName: 'Jane', primaryNumber: '7700 900123', countryCode: '+44', email: '' });
    expect(errors).toEqual({});
    expect(hasErrors(errors)).toBe(false);
  });
});
