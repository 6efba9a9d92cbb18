// The simulated phone: one server-rendered page (GET /sim/twilio/phone) listing the calls the simulator's phones
// received, newest first, with the keypad form of a pending verification call. Forms that work without script, one
// <style> carrying the response's CSP nonce, readable from 320 px up; one script of its own (phone-caller.js, with
// the same nonce) lets "Call a Ringwise number" talk through the page's microphone. The page is a list of sections
// so that later features add a section of their own.
import { readFileSync } from 'node:fs';
import { escapeHtml, type HtmlPage, type SimulatorLook } from '@ringwise/simulator-common/page';
import type { CodeOutcome } from './resources/caller-ids.ts';
import type { ReceivedCall, VoiceCallRow } from './store.ts';
import type { VoiceCallSnapshot } from './voice/calls.ts';

export { escapeHtml, type HtmlPage };

/** One part of the phone page: a heading and its content (already HTML). */
export interface PhoneSection {
  id: string;
  title: string;
  html: string;
}

export const phonePath = '/sim/twilio/phone';
export const verifyPath = '/sim/twilio/phone/verify';

/** The messages after a code was entered (the redirect's `result`): fixed texts, nothing typed is echoed. */
export const resultMessages: Record<CodeOutcome, string> = {
  verified: 'Code accepted: the number is verified.',
  wrong: 'That code is not right. Try again.',
  failed: 'That code is not right. Too many wrong codes: the verification failed.',
  closed: 'This verification call has already ended.',
  missing: 'That call could not be found.',
};

export function isCodeOutcome(value: string | null): value is CodeOutcome {
  return value !== null && Object.hasOwn(resultMessages, value);
}

export const callPath = '/sim/twilio/phone/call';

/** The messages after "Call a Ringwise number", "Hang up", or the own phone's "Answer", "Decline" and "Hang up" (the
 *  redirect's `result`). */
export const voiceMessages = {
  'call-placed': 'The call was placed: see how it went below.',
  'call-invalid': 'Both numbers must be in international format, such as +14155550100.',
  'call-unknown-number': 'That number is not a Ringwise number in the simulator.',
  'call-no-voice-url': 'That number has no Voice URL: nobody answers it.',
  'call-ended': 'You hung up.',
  'call-gone': 'That call has already ended.',
  'call-bad-offer': "This browser's microphone could not be connected. Untick the box to call with a tone.",
  'phone-answered': 'You answered on your phone.',
  'phone-declined': 'You declined the call on your phone.',
  'phone-hung-up': 'You hung up your phone.',
  'phone-gone': 'That call is no longer ringing or connected on your phone.',
} as const;

/** Outcomes that are neither good nor bad news (a stale button). */
const neutralOutcomes: ReadonlySet<string> = new Set(['phone-gone']);

/** The script that calls through the page's microphone. */
export const phoneCallerScriptPath = `${phonePath}/caller.js`;
export const phoneCallerScript = readFileSync(new URL('./phone-caller.js', import.meta.url), 'utf8');

export type VoiceOutcome = keyof typeof voiceMessages;

export function isVoiceOutcome(value: string | null): value is VoiceOutcome {
  return value !== null && Object.hasOwn(voiceMessages, value);
}

/** "Call a Ringwise number": a phone outside calls a number bought in the simulator, with a tone as its voice or,
 *  through the page's script, the page's microphone. */
export function callNumberSection(numbers: readonly string[]): PhoneSection {
  const html = numbers.length
    ? `<form method="post" action="${callPath}" class="keypad" id="call-form">` +
      `<label for="call-from">From</label><input id="call-from" name="from" value="+14155550100" inputmode="tel" autocomplete="tel" required>` +
      `<label for="call-to">To</label><select id="call-to" name="to" required>${numbers.map((n) => `<option value="${escapeHtml(n)}">${escapeHtml(n)}</option>`).join('')}</select>` +
      `<label class="check"><input type="checkbox" id="call-microphone" name="microphone"> Talk through this page's microphone (otherwise the caller is a tone)</label>` +
      `<button type="submit">Call</button></form>` +
      `<div id="call-live" class="live" hidden><p id="call-live-status" role="status" aria-live="polite"></p>` +
      `<button type="button" id="call-live-hangup" hidden>Hang up</button><audio id="call-live-audio" autoplay></audio></div>`
    : `<p class="muted">No Ringwise number yet. Buy one in Ringwise and call it from here.</p>`;
  return { id: 'call-number', title: 'Call a Ringwise number', html };
}

const statusLabels: Record<string, string> = {
  ringing: 'Ringing',
  'in-progress': 'In progress',
  completed: 'Ended',
  busy: 'Busy',
  'no-answer': 'No answer',
  failed: 'Failed',
  canceled: 'Canceled',
};

export function voiceStatusLabel(status: string): string {
  return statusLabels[status] ?? status;
}

/** The controls of a forwarded call ringing (or on) the customer's own phone, a verified caller ID: the phone page
 *  is that phone. */
