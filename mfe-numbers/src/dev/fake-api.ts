// Dev only (the standalone page with ?fake-api): answers the numbers routes in the page, with the api's rules
// and error envelopes (spec §4, §5, §7, §8), so the UI can be worked on without the api. State in
// sessionStorage (&reset starts over).
//   &empty                                   a user with no virtual numbers and no caller IDs
//   &balance=0.50                            the seed user's balance
//   &fail=numbers|caller-ids|search|purchase|release|initiate|remove|preferences|user   that route answers 500
// Inventory: DK sells local numbers only, SG mobile only (at $26.00/month: more than the seed balance, so a
// purchase answers 402), HK none. A pattern of 999 matches nothing ('No available numbers'). A number ending in
// 0013 was just taken by someone else (409). A new caller ID is verified ~6 s after it is initiated.
import type { AvailableNumber, NumberForwarding, NumberPricing, VerifiedCallerId, VirtualNumber, VirtualNumberType } from '@ringwise/contract/numbers';
import { callerIdMessages, forwardingMessages, numberCountries, numberPatternRule, virtualNumberTypes } from '@ringwise/contract/numbers';
import { centsOf, moneyOf } from '@ringwise/contract/decimal';
import { routes } from '@ringwise/contract/routes';
import type { CurrentUser } from '@ringwise/contract/users';
import { fakeRoute, startFakeApi, type FakeRoute } from '@ringwise/standalone/fake-api';
import { sampleUser } from '@ringwise/test-support/fixtures';
import { countryName } from '../lib/countries.ts';

const LATENCY_MS = 400;
const VERIFY_AFTER_MS = 6000;
const STORAGE_KEY = 'ringwise-numbers-fake-api';
const DAY = 86_400_000;

interface Offer {
  price: string;
  /** The national number's first digits and its length. */
  prefix: string;
  length: number;
  region: string;
  locality: string;
}
type Inventory = Partial<Record<VirtualNumberType, Offer>>;

const callingCodes: Record<string, string> = {
  US: '1', CA: '1', GB: '44', AU: '61', DE: '49', FR: '33', ES: '34', IT: '39', NL: '31', BE: '32', CH: '41', SE: '46', NO: '47', DK: '45',
  FI: '358', IE: '353', PT: '351', PL: '48', NZ: '64', SG: '65', HK: '852',
};

const offer = (price: string, prefix: string, length: number, region: string, locality: string): Offer => ({ price, prefix, length, region, locality });

const inventory: Record<string, Inventory> = {
  US: { local: offer('1.15', '212', 10, 'NY', 'New York'), 'toll-free': offer('2.15', '833', 10, 'US', 'Toll-free') },
  CA: { local: offer('1.15', '416', 10, 'ON', 'Toronto'), 'toll-free': offer('2.15', '844', 10, 'CA', 'Toll-free') },
  GB: { local: offer('1.15', '20', 10, 'England', 'London'), mobile: offer('1.15', '7700', 10, 'GB', 'Mobile'), 'toll-free': offer('2.15', '800', 10, 'GB', 'Freephone') },
  AU: { local: offer('3.00', '2', 9, 'NSW', 'Sydney'), mobile: offer('6.50', '4', 9, 'AU', 'Mobile') },
  DE: { local: offer('1.50', '30', 10, 'Berlin', 'Berlin'), mobile: offer('3.25', '151', 11, 'DE', 'Mobile') },
  FR: { local: offer('1.50', '1', 9, 'Île-de-France', 'Paris'), mobile: offer('3.00', '6', 9, 'FR', 'Mobile') },
  DK: { local: offer('4.00', '3', 8, 'Capital Region', 'Copenhagen') },
  SG: { mobile: offer('26.00', '8', 8, 'SG', 'Singapore') },
  HK: {},
};
function inventoryOf(country: string): Inventory {
  return inventory[country] ?? { local: offer('1.75', '2', 9, countryName(country), 'Capital'), mobile: offer('4.25', '6', 9, countryName(country), 'Mobile') };
}

interface FakeCallerId extends VerifiedCallerId {
  verifyAt: number | null;
}
interface FakeState {
  user: CurrentUser;
  numbers: VirtualNumber[];
  callerIds: FakeCallerId[];
  next: number;
}

const uuid = (group: string, n: number) => `${group}-0000-4000-8000-${String(n).padStart(12, '0')}`;

