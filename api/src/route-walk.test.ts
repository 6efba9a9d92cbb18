// Every route of the contract, walked on a fresh install's default: one real api process (`bun api/src/index.ts`) on
// its embedded PGlite (one connection), reached over HTTP as the browser reaches it, with the carrier and payment
// simulators behind the official SDKs over loopback, as in production. Each route gets a request a user would send
// and some they should not; every answer must come within the request deadline and never be a 5xx, and after each
// one /api/health must answer 200 at once: one request that holds the connection (a transaction opened inside
// another, a provider awaited inside one) would stop every later one. `samples` is a Record of every route name, so
// a new route does not typecheck until it is walked here.
import { encodeWav } from '@ringwise/contract/greeting-wav';
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import twilio from 'twilio';
import { routes, type RouteName } from '@ringwise/contract/routes';
import { twilioSimulatorAccount } from './config.ts';
import { startApiProcesses, type ApiProcesses } from './testing/api-processes.ts';

const deadlineSeconds = 5;
/** What a client waits at most: the deadline and a margin for the answer to travel. */
const clientWaitMs = deadlineSeconds * 1000 + 1500;
const healthWaitMs = 1500;

type Who = 'anon' | 'customer' | 'admin';

interface Step {
  as: Who;
  path: string;
  body?: unknown;
  /** A body that is not JSON (the avatar). */
  raw?: { type: string; bytes: Uint8Array<ArrayBuffer> | string };
  /** Statuses this step may answer; any 2xx when absent. */
  expect?: number[];
  /** Reads what later steps need from the answer. */
  keep?(json: unknown): void;
}

interface Walked {
  route: string;
  path: string;
  status: number;
  ms: number;
}

let api: ApiProcesses;
let origin: string;
const ctx = {
  customer: { token: '', id: '', email: '' },
  admin: { token: '', id: '', email: '' },
  contactId: '',
  avatarId: '',
  checkoutId: '',
  number: { phoneNumber: '', price: '', id: '' },
  callerId: { id: '', code: '', phoneNumber: '+14155550142' },
  call: { id: '', sid: `CA${'c'.repeat(32)}` },
};
const walked: Walked[] = [];

async function send(method: string, path: string, token: string | null, step: Pick<Step, 'body' | 'raw'> = {}) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  let body: string | Blob | undefined;
  if (step.raw) {
    headers['content-type'] = step.raw.type;
    body = new Blob([step.raw.bytes]);
  } else if (step.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = typeof step.body === 'string' ? step.body : JSON.stringify(step.body);
  }
  const started = performance.now();
  const res = await fetch(path.startsWith('http') ? path : `${origin}${path}`, { method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(clientWaitMs) });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON (the reference page, a CSV)
  }
  return { status: res.status, json, ms: performance.now() - started };
}

async function expectHealthy(after: string) {
  const res = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(healthWaitMs) }).catch((error: unknown) => {
    throw new Error(`/api/health did not answer within ${healthWaitMs} ms after ${after}: ${String(error)}`);
  });
  expect({ after, health: res.status }).toEqual({ after, health: 200 });
}

const tokenOf = (who: Who) => (who === 'anon' ? null : ctx[who].token);

async function signUp(label: string) {
  const email = `${label}-${crypto.randomUUID()}@example.com`;
  const res = await send('POST', `${api.standIns.auth!.url}/auth/v1/signup`, null, { body: { email, password: 'correct horse battery' } });
  expect(res.status).toBe(200);
  const session = res.json as { access_token: string; user: { id: string } };
  return { token: session.access_token, id: session.user.id, email };
}

/** The carrier's signed status callback for the walked call, as Twilio posts it. */
async function carrierReports(status: string, extra: Record<string, string> = {}) {
  const url = `${origin}/webhooks/twilio/status?callId=${ctx.call.id}`;
  const params = { AccountSid: twilioSimulatorAccount.accountSid, CallSid: `CA${'d'.repeat(32)}`, CallStatus: status, ...extra };
  const signature = twilio.getExpectedTwilioSignature(twilioSimulatorAccount.authToken, url, params);
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    body: new URLSearchParams(params),
    signal: AbortSignal.timeout(clientWaitMs),
  });
  expect(res.status).toBeLessThan(300);
}

