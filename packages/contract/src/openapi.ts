// The /api reference, built from the contract alone: the route table (routes.ts: method, path, access), the
// TypeBox schemas of each route (schemas.ts: TypeBox schemas are JSON Schema), the error envelope (errors.ts)
// and the provider webhooks (webhooks.ts). What is written here is only what those cannot say: a summary per
// route, the failures worth naming, the media types that are not JSON and the providers' wire formats.
// Served by the api as GET /api/openapi.json and rendered as GET /api/docs. Server only: browser code never
// imports it (browser-entries.test.ts).
import type { TSchema } from '@sinclair/typebox';
import packageJson from '../package.json' with { type: 'json' };
import { adminSchemas } from './admin/schema.ts';
import { billingSchemas } from './billing/schema.ts';
import { callSchemas } from './calls/schema.ts';
import { contactSchemas } from './contacts/schema.ts';
import { ErrorEnvelope, errorCodes } from './errors.ts';
import { healthSchemas } from './health/schema.ts';
import { forwardingSchemas } from './numbers/forwarding.ts';
import { greetingSchemas } from './numbers/greeting.ts';
import { numberSchemas } from './numbers/schema.ts';
import { avatarContentTypes, maxAvatarBytes } from './profile/rules.ts';
import { profileSchemas } from './profile/schema.ts';
import { rateSchemas } from './rates/schema.ts';
import { referenceSchemas } from './reference/schema.ts';
import { routes, type Access, type RouteDefinition, type RouteName } from './routes.ts';
import { routeSchemas, type RouteSchemas } from './schemas.ts';
import { userSchemas } from './users/schema.ts';
import { webhooks, type WebhookName } from './webhooks.ts';

/** A JSON Schema (2020-12, as OpenAPI 3.1 takes it) as plain JSON. */
export type JsonSchema = { [key: string]: unknown };

/** The parts of an OpenAPI 3.1 document this module writes (and the api's page reads). */
export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}
export interface OpenApiMedia {
  schema?: JsonSchema;
  example?: unknown;
}
export interface OpenApiResponse {
  description: string;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
  content?: Record<string, OpenApiMedia>;
}
export type OpenApiResponseOrRef = OpenApiResponse | { $ref: string };
export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: OpenApiParameter[];
  requestBody?: { required: boolean; description?: string; content: Record<string, OpenApiMedia> };
  responses: Record<string, OpenApiResponseOrRef>;
  'x-access'?: Access | 'provider';
}
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
export interface OpenApiDocument {
  openapi: '3.1.0';
  jsonSchemaDialect: string;
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string; description?: string }>;
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, Partial<Record<HttpMethod, OpenApiOperation>>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, OpenApiResponse>;
    securitySchemes: Record<string, { type: 'http'; scheme: 'bearer'; bearerFormat: string; description: string }>;
  };
}

export const bearerScheme = 'supabaseAccessToken';

// ---------------------------------------------------------------------------------------------------------
// Domains: a route's tag is the domain whose schema table holds it (schemas.ts spreads the same tables).

export const domains = [
  { tag: 'Health', description: 'Whether the api and its database answer.', schemas: healthSchemas },
  { tag: 'Reference', description: 'This reference: the OpenAPI document and its HTML page.', schemas: referenceSchemas },
  { tag: 'Account', description: 'The signed-in user and their preferences.', schemas: userSchemas },
  { tag: 'Profile', description: 'Names, avatar, data export and account deletion.', schemas: profileSchemas },
  { tag: 'Contacts', description: 'The address book.', schemas: contactSchemas },
  { tag: 'Billing', description: 'The balance history and top-ups through Stripe Checkout.', schemas: billingSchemas },
  { tag: 'Rates', description: 'Per-minute prices by destination; public, cacheable, rate-limited per address.', schemas: rateSchemas },
  { tag: 'Numbers', description: 'Virtual numbers and verified caller IDs.', schemas: numberSchemas },
  { tag: 'Voicemail greetings', description: 'What callers of a virtual number hear before they leave a message.', schemas: greetingSchemas },
  { tag: 'Call forwarding', description: 'Where calls to a virtual number go when the browser does not take them: one of the user\'s verified caller IDs, billed like an outgoing call.', schemas: forwardingSchemas },
  { tag: 'Calls', description: 'Placing calls from the browser, their status and history.', schemas: callSchemas },
  { tag: 'Admin', description: 'The admin console: users, money actions, calls, finances, rates. Admins only.', schemas: adminSchemas },
] as const;

export const webhookTag = { tag: 'Webhooks', description: 'What Stripe and Twilio send the api, outside /api, signed by the provider.' };

