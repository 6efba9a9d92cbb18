// GET /api/contacts as the api answers it, from a list in memory: `search` (as the browser would match it) and
// pages of 50 after `cursor`. For the standalone page's fake api and the component tests.
import { contactPageSize, type Contact, type ContactPage } from '@ringwise/contract/contacts';
import { matchesSearchLocally } from '../features/contacts/contacts-data.ts';

export function contactPageOf(list: readonly Contact[], url: URL | string): ContactPage {
  const params = new URL(url, 'http://localhost').searchParams;
  const search = params.get('search') ?? '';
  const matching = list.filter((contact) => matchesSearchLocally(contact, search));
  const cursor = params.get('cursor');
  const start = cursor ? matching.findIndex((contact) => contact.id === cursor) + 1 : 0;
  const contacts = matching.slice(start, start + contactPageSize);
  const more = start + contactPageSize < matching.length;
  return { contacts, nextCursor: more ? contacts.at(-1)!.id : null };
}
