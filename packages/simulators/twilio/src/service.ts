// The REST resources: what each request does to the simulator's tables and the JSON Twilio answers with
// (twilio-facts.md §1; field names and shapes as in Twilio's OpenAPI spec of 2010-04-01).
import { randomBytes, randomInt } from 'node:crypto';
import { lineOf } from '@ringwise/phone/types';
import type { SimulatorSql as Sql } from '@ringwise/simulator-common/host';
import { onSale, saleOf, type NumberType } from './catalogue.ts';
import {
  alreadyValidated,
  invalidParameter,
  invalidToNumber,
  missingParameter,
  notFound,
  phoneNumberInvalid,
  phoneNumberNotAvailable,
  TwilioApiError,
} from './errors.ts';
import {
  capabilitiesOf,
  friendlyNameOf,
  localityOf,
  parseContains,
  PatternError,
  searchInventory,
  searchTypes,
  type SearchType,
} from './inventory.ts';
import * as store from './store.ts';

export const apiVersion = '2010-04-01';

/**
 * Magic numbers, like Twilio's test credentials' (twilio.com/docs/iam/test-credentials):
 * - buying `+15005550000` always fails with 21422 "PhoneNumber is not available";
 * - buying `+15005550001` always fails with 21421 "PhoneNumber is invalid".
 * (Both are outside every real inventory anyway: 500 is not a geographic NANP area code.)
 */
export const magicNumbers = { unavailable: '+15005550000', invalid: '+15005550001' } as const;

/** Wrong verification codes a request survives: the third one fails it. */
export const maxWrongCodes = 3;

export interface ServiceContext {
  sql: Sql;
  /** The clock, in milliseconds. */
  now: number;
  accountSid: string;
}

/** A callback to send once the transaction has committed. */
export interface PendingCallback {
  url: string;
  method: string;
  params: Record<string, string>;
}

export interface ApiResult {
  status: number;
  body: unknown;
}

/** `Tue, 31 Aug 2010 20:36:28 +0000`. */
export function rfc2822(ms: number | string): string {
  return new Date(Number(ms)).toUTCString().replace(/GMT$/, '+0000');
}

/** A SID: two letters and 32 hex digits. */
export function newSid(prefix: string): string {
  return `${prefix}${randomBytes(16).toString('hex')}`;
}

const accountPath = (ctx: ServiceContext) => `/${apiVersion}/Accounts/${ctx.accountSid}`;

// ── paging ──

export function readPage(params: URLSearchParams): store.PageQuery {
  const size = params.get('PageSize');
  const page = params.get('Page');
  const pageSize = size === null ? 50 : Number(size);
  if (!/^\d+$/.test(size ?? '50') || pageSize < 1 || pageSize > 1000) throw invalidParameter('PageSize must be an integer between 1 and 1000');
  if (page !== null && !/^\d+$/.test(page)) throw invalidParameter('Page must be a non-negative integer');
  return { page: page === null ? 0 : Number(page), pageSize };
}

/** A list page as Twilio renders it; `next_page_uri` only when there is one (the SDK follows it). */
function listPage(key: string, items: unknown[], path: string, params: URLSearchParams, query: store.PageQuery, more: boolean) {
  const uriOf = (page: number) => {
    const q = new URLSearchParams(params);
    q.delete('PageToken');
    q.set('PageSize', String(query.pageSize));
    q.set('Page', String(page));
    return `${path}?${q.toString()}`;
  };
  const start = query.page * query.pageSize;
  return {
    [key]: items,
    end: items.length === 0 ? start : start + items.length - 1,
    first_page_uri: uriOf(0),
    next_page_uri: more ? uriOf(query.page + 1) : null,
    page: query.page,
    page_size: query.pageSize,
    previous_page_uri: query.page > 0 ? uriOf(query.page - 1) : null,
    start,
    uri: uriOf(query.page),
  };
}

// ── parameters ──