/** The domain tag of a route. */
export function tagOf(name: RouteName): string {
  const domain = domains.find((d) => Object.hasOwn(d.schemas, name));
  if (!domain) throw new Error(`route ${name} belongs to no domain of the reference`);
  return domain.tag;
}

// ---------------------------------------------------------------------------------------------------------
// What the route table and the schemas cannot say. `Record<RouteName, …>`: a new route does not typecheck
// until it is described here.

interface RouteDoc {
  summary: string;
  description?: string;
  /** Failures worth naming beyond the ones every route of its kind has (400, 401, 403, 404: see `errorsOf`). */
  errors?: Partial<Record<number, string>>;
}

const routeDocs: Record<RouteName, RouteDoc> = {
  health: {
    summary: 'Readiness',
    description:
      '200 when the api can serve requests: every check (the database) answers within a second. 503 with the failing check otherwise: a load balancer takes the process out until it answers 200 again. Never cached.',
  },
  liveness: {
    summary: 'Liveness',
    description: '200 whenever the process answers, whatever its database does: restart the process only when this fails. Never cached.',
  },
  openApiDocument: { summary: 'This reference as an OpenAPI 3.1 document' },
  apiReference: { summary: 'This reference as an HTML page' },

  currentUser: { summary: 'The signed-in user', description: 'Profile, balance and preferences of the user the token belongs to.' },
  updatePreference: { summary: 'Change one preference' },

  updateProfileNames: { summary: 'Change first and last name', description: 'Each at most 100 characters.' },
  uploadAvatar: {
    summary: 'Upload an avatar',
    description: `The body is the image itself (${avatarContentTypes.join(', ')}; at most ${maxAvatarBytes / 1024 / 1024} MB), not JSON. Answers the user with the new \`profileImageUrl\`.`,
    errors: { 413: 'The image is too large.', 415: 'Not a PNG, JPEG or WebP image (by type or by its bytes).' },
  },
  deleteAvatar: { summary: 'Remove the avatar' },
  getNumberForwarding: { summary: 'A number\'s call forwarding', description: '`unanswered`: calls nobody takes in the browser; `always`: every call. `to` is null when off.' },
  setNumberForwarding: {
    summary: 'Forward a number\'s calls',
    description: 'To one of the user\'s verified caller IDs. A forwarded call is billed per minute at the destination\'s rate, with the hold and time limit of an outgoing call; the caller hears a message when the balance cannot pay its first minute.',
  },
  getVoicemailGreeting: { summary: 'A number\'s voicemail greeting', description: 'Null: callers hear the spoken default.' },
  uploadVoicemailGreeting: {
    summary: 'Record a voicemail greeting',
    description: 'The body is the recording itself, a WAV file (PCM, mono, 16-bit, 8-48 kHz, 1 to 60 s, at most 1 MB), not JSON. Replaces the number\'s greeting.',
    errors: { 400: 'Too short or too long.', 404: 'Not one of my numbers.', 413: 'Larger than 1 MB.', 415: 'Not such a WAV file.' },
  },
  deleteVoicemailGreeting: { summary: 'Go back to the spoken greeting' },
  getVoicemailGreetingAudio: { summary: 'Listen to my voicemail greeting' },
  carrierGreetingAudio: { summary: 'A voicemail greeting, for the carrier', description: 'Public: the id is unguessable (every caller hears the greeting). Where the carrier fetches it for `<Play>`.' },
  getAvatar: { summary: 'An avatar image', description: 'Public: the id is unguessable. Cached for a year.' },
  exportUserData: { summary: 'Export all my data', description: 'A JSON download (Content-Disposition: attachment).' },
  deleteAccount: {
    summary: 'Delete my account',
    description: 'The body confirms with the account\'s e-mail address. Releases the user\'s numbers.',
    errors: {
      400: 'The confirmation does not match the e-mail address (`confirmation_mismatch`), or the body is not valid.',
      503: 'The phone carrier or the sign-in service (Supabase Auth) failed (`unavailable`). What was done stays done; deleting again finishes it (no new confirmation once the profile is deleted).',
    },
  },

  listContacts: { summary: 'List contacts', description: 'Optionally filtered by `search`.' },
  createContact: { summary: 'Create a contact', errors: { 409: 'The number is already a contact (`conflict`).' } },
  saveContactFromCall: { summary: 'Save a called number as a contact', errors: { 409: 'The number is already a contact (`conflict`).' } },
  updateContact: { summary: 'Change a contact', errors: { 409: 'The new number is already another contact (`conflict`).' } },
  deleteContact: { summary: 'Delete a contact' },

  listTransactions: { summary: 'Balance history', description: 'Newest first, paged by `cursor`, optionally one `kind`.' },
  createCheckoutSession: {
    summary: 'Start a top-up',
    description: 'Creates a Stripe Checkout session for $5 to $500 and answers where to send the browser.',
    errors: { 502: 'Stripe did not answer as expected (`bad_gateway`).' },
  },
  getCheckoutSession: { summary: 'Where a top-up stands', description: 'Whether the session is paid and credited yet.' },
  createPortalSession: { summary: 'Open the Stripe billing portal', errors: { 409: 'No payment methods yet (no Stripe customer).' } },

  listVirtualNumbers: { summary: 'My virtual numbers', description: 'Active ones and those in their grace period, newest first.' },
  getNumberPricing: { summary: 'Virtual number prices of a country', description: 'Cacheable for an hour.' },
  searchNumbers: { summary: 'Search numbers to buy', errors: { 404: 'No number matches (`no_available_numbers`): not a failure, an empty search.' } },
  purchaseNumber: {
    summary: 'Buy a number',
    errors: {
      402: 'The balance does not cover the price (`insufficient_balance`; `details` has `balance` and `required`).',
      409: 'The price changed (`price_changed`) or the number was taken (`number_unavailable`).',
    },
  },
  releaseNumber: { summary: 'Release a number', description: 'Released at the carrier at once; no refund.' },
  listCallerIds: { summary: 'My verified caller IDs' },
  initiateCallerId: {
    summary: 'Verify a caller ID',
    description: 'The carrier calls the number; whoever answers types the code this answers with.',
    errors: { 409: 'The number is already verified, by you or another account (`conflict`).' },
  },
  checkCallerIdStatus: { summary: 'Where a caller ID verification stands' },
  deleteCallerId: { summary: 'Remove a caller ID', description: 'Removed at the carrier too.' },

  getCallingToken: { summary: 'A Twilio Voice access token for the browser' },
  startCall: {
    summary: 'Start a call',
    description: 'Checks the destination, the rate and the balance, and answers the limits the call runs under.',
    errors: {
      400: 'Not a number or a caller ID that is not yours (`validation_failed`), a premium-rate, shared-cost or blocked destination (`destination_refused`), or no rate for it (`no_rate`).',
      402: 'The balance does not cover the connection fee and a minute (`insufficient_balance`).',
      409: 'Another call is in progress (`call_in_progress`).',
    },
  },
  setCallSid: { summary: 'Link the carrier\'s call SID to a call', errors: { 409: 'The call already has a SID, or the SID belongs to another call (`conflict`).' } },
  getCallStatus: { summary: 'A call\'s status, duration and cost' },
  listCalls: { summary: 'Call history', description: 'Newest first, paged by `cursor`.' },
  sendCallFeedback: { summary: 'Rate a call', description: 'Once per call, after it ended.', errors: { 409: 'The call has not ended, or was already rated (`conflict`).' } },
  currentCall: {
    summary: 'My call still under way',
    description: 'The newest of my calls still queued, ringing or in progress, or null: what a reloaded page shows with its End Call.',
  },
  endCall: {
    summary: 'End my call',
    description:
      'For a page that no longer has the call (after a reload): the carrier is asked to end it, and its status callbacks settle it. A call the carrier does not know, or that never reached it, is ended and settled at once.',
    errors: { 409: 'The call has already ended (`conflict`).', 503: 'The phone carrier could not be reached (`unavailable`): the call goes on; try again.' },
  },
  unseenCalls: {
    summary: 'How many missed calls I have not seen',
    description: 'Incoming calls nobody took (missed or declined) since I last opened Recent Calls: the Calls tab\'s badge.',
  },
  markCallsSeen: { summary: 'I have seen my missed calls', description: 'Recent Calls was opened: every missed call until now is seen.' },
  setCallQuality: {
    summary: 'Keep what the calling device measured on a call',
    description:
      'The worst MOS and the warnings the Voice SDK raised, during or after the call. Added to what the call already has: the lower MOS, the warnings of both (at most 10).',
  },
  getVoicemailAudio: {
    summary: 'Listen to a voicemail',
    description:
      'The audio of the message a caller left on one of my calls (audio/wav), fetched from the carrier with the account\'s credentials and streamed under my session. Another user\'s call, or a call without a voicemail, is 404.',
    errors: { 404: 'No voicemail on a call of mine with this id (`not_found`).', 503: 'The phone carrier could not be reached (`unavailable`).' },
  },
  markVoicemailHeard: { summary: 'Mark a voicemail heard', errors: { 404: 'No voicemail on a call of mine with this id (`not_found`).' } },
  deleteVoicemail: {
    summary: 'Delete a voicemail',
    description: 'Removed at the carrier and here; the call itself stays in Recent Calls.',
    errors: { 404: 'No voicemail on a call of mine with this id (`not_found`).', 503: 'The phone carrier could not be reached (`unavailable`): nothing was deleted.' },
  },

  lookupRate: {
    summary: 'Rate for a number',
    description: 'The price per minute of calling `number`. Cacheable for a minute, with an ETag.',
    errors: { 404: 'No prefix of the deck matches the number.', 429: 'Too many lookups from this address; see `Retry-After`.' },
  },
  listRateCountries: { summary: 'Countries with rates', description: 'Optionally filtered by `search`. Cacheable for a minute.', errors: { 429: 'Too many lookups from this address.' } },
  getCountry: { summary: 'One country\'s rates', description: 'By ISO 3166-1 alpha-2 code. Cacheable for a minute.', errors: { 429: 'Too many lookups from this address.' } },

  adminDashboard: { summary: 'Dashboard figures', description: 'Over the last `days` (30 by default).' },
  adminUsers: { summary: 'Find users' },
  adminUser: { summary: 'One user in detail' },
  adminAdjustBalance: {
    summary: 'Credit or debit a user',
    description: 'Recorded in the ledger and the audit log with its reason.',
    errors: { 409: 'The balance cannot go below zero (`conflict`).' },
  },
  adminSetRole: { summary: 'Make a user an admin or a customer' },
  adminCalls: { summary: 'Find calls' },
  adminRefundCall: { summary: 'Refund a call', errors: { 409: 'The database refuses the refund, e.g. a second one (`conflict`).' } },
  adminFinancial: { summary: 'Financial report' },
  adminFinancialCsv: { summary: 'Financial report as CSV' },
  adminLedgerCheck: { summary: 'Recompute every balance from the ledger' },
  adminAuditLog: { summary: 'Audit log' },
  adminRates: { summary: 'A country\'s rate deck' },
  adminImportRates: { summary: 'Import a rate deck (CSV)' },
  adminSetRate: { summary: 'Set one rate' },
  adminBlockPrefix: { summary: 'Block calls to a prefix' },
  adminUnblockPrefix: { summary: 'Unblock a prefix' },
};

