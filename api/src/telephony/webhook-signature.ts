// Twilio's webhooks are signed (X-Twilio-Signature: HMAC-SHA1 of the URL as configured plus the sorted form
// fields, with the account's auth token). The URL is the one we gave Twilio, under PUBLIC_URL, never the
// request's own (a proxy or the loopback delivery of the simulator changes that), so the check is against
// PUBLIC_URL + path + query. A request that does not verify answers 403 (ARCHITECTURE.md §4); one that verifies
// but repeats a field or holds a NUL answers 400.
import twilio from 'twilio';
import { holdsNul } from '../lib/nul.ts';
import { HttpError } from '../plugins/errors.ts';
import { readBodyText } from '../plugins/request-body.ts';
import type { TelephonyServices } from './twilio-client.ts';

/**
 * Twilio's webhooks are form posts of a few KB (a voice request's fields, plus the few custom parameters the dialer
 * passes); anything much larger is not Twilio. 64 KB, as much as Twilio itself takes back (a TwiML answer over 64 kB is
 * its error 11750).
 */
export const maxWebhookBodyBytes = 64 * 1024;
export const webhookTooLarge = 'A Twilio webhook body is never this large (64 KB at most).';

/**
 * The verified form fields of a Twilio webhook request, or a 403 (400 for a signed request Twilio never sends).
 * The size comes first, whatever the signature: the body is read as it streams and refused (413) the moment it passes
 * 64 KB, or by its Content-Length before any of it is read; the signature is only ever computed on a body we take.
 */
export async function verifiedTwilioForm(request: Request, telephony: Pick<TelephonyServices, 'authToken' | 'publicUrl'>): Promise<Record<string, string>> {
  const raw = await readBodyText(request, maxWebhookBodyBytes, webhookTooLarge);
  // as Twilio signs a form: a repeated field with each of its values (twilio.validateRequest takes a list)
  const values = new Map<string, string[]>();
  for (const [key, value] of new URLSearchParams(raw)) values.set(key, [...(values.get(key) ?? []), value]);
  const signedParams = Object.fromEntries([...values].map(([key, list]) => [key, list.length === 1 ? list[0]! : list]));
  const url = new URL(request.url);
  const signedUrl = `${telephony.publicUrl}${url.pathname}${url.search}`;
  const signature = request.headers.get('x-twilio-signature') ?? '';
  if (!signature || !twilio.validateRequest(telephony.authToken, signature, signedUrl, signedParams)) {
    throw new HttpError(403, 'forbidden', 'The Twilio signature does not verify.');
  }
  // Signed, yet what Twilio never sends: a field (or a query parameter) twice, which the handlers would read one
  // way or another, or a NUL, which PostgreSQL text cannot hold. Refused before any of it reaches a query.
  const fields = [...values].map(([key, list]) => ({ key, list, where: 'field' }));
  const query = new Map<string, string[]>();
  for (const [key, value] of url.searchParams) query.set(key, [...(query.get(key) ?? []), value]);
  fields.push(...[...query].map(([key, list]) => ({ key, list, where: 'query parameter' })));
  for (const { key, list, where } of fields) {
    if (holdsNul([key, ...list], 1)) throw new HttpError(400, 'bad_request', `The Twilio request has a NUL character in its ${where} ${nameOf(key)}.`);
    if (list.length > 1) throw new HttpError(400, 'bad_request', `The Twilio request has the ${where} ${nameOf(key)} more than once.`);
  }
  return Object.fromEntries([...values].map(([key, list]) => [key, list[0]!]));
}

/** A field's name as an error message quotes it: no NUL, at most 40 characters. */
const nameOf = (key: string) => JSON.stringify(key.replaceAll('\0', '').slice(0, 40));