function optionalText(params: URLSearchParams, name: string, max = 2048): string | undefined {
  const value = params.get(name);
  if (value === null) return undefined;
  if (value.length > max) throw invalidParameter(`${name} must be at most ${max} characters long`);
  return value;
}

function friendlyName(params: URLSearchParams): string | undefined {
  return optionalText(params, 'FriendlyName', 64);
}

function method(params: URLSearchParams, name: string): string | undefined {
  const value = params.get(name);
  if (value === null || value === '') return undefined;
  const upper = value.toUpperCase();
  if (upper !== 'GET' && upper !== 'POST') throw invalidParameter(`${name} must be GET or POST`);
  return upper;
}

function url(params: URLSearchParams, name: string): string | null | undefined {
  const value = params.get(name);
  if (value === null) return undefined;
  if (value === '') return null;
  try {
    const parsed = new URL(value);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return value;
  } catch {
    // answered below
  }
  throw invalidParameter(`${name} is not a valid URL: ${value}`);
}

/** A typed number with its separators removed, when it is E.164-shaped. */
function e164Shaped(raw: string): string | null {
  const compact = raw.replace(/[\s().-]/g, '');
  return /^\+[1-9]\d{1,14}$/.test(compact) ? compact : null;
}

// ── AvailablePhoneNumbers ──

export function searchAvailable(ctx: ServiceContext, bought: ReadonlySet<string>, country: string, resource: SearchType, params: URLSearchParams, path: string): ApiResult {
  const type = searchTypes[resource];
  if (!onSale(country, type)) throw notFound(path);
  const pageSize = readPage(params).pageSize;
  const areaCode = params.get('AreaCode') ?? undefined;
  if (areaCode !== undefined && !/^\d{1,5}$/.test(areaCode)) throw new TwilioApiError(400, 21451, `Invalid area code: ${areaCode}`);
  const containsText = params.get('Contains') ?? undefined;
  let contains;
  try {
    contains = containsText === undefined || containsText === '' ? undefined : parseContains(containsText);
  } catch (error) {
    if (error instanceof PatternError) throw invalidParameter(error.message);
    throw error;
  }
  const numbers = searchInventory(country, type, { ...(areaCode ? { areaCode } : {}), ...(contains ? { contains, containsText } : {}) }, pageSize, bought);
  const capabilities = capabilitiesOf(country, type);
  const available = numbers.map((phoneNumber) => {
    const where = localityOf(phoneNumber);
    return {
      friendly_name: friendlyNameOf(phoneNumber),
      phone_number: phoneNumber,
      lata: where?.lata ?? null,
      locality: where?.locality ?? null,
      rate_center: where?.rateCenter ?? null,
      latitude: where?.latitude ?? null,
      longitude: where?.longitude ?? null,
      region: where?.region ?? null,
      postal_code: where?.postalCode ?? null,
      iso_country: country,
      address_requirements: 'none',
      beta: false,
      capabilities,
    };
  });
  const query = new URLSearchParams(params);
  query.set('PageSize', String(pageSize));
  const uri = `${path}?${query.toString()}`;
  return {
    status: 200,
    body: {
      available_phone_numbers: available,
      end: Math.max(0, available.length - 1),
      first_page_uri: uri,
      next_page_uri: null,
      page: 0,
      page_size: pageSize,
      previous_page_uri: null,
      start: 0,
      uri,
    },
  };
}

// ── IncomingPhoneNumbers ──