/** Media types other than JSON, by route: bodies that are bytes, answers that are files or pages. */
const binary: JsonSchema = { type: 'string', contentEncoding: 'binary' };
const requestMedia: Partial<Record<RouteName, Record<string, OpenApiMedia>>> = {
  uploadAvatar: Object.fromEntries(avatarContentTypes.map((type) => [type, { schema: binary }])),
  uploadVoicemailGreeting: { 'audio/wav': { schema: binary } },
};
const responseMedia: Partial<Record<RouteName, Record<string, OpenApiMedia>>> = {
  getAvatar: Object.fromEntries(avatarContentTypes.map((type) => [type, { schema: binary }])),
  getVoicemailGreetingAudio: { 'audio/wav': { schema: binary } },
  carrierGreetingAudio: { 'audio/wav': { schema: binary } },
  getVoicemailAudio: { 'audio/wav': { schema: binary } },
  adminFinancialCsv: { 'text/csv': { schema: { type: 'string' } } },
  apiReference: { 'text/html': { schema: { type: 'string' } } },
};

// ---------------------------------------------------------------------------------------------------------
// TypeBox → plain JSON Schema.

const schemaMaps = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
const schemaValues = new Set(['items', 'additionalProperties', 'unevaluatedProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'additionalItems']);
const schemaLists = new Set(['anyOf', 'allOf', 'oneOf', 'prefixItems']);

/**
 * A TypeBox schema as plain JSON Schema: TypeBox's symbols dropped; its non-standard `error` option (the
 * message the api answers when the field fails) kept as the extension `x-error-message`.
 */
export function toJsonSchema(schema: TSchema | JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (value === undefined || typeof value === 'function') continue;
    if (key === 'error') {
      if (typeof value === 'string') out['x-error-message'] = value;
    } else if (schemaMaps.has(key) && isObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, isObject(sub) ? toJsonSchema(sub) : sub]));
    } else if (schemaValues.has(key) && isObject(value)) {
      out[key] = toJsonSchema(value);
    } else if (schemaLists.has(key) && Array.isArray(value)) {
      out[key] = value.map((sub: unknown) => (isObject(sub) ? toJsonSchema(sub) : sub));
    } else {
      out[key] = structuredClone(value);
    }
  }
  return out;
}

