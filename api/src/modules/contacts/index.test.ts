// The contacts endpoints through the whole app on the machine's PostgreSQL: real sign-ups, real tokens, RLS.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { jsonCaller, signUpAs } from '../../testing/requests.ts';
import { createApp } from '../../app.ts';
import { createTestAuthStandIn, testPublicUrl } from '../../auth/testing.ts';
import { createRateService } from '../rates/service.ts';
import { createTestDatabase, type TestDatabase } from '../../db/testing.ts';
import { testConfig } from '../../testing/fixtures.ts';
import type { Contact } from './model.ts';

let database: TestDatabase;
let app: { handle(request: Request): Promise<Response> };
let alice: { token: string; id: string };
let bob: { token: string; id: string };

const call = jsonCaller(() => app, testPublicUrl);
const signUp = (email: string) => signUpAs(call, email);

/** A fresh user per test that needs an empty address book. */
const newUser = () => signUp(`contacts-${crypto.randomUUID()}@example.com`);

async function create(token: string, input: Record<string, unknown>): Promise<Contact> {
  const res = await call('POST', '/api/contacts', token, input);
  expect(res.status).toBe(201);
  return (await res.json()) as Contact;
}

/** Every contact of the list (or a search), following the pages. */
async function list(token: string, search?: string): Promise<Contact[]> {
  const all: Contact[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ ...(search === undefined ? {} : { search }), ...(cursor ? { cursor } : {}) }).toString();
    const res = await call('GET', `/api/contacts${query ? `?${query}` : ''}`, token);
    expect(res.status).toBe(200);
    const page = (await res.json()) as { contacts: Contact[]; nextCursor: string | null };
    expect(page.contacts.length).toBeLessThanOrEqual(50);
    all.push(...page.contacts);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

const names = (rows: Contact[]) => rows.map((c) => c.displayName);

beforeAll(async () => {
  database = await createTestDatabase();
  // every test signs up its own users: the stand-in of the tests has no sign-up limit to speak of
  const testAuth = await createTestAuthStandIn(database.db);
  app = testAuth.withApp(
    createApp(testConfig({ PUBLIC_URL: testPublicUrl }), {
      logError: () => {},
      services: { db: database.db, auth: testAuth.auth, rates: createRateService({ db: database.db }) },
    }),
  );
  alice = await signUp(`alice-${crypto.randomUUID()}@example.com`);
  bob = await signUp(`bob-${crypto.randomUUID()}@example.com`);
});
afterAll(() => database.drop());