function incomingNumberResource(ctx: ServiceContext, row: store.IncomingNumberRow) {
  const uri = `${accountPath(ctx)}/IncomingPhoneNumbers/${row.sid}.json`;
  return {
    account_sid: row.account_sid,
    address_requirements: 'none',
    address_sid: null,
    api_version: apiVersion,
    beta: false,
    bundle_sid: null,
    capabilities: capabilitiesOf(row.country, row.number_type as NumberType),
    date_created: rfc2822(row.created_ms),
    date_updated: rfc2822(row.updated_ms),
    emergency_address_sid: null,
    emergency_address_status: 'unregistered',
    emergency_status: 'Inactive',
    friendly_name: row.friendly_name,
    identity_sid: null,
    origin: 'twilio',
    phone_number: row.phone_number,
    sid: row.sid,
    sms_application_sid: null,
    sms_fallback_method: 'POST',
    sms_fallback_url: null,
    sms_method: 'POST',
    sms_url: null,
    status: 'in-use',
    status_callback: row.status_callback,
    status_callback_method: row.status_callback_method,
    subresource_uris: { assigned_add_ons: `${accountPath(ctx)}/IncomingPhoneNumbers/${row.sid}/AssignedAddOns.json` },
    trunk_sid: null,
    uri,
    voice_application_sid: null,
    voice_caller_id_lookup: false,
    voice_fallback_method: 'POST',
    voice_fallback_url: null,
    voice_method: row.voice_method,
    voice_receive_mode: 'voice',
    voice_url: row.voice_url,
  };
}

/** Buys a number: `PhoneNumber` (any number the inventory could offer) or the first free one of `AreaCode`. */
export async function buyNumber(ctx: ServiceContext, params: URLSearchParams): Promise<ApiResult> {
  const raw = params.get('PhoneNumber');
  const areaCode = params.get('AreaCode');
  const name = friendlyName(params);
  const voiceUrl = url(params, 'VoiceUrl');
  const voiceMethod = method(params, 'VoiceMethod');
  const statusCallback = url(params, 'StatusCallback');
  const statusCallbackMethod = method(params, 'StatusCallbackMethod');
  let phoneNumber: string;
  let sale: { country: string; type: NumberType } | null;
  if (raw !== null && raw !== '') {
    const shaped = e164Shaped(raw);
    if (shaped === null || shaped === magicNumbers.invalid) throw phoneNumberInvalid();
    if (shaped === magicNumbers.unavailable) throw phoneNumberNotAvailable();
    phoneNumber = shaped;
    sale = saleOf(phoneNumber);
  } else if (areaCode !== null && areaCode !== '') {
    if (!/^\d{3}$/.test(areaCode)) throw new TwilioApiError(400, 21451, `Invalid area code: ${areaCode}`);
    let found: string | undefined;
    for (const country of ['US', 'CA']) {
      if (!onSale(country, 'local')) continue;
      const bought = await store.boughtNumbers(ctx.sql, country);
      found = searchInventory(country, 'local', { areaCode }, 1, bought)[0];
      if (found) break;
    }
    if (!found) throw new TwilioApiError(400, 21452, `No phone numbers found in area code ${areaCode}`);
    phoneNumber = found;
    sale = saleOf(found);
  } else {
    throw invalidParameter('A PhoneNumber or an AreaCode is required');
  }
  if (sale === null) throw phoneNumberNotAvailable();
  const row: store.IncomingNumberRow = {
    sid: newSid('PN'),
    account_sid: ctx.accountSid,
    phone_number: phoneNumber,
    country: sale.country,
    number_type: sale.type,
    friendly_name: name ?? friendlyNameOf(phoneNumber),
    voice_url: voiceUrl ?? null,
    voice_method: voiceMethod ?? 'POST',
    status_callback: statusCallback ?? null,
    status_callback_method: statusCallbackMethod ?? 'POST',
    created_ms: String(ctx.now),
    updated_ms: String(ctx.now),
  };
  // a number bought by anyone is gone: the unique phone_number turns a racing purchase into 21422 (see routes.ts)
  await store.insertIncomingNumber(ctx.sql, { ...row, now: ctx.now });
  return { status: 201, body: incomingNumberResource(ctx, row) };
}

export async function listNumbers(ctx: ServiceContext, params: URLSearchParams, path: string): Promise<ApiResult> {
  const query = readPage(params);
  const filter = params.get('PhoneNumber');
  const { rows, more } = await store.listIncomingNumbers(ctx.sql, ctx.accountSid, filter ? { phoneNumber: e164Shaped(filter) ?? filter } : {}, query);
  return { status: 200, body: listPage('incoming_phone_numbers', rows.map((row) => incomingNumberResource(ctx, row)), path, params, query, more) };
}