const isObject = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A TypeBox `Type.Void()`: a response with no body. */
const isVoid = (schema: JsonSchema) => schema.type === 'void';

interface JsonRouteSchemas {
  params?: JsonSchema;
  query?: JsonSchema;
  body?: JsonSchema;
  response: Record<string, JsonSchema>;
}

/**
 * Every route's schemas as JSON, taken when this module loads: before any app mounts them, because Elysia
 * annotates the schema objects it mounts (e.g. `additionalProperties` on responses), and the reference is
 * what the contract says, whichever order things happen in.
 */
const jsonRouteSchemas = Object.fromEntries(
  Object.entries(routeSchemas as Record<RouteName, RouteSchemas>).map(([name, schemas]) => {
    const json: JsonRouteSchemas = {
      response: Object.fromEntries(Object.entries(schemas.response).map(([status, schema]) => [status, toJsonSchema(schema!)])),
    };
    for (const part of ['params', 'query', 'body'] as const) {
      const schema = schemas[part];
      if (schema) json[part] = toJsonSchema(schema);
    }
    return [name, json];
  }),
) as Record<RouteName, JsonRouteSchemas>;

// ---------------------------------------------------------------------------------------------------------
// Operations.

/** `/api/contacts/:id` → `/api/contacts/{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** The `:name` parameters of an Elysia-style path. */
export const pathParameterNames = (path: string) => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);

