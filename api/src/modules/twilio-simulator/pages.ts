// The simulated phone: one server-rendered page (GET /sim/twilio/phone) listing the calls the simulator's phones
// received, newest first, with the keypad form of a pending verification call. No script at all, one <style>
// carrying the response's CSP nonce, readable from 320 px up. The page is a list of sections so that later
// features (ringing a bought number from outside) add a section of their own.
import { escapeHtml } from '../stripe-simulator/pages.ts';
import type { CodeOutcome } from './service.ts';
import type { ReceivedCall } from './store.ts';

export { escapeHtml };

export interface HtmlPage {
  status: number;
  title: string;
  body: string;
}

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

/** Content-Security-Policy of the page: its own nonce'd style, forms to this origin only, no script. */
export function pageCsp(nonce: string): string {
  return [`default-src 'none'`, `style-src 'nonce-${nonce}'`, `img-src 'self' data:`, `form-action 'self'`, `frame-ancestors 'none'`, `base-uri 'none'`].join('; ');
}

export function renderDocument(page: HtmlPage, nonce: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<link rel="icon" href="data:,">
<title>${escapeHtml(page.title)}</title>
<style nonce="${nonce}">${styles}</style>
</head>
<body>
<header class="test-banner"><p>Test mode: Ringwise carrier simulator. No real phone is called.</p></header>
${page.body}
</body>
</html>`;
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

export function phonePage(options: { sections: readonly PhoneSection[]; filter: string | null; result: CodeOutcome | null }): HtmlPage {
  const notice = options.result
    ? `<div class="notice ${options.result === 'verified' ? 'ok' : 'bad'}" role="status">${escapeHtml(resultMessages[options.result])}</div>`
    : '';
  const all = options.filter ? `<p><a href="${phonePath}">Show every phone</a></p>` : '';
  const sections = options.sections
    .map((section) => `<section aria-labelledby="${section.id}-title"><h2 id="${section.id}-title">${escapeHtml(section.title)}</h2>${section.html}</section>`)
    .join('\n');
  return {
    status: 200,
    title: options.filter ? `Phone ${options.filter} · Carrier simulator` : 'Phones · Carrier simulator',
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

const styles = `
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
input{width:100%;min-height:44px;padding:10px 12px;font:inherit;font-size:20px;letter-spacing:4px;border:1px solid #8792a2;border-radius:6px}
button{min-height:44px;padding:10px 16px;font:inherit;font-weight:600;color:#fff;background:#4f46e5;border:0;border-radius:6px;cursor:pointer}
.notice{margin:0 0 16px;padding:12px 16px;border-radius:8px;background:#fff;border:1px solid currentColor}
`;
