import { expect, test } from 'bun:test';
import { maxAvatarBytes, profileMessages } from '@ringwise/contract/profile';
import { avatarFileProblem, confirmsEmail, emailMessages, emailProblem, passwordMessages, passwordProblem } from './profile-rules.ts';

test('an avatar file: PNG, JPEG or WebP of at most 2 MB, refused in the api\'s words otherwise', () => {
  expect(avatarFileProblem({ type: 'image/png', size: maxAvatarBytes })).toBeNull();
  expect(avatarFileProblem({ type: 'image/webp', size: 10 })).toBeNull();
  expect(avatarFileProblem({ type: 'image/png', size: maxAvatarBytes + 1 })).toBe(profileMessages.avatarTooLarge);
  expect(avatarFileProblem({ type: 'image/gif', size: 10 })).toBe(profileMessages.avatarType);
  expect(avatarFileProblem({ type: '', size: 10 })).toBe(profileMessages.avatarType);
});

test('a new password: at least 8 characters (Supabase Auth\'s words) and typed the same twice', () => {
  expect(passwordProblem('short', 'short')).toBe(passwordMessages.tooShort);
  expect(passwordMessages.tooShort).toBe('Password should be at least 8 characters.');
  expect(passwordProblem('long enough', 'long enough!')).toBe(passwordMessages.mismatch);
  expect(passwordProblem('long enough', 'long enough')).toBeNull();
});

test('a new e-mail address: given, an address, and not the current one', () => {
  expect(emailProblem('  ', 'ada@example.com')).toBe(emailMessages.missing);
  expect(emailProblem('ada', 'ada@example.com')).toBe(emailMessages.invalid);
  expect(emailProblem(' ADA@example.com ', 'ada@example.com')).toBe(emailMessages.unchanged);
  expect(emailProblem('ada@lovelace.example', 'ada@example.com')).toBeNull();
});

test('the deletion is confirmed by the e-mail address, whatever its case and spaces', () => {
  expect(confirmsEmail(' Ada@Example.com ', 'ada@example.com')).toBe(true);
  expect(confirmsEmail('ada@example.co', 'ada@example.com')).toBe(false);
});