function ownPhoneControls(leg: NonNullable<VoiceCallSnapshot['leg']>): string {
  const action = (what: string) => `${phonePath}/calls/${encodeURIComponent(leg.sid)}/${what}`;
  const button = (what: string, label: string) => `<form method="post" action="${action(what)}"><button type="submit">${label}</button></form>`;
  const phone = escapeHtml(leg.to);
  if (leg.status === 'ringing') {
    return `<p class="state">Your phone ${phone} is ringing.</p><div class="actions">${button('answer', 'Answer')}${button('decline', 'Decline')}</div>`;
  }
  return `<p class="state ok">Your phone ${phone} is on the call.</p><div class="actions">${button('hangup-leg', 'Hang up')}</div>`;
}

function voiceCallItem(call: VoiceCallRow, live: VoiceCallSnapshot | null): string {
  const when = new Date(Number(call.created_ms)).toISOString();
  const what = call.direction === 'inbound' ? `Call to a Ringwise number` : `Call from Ringwise (${escapeHtml(call.identity ?? '')})`;
  const dialled = call.dial_status ? ` <span class="muted">(dialled leg: ${escapeHtml(statusLabels[call.dial_status] ?? call.dial_status)})</span>` : '';
  const duration = call.duration_s !== null ? ` · ${call.duration_s} s` : '';
  const error = call.error_code !== null ? ` <span class="bad">error ${call.error_code}</span>` : '';
  const cls = call.status === 'in-progress' || call.status === 'completed' ? 'ok' : call.status === 'ringing' ? 'muted' : 'bad';
  const said = call.said ? `<blockquote class="said">${escapeHtml(call.said)}</blockquote>` : '';
  const digits = call.digits ? `<p class="state">Keys pressed: <span class="digits">${escapeHtml(call.digits)}</span></p>` : '';
  const leg = live && (live.status === 'ringing' || live.status === 'in-progress') ? live.leg : null;
  const ownPhone = leg?.ownPhone && (leg.status === 'ringing' || leg.status === 'in-progress') ? ownPhoneControls(leg) : '';
  // the caller's own button: named apart from the forwarded phone's "Hang up" when both are shown
  const hangUp =
    live && call.direction === 'inbound' && (call.status === 'in-progress' || call.status === 'ringing')
      ? `<form method="post" action="${phonePath}/calls/${encodeURIComponent(call.sid)}/hangup"><button type="submit">${ownPhone ? 'Caller ends the call' : 'Hang up'}</button></form>`
      : '';
  return (
    `<li class="call" data-sid="${escapeHtml(call.sid)}"><p class="call-head"><time datetime="${when}">${formatTime(String(call.created_ms))}</time></p>` +
    `<p class="call-what">${what}</p><p class="call-to">From ${escapeHtml(call.from_number)} to ${escapeHtml(call.to_number)}</p>` +
    `<p class="state ${cls}">${escapeHtml(statusLabels[call.status] ?? call.status)}${duration}${dialled}${error}</p>${said}${digits}${ownPhone}${hangUp}</li>`
  );
}

/** The voice calls (both directions), newest first; `live` is the call as this process still runs it (null when it
 *  does not). */
export function voiceCallsSection(calls: readonly VoiceCallRow[], live: (sid: string) => VoiceCallSnapshot | null): PhoneSection {
  const html =
    `<p><a href="${phonePath}#voice">Refresh</a></p>` +
    (calls.length ? `<ol class="calls" reversed>${calls.map((call) => voiceCallItem(call, live(call.sid))).join('')}</ol>` : `<p class="muted">No voice calls yet.</p>`);
  return { id: 'voice', title: 'Voice calls', html };
}

function formatTime(ms: string): string {
  return new Date(Number(ms)).toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
}

/** A call the phones received, with the keypad form when it waits for a code. */
function callItem(call: ReceivedCall, filter: string | null): string {
  const when = new Date(Number(call.created_ms)).toISOString();
  const what = call.kind === 'verification' ? 'Verification call from Ringwise' : 'Call';
  let state = '';
  let form = '';
  if (call.kind === 'verification') {
    if (call.request_status === 'pending') {
      const field = `code-${escapeHtml(call.id)}`;
      const tries = call.wrong_attempts ? ` <span class="muted">(${call.wrong_attempts} wrong so far)</span>` : '';
      state = `<p class="state">Waiting for the code shown in Ringwise.${tries}</p>`;
      form =
        `<form method="post" action="${verifyPath}" class="keypad">` +
        `<input type="hidden" name="request" value="${escapeHtml(call.request_id ?? '')}">` +
        (filter ? `<input type="hidden" name="number" value="${escapeHtml(filter)}">` : '') +
        `<label for="${field}">Verification code</label>` +
        `<input id="${field}" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]*" maxlength="6" required>` +
        `<button type="submit">Enter code</button></form>`;
    } else if (call.request_status === 'success') state = `<p class="state ok">Verified.</p>`;
    else if (call.request_status === 'failed') state = `<p class="state bad">Verification failed.</p>`;
    else state = `<p class="state muted">Replaced by a newer call.</p>`;
  }
  return (
    `<li class="call"><p class="call-head"><time datetime="${when}">${formatTime(call.created_ms)}</time></p>` +
    `<p class="call-what">${what}</p><p class="call-to">To <a href="${phonePath}?number=${encodeURIComponent(call.to_number)}">${escapeHtml(call.to_number)}</a></p>` +
    `${state}${form}</li>`
  );
}

