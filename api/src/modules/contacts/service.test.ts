// The service's SQL on PGlite, the database of a deployment without DATABASE_URL (index.test.ts covers
// PostgreSQL through HTTP): the conflict paths (ON CONFLICT on the partial index, the savepoint of an update),
// the search (both case foldings), soft delete and RLS.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { EngineDatabase, Sql } from '../../db/database.ts';
import { createAuthUser, createTestPglite, testEmail, userClaims } from '../../db/testing.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { Contact } from './model.ts';
import { createContact, deleteContact, listContacts, parseContactInput, parseContactPatch, updateContact } from './service.ts';

let db: EngineDatabase;
let alice: string;
let bob: string;

const as = <T>(userId: string, work: (sql: Sql) => Promise<T>) => db.asUser(userClaims(userId), work);
const add = (userId: string, body: Record<string, unknown>) => as(userId, (sql) => createContact(sql, parseContactInput(body as never)));
const failure = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    if (error instanceof HttpError) return [error.status, error.message];
    throw error;
  }
  return null;
};
const names = (page: { contacts: Contact[] }) => page.contacts.map((c) => c.displayName);

beforeAll(async () => {
  db = await createTestPglite();
  alice = await createAuthUser(db, { email: testEmail('alice') });
  bob = await createAuthUser(db, { email: testEmail('bob') });
});
afterAll(() => db.close());

test('create, conflict, search, update, conflict on update, delete, re-add: the same answers as on PostgreSQL', async () => {
  const ada = await add(alice, { displayName: 'Ada Lovelace', primaryNumber: '07700 900123', countryCode: '+44', email: 'ada@example.org' });
  expect(ada).toMatchObject({ primaryNumber: '+447700900123', countryCode: '+44', favorite: false });
  expect(ada.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
  const emile = await add(alice, { displayName: 'Émile Zola', primaryNumber: '+33 1 23 45 67 89', favorite: true });

  expect(await failure(add(alice, { displayName: 'Ada 2', primaryNumber: '+447700900123' }))).toEqual([409, 'You already have a contact with this number: Ada Lovelace']);
  expect((await add(bob, { displayName: 'Bob’s Ada', primaryNumber: '+447700900123' })).primaryNumber).toBe('+447700900123');

  expect(names(await as(alice, (sql) => listContacts(sql)))).toEqual(['Émile Zola', 'Ada Lovelace']);
  expect(names(await as(alice, (sql) => listContacts(sql, 'LOVE')))).toEqual(['Ada Lovelace']);
  expect(names(await as(alice, (sql) => listContacts(sql, 'ÉMILE')))).toEqual(['Émile Zola']);
  expect(names(await as(alice, (sql) => listContacts(sql, '7700 900')))).toEqual(['Ada Lovelace']);
  expect(names(await as(alice, (sql) => listContacts(sql, 'EXAMPLE.ORG')))).toEqual(['Ada Lovelace']);

  // the savepoint keeps the transaction usable to name the other contact
  expect(await failure(as(alice, (sql) => updateContact(sql, emile.id, parseContactPatch({ primaryNumber: '+44 7700 900123' }))))).toEqual([
    409,
    'You already have a contact with this number: Ada Lovelace',
  ]);
  expect(await as(alice, (sql) => updateContact(sql, emile.id, parseContactPatch({ notes: 'Germinal' })))).toMatchObject({ notes: 'Germinal' });

  // RLS: Bob can neither see nor change Alice's contact
  expect(await failure(as(bob, (sql) => updateContact(sql, ada.id, parseContactPatch({ displayName: 'Mine now' }))))).toEqual([404, 'Contact not found']);
  expect(await failure(as(bob, (sql) => deleteContact(sql, ada.id)))).toEqual([404, 'Contact not found']);
  expect(names(await as(bob, (sql) => listContacts(sql)))).toEqual(['Bob’s Ada']);

  await as(alice, (sql) => deleteContact(sql, ada.id));
  expect(await failure(as(alice, (sql) => deleteContact(sql, ada.id)))).toEqual([404, 'Contact not found']);
  expect(await failure(as(alice, (sql) => updateContact(sql, ada.id, parseContactPatch({ favorite: true }))))).toEqual([404, 'Contact not found']);
  expect((await add(alice, { displayName: 'Ada again', primaryNumber: '+447700900123' })).id).not.toBe(ada.id);
  expect(names(await as(alice, (sql) => listContacts(sql)))).toEqual(['Émile Zola', 'Ada again']);
});
