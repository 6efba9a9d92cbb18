// The hosted pages of the local provider stand-ins (the payment simulator's Checkout and portal, the carrier
// simulator's phone): plain server-rendered HTML with forms that work without script, one <style> (and at most one
// same-origin script) carrying the response's CSP nonce, marked as test mode, never cached and never indexed.
import { randomBytes } from 'node:crypto';
import { escapeHtml } from '@ringwise/html';

// the stand-ins' pages escape through here
export { escapeHtml };

export interface HtmlPage {
  status: number;
  title: string;
  body: string;
  /** A same-origin script the page runs (its path); it may fetch from this origin. */
  script?: string;
}

/** How a simulator's pages look: its stylesheet and the test-mode banner's sentence. */
export interface SimulatorLook {
  styles: string;
  banner: string;
}

/** The page around a body, with the response's style nonce. */
export function renderDocument(page: HtmlPage, nonce: string, look: SimulatorLook): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<link rel="icon" href="data:,">
<title>${escapeHtml(page.title)}</title>
<style nonce="${nonce}">${look.styles}</style>
${page.script ? `<script nonce="${nonce}" src="${escapeHtml(page.script)}" defer></script>\n` : ''}</head>
<body>
<header class="test-banner"><p>${escapeHtml(look.banner)}</p></header>
${page.body}
</body>
</html>`;
}

/** Content-Security-Policy of a page: its own nonce'd style (and script, which may fetch from this origin), forms
 *  to this origin and to where they redirect. */
export function pageCsp(nonce: string, formTargets: readonly string[] = [], script = false): string {
  const origins = [...new Set(formTargets.map((url) => safeOrigin(url)).filter((o): o is string => o !== null))];
  return [
    `default-src 'none'`,
    `style-src 'nonce-${nonce}'`,
    ...(script ? [`script-src 'nonce-${nonce}'`, `connect-src 'self'`] : []),
    `img-src 'self' data:`,
    `form-action ${["'self'", ...origins].join(' ')}`,
    `frame-ancestors 'none'`,
    `base-uri 'none'`,
  ].join('; ');
}

function safeOrigin(url: string): string | null {
  try {
    const { origin, protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? origin : null;
  } catch {
    return null;
  }
}

/** Sets the response of a page (status, type, its own CSP with a fresh nonce, no-store, noindex, no framing or
 *  sniffing) and renders it. */
export function sendPage(
  set: { status?: number | string; headers: Record<string, string | number> },
  page: HtmlPage,
  look: SimulatorLook,
  formTargets: readonly string[] = [],
): string {
  const nonce = randomBytes(16).toString('base64');
  set.status = page.status;
  set.headers['content-type'] = 'text/html; charset=utf-8';
  set.headers['cache-control'] = 'no-store';
  set.headers['content-security-policy'] = pageCsp(nonce, formTargets, page.script !== undefined);
  set.headers['x-robots-tag'] = 'noindex';
  set.headers['x-content-type-options'] = 'nosniff';
  set.headers['x-frame-options'] = 'DENY';
  set.headers['referrer-policy'] = 'strict-origin-when-cross-origin';
  return renderDocument(page, nonce, look);
}
