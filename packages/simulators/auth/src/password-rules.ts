// The password rules Supabase Auth offers, as this server applies them on sign-up: at least 8 characters
// that are not all spaces (the length rule itself is in parseSignUp), not a commonly used password (zxcvbn-ts's
// list of ~49,000, maintained with the zxcvbn project, not typed here), and not the e-mail or its local part.
// Each failure is GoTrue's 422 weak_password with its reasons, which supabase-js shows as the message.
import { dictionary } from '@zxcvbn-ts/language-common';
import { GoTrueError } from './model.ts';

let common: Set<string> | null = null;
const commonPasswords = () => (common ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase())));

const weak = (message: string, reason: string) => new GoTrueError(422, 'weak_password', message, { weakPasswordReasons: [reason] });

export function assertStrongPassword(password: string, email: string): void {
  if (password.trim() === '') throw weak('Password cannot be only spaces.', 'characters');
  const lower = password.trim().toLowerCase();
  const address = email.trim().toLowerCase();
  const localPart = address.split('@')[0] ?? '';
  if (lower === address || lower === localPart) throw weak('Password cannot be your email address or its name part.', 'email');
  if (commonPasswords().has(lower)) throw weak('This password is too common and easy to guess. Please choose another.', 'pwned');
}