describe('POST /api/contacts', () => {
  test('creates a contact: 201 with exactly the Contact shape, the number in E.164', async () => {
    const user = await newUser();
    const res = await call('POST', '/api/contacts', user.token, {
      displayName: '  Ada Lovelace ',
      primaryNumber: '07700 900123',
      countryCode: '+44',
      email: ' ada@example.com ',
      notes: 'Analytical engine',
      favorite: true,
    });
    expect(res.status).toBe(201);
    const contact = (await res.json()) as Contact;
    expect(Object.keys(contact).sort()).toEqual(
      ['countryCode', 'createdAt', 'displayName', 'email', 'favorite', 'id', 'notes', 'primaryNumber', 'updatedAt'].sort(),
    );
    expect(contact).toMatchObject({
      displayName: 'Ada Lovelace',
      primaryNumber: '+447700900123',
      countryCode: '+44',
      email: 'ada@example.com',
      notes: 'Analytical engine',
      favorite: true,
    });
    expect(contact.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(contact.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    expect(await list(user.token)).toEqual([contact]);
  });

  test('defaults: countryCode "+1", email and notes null (blank too), favorite false', async () => {
    const user = await newUser();
    expect(await create(user.token, { displayName: 'Grace', primaryNumber: '(202) 555-0123' })).toMatchObject({
      primaryNumber: '+12025550123',
      countryCode: '+1',
      email: null,
      notes: null,
      favorite: false,
    });
    expect(await create(user.token, { displayName: 'Linus', primaryNumber: '202 555 0124', countryCode: null, email: '', notes: '   ' })).toMatchObject(
      { primaryNumber: '+12025550124', countryCode: '+1', email: null, notes: null },
    );
  });

  test('numbers are stored in E.164: international as typed, national with the form calling code', async () => {
    const user = await newUser();
    const cases: [string, string | undefined, string, string][] = [
      ['07700 900123', '+44', '+447700900123', '+44'],
      ['+44 7700 900124', '+1', '+447700900124', '+1'],
      ['0044 7700 900125', undefined, '+447700900125', '+1'],
      ['+44 (0) 7700 900126', '+44', '+447700900126', '+44'],
      ['06 1234 5678', '39', '+390612345678', '+39'],
      ['030 1234567', '+49', '+49301234567', '+49'],
      // not a valid number for libphonenumber: still kept as +<code><digits>, without the trunk 0
      ['+1 555-1234', undefined, '+15551234', '+1'],
      ['0123 4', '+44', '+441234', '+44'],
      // 4 digits after the number's own calling code, not after "up to 4 digits"
      ['+447700', '+44', '+447700', '+44'],
    ];
    for (const [typed, countryCode, stored, code] of cases) {
      const contact = await create(user.token, { displayName: `Number ${typed}`, primaryNumber: typed, ...(countryCode === undefined ? {} : { countryCode }) });
      expect([typed, contact.primaryNumber, contact.countryCode]).toEqual([typed, stored, code]);
    }
  });

  describe('validation (spec §5 Contact form): 400 validation_failed, the first message, every field', () => {
    const cases: [string, Record<string, unknown>, string, Record<string, string>][] = [
      ['a missing name', { primaryNumber: '+1 555-1234' }, 'Name is required', { displayName: 'Name is required' }],
      ['a blank name', { displayName: '   ', primaryNumber: '+1 555-1234' }, 'Name is required', { displayName: 'Name is required' }],
      ['a missing number', { displayName: 'Ada' }, 'Phone number is required', { primaryNumber: 'Phone number is required' }],
      ['a blank number', { displayName: 'Ada', primaryNumber: '  ' }, 'Phone number is required', { primaryNumber: 'Phone number is required' }],
      ['"+44 12": 2 digits after the code', { displayName: 'Ada', primaryNumber: '+44 12' }, 'Please enter a valid phone number', { primaryNumber: 'Please enter a valid phone number' }],
      ['"123": 3 digits', { displayName: 'Ada', primaryNumber: '123' }, 'Please enter a valid phone number', { primaryNumber: 'Please enter a valid phone number' }],
      ['"+4412": 2 digits after +44', { displayName: 'Ada', primaryNumber: '+4412' }, 'Please enter a valid phone number', { primaryNumber: 'Please enter a valid phone number' }],
      ['"(0)12 3" with +1: "(0)" is not dialled, 3 digits remain', { displayName: 'Ada', primaryNumber: '(0)12 3', countryCode: '+1' }, 'Please enter a valid phone number', { primaryNumber: 'Please enter a valid phone number' }],
      ['"0044 123": 00 is an international prefix, 3 digits after +44', { displayName: 'Ada', primaryNumber: '0044 123' }, 'Please enter a valid phone number', { primaryNumber: 'Please enter a valid phone number' }],
      ['"012 3" with +44: the trunk 0 is not stored, 3 digits remain', { displayName: 'Ada', primaryNumber: '012 3', countryCode: '+44' }, 'Please enter a valid phone number', { primaryNumber: 'Please enter a valid phone number' }],
      ['a calling code no country has', { displayName: 'Ada', primaryNumber: '+999 1234' }, 'Please enter a valid phone number', { primaryNumber: 'Please enter a valid phone number' }],
      ['no digits', { displayName: 'Ada', primaryNumber: 'call me' }, 'Please enter a valid phone number', { primaryNumber: 'Please enter a valid phone number' }],
      ['more than 15 digits', { displayName: 'Ada', primaryNumber: '+44 1234 5678 9012 3456' }, 'Please enter a valid phone number', { primaryNumber: 'Please enter a valid phone number' }],
      ['a bad e-mail', { displayName: 'Ada', primaryNumber: '+1 555-1234', email: 'ada@' }, 'Please enter a valid email address', { email: 'Please enter a valid email address' }],
      ['an e-mail without a domain dot', { displayName: 'Ada', primaryNumber: '+1 555-1234', email: 'ada@localhost' }, 'Please enter a valid email address', { email: 'Please enter a valid email address' }],
      ['an e-mail with a space', { displayName: 'Ada', primaryNumber: '+1 555-1234', email: 'ada lovelace@example.com' }, 'Please enter a valid email address', { email: 'Please enter a valid email address' }],
      [
        'everything wrong: the first message in form order, all fields listed',
        { displayName: '', primaryNumber: '12', email: 'nope' },
        'Name is required',
        { displayName: 'Name is required', primaryNumber: 'Please enter a valid phone number', email: 'Please enter a valid email address' },
      ],
      ['a name over 200 characters', { displayName: 'x'.repeat(201), primaryNumber: '+1 555-1234' }, 'Name must be at most 200 characters', { displayName: 'Name must be at most 200 characters' }],
      ['a country code that is not one', { displayName: 'Ada', primaryNumber: '555-1234', countryCode: 'UK' }, 'Please choose a valid country code, such as +44', { countryCode: 'Please choose a valid country code, such as +44' }],
      ['favorite not a boolean', { displayName: 'Ada', primaryNumber: '+1 555-1234', favorite: 'yes' }, 'Favorite must be true or false', { favorite: 'Favorite must be true or false' }],
    ];
    for (const [name, body, message, fieldErrors] of cases) {
      test(name, async () => {
        const res = await call('POST', '/api/contacts', alice.token, body);
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({ error: { code: 'validation_failed', message, details: { fieldErrors } } });
      });
    }

    test('the edges that pass: "+1 555-1234", 4 digits, an empty e-mail, no notes, favorite omitted', async () => {
      const user = await newUser();
      expect((await create(user.token, { displayName: 'A', primaryNumber: '+1 555-1234' })).primaryNumber).toBe('+15551234');
      expect((await create(user.token, { displayName: 'B', primaryNumber: '1234', email: '' })).primaryNumber).toBe('+11234');
      expect((await create(user.token, { displayName: 'C', primaryNumber: '+15551235', email: 'c.d+tag@mail.example.co.uk' })).email).toBe('c.d+tag@mail.example.co.uk');
    });

    test('a body that is not an object, or not JSON, is a 400', async () => {
      for (const body of [['Ada'], '"Ada"', '{"displayName":']) {
        const res = await call('POST', '/api/contacts', alice.token, body);
        expect(res.status).toBe(400);
      }
    });
  });

  test('a number the user already has is a 409 naming that contact (in any format); another user may have it', async () => {
    const user = await newUser();
    await create(user.token, { displayName: 'Ada Lovelace', primaryNumber: '+44 7700 900123' });
    const res = await call('POST', '/api/contacts', user.token, { displayName: 'Ada again', primaryNumber: '07700900123', countryCode: '+44' });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: { code: 'conflict', message: 'You already have a contact with this number: Ada Lovelace' } });
    expect(names(await list(user.token))).toEqual(['Ada Lovelace']);
    // the index is per user
    const other = await newUser();
    expect((await create(other.token, { displayName: 'Ada', primaryNumber: '+447700900123' })).primaryNumber).toBe('+447700900123');
  });

  test('a deleted contact frees its number: re-adding it works', async () => {
    const user = await newUser();
    const first = await create(user.token, { displayName: 'Old Ada', primaryNumber: '+447700900123' });
    expect((await call('DELETE', `/api/contacts/${first.id}`, user.token)).status).toBe(204);
    const again = await create(user.token, { displayName: 'New Ada', primaryNumber: '07700 900123', countryCode: '+44' });
    expect(again.id).not.toBe(first.id);
    expect(names(await list(user.token))).toEqual(['New Ada']);
  });
});

