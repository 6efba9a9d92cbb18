// Caller-ID verification: a validation request calls the phone with a code (typed on the phone page, `enterCode`),
// which makes the number an OutgoingCallerId; listing, fetching, renaming, deleting them.
import { randomInt } from 'node:crypto';
import { lineOf } from '@ringwise/phone/types';
import { accountPath, newSid, rfc2822, type ApiResult, type PendingCallback, type ServiceContext } from '../context.ts';
import { alreadyValidated, invalidParameter, invalidToNumber, missingParameter, notFound } from '../errors.ts';
import { friendlyNameOf } from '../inventory.ts';
import { e164Shaped, friendlyName, listPage, method, optionalText, readPage, url } from '../params.ts';
import * as store from '../store.ts';

/** Wrong verification codes a request survives: the third one fails it. */
export const maxWrongCodes = 3;

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