export async function fetchNumber(ctx: ServiceContext, sid: string, path: string): Promise<ApiResult> {
  const row = await store.getIncomingNumber(ctx.sql, ctx.accountSid, sid);
  if (!row) throw notFound(path);
  return { status: 200, body: incomingNumberResource(ctx, row) };
}

export async function updateNumber(ctx: ServiceContext, sid: string, params: URLSearchParams, path: string): Promise<ApiResult> {
  const row = await store.getIncomingNumber(ctx.sql, ctx.accountSid, sid);
  if (!row) throw notFound(path);
  const name = friendlyName(params);
  const voiceUrl = url(params, 'VoiceUrl');
  const voiceMethod = method(params, 'VoiceMethod');
  const statusCallback = url(params, 'StatusCallback');
  const statusCallbackMethod = method(params, 'StatusCallbackMethod');
  const updated: store.IncomingNumberRow = {
    ...row,
    friendly_name: name ?? row.friendly_name,
    voice_url: voiceUrl === undefined ? row.voice_url : voiceUrl,
    voice_method: voiceMethod ?? row.voice_method,
    status_callback: statusCallback === undefined ? row.status_callback : statusCallback,
    status_callback_method: statusCallbackMethod ?? row.status_callback_method,
    updated_ms: String(ctx.now),
  };
  await store.updateIncomingNumber(ctx.sql, updated);
  return { status: 200, body: incomingNumberResource(ctx, updated) };
}

export async function releaseNumber(ctx: ServiceContext, sid: string, path: string): Promise<ApiResult> {
  if (!(await store.deleteIncomingNumber(ctx.sql, ctx.accountSid, sid))) throw notFound(path);
  return { status: 204, body: null };
}

// ── Caller-ID verification ──

function callerIdResource(ctx: ServiceContext, row: store.CallerIdRow) {
  return {
    account_sid: row.account_sid,
    date_created: rfc2822(row.created_ms),
    date_updated: rfc2822(row.updated_ms),
    friendly_name: row.friendly_name,
    phone_number: row.phone_number,
    sid: row.sid,
    uri: `${accountPath(ctx)}/OutgoingCallerIds/${row.sid}.json`,
  };
}

/** `validationRequests.create()`: the phone is called and told a 6-digit code (shown on the phone page). */
export async function requestValidation(ctx: ServiceContext, params: URLSearchParams): Promise<ApiResult> {
  const raw = params.get('PhoneNumber');
  if (raw === null || raw === '') throw missingParameter('PhoneNumber');
  const phoneNumber = e164Shaped(raw);
  if (phoneNumber === null || lineOf(phoneNumber) === null) throw invalidToNumber(raw);
  const name = friendlyName(params);
  const delay = params.get('CallDelay');
  if (delay !== null && (!/^\d+$/.test(delay) || Number(delay) > 60)) throw invalidParameter('CallDelay must be an integer between 0 and 60');
  optionalText(params, 'Extension', 50);
  const statusCallback = url(params, 'StatusCallback');
  const statusCallbackMethod = method(params, 'StatusCallbackMethod');
  if (await store.findCallerIdByNumber(ctx.sql, ctx.accountSid, phoneNumber)) throw alreadyValidated();
  const callSid = newSid('CA');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const friendly = name ?? friendlyNameOf(phoneNumber);
  await store.insertValidationRequest(ctx.sql, {
    id: callSid,
    callId: callSid,
    account_sid: ctx.accountSid,
    call_sid: callSid,
    phone_number: phoneNumber,
    friendly_name: friendly,
    validation_code: code,
    status_callback: statusCallback ?? null,
    status_callback_method: statusCallbackMethod ?? 'POST',
    now: ctx.now,
  });
  return { status: 200, body: { account_sid: ctx.accountSid, call_sid: callSid, friendly_name: friendly, phone_number: phoneNumber, validation_code: code } };
}