function seed(empty: boolean, balance: string): FakeState {
  const now = Date.now();
  const iso = (offset: number) => new Date(now + offset).toISOString();
  const created = iso(-60 * DAY);
  return {
    user: sampleUser({ balance, stripeCustomerId: 'cus_fake_0001', createdAt: created, updatedAt: created }),
    numbers: empty
      ? []
      : [
          {
            id: uuid('40000000', 1), phoneNumber: '+442079460018', countryCode: 'GB', numberType: 'local', region: 'England', locality: 'London',
            monthlyPrice: '1.15', isActive: true, status: 'active', purchasedAt: iso(-20 * DAY), renewsAt: iso(10 * DAY), graceEndsAt: null,
          },
          {
            id: uuid('40000000', 2), phoneNumber: '+14155550142', countryCode: 'US', numberType: 'local', region: 'CA', locality: 'San Francisco',
            monthlyPrice: '1.15', isActive: true, status: 'grace', purchasedAt: iso(-33 * DAY), renewsAt: iso(-3 * DAY), graceEndsAt: iso(4 * DAY),
          },
        ],
    callerIds: empty
      ? []
      : [
          {
            id: uuid('50000000', 1), phoneNumber: '+12025550123', friendlyName: 'Office', verificationStatus: 'verified', validationCode: null,
            createdAt: iso(-40 * DAY), updatedAt: iso(-40 * DAY), verifyAt: null,
          },
        ],
    next: 10,
  };
}

const respond = (body: unknown, status = 200) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const failure = (status: number, code: string, message: string, details?: unknown) =>
  respond({ error: { code, message, ...(details ? { details } : {}) } }, status);
const serverTrouble = () => failure(500, 'internal', 'Something went wrong on our side.');

/** Digits to fill a number with, the same for the same seed. */
function filler(seed: number, length: number): string {
  let x = seed * 7919 + 104729;
  let out = '';
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out += String(x % 10);
  }
  return out;
}

function searchNumbers(country: string, type: VirtualNumberType, pattern: string, searchType: string, owned: Set<string>): AvailableNumber[] {
  const spec = inventoryOf(country)[type];
  if (!spec || pattern === '999') return [];
  const results: AvailableNumber[] = [];
  for (let i = 0; results.length < 8 && i < 40; i++) {
    const free = spec.length - spec.prefix.length;
    let national: string;
    if (!pattern) national = spec.prefix + filler(i + 1, free);
    else if (searchType === 'starts_with') national = (pattern + filler(i + 1, spec.length)).slice(0, Math.max(spec.length, pattern.length));
    else if (searchType === 'ends_with') national = (spec.prefix + filler(i + 1, spec.length)).slice(0, Math.max(0, spec.length - pattern.length)) + pattern;
    else {
      const head = spec.prefix + filler(i + 1, 2);
      national = (head + pattern + filler(i + 7, spec.length)).slice(0, Math.max(spec.length, head.length + pattern.length));
    }
    if (i === 2) national = national.slice(0, -4) + '0013';
    const phoneNumber = `+${callingCodes[country]}${national}`;
    if (owned.has(phoneNumber) || results.some((r) => r.phoneNumber === phoneNumber)) continue;
    results.push({ phoneNumber, numberType: type, price: spec.price, locality: spec.locality, region: spec.region });
  }
  return results;
}

