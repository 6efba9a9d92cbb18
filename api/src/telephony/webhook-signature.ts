// Twilio's webhooks are signed (X-Twilio-Signature: HMAC-SHA1 of the URL as configured plus the sorted form
// fields, with the account's auth token). The URL is the one we gave Twilio, under PUBLIC_URL, never the
// request's own (a proxy or the loopback delivery of the simulator changes that), so the check is against
// PUBLIC_URL + path + query. A request that does not verify answers 403 (ARCHITECTURE.md §4).
import twilio from 'twilio';
import { HttpError } from '../plugins/errors.ts';
import type { TelephonyServices } from './twilio-client.ts';

/** Form fields are a few hundred bytes; anything much larger is not Twilio. */
export const maxWebhookBodyBytes = 64 * 1024;

/** The verified form fields of a Twilio webhook request, or a 403 (400 for a body that is not a form). */
export async function verifiedTwilioForm(request: Request, telephony: Pick<TelephonyServices, 'authToken' | 'publicUrl'>): Promise<Record<string, string>> {
  const length = Number(request.headers.get('content-length') ?? '0');
  if (length > maxWebhookBodyBytes) throw new HttpError(413, 'payload_too_large', 'A Twilio webhook body is never this large.');
  const raw = await request.text();
  if (raw.length > maxWebhookBodyBytes) throw new HttpError(413, 'payload_too_large', 'A Twilio webhook body is never this large.');
  const params: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(raw)) params[key] = value;
  const url = new URL(request.url);
  const signedUrl = `${telephony.publicUrl}${url.pathname}${url.search}`;
  const signature = request.headers.get('x-twilio-signature') ?? '';
  if (!signature || !twilio.validateRequest(telephony.authToken, signature, signedUrl, params)) {
    throw new HttpError(403, 'forbidden', 'The Twilio signature does not verify.');
  }
  return params;
}