export type CodeOutcome = 'verified' | 'wrong' | 'failed' | 'closed' | 'missing';

/**
 * A code typed on the phone's keypad (the phone page's form). The right one verifies the number (an
 * OutgoingCallerId) and the third wrong one fails the request; both end the call, and Twilio then calls
 * the request's StatusCallback with the verification status.
 */
export async function enterCode(
  ctx: Omit<ServiceContext, 'accountSid'>,
  request: store.ValidationRequestRow | null,
  typed: string,
): Promise<{ outcome: CodeOutcome; callback: PendingCallback | null }> {
  if (!request) return { outcome: 'missing', callback: null };
  if (request.status !== 'pending') return { outcome: 'closed', callback: null };
  const code = typed.replace(/\D/g, '');
  const callbackOf = (params: Record<string, string>): PendingCallback | null =>
    request.status_callback
      ? {
          url: request.status_callback,
          method: request.status_callback_method,
          params: { AccountSid: request.account_sid, CallSid: request.call_sid, To: request.phone_number, Called: request.phone_number, CallStatus: 'completed', ...params },
        }
      : null;
  if (code !== request.validation_code) {
    const wrong = request.wrong_attempts + 1;
    const failed = wrong >= maxWrongCodes;
    await store.setValidationOutcome(ctx.sql, request.id, { status: failed ? 'failed' : 'pending', wrongAttempts: wrong });
    return failed ? { outcome: 'failed', callback: callbackOf({ VerificationStatus: 'failed' }) } : { outcome: 'wrong', callback: null };
  }
  const existing = await store.findCallerIdByNumber(ctx.sql, request.account_sid, request.phone_number);
  const sid = existing?.sid ?? newSid('PN');
  if (!existing) {
    await store.insertCallerId(ctx.sql, { sid, account_sid: request.account_sid, phone_number: request.phone_number, friendly_name: request.friendly_name, now: ctx.now });
  }
  await store.setValidationOutcome(ctx.sql, request.id, { status: 'success', wrongAttempts: request.wrong_attempts });
  return { outcome: 'verified', callback: callbackOf({ VerificationStatus: 'success', OutgoingCallerIdSid: sid }) };
}

export async function listCallerIds(ctx: ServiceContext, params: URLSearchParams, path: string): Promise<ApiResult> {
  const query = readPage(params);
  const phone = params.get('PhoneNumber');
  const name = params.get('FriendlyName');
  const filter = { ...(phone ? { phoneNumber: e164Shaped(phone) ?? phone } : {}), ...(name ? { friendlyName: name } : {}) };
  const { rows, more } = await store.listCallerIds(ctx.sql, ctx.accountSid, filter, query);
  return { status: 200, body: listPage('outgoing_caller_ids', rows.map((row) => callerIdResource(ctx, row)), path, params, query, more) };
}

export async function fetchCallerId(ctx: ServiceContext, sid: string, path: string): Promise<ApiResult> {
  const row = await store.getCallerId(ctx.sql, ctx.accountSid, sid);
  if (!row) throw notFound(path);
  return { status: 200, body: callerIdResource(ctx, row) };
}

export async function updateCallerId(ctx: ServiceContext, sid: string, params: URLSearchParams, path: string): Promise<ApiResult> {
  const row = await store.getCallerId(ctx.sql, ctx.accountSid, sid);
  if (!row) throw notFound(path);
  const name = friendlyName(params) ?? row.friendly_name;
  await store.updateCallerId(ctx.sql, sid, name, ctx.now);
  return { status: 200, body: callerIdResource(ctx, { ...row, friendly_name: name, updated_ms: String(ctx.now) }) };
}

export async function deleteCallerId(ctx: ServiceContext, sid: string, path: string): Promise<ApiResult> {
  if (!(await store.deleteCallerId(ctx.sql, ctx.accountSid, sid))) throw notFound(path);
  return { status: 204, body: null };
}