/** The owner of the verified number answers the carrier's call on the simulated phone and types the code. */
async function typeVerificationCode() {
  const phone = await (await fetch(`${api.standIns.twilio!.url}/sim/twilio/phone?number=${encodeURIComponent(ctx.callerId.phoneNumber)}`)).text();
  const request = /name="request" value="([^"]+)"/.exec(phone)?.[1] ?? '';
  const res = await fetch(`${api.standIns.twilio!.url}/sim/twilio/phone/verify`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ request, code: ctx.callerId.code, number: ctx.callerId.phoneNumber }),
  });
  expect(res.headers.get('location')).toContain('result=verified');
}

const png: Uint8Array<ArrayBuffer> = Uint8Array.from({ length: 64 }, (_, i) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a][i] ?? i % 251);
const greetingWav = encodeWav(Float32Array.from({ length: 16_000 }, (_, i) => 0.3 * Math.sin((2 * Math.PI * 440 * i) / 8000)), 8000);
const junk = { unexpected: [1, { nested: null }], displayName: 12 };
const notAnId = '00000000-0000-4000-8000-00000000000x';
const missingId = '7b0e2a52-1f0e-4c44-9c8c-1d2b3c4d5e6f';
const today = new Date().toISOString().slice(0, 10);

/** Each route: what a user sends, then what they should not (answered 4xx), in the order of a user's day. */
const samples: Record<RouteName, () => Step[] | Promise<Step[]>> = {
  health: () => [{ as: 'anon', path: '/api/health' }],
  liveness: () => [{ as: 'anon', path: '/api/health/live' }],
  openApiDocument: () => [{ as: 'anon', path: '/api/openapi.json' }],
  apiReference: () => [{ as: 'anon', path: '/api/docs' }],

  currentUser: () => [{ as: 'customer', path: '/api/auth/user' }],
  updatePreference: () => [
    { as: 'customer', path: '/api/user/preferences', body: { lowBalanceAlertEnabled: true } },
    { as: 'customer', path: '/api/user/preferences', body: { autoRechargeAmount: 'lots' }, expect: [400] },
    { as: 'customer', path: '/api/user/preferences', body: junk, expect: [400] },
  ],
  updateProfileNames: () => [
    { as: 'customer', path: '/api/user/profile', body: { firstName: 'Ada', lastName: 'Lovelace' } },
    { as: 'customer', path: '/api/user/profile', body: { firstName: 'x'.repeat(500) }, expect: [400] },
  ],
  uploadAvatar: () => [
    {
      as: 'customer',
      path: '/api/user/avatar',
      raw: { type: 'image/png', bytes: png },
      keep: (json) => (ctx.avatarId = (json as { profileImageUrl: string }).profileImageUrl.split('/').pop()!),
    },
    { as: 'customer', path: '/api/user/avatar', raw: { type: 'image/png', bytes: 'not an image' }, expect: [415] },
  ],
  getAvatar: () => [
    { as: 'anon', path: `/api/avatars/${ctx.avatarId}` },
    { as: 'anon', path: `/api/avatars/${missingId}`, expect: [404] },
  ],
  deleteAvatar: () => [{ as: 'customer', path: '/api/user/avatar' }],

  listRateCountries: () => [{ as: 'anon', path: '/api/rates/countries?search=united' }],
  lookupRate: () => [
    { as: 'anon', path: '/api/rates/lookup?number=%2B442079460123' },
    { as: 'anon', path: '/api/rates/lookup?number=banana', expect: [400] },
  ],
  getCountry: () => [
    { as: 'anon', path: '/api/countries/gb' },
    { as: 'anon', path: '/api/countries/zz', expect: [404] },
  ],

  listContacts: () => [{ as: 'customer', path: '/api/contacts?search=ann' }, { as: 'customer', path: '/api/contacts?cursor=%%%', expect: [400] }],
  createContact: () => [
    {
      as: 'customer',
      path: '/api/contacts',
      body: { displayName: 'Ann', primaryNumber: '+442079460000' },
      keep: (json) => (ctx.contactId = (json as { id: string }).id),
    },
    { as: 'customer', path: '/api/contacts', body: { displayName: 'Ann again', primaryNumber: '+442079460000' }, expect: [409] },
    { as: 'customer', path: '/api/contacts', body: junk, expect: [400] },
  ],
  saveContactFromCall: () => [
    { as: 'customer', path: '/api/contacts/from-call', body: { phoneNumber: '+442079460001', displayName: 'Bob' } },
    { as: 'customer', path: '/api/contacts/from-call', body: { phoneNumber: '12', displayName: '' }, expect: [400] },
  ],
  updateContact: () => [
    { as: 'customer', path: `/api/contacts/${ctx.contactId}`, body: { favorite: true } },
    { as: 'customer', path: `/api/contacts/${notAnId}`, body: { favorite: true }, expect: [404] },
  ],
  deleteContact: () => [
    { as: 'customer', path: `/api/contacts/${ctx.contactId}` },
    { as: 'customer', path: `/api/contacts/${ctx.contactId}`, expect: [404] },
  ],

  listTransactions: () => [{ as: 'customer', path: '/api/transactions?kind=all' }, { as: 'customer', path: '/api/transactions?kind=some', expect: [400] }],
  createCheckoutSession: () => [
    { as: 'customer', path: '/api/stripe/checkout-sessions', body: { amount: '25.00' }, keep: (json) => (ctx.checkoutId = (json as { id: string }).id) },
    { as: 'customer', path: '/api/stripe/checkout-sessions', body: { amount: '1.00' }, expect: [400] },
  ],
  getCheckoutSession: () => [
    { as: 'customer', path: `/api/stripe/checkout-sessions/${ctx.checkoutId}` },
    { as: 'customer', path: '/api/stripe/checkout-sessions/cs_test_nobody', expect: [404] },
  ],
  // no saved card yet: the portal has nothing to show
  createPortalSession: () => [{ as: 'customer', path: '/api/stripe/create-portal-session', expect: [200, 409] }],

  getNumberPricing: () => [
    { as: 'customer', path: '/api/virtual-numbers/pricing?country=GB' },
    { as: 'customer', path: '/api/virtual-numbers/pricing?country=XX', expect: [400, 404] },
  ],
  searchNumbers: () => [
    {
      as: 'customer',
      path: '/api/virtual-numbers/search',
      body: { country: 'GB', searchType: 'starts_with', numberType: 'local' },
      keep: (json) => {
        const [first] = json as { phoneNumber: string; price: string }[];
        ctx.number.phoneNumber = first!.phoneNumber;
        ctx.number.price = first!.price;
      },
    },
    { as: 'customer', path: '/api/virtual-numbers/search', body: { country: 'GB', searchType: 'sideways', numberType: 'local' }, expect: [400] },
  ],
  purchaseNumber: () => [
    {
      as: 'customer',
      path: '/api/virtual-numbers/purchase',
      body: { phoneNumber: ctx.number.phoneNumber, country: 'GB', region: null, price: ctx.number.price, numberType: 'local' },
      keep: (json) => (ctx.number.id = (json as { id: string }).id),
    },
    {
      as: 'customer',
      path: '/api/virtual-numbers/purchase',
      body: { phoneNumber: ctx.number.phoneNumber, country: 'GB', region: null, price: '0.01', numberType: 'local' },
      expect: [409],
    },
  ],
  listVirtualNumbers: () => [{ as: 'customer', path: '/api/virtual-numbers' }],
  getVoicemailGreeting: () => [
    { as: 'customer', path: `/api/virtual-numbers/${ctx.number.id}/greeting` },
    { as: 'customer', path: `/api/virtual-numbers/${missingId}/greeting`, expect: [404] },
  ],
  uploadVoicemailGreeting: () => [
    { as: 'customer', path: `/api/virtual-numbers/${ctx.number.id}/greeting`, raw: { type: 'audio/wav', bytes: greetingWav } },
    { as: 'customer', path: `/api/virtual-numbers/${ctx.number.id}/greeting`, raw: { type: 'audio/wav', bytes: png }, expect: [415] },
  ],
  getNumberForwarding: () => [
    { as: 'customer', path: `/api/virtual-numbers/${ctx.number.id}/forwarding` },
    { as: 'customer', path: `/api/virtual-numbers/${missingId}/forwarding`, expect: [404] },
  ],
  setNumberForwarding: () => [
    { as: 'customer', path: `/api/virtual-numbers/${ctx.number.id}/forwarding`, body: { mode: 'off' } },
    // not (yet) a verified caller ID of the user
    { as: 'customer', path: `/api/virtual-numbers/${ctx.number.id}/forwarding`, body: { mode: 'always', to: ctx.callerId.phoneNumber }, expect: [400] },
    { as: 'customer', path: `/api/virtual-numbers/${ctx.number.id}/forwarding`, body: { mode: 'sometimes' }, expect: [400] },
    { as: 'customer', path: `/api/virtual-numbers/${missingId}/forwarding`, body: { mode: 'off' }, expect: [404] },
  ],
  getVoicemailGreetingAudio: () => [{ as: 'customer', path: `/api/virtual-numbers/${ctx.number.id}/greeting/audio` }],
  carrierGreetingAudio: () => [{ as: 'anon', path: `/api/voicemail-greetings/${missingId}`, expect: [404] }],
  deleteVoicemailGreeting: () => [{ as: 'customer', path: `/api/virtual-numbers/${ctx.number.id}/greeting` }],
  releaseNumber: () => [
    { as: 'customer', path: `/api/virtual-numbers/${ctx.number.id}` },
    { as: 'customer', path: `/api/virtual-numbers/${ctx.number.id}`, expect: [404] },
  ],

  listCallerIds: () => [{ as: 'customer', path: '/api/verified-caller-ids' }],
  initiateCallerId: () => [
    {
      as: 'customer',
      path: '/api/verified-caller-ids/initiate',
      body: { phoneNumber: ctx.callerId.phoneNumber, friendlyName: 'My cell' },
      keep: (json) => {
        const initiated = json as { entry: { id: string }; validationCode: string };
        ctx.callerId.id = initiated.entry.id;
        ctx.callerId.code = initiated.validationCode;
      },
    },
    { as: 'customer', path: '/api/verified-caller-ids/initiate', body: { phoneNumber: '555' }, expect: [400] },
  ],
  checkCallerIdStatus: async () => {
    await typeVerificationCode();
    return [
      { as: 'customer', path: `/api/verified-caller-ids/${ctx.callerId.id}/check-status` },
      { as: 'customer', path: `/api/verified-caller-ids/${missingId}/check-status`, expect: [404] },
    ];
  },
  deleteCallerId: () => [
    { as: 'customer', path: `/api/verified-caller-ids/${ctx.callerId.id}` },
    { as: 'customer', path: `/api/verified-caller-ids/${ctx.callerId.id}`, expect: [404] },
  ],

  getCallingToken: () => [{ as: 'customer', path: '/api/twilio/token' }],
  startCall: () => [
    { as: 'customer', path: '/api/calls/start', body: { destinationNumber: '+442079460123' }, keep: (json) => (ctx.call.id = (json as { callId: string }).callId) },
    { as: 'customer', path: '/api/calls/start', body: { destinationNumber: '+442079460124' }, expect: [409] },
    { as: 'customer', path: '/api/calls/start', body: { destinationNumber: 'call mum' }, expect: [400] },
  ],
  setCallSid: () => [
    { as: 'customer', path: `/api/calls/${ctx.call.id}/sid`, body: { twilioCallSid: ctx.call.sid } },
    // again, the same SID: nothing changes
    { as: 'customer', path: `/api/calls/${ctx.call.id}/sid`, body: { twilioCallSid: ctx.call.sid } },
    { as: 'customer', path: `/api/calls/${ctx.call.id}/sid`, body: { twilioCallSid: `CA${'e'.repeat(32)}` }, expect: [409] },
    { as: 'customer', path: `/api/calls/${missingId}/sid`, body: { twilioCallSid: `CA${'f'.repeat(32)}` }, expect: [404] },
  ],
  getCallStatus: async () => {
    await carrierReports('in-progress');
    await carrierReports('completed', { CallDuration: '42' });
    return [
      { as: 'customer', path: `/api/calls/status/${ctx.call.sid}` },
      { as: 'customer', path: `/api/calls/status/CA${'0'.repeat(32)}`, expect: [404] },
    ];
  },
  listCalls: () => [{ as: 'customer', path: '/api/calls?limit=5' }, { as: 'customer', path: '/api/calls?limit=many', expect: [400] }],
  sendCallFeedback: () => [
    { as: 'customer', path: `/api/calls/${ctx.call.id}/feedback`, body: { score: 5 } },
    { as: 'customer', path: `/api/calls/${ctx.call.id}/feedback`, body: { score: 4 }, expect: [409] },
    { as: 'customer', path: `/api/calls/${ctx.call.id}/feedback`, body: { score: 11 }, expect: [400] },
  ],
  currentCall: () => [{ as: 'customer', path: '/api/calls/current' }],
  unseenCalls: () => [{ as: 'customer', path: '/api/calls/unseen' }],
  markCallsSeen: () => [{ as: 'customer', path: '/api/calls/seen' }],
  endCall: async () => {
    // a call the carrier never heard of (the page reloaded before it dialled): ended at once
    const started = await send('POST', '/api/calls/start', ctx.customer.token, { body: { destinationNumber: '+442079460125' } });
    expect(started.status).toBe(201);
    const { callId } = started.json as { callId: string };
    return [
      { as: 'customer', path: `/api/calls/${callId}/end` },
      { as: 'customer', path: `/api/calls/${callId}/end`, expect: [409] },
      { as: 'customer', path: `/api/calls/${missingId}/end`, expect: [404] },
    ];
  },
  setCallQuality: () => [
    { as: 'customer', path: `/api/calls/${ctx.call.id}/quality`, body: { worstMos: 4.1, warnings: ['high-rtt'] } },
    { as: 'customer', path: `/api/calls/${ctx.call.id}/quality`, body: { worstMos: 9, warnings: [] }, expect: [400] },
    { as: 'customer', path: `/api/calls/${missingId}/quality`, body: { worstMos: null, warnings: [] }, expect: [404] },
  ],

  // a call without a message, another user's id and no id at all: each 404 (voicemail.test.ts leaves real ones)
  getVoicemailAudio: () => [
    { as: 'customer', path: `/api/calls/${ctx.call.id}/voicemail`, expect: [404] },
    { as: 'customer', path: `/api/calls/${notAnId}/voicemail`, expect: [404] },
  ],
  markVoicemailHeard: () => [{ as: 'customer', path: `/api/calls/${missingId}/voicemail/heard`, expect: [404] }],
  deleteVoicemail: () => [{ as: 'customer', path: `/api/calls/${ctx.call.id}/voicemail`, expect: [404] }],

  adminDashboard: () => [{ as: 'admin', path: '/api/admin/dashboard?days=7' }],
  adminUsers: () => [{ as: 'admin', path: '/api/admin/users?search=example' }],
  adminUser: () => [{ as: 'admin', path: `/api/admin/users/${ctx.customer.id}` }, { as: 'admin', path: `/api/admin/users/${missingId}`, expect: [404] }],
  adminAdjustBalance: () => [
    { as: 'admin', path: `/api/admin/users/${ctx.customer.id}/adjustments`, body: { amount: '1.00', reason: 'goodwill' } },
    { as: 'admin', path: `/api/admin/users/${ctx.customer.id}/adjustments`, body: { amount: '1.00', reason: '' }, expect: [400] },
  ],
  adminSetRole: () => [
    { as: 'admin', path: `/api/admin/users/${ctx.customer.id}/role`, body: { role: 'customer' } },
    { as: 'admin', path: `/api/admin/users/${ctx.admin.id}/role`, body: { role: 'customer' }, expect: [400, 409] },
  ],
  adminCalls: () => [{ as: 'admin', path: `/api/admin/calls?userId=${ctx.customer.id}` }],
  adminRefundCall: () => [
    { as: 'admin', path: `/api/admin/calls/${ctx.call.id}/refund`, body: { reason: 'bad line' } },
    { as: 'admin', path: `/api/admin/calls/${ctx.call.id}/refund`, body: { reason: 'bad line' }, expect: [409] },
  ],
  adminFinancial: () => [{ as: 'admin', path: `/api/admin/financial?from=${today}&to=${today}` }],
  adminFinancialCsv: () => [{ as: 'admin', path: `/api/admin/financial.csv?from=${today}&to=${today}` }],
  adminLedgerCheck: () => [{ as: 'admin', path: '/api/admin/ledger-check' }],
  adminAuditLog: () => [{ as: 'admin', path: '/api/admin/audit-log' }],
  adminRates: () => [{ as: 'admin', path: '/api/admin/rates?country=GB' }, { as: 'admin', path: '/api/admin/rates', expect: [400] }],
  adminImportRates: () => [
    { as: 'admin', path: '/api/admin/rates/import', body: { csv: 'prefix,destination name,price per minute,number type\n4420,London,0.0100,landline\n' } },
    { as: 'admin', path: '/api/admin/rates/import', body: { csv: 'prefix\nabc\n' }, expect: [400, 422] },
  ],
  adminSetRate: () => [
    { as: 'admin', path: '/api/admin/rates', body: { prefix: '4420', numberType: 'landline', pricePerMinute: '0.0110' } },
    { as: 'admin', path: '/api/admin/rates', body: { prefix: '4420', numberType: 'fax', pricePerMinute: '-1' }, expect: [400] },
  ],
  adminBlockPrefix: () => [{ as: 'admin', path: '/api/admin/blocked-prefixes/44909', body: { reason: 'fraud' } }],
  adminUnblockPrefix: () => [{ as: 'admin', path: '/api/admin/blocked-prefixes/44909' }],

  exportUserData: () => [{ as: 'customer', path: '/api/user/export' }],
  deleteAccount: () => [
    { as: 'customer', path: '/api/user', body: { confirm: 'someone-else@example.com' }, expect: [400] },
    { as: 'customer', path: '/api/user', body: { confirm: ctx.customer.email } },
    // the deleted account's token opens nothing
    { as: 'customer', path: '/api/user', body: { confirm: ctx.customer.email }, expect: [401] },
  ],
};

