// What the profile page checks before it sends anything, in the words the api (or Supabase Auth) would use for
// the same refusal, so the user reads one message whichever side caught it. The servers check again.
import { avatarContentTypes, maxAvatarBytes, profileMessages } from '@ringwise/contract/profile';

/** Supabase Auth's default minimum, and its words when a password is shorter (422 weak_password). */
export const minPasswordLength = 8;
export const passwordMessages = {
  tooShort: `Password should be at least ${minPasswordLength} characters.`,
  mismatch: 'The two passwords do not match.',
} as const;

export const emailMessages = {
  missing: 'Enter your new e-mail address.',
  invalid: 'Enter an e-mail address such as name@example.com.',
  unchanged: 'That is already your e-mail address.',
} as const;

/** Why this file cannot be the avatar (over 2 MB, or not PNG, JPEG or WebP by its type), or null. */
export function avatarFileProblem(file: Pick<File, 'size' | 'type'>): string | null {
  if (!(avatarContentTypes as readonly string[]).includes(file.type)) return profileMessages.avatarType;
  if (file.size > maxAvatarBytes) return profileMessages.avatarTooLarge;
  return null;
}

export function passwordProblem(password: string, confirmation: string): string | null {
  if (password.length < minPasswordLength) return passwordMessages.tooShort;
  if (password !== confirmation) return passwordMessages.mismatch;
  return null;
}

export function emailProblem(next: string, current: string): string | null {
  const address = next.trim();
  if (!address) return emailMessages.missing;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) return emailMessages.invalid;
  if (address.toLowerCase() === current.trim().toLowerCase()) return emailMessages.unchanged;
  return null;
}

/** Whether what was typed in the deletion dialog is the account's e-mail address (as the api compares them). */
export const confirmsEmail = (typed: string, email: string) => typed.trim().toLowerCase() === email.trim().toLowerCase();

/** The words of a failure from Supabase Auth (its error's own message), or a plain sentence. */
export function authErrorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Supabase Auth could not be reached. Please try again.';
}