describe('GET /api/contacts', () => {
  let user: { token: string; id: string };
  beforeAll(async () => {
    user = await newUser();
    await create(user.token, { displayName: 'zoe Quinn', primaryNumber: '+447700900123', email: 'Zoe@Example.org' });
    await create(user.token, { displayName: 'Bob Marley', primaryNumber: '+12025550123', email: 'bob@reggae.example' });
    await create(user.token, { displayName: 'alice Smith', primaryNumber: '+33612345678', favorite: true });
    await create(user.token, { displayName: 'Carol', primaryNumber: '+4915123456789', email: 'carol@example.org' });
    await create(user.token, { displayName: 'Émile Zola', primaryNumber: '+33123456789', favorite: true });
    const gone = await create(user.token, { displayName: 'Deleted Dan', primaryNumber: '+12025550199', email: 'dan@example.org' });
    expect((await call('DELETE', `/api/contacts/${gone.id}`, user.token)).status).toBe(204);
  });

  test('favorites first, then by name ignoring case; deleted contacts never show', async () => {
    expect(names(await list(user.token))).toEqual(['alice Smith', 'Émile Zola', 'Bob Marley', 'Carol', 'zoe Quinn']);
  });

  test('a blank search is everything', async () => {
    expect(await list(user.token, '')).toEqual(await list(user.token));
    expect(await list(user.token, '   ')).toEqual(await list(user.token));
  });

  test('search matches the name, case-insensitively', async () => {
    expect(names(await list(user.token, 'SMITH'))).toEqual(['alice Smith']);
    expect(names(await list(user.token, 'o'))).toEqual(['Émile Zola', 'Bob Marley', 'Carol', 'zoe Quinn']);
    // beyond ASCII too, either way round
    expect(names(await list(user.token, 'émile'))).toEqual(['Émile Zola']);
    expect(names(await list(user.token, 'ÉMILE z'))).toEqual(['Émile Zola']);
    expect(names(await list(user.token, 'ZOLA'))).toEqual(['Émile Zola']);
  });

  test('search matches the number by digits only', async () => {
    expect(names(await list(user.token, '7700 900'))).toEqual(['zoe Quinn']);
    expect(names(await list(user.token, '+44 7700-900-123'))).toEqual(['zoe Quinn']);
    expect(names(await list(user.token, '(202) 555'))).toEqual(['Bob Marley']);
    expect(names(await list(user.token, '3456789'))).toEqual(['Émile Zola', 'Carol']);
    expect(names(await list(user.token, '+33'))).toEqual(['alice Smith', 'Émile Zola']);
    // the deleted contact's number does not match
    expect(await list(user.token, '5550199')).toEqual([]);
  });

  test('search matches the e-mail, case-insensitively', async () => {
    expect(names(await list(user.token, 'EXAMPLE.ORG'))).toEqual(['Carol', 'zoe Quinn']);
    expect(names(await list(user.token, 'reggae'))).toEqual(['Bob Marley']);
  });

  test('nothing found is an empty list; LIKE wildcards are plain characters; a NUL is a 400, no 500', async () => {
    expect(await list(user.token, 'nobody')).toEqual([]);
    for (const search of ['smi\u0000th', '\u0000smith']) {
      const res = await call('GET', `/api/contacts?search=${encodeURIComponent(search)}`, user.token);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('bad_request');
    }
    expect(await list(user.token, '%')).toEqual([]);
    expect(await list(user.token, '_')).toEqual([]);
  });

  test("another user sees none of them, and nobody sees another's contacts", async () => {
    expect(await list(bob.token)).toEqual([]);
    expect(await list(bob.token, 'alice')).toEqual([]);
    expect(await list(bob.token, '7700')).toEqual([]);
  });
});

