// Dev only (the standalone page with ?fake-api): answers the contacts routes in the page from memory, with the
// api's rules and error envelopes (spec §5, §7, §8), so the UI can be worked on without the api running.
import type { Contact, ContactFromCallInput, ContactInput } from '@ringwise/contract/contacts';
import { routes } from '@ringwise/contract/routes';
import { fakeRoute, startFakeApi, type FakeRoute } from '@ringwise/standalone/fake-api';
import { contactPageOf } from './contact-pages.ts';
import { callingCodeOf, toE164 } from '@ringwise/phone';
import { DEFAULT_COUNTRY_CODE, validateDisplayName } from '../features/contacts/contact-form-rules.ts';
import { validateContactForm, validatePhoneNumber } from '../features/contacts/contact-form-validation.ts';

const LATENCY_MS = 400;

function seed(): Contact[] {
  const now = new Date().toISOString();
  const make = (id: string, displayName: string, primaryNumber: string, countryCode: string, extra: Partial<Contact> = {}): Contact => ({
    id,
    displayName,
    primaryNumber,
    countryCode,
    email: null,
    notes: null,
    favorite: false,
    createdAt: now,
    updatedAt: now,
    ...extra,
  });
  return [
    make('c1', 'Ada Lovelace', '+447700900123', '+44', { email: 'ada@example.com', favorite: true }),
    make('c2', 'Grace Hopper', '+12025550123', '+1', { email: 'grace@example.com' }),
    make('c3', 'Alan Turing', '+447700900456', '+44'),
    make('c4', 'Marie Curie', '+33123456789', '+33', { favorite: true, notes: 'Paris lab' }),
    make('c5', 'Katherine Johnson', '+17575550100', '+1'),
  ];
}

const respond = (body: unknown, status = 200) =>
  new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const failure = (status: number, code: string, message: string, fieldErrors?: Record<string, string>) =>
  respond({ error: { code, message, ...(fieldErrors ? { details: { fieldErrors } } : {}) } }, status);

/** The contacts routes, answered from a fresh copy of the seed contacts. */
export function fakeContactsRoutes(): FakeRoute[] {
  let contacts = seed();
  let next = contacts.length + 1;
  const conflictWith = (e164: string, exceptId?: string) => contacts.find((c) => c.primaryNumber === e164 && c.id !== exceptId);

  function create(input: ContactInput): Response {
    const countryCode = input.countryCode || DEFAULT_COUNTRY_CODE;
    const errors = validateContactForm({ displayName: input.displayName ?? '', primaryNumber: input.primaryNumber ?? '', countryCode, email: input.email ?? '' });
    const first = Object.values(errors)[0];
    if (first) return failure(400, 'validation_failed', first, errors as Record<string, string>);
    const e164 = toE164(input.primaryNumber, countryCode)!; // the form's rule made sure there is one
    const clash = conflictWith(e164);
    if (clash) return failure(409, 'conflict', `You already have a contact with this number: ${clash.displayName}`);
    const now = new Date().toISOString();
    const contact: Contact = {
      id: `c${next++}`,
      displayName: input.displayName.trim(),
      primaryNumber: e164,
      countryCode: input.countryCode ?? callingCodeOf(e164),
      email: input.email?.trim() || null,
      notes: input.notes?.trim() || null,
      favorite: input.favorite ?? false,
      createdAt: now,
      updatedAt: now,
    };
    contacts = [...contacts, contact];
    return respond(contact, 201);
  }

  return [
    fakeRoute(routes.listContacts, ({ url }) => {
      const sorted = [...contacts].sort((a, b) => Number(b.favorite) - Number(a.favorite) || a.displayName.localeCompare(b.displayName));
      return respond(contactPageOf(sorted, url));
    }),
    fakeRoute(routes.saveContactFromCall, ({ body }) => {
      const input = body as ContactFromCallInput;
      const nameError = validateDisplayName(input.displayName ?? '');
      const numberError = validatePhoneNumber(input.phoneNumber ?? '', DEFAULT_COUNTRY_CODE);
      if (nameError || numberError) {
        const fieldErrors = { ...(nameError ? { displayName: nameError } : {}), ...(numberError ? { phoneNumber: numberError } : {}) };
        return failure(400, 'validation_failed', (nameError ?? numberError)!, fieldErrors);
      }
      return create({ displayName: input.displayName, primaryNumber: input.phoneNumber, countryCode: null });
    }),
    fakeRoute(routes.createContact, ({ body }) => create(body as ContactInput)),
    fakeRoute(routes.updateContact, ({ params, body }) => {
      const existing = contacts.find((c) => c.id === params.id);
      if (!existing) return failure(404, 'not_found', 'Contact not found');
      const input = { ...existing, ...(body as Partial<ContactInput>) };
      const countryCode = input.countryCode || DEFAULT_COUNTRY_CODE;
      const errors = validateContactForm({ displayName: input.displayName, primaryNumber: input.primaryNumber, countryCode, email: input.email ?? '' });
      const first = Object.values(errors)[0];
      if (first) return failure(400, 'validation_failed', first, errors as Record<string, string>);
      const e164 = 'primaryNumber' in (body as object) ? toE164(input.primaryNumber, countryCode)! : existing.primaryNumber;
      const clash = conflictWith(e164, existing.id);
      if (clash) return failure(409, 'conflict', `You already have a contact with this number: ${clash.displayName}`);
      const updated: Contact = { ...existing, ...(body as Partial<Contact>), primaryNumber: e164, updatedAt: new Date().toISOString() };
      contacts = contacts.map((c) => (c.id === existing.id ? updated : c));
      return respond(updated);
    }),
    fakeRoute(routes.deleteContact, ({ params }) => {
      const existing = contacts.find((c) => c.id === params.id);
      if (!existing) return failure(404, 'not_found', 'Contact not found');
      contacts = contacts.filter((c) => c.id !== existing.id);
      return respond(null, 204);
    }),
  ];
}

export async function installFakeContactsApi(): Promise<void> {
  await startFakeApi(fakeContactsRoutes(), { latencyMs: LATENCY_MS });
  console.info('[contacts] ?fake-api: the contacts routes are answered in this page, from memory');
}