function objectProperties(json: JsonSchema | undefined, where: string): { properties: Record<string, JsonSchema>; required: Set<string> } {
  if (!json) return { properties: {}, required: new Set() };
  if (json.type !== 'object' || !isObject(json.properties)) throw new Error(`${where} is not an object schema`);
  return { properties: json.properties as Record<string, JsonSchema>, required: new Set((json.required as string[] | undefined) ?? []) };
}

function parametersOf(route: RouteDefinition<RouteName>, schemas: JsonRouteSchemas): OpenApiParameter[] {
  const params = objectProperties(schemas.params, `${route.name}.params`);
  const query = objectProperties(schemas.query, `${route.name}.query`);
  const parameter = (name: string, place: 'path' | 'query', schema: JsonSchema, required: boolean): OpenApiParameter => {
    const { description, ...rest } = schema;
    return { name, in: place, required, ...(typeof description === 'string' ? { description } : {}), schema: rest };
  };
  return [
    // every `:name` of the path, described by the params schema when it has one
    ...pathParameterNames(route.path).map((name) => parameter(name, 'path', params.properties[name] ?? { type: 'string' }, true)),
    ...Object.entries(query.properties).map(([name, schema]) => parameter(name, 'query', schema, query.required.has(name))),
  ];
}

const statusText: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No content', 503: 'Unavailable' };

function successResponses(name: RouteName, schemas: JsonRouteSchemas): Record<string, OpenApiResponse> {
  const responses: Record<string, OpenApiResponse> = {};
  for (const [status, schema] of Object.entries(schemas.response)) {
    const description = typeof schema.description === 'string' ? schema.description : (statusText[Number(status)] ?? 'Answer');
    const media = responseMedia[name];
    responses[status] = isVoid(schema)
      ? { description }
      : { description, content: media ?? { 'application/json': { schema } } };
  }
  if (Object.keys(responses).length === 0) responses['200'] = { description: 'OK', content: responseMedia[name] ?? {} };
  if (name === 'exportUserData') {
    responses['200']!.headers = { 'Content-Disposition': { description: 'attachment; filename="ringwise-export-….json"', schema: { type: 'string' } } };
  }
  return responses;
}

/** The failures of a route: its kind's (400 with input, 401 signed-in, 403 admin, 404 with an id), its own, and the rest. */
function errorsOf(route: RouteDefinition<RouteName>, schemas: JsonRouteSchemas, doc: RouteDoc): Record<string, OpenApiResponseOrRef> {
  const errors: Record<string, OpenApiResponseOrRef> = {};
  if (schemas.params || schemas.query || schemas.body || requestMedia[route.name]) errors['400'] = { $ref: '#/components/responses/BadRequest' };
  if (route.access !== 'public') errors['401'] = { $ref: '#/components/responses/Unauthorized' };
  if (route.access === 'admin') errors['403'] = { $ref: '#/components/responses/Forbidden' };
  if (pathParameterNames(route.path).length > 0) errors['404'] = { $ref: '#/components/responses/NotFound' };
  for (const [status, description] of Object.entries(doc.errors ?? {})) errors[status] = envelopeResponse(description!);
  errors.default = { $ref: '#/components/responses/Error' };
  return errors;
}

const envelopeRef = { $ref: '#/components/schemas/ErrorEnvelope' };
const envelopeResponse = (description: string): OpenApiResponse => ({ description, content: { 'application/json': { schema: envelopeRef } } });

const accessText: Record<Access, string> = {
  public: 'Public: no token needed.',
  user: 'Needs a signed-in user: `Authorization: Bearer <Supabase access token>`.',
  admin: 'Needs a signed-in admin: `Authorization: Bearer <Supabase access token>` of a user whose role is admin (403 for anyone else).',
};