describe('PATCH /api/contacts/{id}', () => {
  test('changes only the fields sent, with the same validation; updatedAt moves', async () => {
    const user = await newUser();
    const contact = await create(user.token, { displayName: 'Ada', primaryNumber: '07700 900123', countryCode: '+44', email: 'ada@example.com', notes: 'n' });
    const res = await call('PATCH', `/api/contacts/${contact.id}`, user.token, { favorite: true, notes: '' });
    expect(res.status).toBe(200);
    const updated = (await res.json()) as Contact;
    expect(updated).toMatchObject({ ...contact, favorite: true, notes: null, updatedAt: updated.updatedAt });
    expect(updated.updatedAt).not.toBe(contact.updatedAt);
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(contact.updatedAt));

    // a national number takes the stored calling code, or the one sent with it
    expect(await (await call('PATCH', `/api/contacts/${contact.id}`, user.token, { primaryNumber: '07700 900999' })).json()).toMatchObject({
      primaryNumber: '+447700900999',
      countryCode: '+44',
    });
    expect(
      await (await call('PATCH', `/api/contacts/${contact.id}`, user.token, { primaryNumber: '(202) 555-0123', countryCode: '+1', displayName: ' Ada L. ' })).json(),
    ).toMatchObject({ primaryNumber: '+12025550123', countryCode: '+1', displayName: 'Ada L.', email: 'ada@example.com' });
    // an empty patch changes nothing
    expect(await (await call('PATCH', `/api/contacts/${contact.id}`, user.token, {})).json()).toMatchObject({ displayName: 'Ada L.' });
  });

  test('every field present is validated', async () => {
    const user = await newUser();
    const contact = await create(user.token, { displayName: 'Ada', primaryNumber: '+447700900123' });
    const cases: [Record<string, unknown>, string, Record<string, string>][] = [
      [{ displayName: '' }, 'Name is required', { displayName: 'Name is required' }],
      [{ displayName: null }, 'Name is required', { displayName: 'Name is required' }],
      [{ primaryNumber: '' }, 'Phone number is required', { primaryNumber: 'Phone number is required' }],
      [{ primaryNumber: '+44 12' }, 'Please enter a valid phone number', { primaryNumber: 'Please enter a valid phone number' }],
      [{ primaryNumber: '(0)12 3', countryCode: '+1' }, 'Please enter a valid phone number', { primaryNumber: 'Please enter a valid phone number' }],
      [{ primaryNumber: '0044 123' }, 'Please enter a valid phone number', { primaryNumber: 'Please enter a valid phone number' }],
      [{ email: 'not-an-email' }, 'Please enter a valid email address', { email: 'Please enter a valid email address' }],
      [{ favorite: null }, 'Favorite must be true or false', { favorite: 'Favorite must be true or false' }],
    ];
    for (const [body, message, fieldErrors] of cases) {
      const res = await call('PATCH', `/api/contacts/${contact.id}`, user.token, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: { code: 'validation_failed', message, details: { fieldErrors } } });
    }
    expect((await list(user.token))[0]).toEqual(contact);
  });

  test("changing to a number of another contact is a 409 naming it; the contact is unchanged", async () => {
    const user = await newUser();
    await create(user.token, { displayName: 'Grace Hopper', primaryNumber: '+12025550123' });
    const ada = await create(user.token, { displayName: 'Ada', primaryNumber: '+447700900123' });
    const res = await call('PATCH', `/api/contacts/${ada.id}`, user.token, { primaryNumber: '202-555-0123', countryCode: '+1', displayName: 'Ada 2' });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: { code: 'conflict', message: 'You already have a contact with this number: Grace Hopper' } });
    expect(names(await list(user.token))).toEqual(['Ada', 'Grace Hopper']);
    // its own number again is no conflict
    expect((await call('PATCH', `/api/contacts/${ada.id}`, user.token, { primaryNumber: '+44 7700 900123' })).status).toBe(200);
  });

  test('unknown, malformed, deleted or another user\'s id: 404 Contact not found', async () => {
    const user = await newUser();
    const mine = await create(user.token, { displayName: 'Mine', primaryNumber: '+447700900123' });
    const gone = await create(user.token, { displayName: 'Gone', primaryNumber: '+447700900124' });
    expect((await call('DELETE', `/api/contacts/${gone.id}`, user.token)).status).toBe(204);
    const notFound = { error: { code: 'not_found', message: 'Contact not found' } };
    const attempts: [string, string][] = [
      [crypto.randomUUID(), user.token],
      ['not-a-uuid', user.token],
      ['1', user.token],
      [`${mine.id}x`, user.token],
      [gone.id, user.token],
      [mine.id, bob.token],
    ];
    for (const [id, token] of attempts) {
      for (const body of [{ displayName: 'Taken' }, { primaryNumber: '+447700900999' }, {}]) {
        const res = await call('PATCH', `/api/contacts/${encodeURIComponent(id)}`, token, body);
        expect([id, res.status]).toEqual([id, 404]);
        expect(await res.json()).toEqual(notFound);
      }
    }
    // nothing changed, and the deleted row stayed as it was
    expect(await list(user.token)).toEqual([mine]);
    const [row] = await database.db.privileged((sql) => sql.query<{ display_name: string }>('select display_name from public.contacts where id = $1', [gone.id]));
    expect(row?.display_name).toBe('Gone');
  });

  test('an uppercase uuid names the same contact', async () => {
    const user = await newUser();
    const contact = await create(user.token, { displayName: 'Ada', primaryNumber: '+447700900123' });
    const res = await call('PATCH', `/api/contacts/${contact.id.toUpperCase()}`, user.token, { favorite: true });
    expect(res.status).toBe(200);
  });
});

