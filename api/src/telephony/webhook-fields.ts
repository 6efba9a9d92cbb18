// The fields of Twilio's webhooks as Twilio writes them (docs/twilio-facts: SIDs are two letters and 32 hex digits,
// durations whole seconds). A signed request whose field does not read this way was not written by Twilio as
// documented, so the webhooks act on none of it (they answer as for a request they ignore).

/** A SID of that kind (`CA` a call, `PN` a number or a verified caller ID, `RE` a recording). */
export const isSid = (prefix: 'CA' | 'PN' | 'RE', value: string | undefined): value is string =>
  value !== undefined && value.length === 34 && value.startsWith(prefix) && /^[0-9a-fA-F]{32}$/.test(value.slice(2));

/** No call lasts longer than a day (Twilio's longest `timeLimit` is 24 hours). */
export const maxCallDurationSeconds = 86_400;

/** CallDuration: whole seconds, null when absent, 'malformed' when it is not 0 to a day in plain digits. */
export function callDurationOf(text: string | undefined): number | null | 'malformed' {
  if (text === undefined) return null;
  if (!/^\d{1,6}$/.test(text)) return 'malformed';
  const seconds = Number(text);
  return seconds <= maxCallDurationSeconds ? seconds : 'malformed';
}

/** SipResponseCode: a 3-digit SIP status, else null (it is only kept as why a call ended). */
export const sipResponseCodeOf = (text: string | undefined): string | null => (text !== undefined && /^[1-6]\d\d$/.test(text) ? text : null);