function operationOf(route: RouteDefinition<RouteName>): OpenApiOperation {
  const schemas = jsonRouteSchemas[route.name];
  const doc = routeDocs[route.name];
  const parameters = parametersOf(route, schemas);
  const media = requestMedia[route.name];
  return {
    operationId: route.name,
    summary: doc.summary,
    description: [doc.description, accessText[route.access]].filter(Boolean).join('\n\n'),
    tags: [tagOf(route.name)],
    ...(route.access === 'public' ? {} : { security: [{ [bearerScheme]: [] }] }),
    ...(parameters.length ? { parameters } : {}),
    ...(media
      ? { requestBody: { required: true, content: media } }
      : schemas.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: schemas.body } } } }
        : {}),
    responses: { ...successResponses(route.name, schemas), ...errorsOf(route, schemas, doc) },
    'x-access': route.access,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Webhooks: the providers' formats, documented (their bodies are read raw and checked by signature).

const twilioSignature: OpenApiParameter = {
  name: 'X-Twilio-Signature',
  in: 'header',
  required: true,
  description:
    'base64(HMAC-SHA1(auth token, URL + every form field as key then value, keys sorted)). The URL is PUBLIC_URL + path + query exactly as given to Twilio; a request that does not verify answers 403.',
  schema: { type: 'string' },
};

const twilioCallFields: Record<string, JsonSchema> = {
  AccountSid: { type: 'string', pattern: '^AC[0-9a-fA-F]{32}$' },
  CallSid: { type: 'string', pattern: '^CA[0-9a-fA-F]{32}$' },
  From: { type: 'string', description: 'The caller: `client:<identity>` for the browser, else E.164.' },
  To: { type: 'string' },
  Called: { type: 'string' },
  Caller: { type: 'string' },
  Direction: { type: 'string', examples: ['inbound', 'outbound-dial'] },
  ApiVersion: { type: 'string', const: '2010-04-01' },
};
const twilioForm = (properties: Record<string, JsonSchema>, required: string[]): Record<string, OpenApiMedia> => ({
  'application/x-www-form-urlencoded': { schema: { type: 'object', properties: { ...twilioCallFields, ...properties }, required: ['AccountSid', 'CallSid', ...required], additionalProperties: { type: 'string' } } },
});
const twiml = (description: string): OpenApiResponse => ({ description, content: { 'text/xml': { schema: { type: 'string', description: 'TwiML: <Response>…</Response>' } } } });
const forbidden = (provider: string) => envelopeResponse(`The ${provider} signature does not verify (\`forbidden\`).`);
/** The api refuses a webhook body past its size while it streams, before its signature is checked. */
const tooLarge = (limit: string) => envelopeResponse(`The body is over ${limit} (\`payload_too_large\`): refused while it arrives, before the signature is checked.`);
const twilioTooLarge = tooLarge('64 KB');

const stripeEventTypes = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
];