describe('DELETE /api/contacts/{id}', () => {
  test('204, soft: the row stays with deleted_at set, and is gone from the list; a second delete is a 404', async () => {
    const user = await newUser();
    const contact = await create(user.token, { displayName: 'Ada', primaryNumber: '+447700900123' });
    const res = await call('DELETE', `/api/contacts/${contact.id}`, user.token);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(await list(user.token)).toEqual([]);
    const [row] = await database.db.privileged((sql) =>
      sql.query<{ deleted: boolean }>('select deleted_at is not null as deleted from public.contacts where id = $1', [contact.id]),
    );
    expect(row?.deleted).toBe(true);
    const again = await call('DELETE', `/api/contacts/${contact.id}`, user.token);
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ error: { code: 'not_found', message: 'Contact not found' } });
  });

  test("another user's id, an unknown id and a malformed id: 404, and the contact survives", async () => {
    const contact = await create(alice.token, { displayName: 'Alice keeps me', primaryNumber: '+61 412 345 678' });
    for (const [id, token] of [[contact.id, bob.token], [crypto.randomUUID(), alice.token], ['nope', alice.token], ["1' or '1'='1", alice.token]] as const) {
      const res = await call('DELETE', `/api/contacts/${encodeURIComponent(id)}`, token);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Contact not found' } });
    }
    expect(names(await list(alice.token, 'keeps'))).toEqual(['Alice keeps me']);
  });
});

