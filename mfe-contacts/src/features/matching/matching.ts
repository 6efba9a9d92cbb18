// Spec §5 "Rates, matching and suggestions": which saved contact a dialled number belongs to, and which
// contacts to suggest while the user types. Pure functions, so the rules are tested without a browser.
import type { Contact } from '@ringwise/contract/contacts';

/** Contact matching only starts once the dialled number has this many characters (spec §5, §9 Limits). */
export const MATCH_MIN_CHARS = 8;
/** The dialler waits this long after the last keystroke before matching (spec §9 Timing). */
export const MATCH_DEBOUNCE_MS = 250;
/** A fuzzy match needs both numbers to have at least this many digits. */
export const FUZZY_MIN_DIGITS = 10;
/** A fuzzy match allows the digit counts to differ by 1 up to this many (a country code, a trunk 0, "00"). */
export const FUZZY_MAX_LENGTH_DIFF = 4;
/** Suggestions need at least this many typed characters (spec §5). */
export const SUGGESTION_MIN_CHARS = 2;
/** At most this many suggestions (spec §9 Limits). */
export const MAX_SUGGESTIONS = 5;

/** The digits of a number, everything else dropped: "+44 (0)7700-900" gives "4407700900". */
export function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

/** True when the dialled text is long enough to look a contact up: 8+ characters, surrounding spaces ignored. */
export function isMatchEligible(number: string): boolean {
  return number.trim().length >= MATCH_MIN_CHARS;
}

export type MatchKind = 'exact' | 'fuzzy';

/**
 * How two numbers match, comparing digits only:
 * - 'exact' when they have the same (non-empty) digits;
 * - 'fuzzy' when the digit counts differ by 1 to 4, the longer ends with the shorter, and the shorter has at
 *   least 10 digits (so both numbers are at least 10 digits long: "7700900123" matches "+447700900123",
 *   "+4407700900123" does not match "+447700900123", and a short extension never matches a long number);
 * - null otherwise.
 */
export function compareNumbers(a: string, b: string): MatchKind | null {
  const left = digitsOf(a);
  const right = digitsOf(b);
  if (!left || !right) return null;
  if (left === right) return 'exact';
  const [shorter, longer] = left.length < right.length ? [left, right] : [right, left];
  const difference = longer.length - shorter.length;
  if (difference < 1 || difference > FUZZY_MAX_LENGTH_DIFF) return null;
  if (shorter.length < FUZZY_MIN_DIGITS) return null;
  return longer.endsWith(shorter) ? 'fuzzy' : null;
}

/**
 * The contact a dialled number belongs to, or null. Needs 8+ characters (isMatchEligible). An exact digit
 * match wins over a fuzzy one; among fuzzy matches the smallest length difference wins, then list order.
 */
export function findContactMatch<T extends Pick<Contact, 'primaryNumber'>>(number: string, contacts: readonly T[]): T | null {
  if (!isMatchEligible(number)) return null;
  const dialled = digitsOf(number);
  let best: T | null = null;
  let bestDifference = Number.POSITIVE_INFINITY;
  for (const contact of contacts) {
    const kind = compareNumbers(number, contact.primaryNumber);
    if (kind === 'exact') return contact;
    if (kind === 'fuzzy') {
      const difference = Math.abs(digitsOf(contact.primaryNumber).length - dialled.length);
      if (difference < bestDifference) {
        best = contact;
        bestDifference = difference;
      }
    }
  }
  return best;
}

/**
 * True when a contact fits what the user typed: the name contains the text (case-insensitive), or the
 * number's digits contain the typed digits (only when the text has digits; "+44 77" looks for "4477").
 */
export function contactMatchesQuery(contact: Pick<Contact, 'displayName' | 'primaryNumber'>, query: string): boolean {
  const text = query.trim().toLowerCase();
  if (!text) return true;
  if (contact.displayName.toLowerCase().includes(text)) return true;
  const typedDigits = digitsOf(text);
  return typedDigits.length > 0 && digitsOf(contact.primaryNumber).includes(typedDigits);
}

/**
 * Up to 5 contacts for what the user is typing (a number or a name), once 2+ characters are typed
 * (surrounding spaces ignored). Favorites come first; otherwise the list's own order is kept. The contact the
 * number already belongs to (findContactMatch) is not suggested.
 */
export function suggestContacts<T extends Pick<Contact, 'displayName' | 'primaryNumber' | 'favorite'>>(
  query: string,
  contacts: readonly T[],
  limit: number = MAX_SUGGESTIONS,
): T[] {
  if (query.trim().length < SUGGESTION_MIN_CHARS) return [];
  // the contact the number already is (a number chosen from a contact, or typed in full) is named by the match
  // badge: suggesting it again only pushes the keypad and the Call button down
  const matched = findContactMatch(query, contacts);
  const matching = contacts.filter((contact) => contact !== matched && contactMatchesQuery(contact, query));
  const favorites = matching.filter((contact) => contact.favorite);
  const others = matching.filter((contact) => !contact.favorite);
  return [...favorites, ...others].slice(0, Math.max(0, limit));
}