const webhookDocs: Record<WebhookName, Omit<OpenApiOperation, 'operationId' | 'tags' | 'x-access'>> = {
  stripeEvents: {
    summary: 'Stripe events',
    description: [
      'Stripe delivers each event as JSON, signed in the `Stripe-Signature` header. The api checks the signature over the raw body with STRIPE_WEBHOOK_SECRET (dated at most 300 s before or after the api clock) and settles each event once, in one transaction with what it does: repeats, late and out-of-order deliveries are answered 200 and change nothing.',
      `Event types acted on: ${stripeEventTypes.map((type) => `\`${type}\``).join(', ')}. Any other type is recorded and answered 200.`,
    ].join('\n\n'),
    parameters: [
      {
        name: 'Stripe-Signature',
        in: 'header',
        required: true,
        description: '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the whsec_… secret>` (more `v1=` may follow; other schemes are ignored).',
        schema: { type: 'string' },
      },
    ],
    requestBody: {
      required: true,
      description: 'A Stripe Event object.',
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['id', 'object', 'type', 'data', 'created'],
            properties: {
              id: { type: 'string', pattern: '^evt_' },
              object: { const: 'event' },
              type: { type: 'string', examples: stripeEventTypes },
              api_version: { type: 'string' },
              created: { type: 'integer', description: 'Unix seconds' },
              livemode: { type: 'boolean' },
              data: {
                type: 'object',
                required: ['object'],
                properties: { object: { type: 'object', description: 'The Checkout Session or PaymentIntent the event is about.' } },
              },
            },
          },
        },
      },
    },
    responses: {
      '200': { description: 'Received (settled now, or before)', content: { 'application/json': { schema: { type: 'object', properties: { received: { const: true } }, required: ['received'] } } } },
      '400': envelopeResponse('The signature does not verify, or is dated more than 300 s from now either way (`bad_signature`). Stripe retries.'),
      '413': tooLarge('1 MB'),
      default: { $ref: '#/components/responses/Error' },
    },
  },
  twilioVoice: {
    summary: 'Twilio: a call from the browser',
    description:
      'The TwiML App\'s Voice URL. Twilio posts the call the browser placed with the Voice SDK, with its `callId` parameter; the api answers with `<Dial callerId timeLimit answerOnBridge><Number statusCallback=…/webhooks/twilio/status?callId=…>`, or a spoken message when the call cannot be connected.',
    parameters: [twilioSignature],
    requestBody: { required: true, content: twilioForm({ callId: { type: 'string', description: 'The id `POST /api/calls/start` answered.' } }, ['callId']) },
    responses: { '200': twiml('TwiML dialling the destination'), '403': forbidden('Twilio'), '413': twilioTooLarge, default: { $ref: '#/components/responses/Error' } },
  },
  twilioCallStatus: {
    summary: 'Twilio: call progress',
    description:
      'The status callbacks of a dialled number (initiated, ringing, answered, completed). Deliveries may come late, twice or out of order: they are applied by `SequenceNumber`. The terminal one settles the call\'s cost.',
    parameters: [
      twilioSignature,
      { name: 'callId', in: 'query', required: true, description: 'The call this leg belongs to (put in the URL by the voice webhook).', schema: { type: 'string' } },
    ],
    requestBody: {
      required: true,
      content: twilioForm(
        {
          CallStatus: { type: 'string', enum: ['initiated', 'ringing', 'in-progress', 'completed', 'busy', 'no-answer', 'failed', 'canceled'] },
          SequenceNumber: { type: 'string', pattern: '^\\d+$' },
          CallDuration: { type: 'string', pattern: '^\\d+$', description: 'Seconds; on the terminal event.' },
          ParentCallSid: { type: 'string' },
          Timestamp: { type: 'string', description: 'RFC 2822' },
        },
        ['CallStatus'],
      ),
    },
    responses: { '204': { description: 'Recorded (or ignored)' }, '403': forbidden('Twilio'), '413': twilioTooLarge, default: { $ref: '#/components/responses/Error' } },
  },
  twilioIncoming: {
    summary: 'Twilio: a call to a purchased number',
    description: 'The Voice URL of every number bought through the api: rings its owner\'s browser (`<Dial><Client>`), or says the number is not in service.',
    parameters: [twilioSignature],
    requestBody: { required: true, content: twilioForm({}, []) },
    responses: { '200': twiml('TwiML ringing the owner, or a spoken message'), '403': forbidden('Twilio'), '413': twilioTooLarge, default: { $ref: '#/components/responses/Error' } },
  },
  twilioVoicemail: {
    summary: 'Twilio: an incoming call nobody answered',
    description:
      'The `<Dial>` action of an incoming call (`step=unanswered`): a call the browser did not take is forwarded (when the number forwards unanswered calls) or goes to voicemail (the greeting, then `<Record>` of up to 2 minutes); the forwarded leg\'s `<Dial>` action (`step=forwarded`): voicemail when the user\'s phone did not answer; and the `<Record>` action (`step=recorded`): a goodbye.',
    parameters: [
      twilioSignature,
      { name: 'callId', in: 'query', required: true, description: 'The incoming call (put in the URL by the incoming webhook).', schema: { type: 'string' } },
      { name: 'step', in: 'query', required: true, description: '`unanswered`, `forwarded` or `recorded`.', schema: { type: 'string', enum: ['unanswered', 'forwarded', 'recorded'] } },
    ],
    requestBody: {
      required: true,
      content: twilioForm({ DialCallStatus: { type: 'string' }, RecordingSid: { type: 'string' }, RecordingDuration: { type: 'string', pattern: '^\\d+$' } }, []),
    },
    responses: { '200': twiml('TwiML: the voicemail, or a goodbye'), '403': forbidden('Twilio'), '413': twilioTooLarge, default: { $ref: '#/components/responses/Error' } },
  },
  twilioRecording: {
    summary: 'Twilio: a voicemail was recorded',
    description: 'The `<Record>`\'s recordingStatusCallback: the message becomes the call\'s voicemail, once, and its owner is e-mailed once.',
    parameters: [
      twilioSignature,
      { name: 'callId', in: 'query', required: true, description: 'The incoming call the message was left on.', schema: { type: 'string' } },
    ],
    requestBody: {
      required: true,
      content: twilioForm(
        {
          RecordingSid: { type: 'string', description: 'RE…' },
          RecordingStatus: { type: 'string', enum: ['in-progress', 'completed', 'absent', 'failed'] },
          RecordingDuration: { type: 'string', pattern: '^\\d+$' },
          RecordingUrl: { type: 'string' },
        },
        ['RecordingSid', 'RecordingStatus'],
      ),
    },
    responses: { '204': { description: 'Kept (or ignored)' }, '403': forbidden('Twilio'), '413': twilioTooLarge, default: { $ref: '#/components/responses/Error' } },
  },
  twilioCallerId: {
    summary: 'Twilio: caller ID verification outcome',
    description: 'When the verification call ends Twilio posts its outcome; the pending caller ID of that call becomes verified or failed (idempotent).',
    parameters: [twilioSignature],
    requestBody: {
      required: true,
      content: twilioForm(
        {
          VerificationStatus: { type: 'string', enum: ['success', 'failed'] },
          OutgoingCallerIdSid: { type: 'string', description: 'PN…, on success.' },
        },
        ['VerificationStatus'],
      ),
    },
    responses: { '200': twiml('An empty <Response/>'), '403': forbidden('Twilio'), '413': twilioTooLarge, default: { $ref: '#/components/responses/Error' } },
  },
};