describe('POST /api/contacts/from-call', () => {
  test('quick save: 201 Contact, the number in E.164 with its own calling code', async () => {
    const user = await newUser();
    const res = await call('POST', '/api/contacts/from-call', user.token, { phoneNumber: '+447700900123', displayName: ' Caller ' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ displayName: 'Caller', primaryNumber: '+447700900123', countryCode: '+44', email: null, notes: null, favorite: false });
    // a number without a calling code is read as +1
    const national = await call('POST', '/api/contacts/from-call', user.token, { phoneNumber: '(202) 555-0123', displayName: 'Grace' });
    expect(await national.json()).toMatchObject({ primaryNumber: '+12025550123', countryCode: '+1' });
    expect(names(await list(user.token))).toEqual(['Caller', 'Grace']);
  });

  test('a name is required, and the number follows the form rule', async () => {
    const cases: [Record<string, unknown>, string, Record<string, string>][] = [
      [{ phoneNumber: '+447700900123', displayName: '  ' }, 'Name is required', { displayName: 'Name is required' }],
      [{ phoneNumber: '+447700900123' }, 'Name is required', { displayName: 'Name is required' }],
      [{ displayName: 'Ada' }, 'Phone number is required', { phoneNumber: 'Phone number is required' }],
      [{ phoneNumber: '+44 12', displayName: 'Ada' }, 'Please enter a valid phone number', { phoneNumber: 'Please enter a valid phone number' }],
      [{ phoneNumber: '0044 123', displayName: 'Ada' }, 'Please enter a valid phone number', { phoneNumber: 'Please enter a valid phone number' }],
    ];
    for (const [body, message, fieldErrors] of cases) {
      const res = await call('POST', '/api/contacts/from-call', alice.token, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: { code: 'validation_failed', message, details: { fieldErrors } } });
    }
  });

  test('a number the user already has is a 409 naming the contact', async () => {
    const user = await newUser();
    await create(user.token, { displayName: 'Ada Lovelace', primaryNumber: '07700 900123', countryCode: '+44' });
    const res = await call('POST', '/api/contacts/from-call', user.token, { phoneNumber: '+44 7700 900123', displayName: 'Unknown caller' });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: { code: 'conflict', message: 'You already have a contact with this number: Ada Lovelace' } });
  });
});