beforeAll(async () => {
  api = await startApiProcesses(1, { env: { REQUEST_DEADLINE_SECONDS: String(deadlineSeconds), AUTH_SIGNUP_LIMIT: '1000', AUTH_SIGNIN_LIMIT: '1000' } });
  origin = api.origins[0]!;
  ctx.customer = await signUp('walk-customer');
  ctx.admin = await signUp('walk-admin');
  // the embedded database's admin grant goes through the running api's control socket
  const granted = await fetch('http://localhost/admin-grant', {
    unix: join(api.dataDir, 'control.sock'),
    method: 'POST',
    body: JSON.stringify({ email: ctx.admin.email }),
  });
  expect(granted.status).toBe(200);
  const credit = await send('POST', `/api/admin/users/${ctx.customer.id}/adjustments`, ctx.admin.token, { body: { amount: '20.00', reason: 'walk credit' } });
  expect(credit.status).toBe(200);
}, 60_000);

afterAll(async () => {
  await api?.stop();
});

describe('every route of the contract on PGlite, through a real api process', () => {
  test(
    'each answers within its deadline, never 5xx, and the api is healthy after each',
    async () => {
      for (const [name, sample] of Object.entries(samples) as [RouteName, () => Step[] | Promise<Step[]>][]) {
        const route = routes[name];
        for (const step of await sample()) {
          const res = await send(route.method, step.path, tokenOf(step.as), step);
          walked.push({ route: name, path: step.path, status: res.status, ms: Math.round(res.ms) });
          const allowed = step.expect ?? [200, 201, 204];
          expect({ route: name, path: step.path, status: res.status, body: allowed.includes(res.status) ? null : res.json }).toEqual({
            route: name,
            path: step.path,
            status: allowed.includes(res.status) ? res.status : allowed[0]!,
            body: null,
          });
          if (res.status < 300) step.keep?.(res.json);
          await expectHealthy(`${route.method} ${step.path}`);
        }
      }
      const slowest = [...walked].sort((a, b) => b.ms - a.ms)[0]!;
      console.log(`walked ${walked.length} requests over ${Object.keys(samples).length} routes; slowest ${slowest.ms} ms (${slowest.route})`);
      expect(new Set(walked.map((w) => w.route)).size).toBe(Object.keys(routes).length);
    },
    240_000,
  );
});