// ---------------------------------------------------------------------------------------------------------

const methodOf = (method: string) => method.toLowerCase() as HttpMethod;

export interface OpenApiOptions {
  /** Where the api is reached (PUBLIC_URL); the document's server. */
  serverUrl?: string;
}

const description = `The Ringwise api: every /api route of \`@ringwise/contract\`, and the webhooks Stripe and Twilio send.

**Values.** Money is an exact decimal string with 2 decimals (\`"12.50"\`), never a JSON number; a price per minute has 6 (\`"0.032000"\`); times are ISO 8601 in UTC; phone numbers E.164.

**Auth.** Routes marked with the \`${bearerScheme}\` scheme need a Supabase Auth access token (a JWT) as \`Authorization: Bearer <token>\`; without a valid one they answer 401 with \`WWW-Authenticate: Bearer\`. Admin routes also need the user's role to be admin (403 otherwise). Everything else is public.

**Errors.** Every failure answers \`{ "error": { "code", "message", "details"? } }\` with its HTTP status: \`message\` is for people, \`code\` for programs, one of ${errorCodes.map((code) => `\`${code}\``).join(', ')} (a client treats a code it does not know yet by its HTTP status). \`validation_failed\` carries \`details.fieldErrors\` (field → message).`;

/** The OpenAPI 3.1 document of the contract. */
export function openApiDocument(options: OpenApiOptions = {}): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const add = (path: string, method: HttpMethod, operation: OpenApiOperation) => {
    const item = (paths[openApiPath(path)] ??= {});
    if (item[method]) throw new Error(`${method.toUpperCase()} ${path} is documented twice`);
    item[method] = operation;
  };
  // by path (the table is a module namespace, in the order of the routes' names), so each area's routes stay together
  const byPath = (Object.values(routes) as Array<RouteDefinition<RouteName>>).toSorted((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const route of byPath) add(route.path, methodOf(route.method), operationOf(route));
  for (const hook of Object.values(webhooks)) {
    add(hook.path, methodOf(hook.method), { operationId: hook.name, tags: [webhookTag.tag], ...webhookDocs[hook.name], 'x-access': 'provider' });
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    info: { title: 'Ringwise API', version: packageJson.version, description },
    servers: [{ url: options.serverUrl ?? '/', description: 'This api (PUBLIC_URL)' }],
    tags: [...domains.map(({ tag, description }) => ({ name: tag, description })), { name: webhookTag.tag, description: webhookTag.description }],
    paths,
    components: {
      schemas: { ErrorEnvelope: { ...toJsonSchema(ErrorEnvelope), description: 'Every failure: `{ error: { code, message, details? } }`.' } },
      responses: {
        BadRequest: envelopeResponse(
          'The request is not what the route takes: `validation_failed` with `details.fieldErrors` (field → message) for values, `bad_request` for a malformed request.',
        ),
        Unauthorized: {
          ...envelopeResponse('No token, or one that is not valid, expired or of a session that ended (`unauthorized`).'),
          headers: { 'WWW-Authenticate': { description: '`Bearer`', schema: { type: 'string' } } },
        },
        Forbidden: envelopeResponse('Signed in, but not an admin (`forbidden`).'),
        NotFound: envelopeResponse('No such entry, or not yours (`not_found`).'),
        Error: envelopeResponse(
          'Any other failure, in the error envelope: 405 (with `Allow`), 413 a body over its limit, 415 a body that is not JSON, 429 too many requests (with `Retry-After`), 500, 502 a provider failed, 503 a dependency is down.',
        ),
      },
      securitySchemes: {
        [bearerScheme]: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'A Supabase Auth access token (from signing in), verified by the api against the project\'s signing keys.',
        },
      },
    },
  };
}
