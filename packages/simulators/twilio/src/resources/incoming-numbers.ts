// IncomingPhoneNumbers: buying a number (by number or by area code), listing, fetching, updating, releasing.
import { accountPath, apiVersion, newSid, rfc2822, type ApiResult, type ServiceContext } from '../context.ts';
import { invalidParameter, notFound, phoneNumberInvalid, phoneNumberNotAvailable, TwilioApiError } from '../errors.ts';
import { onSale, saleOf, type NumberType } from '../catalogue.ts';
import { capabilitiesOf, friendlyNameOf, searchInventory } from '../inventory.ts';
import { e164Shaped, friendlyName, listPage, method, readPage, url } from '../params.ts';
import * as store from '../store.ts';

/**
 * Magic numbers, like Twilio's test credentials' (twilio.com/docs/iam/test-credentials):
 * - buying `+15005550000` always fails with 21422 "PhoneNumber is not available";
 * - buying `+15005550001` always fails with 21421 "PhoneNumber is invalid".
 * (Both are outside every real inventory anyway: 500 is not a geographic NANP area code.)
 */
export const magicNumbers = { unavailable: '+15005550000', invalid: '+15005550001' } as const;

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