describe("who may call what, read from the process's own /api/openapi.json", () => {
  interface Operation {
    method: string;
    path: string;
    access: string;
  }
  let operations: Operation[];
  let signedOut: string;
  let customer: { token: string };

  beforeAll(async () => {
    const document = (await (await fetch(`${origin}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, { 'x-access'?: string }>> };
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        // path parameters as a client would fill them: a well-formed id of nothing
        path: path.replace(/\{[^}]+\}/g, missingId),
        access: operation['x-access'] ?? '',
      })),
    );
    // a session signed out with POST /auth/v1/logout: its access token has not expired yet
    const user = await signUp('signed-out');
    const out = await fetch(`${api.standIns.auth!.url}/auth/v1/logout`, { method: 'POST', headers: { authorization: `Bearer ${user.token}` } });
    expect(out.status).toBe(204);
    signedOut = user.token;
    customer = await signUp('customer-on-admin');
  });

  /** Bodies a caller might send: valid-looking JSON, junk, not JSON at all, too large. */
  const bodies: Pick<Step, 'body' | 'raw'>[] = [
    { body: { destinationNumber: '+442079460123', amount: '25.00', phoneNumber: '+14155550100', reason: 'x', role: 'admin', csv: 'prefix\n1\n' } },
    { body: '{"broken": ' },
    { raw: { type: 'text/plain', bytes: 'hello' } },
    { raw: { type: 'application/json', bytes: `{"pad":"${'x'.repeat(2 * 1024 * 1024)}"}` } },
    {},
  ];

  test('the reference lists every route of the contract with its access', () => {
    const apiOperations = operations.filter((o) => o.path.startsWith('/api/'));
    expect(apiOperations.length).toBe(Object.keys(routes).length);
    expect(apiOperations.filter((o) => o.access === 'user').length).toBeGreaterThan(25);
    expect(apiOperations.filter((o) => o.access === 'admin').length).toBe(16);
  });

  test('a signed-out token gets 401 from every user and admin route, whatever the body, and nothing else runs', async () => {
    const answers: string[] = [];
    for (const operation of operations.filter((o) => o.access === 'user' || o.access === 'admin')) {
      for (const body of operation.method === 'GET' ? [{}] : bodies) {
        const res = await send(operation.method, operation.path, signedOut, body);
        if (res.status !== 401) answers.push(`${operation.method} ${operation.path} ${body.raw?.type ?? 'json'}: ${res.status}`);
      }
    }
    expect(answers).toEqual([]);
    await expectHealthy('the signed-out walk');
  });

  test('a customer gets 403 from every admin route, whatever the body', async () => {
    const answers: string[] = [];
    for (const operation of operations.filter((o) => o.access === 'admin')) {
      for (const body of operation.method === 'GET' ? [{}] : bodies) {
        const res = await send(operation.method, operation.path, customer.token, body);
        if (res.status !== 403) answers.push(`${operation.method} ${operation.path} ${body.raw?.type ?? 'json'}: ${res.status}`);
      }
    }
    expect(answers).toEqual([]);
    await expectHealthy('the customer-on-admin walk');
  });
});
