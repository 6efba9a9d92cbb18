// How the signed-in user is named on screen: the header's avatar and menu and the profile page say it the same way.
import type { CurrentUser } from '@ringwise/contract/users';

type Named = Pick<CurrentUser, 'firstName' | 'lastName' | 'email'>;

/** "Ada Lovelace", or null when the user gave no name. */
export function fullNameOf(user: Named | undefined): string | null {
  const name = [user?.firstName, user?.lastName].map((part) => part?.trim() ?? '').filter(Boolean).join(' ');
  return name || null;
}

/** The avatar's letters without a picture: the names' first letters, else the e-mail's first. */
export function initialsOf(user: Named | undefined): string {
  const letters = [user?.firstName, user?.lastName].map((part) => part?.trim()[0] ?? '').join('');
  return (letters || user?.email?.[0] || '').toUpperCase();
}