/** The "calls received" section. */
export function callsSection(calls: readonly ReceivedCall[], filter: string | null): PhoneSection {
  const html = calls.length
    ? `<ol class="calls" reversed>${calls.map((call) => callItem(call, filter)).join('')}</ol>`
    : `<p class="muted">No calls yet. Ask Ringwise to verify a number and its call shows up here.</p>`;
  return { id: 'calls', title: filter ? `Calls to ${filter}` : 'Calls received', html };
}

export function phonePage(options: { sections: readonly PhoneSection[]; filter: string | null; result: CodeOutcome | VoiceOutcome | null }): HtmlPage {
  const result = options.result;
  const good = result === 'verified' || result === 'call-placed' || result === 'call-ended' || result === 'phone-answered' || result === 'phone-declined' || result === 'phone-hung-up';
  const message = result === null ? '' : isVoiceOutcome(result) ? voiceMessages[result] : resultMessages[result];
  const tone = good ? 'ok' : result !== null && neutralOutcomes.has(result) ? 'muted' : 'bad';
  const notice = result ? `<div class="notice ${tone}" role="status">${escapeHtml(message)}</div>` : '';
  const all = options.filter ? `<p><a href="${phonePath}">Show every phone</a></p>` : '';
  const sections = options.sections
    .map((section) => `<section aria-labelledby="${section.id}-title"><h2 id="${section.id}-title">${escapeHtml(section.title)}</h2>${section.html}</section>`)
    .join('\n');
  return {
    status: 200,
    title: options.filter ? `Phone ${options.filter} · Carrier simulator` : 'Phones · Carrier simulator',
    script: phoneCallerScriptPath,
    body: `<main class="phone">
<h1>Simulated phones</h1>
${all}
${notice}
${sections}
</main>`,
  };
}

export function notFoundPage(): HtmlPage {
  return {
    status: 404,
    title: 'Page not found · Carrier simulator',
    body: `<main class="phone"><h1>Page not found</h1><p>The carrier simulator has no page here. The simulated phones are at <a href="${phonePath}">${phonePath}</a>.</p></main>`,
  };
}

export const phonePagesLook: SimulatorLook = {
  banner: 'Test mode: Ringwise carrier simulator. No real phone is called.',
  styles: `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1f36;background:#f6f8fa}
.test-banner{padding:6px 16px;background:#ffde92;color:#5a3600;font-size:13px;font-weight:600;text-align:center}
.test-banner p{margin:0}
a{color:#4f46e5}
a:focus-visible,button:focus-visible,input:focus-visible{outline:3px solid #4f46e5;outline-offset:2px}
.phone{max-width:560px;margin:0 auto;padding:16px 16px 48px}
h1{margin:8px 0 16px;font-size:24px}
h2{margin:24px 0 12px;font-size:18px}
.calls{list-style:none;margin:0;padding:0;display:grid;gap:12px}
.call{padding:12px 16px;background:#fff;border:1px solid #d0d7de;border-radius:10px;overflow-wrap:anywhere}
.call p{margin:0 0 4px}
.call-head{font-size:14px;color:#4f566b}
.call-what{font-weight:600}
.state{font-size:14px}
.ok{color:#0a6b2d}.bad{color:#b3261e}.muted{color:#4f566b}
.keypad{display:grid;gap:8px;margin-top:8px}
label{font-size:14px;font-weight:600}
select{width:100%;min-height:44px;padding:10px 12px;font:inherit;border:1px solid #8792a2;border-radius:6px;background:#fff}
.said{margin:8px 0;padding:8px 12px;border-left:3px solid #8792a2;background:#f6f8fa}
input{width:100%;min-height:44px;padding:10px 12px;font:inherit;font-size:20px;letter-spacing:4px;border:1px solid #8792a2;border-radius:6px}
label.check{display:flex;gap:8px;align-items:center;font-weight:400}
label.check input{width:auto;min-height:0}
.live{margin-top:12px;padding:12px 16px;background:#fff;border:1px solid #d0d7de;border-radius:10px}
.live p{margin:0 0 8px}
button:disabled{opacity:.55;cursor:not-allowed}
button{min-height:44px;padding:10px 16px;font:inherit;font-weight:600;color:#fff;background:#4f46e5;border:0;border-radius:6px;cursor:pointer}
.actions{display:flex;flex-wrap:wrap;gap:8px;margin-top:8px}
.actions form{margin:0}
.notice{margin:0 0 16px;padding:12px 16px;border-radius:8px;background:#fff;border:1px solid currentColor}
`,
};