describe('sign-in', () => {
  test('every route is a 401 without a valid token', async () => {
    const id = crypto.randomUUID();
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/contacts'],
      ['GET', '/api/contacts?search=ada'],
      ['POST', '/api/contacts', { displayName: 'Signed out', primaryNumber: '+447700900123' }],
      ['PATCH', `/api/contacts/${id}`, { displayName: 'Signed out' }],
      ['DELETE', `/api/contacts/${id}`],
      ['POST', '/api/contacts/from-call', { displayName: 'Signed out', phoneNumber: '+447700900123' }],
    ];
    for (const [method, path, body] of routes) {
      for (const token of [undefined, 'not.a.jwt']) {
        const res = await call(method, path, token, body);
        expect([method, path, res.status]).toEqual([method, path, 401]);
        expect((await res.json()).error.code).toBe('unauthorized');
      }
    }
    const [count] = await database.db.privileged((sql) =>
      sql.query<{ n: string }>("select count(*) as n from public.contacts where display_name = 'Signed out'"),
    );
    expect(count?.n).toBe('0');
  });
});

describe('GET /api/contacts: pages', () => {
  test('120 contacts come as pages of 50, 50 and 20 in the list order, none twice, none missed', async () => {
    const owner = await newUser();
    // names that differ only by case and accents, equal names, favorites: the order must still be total
    const names = Array.from({ length: 117 }, (_, i) => `Person ${String(i).padStart(3, '0')}`).concat(['émile', 'Emile', 'Emile']);
    await database.db.privileged((sql) =>
      sql.query(
        `insert into public.contacts (user_id, display_name, primary_number, favorite)
         select $1, name, '+4420' || lpad(ord::text, 8, '0'), ord % 7 = 0 from unnest($2::text[]) with ordinality as t(name, ord)`,
        [owner.id, names],
      ),
    );
    const sizes: number[] = [];
    const seen: Contact[] = [];
    let cursor: string | null = null;
    do {
      const res = await call('GET', `/api/contacts${cursor ? `?cursor=${cursor}` : ''}`, owner.token);
      const page = (await res.json()) as { contacts: Contact[]; nextCursor: string | null };
      sizes.push(page.contacts.length);
      seen.push(...page.contacts);
      cursor = page.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([50, 50, 20]);
    expect(new Set(seen.map((c) => c.id)).size).toBe(120);
    // favorites first, then by name ignoring case
    const favorites = seen.filter((c) => c.favorite);
    expect(seen.slice(0, favorites.length).every((c) => c.favorite)).toBe(true);
    // a search is paged the same way
    expect((await list(owner.token, 'person')).length).toBe(117);
  });

  test('a cursor that is not one of your contacts is a 400 envelope', async () => {
    for (const cursor of ['nope', '00000000-0000-4000-8000-000000000000', (await list(alice.token))[0]?.id ?? 'x']) {
      const res = await call('GET', `/api/contacts?cursor=${cursor}`, bob.token);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string; message: string } }).error.message).toContain('start again from the first page');
    }
  });
});