/** The numbers routes on the state kept in sessionStorage (seeded when there is none). */
export function fakeNumbersRoutes(options: URLSearchParams): FakeRoute[] {
  const forwarding = new Map<string, NumberForwarding>();
  const failing = new Set((options.get('fail') ?? '').split(',').filter(Boolean));
  const stored = window.sessionStorage.getItem(STORAGE_KEY);
  const state: FakeState = stored ? (JSON.parse(stored) as FakeState) : seed(options.has('empty'), options.get('balance') ?? '12.50');
  const save = () => window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  save();

  function settleCallerIds(): void {
    for (const entry of state.callerIds) {
      if (entry.verificationStatus === 'pending' && entry.verifyAt !== null && Date.now() >= entry.verifyAt) {
        entry.verificationStatus = 'verified';
        entry.validationCode = null;
        entry.updatedAt = new Date().toISOString();
      }
    }
    save();
  }
  const publicCallerId = ({ verifyAt: _verifyAt, ...entry }: FakeCallerId): VerifiedCallerId => entry;
  /** The JSON body as the fake reads it: absent fields are simply missing. */
  const fieldsOf = (body: unknown) => (body ?? {}) as Record<string, unknown>;

  return [
    fakeRoute(routes.currentUser, () => (failing.has('user') ? serverTrouble() : respond(state.user))),
    fakeRoute(routes.updatePreference, ({ body }) => {
      if (failing.has('preferences')) return serverTrouble();
      const keys = Object.keys(fieldsOf(body));
      if (keys.length !== 1) return failure(400, 'validation_failed', 'Send exactly one preference.');
      state.user = { ...state.user, ...fieldsOf(body), updatedAt: new Date().toISOString() };
      save();
      return respond(state.user);
    }),
    fakeRoute(routes.listTransactions, () => respond({ items: [], nextCursor: null })),

    fakeRoute(routes.listVirtualNumbers, () => (failing.has('numbers') ? serverTrouble() : respond(state.numbers.filter((n) => n.status !== 'released')))),
    fakeRoute(routes.getNumberPricing, ({ url }) => {
      const country = (url.searchParams.get('country') ?? '').toUpperCase();
      if (!(numberCountries as readonly string[]).includes(country)) return failure(400, 'validation_failed', 'Numbers are not sold in that country');
      const offers = inventoryOf(country);
      const pricing: NumberPricing = {
        country: countryName(country),
        countryCode: country,
        hasAnyNumbers: Object.keys(offers).length > 0,
        numberTypes: virtualNumberTypes.map((numberType) => ({ numberType, available: Boolean(offers[numberType]), price: offers[numberType]?.price ?? null })),
      };
      return respond(pricing);
    }),
    fakeRoute(routes.searchNumbers, ({ body: sent }) => {
      if (failing.has('search')) return serverTrouble();
      const body = fieldsOf(sent);
      const country = String(body.country ?? '').toUpperCase();
      const type = body.numberType as VirtualNumberType;
      const pattern = String(body.areaCode ?? '');
      const searchType = String(body.searchType ?? 'starts_with');
      if (!country) return failure(400, 'validation_failed', 'Please select a country');
      if (pattern && !numberPatternRule.test(pattern)) return failure(400, 'validation_failed', 'The pattern can only contain digits');
      if (pattern && searchType !== 'starts_with' && pattern.length < 2) return failure(400, 'validation_failed', 'Enter at least 2 digits to search inside or at the end of a number');
      if (!inventoryOf(country)[type]) return failure(400, 'validation_failed', `${type} numbers are not available for this country`);
      const found = searchNumbers(country, type, pattern, searchType, new Set(state.numbers.map((n) => n.phoneNumber)));
      if (found.length === 0) return failure(404, 'no_available_numbers', `No available numbers match "${pattern}" in ${countryName(country)}`);
      return respond(found);
    }),
    fakeRoute(routes.purchaseNumber, ({ body: sent }) => {
      if (failing.has('purchase')) return serverTrouble();
      const body = fieldsOf(sent);
      const phoneNumber = String(body.phoneNumber ?? '');
      const country = String(body.country ?? '').toUpperCase();
      const type = (body.numberType as VirtualNumberType | undefined) ?? 'local';
      const spec = inventoryOf(country)[type];
      if (!spec || body.price !== spec.price) return failure(400, 'validation_failed', 'The price of this number has changed. Search again.');
      if (phoneNumber.endsWith('0013')) return failure(409, 'conflict', 'Someone else has just bought this number. Please choose another one.');
      if (state.numbers.some((n) => n.phoneNumber === phoneNumber && n.status !== 'released')) return failure(409, 'conflict', 'You already own this number.');
      if (centsOf(state.user.balance)! < centsOf(spec.price)!) {
        return failure(402, 'insufficient_balance', 'Your balance does not cover the first month of this number.', { balance: state.user.balance, required: spec.price });
      }
      const now = Date.now();
      const bought: VirtualNumber = {
        id: uuid('40000000', state.next++), phoneNumber, countryCode: country, numberType: type, region: (body.region as string | null) ?? null,
        locality: spec.locality, monthlyPrice: spec.price, isActive: true, status: 'active', purchasedAt: new Date(now).toISOString(),
        renewsAt: new Date(now + 30 * DAY).toISOString(), graceEndsAt: null,
      };
      state.numbers.unshift(bought);
      state.user = { ...state.user, balance: moneyOf(centsOf(state.user.balance)! - centsOf(spec.price)!) };
      save();
      return respond(bought, 201);
    }),
    fakeRoute(routes.releaseNumber, ({ params }) => {
      if (failing.has('release')) return serverTrouble();
      const number = state.numbers.find((n) => n.id === params.id && n.status !== 'released');
      if (!number) return failure(404, 'not_found', 'That number was not found.');
      number.status = 'released';
      number.isActive = false;
      if (state.user.defaultCallerId === number.phoneNumber) state.user = { ...state.user, defaultCallerId: null };
      save();
      return respond(undefined, 204);
    }),

    // the page's voicemail greeting (always the spoken default here) and call forwarding (kept while the page lives)
    fakeRoute(routes.getVoicemailGreeting, () => respond({ greeting: null })),
    fakeRoute(routes.getNumberForwarding, ({ params }) => respond(forwarding.get(params.id) ?? { mode: 'off', to: null })),
    fakeRoute(routes.setNumberForwarding, ({ params, body: sent }) => {
      const body = fieldsOf(sent);
      const mode = String(body.mode ?? 'off') as NumberForwarding['mode'];
      const to = typeof body.to === 'string' ? body.to : null;
      if (mode !== 'off' && !state.callerIds.some((c) => c.phoneNumber === to && c.verificationStatus === 'verified')) {
        return failure(400, 'validation_failed', forwardingMessages.targetNotVerified, { fieldErrors: { to: forwardingMessages.targetNotVerified } });
      }
      const next: NumberForwarding = mode === 'off' ? { mode, to: null } : { mode, to };
      forwarding.set(params.id, next);
      return respond(next);
    }),
    fakeRoute(routes.listCallerIds, () => {
      if (failing.has('caller-ids')) return serverTrouble();
      settleCallerIds();
      return respond(state.callerIds.map(publicCallerId));
    }),
    fakeRoute(routes.initiateCallerId, ({ body: sent }) => {
      if (failing.has('initiate')) return serverTrouble();
      const body = fieldsOf(sent);
      const phoneNumber = String(body.phoneNumber ?? '').trim();
      const friendlyName = typeof body.friendlyName === 'string' && body.friendlyName.trim() ? body.friendlyName.trim() : null;
      if (!phoneNumber) return failure(400, 'validation_failed', callerIdMessages.required);
      if (!/^\+[1-9]\d{6,14}$/.test(phoneNumber)) return failure(400, 'validation_failed', callerIdMessages.e164, { fieldErrors: { phoneNumber: callerIdMessages.e164 } });
      if (state.callerIds.some((c) => c.phoneNumber === phoneNumber)) return failure(409, 'conflict', 'This number is already one of your caller IDs.');
      const code = String(100000 + Math.floor(Math.random() * 900000));
      const now = new Date().toISOString();
      const entry: FakeCallerId = {
        id: uuid('50000000', state.next++), phoneNumber, friendlyName, verificationStatus: 'pending', validationCode: code,
        createdAt: now, updatedAt: now, verifyAt: Date.now() + VERIFY_AFTER_MS,
      };
      state.callerIds.unshift(entry);
      save();
      return respond({ entry: publicCallerId(entry), message: `We are calling ${phoneNumber} now. Answer and type the code shown on screen.`, validationCode: code, phoneNumber }, 201);
    }),
    fakeRoute(routes.checkCallerIdStatus, ({ params }) => {
      settleCallerIds();
      const entry = state.callerIds.find((c) => c.id === params.id);
      return entry ? respond({ verificationStatus: entry.verificationStatus, phoneNumber: entry.phoneNumber }) : failure(404, 'not_found', 'That caller ID was not found.');
    }),
    fakeRoute(routes.deleteCallerId, ({ params }) => {
      if (failing.has('remove')) return serverTrouble();
      const entry = state.callerIds.find((c) => c.id === params.id);
      if (!entry) return failure(404, 'not_found', 'That caller ID was not found.');
      state.callerIds = state.callerIds.filter((c) => c.id !== params.id);
      if (state.user.defaultCallerId === entry.phoneNumber) state.user = { ...state.user, defaultCallerId: null };
      save();
      return respond(undefined, 204);
    }),
  ];
}

export async function installFakeNumbersApi(): Promise<void> {
  await startFakeApi(fakeNumbersRoutes(new URLSearchParams(window.location.search)), { latencyMs: LATENCY_MS });
  console.info('[numbers] ?fake-api: the numbers routes are answered in this page (state in sessionStorage; &reset to start over)');
}

/** Forget the fake state (the page's &reset). */
export function resetFakeNumbersApi(): void {
  window.sessionStorage.removeItem(STORAGE_KEY);
}
