// The shell's build served from SHELL_DIST: static files (traversal-safe, cached, compressed) and HTML pages.
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { escapeHtml } from '@ringwise/html';
import { compressTextResponse, revalidateCache, type WebResponse } from '@ringwise/static-files';
import { isNoIndex, matchRoute, pageTitleOf, remotesForRoute, type RemoteKey, type RouteMatch } from '@ringwise/routes';
import { formatTitle } from '@ringwise/ui/page-meta';
import { browserAuthOf, manifestUrl, type ApiConfig } from '../../config.ts';
import { contentSecurityPolicy, createNonce } from '../../plugins/security-headers.ts';
import { appendVary } from '../../lib/http.ts';

export const htmlContentType = 'text/html; charset=utf-8';
export const notFoundTitle = 'Page Not Found | Ringwise';

export type ShellPageStatus = 200 | 404 | 503;

/**
 * Writes a response into Elysia's `set` and returns its body: a Vary set earlier (CORS) is kept, and a
 * generated text body is compressed (brotli or gzip) when the client takes one. Every module that answers with a WebResponse
 * (pages, static files, flags) sends it through here.
 */
export function sendWebResponse(
  set: { status?: number | string; headers: Record<string, string | number> },
  request: Request,
  page: WebResponse,
): WebResponse['body'] {
  const response = compressTextResponse(page, request.headers.get('accept-encoding'));
  set.status = response.status;
  for (const [name, value] of Object.entries(response.headers)) {
    set.headers[name] = name === 'vary' ? appendVary(set.headers.vary, value) : value;
  }
  return response.body;
}

/**
 * What the server adds to the shell's <head> for a route: preloads for /remotes.json and the route's remotes'
 * manifests (at their live releases, as /remotes.json names them: `liveManifests`; else at REMOTE_*_URL).
 */
export function headTags(
  config: Pick<ApiConfig, 'remotes' | 'supabase' | 'authStandInUrl'>,
  match: RouteMatch | null,
  liveManifests: Partial<Record<RemoteKey, string>> = {},
): string[] {
  const preload = (href: string) => `<link rel="preload" href="${escapeHtml(href)}" as="fetch" crossorigin="anonymous">`;
  const manifestOf = (key: RemoteKey) => liveManifests[key] ?? manifestUrl(config.remotes[key]);
  const tags = [preload('/remotes.json'), ...remotesForRoute(match).map((key) => preload(manifestOf(key)))];
  // the Auth server the browser signs in with: the hosted project, or the local stand-in on its own origin
  const auth = browserAuthOf(config);
  tags.push(`<meta name="ringwise:supabase-url" content="${escapeHtml(auth.url)}">`);
  tags.push(`<meta name="ringwise:supabase-anon-key" content="${escapeHtml(auth.anonKey)}">`);
  if (isNoIndex(match)) tags.push('<meta name="robots" content="noindex, nofollow">');
  return tags;
}

/** Inserts tags right after `<head>` (or before `</head>`), and replaces the `<title>` when one is given. */
export function injectIntoHead(html: string, tags: readonly string[], title?: string): string {
  const extra = [...tags];
  let doc = html;
  if (title !== undefined) {
    const titleTag = `<title>${escapeHtml(title)}</title>`;
    const titlePattern = /<title\b[^>]*>[\s\S]*?<\/title\s*>/i;
    if (titlePattern.test(doc)) doc = doc.replace(titlePattern, () => titleTag);
    else extra.push(titleTag);
  }
  const snippet = extra.join('');
  const open = /<head(?:\s[^>]*)?>/i.exec(doc);
  if (open) return doc.slice(0, open.index + open[0].length) + snippet + doc.slice(open.index + open[0].length);
  const close = /<\/head\s*>/i.exec(doc);
  if (close) return doc.slice(0, close.index) + snippet + doc.slice(close.index);
  const htmlOpen = /<html(?:\s[^>]*)?>/i.exec(doc);
  const at = htmlOpen ? htmlOpen.index + htmlOpen[0].length : 0;
  return `${doc.slice(0, at)}<head>${snippet}</head>${doc.slice(at)}`;
}

/** Inserts tags at the end of <head>: after the page's own script and stylesheet, which are asked for first. */
export function appendToHead(html: string, tags: readonly string[]): string {
  if (tags.length === 0) return html;
  const close = /<\/head\s*>/i.exec(html);
  return close ? html.slice(0, close.index) + tags.join('') + html.slice(close.index) : injectIntoHead(html, tags);
}

export const notBuiltHtml =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Ringwise is not built yet</title></head>' +
  '<body><h1>The shell is not built yet</h1><p>Run <code>bun run build</code> at the repository root, then reload.</p>' +
  '</body></html>';

/** Reads a file of SHELL_DIST (index.html by default), re-reading it only when its mtime changes; null when it does not exist. */
export class ShellTemplate {
  readonly #file: string;
  #cached: { mtimeMs: number; html: string } | null = null;

  constructor(shellDist: string, fileName = 'index.html') {
    this.#file = join(shellDist, fileName);
  }

  async read(): Promise<string | null> {
    let mtimeMs: number;
    try {
      const info = await stat(this.#file);
      if (!info.isFile()) return null;
      mtimeMs = info.mtimeMs;
    } catch {
      return null;
    }
    if (this.#cached?.mtimeMs !== mtimeMs) this.#cached = { mtimeMs, html: await Bun.file(this.#file).text() };
    return this.#cached.html;
  }
}

/** What a server-rendered page adds to the shell page (the marketing pages, complete without JavaScript). */
export interface ServerRenderedPage {
  status: 200 | 404;
  /** Head tags of the page (title, description, canonical, share tags, JSON-LD, its stylesheets). */
  head: string;
  /** The page's markup, placed in #root; empty when the browser renders the page. */
  root: string;
  /**
   * What the browser needs to take the page over (see shell/src/server-handoff.ts): the remotes and data of
   * its first render and, with markup, the builds it was rendered with (hydrated only by the same builds).
   */
  handoff: { remotes: string[]; queries: { queryKey: unknown[]; data: unknown }[]; builds?: Record<string, string> };
  /** Search engines should not index it (e.g. an unknown country). */
  noindex?: boolean;
}

/**
 * The shell page for a pathname: 200 for a route of the table, 404 (same page, the shell renders its
 * not-found view) for any other path, 503 when the shell has not been built. A server-rendered page
 * brings its own markup, head tags and status.
 */
export async function shellPageResponse(
  config: Pick<ApiConfig, 'remotes' | 'supabase' | 'authStandInUrl'> & Partial<Pick<ApiConfig, 'twilio'>>,
  template: ShellTemplate,
  pathname: string,
  rendered?: ServerRenderedPage,
  /** Preloads of what the browser's first render of the page loads (first-load.ts). */
  preloads: readonly string[] = [],
  /** The remotes' live manifest URLs (live-release.ts), for the page's preloads. */
  liveManifests: Partial<Record<RemoteKey, string>> = {},
): Promise<WebResponse> {
  const html = await template.read();
  const headers: Record<string, string> = { 'content-type': htmlContentType, 'cache-control': revalidateCache };
  if (html === null) return { status: 503, headers, body: notBuiltHtml };
  const match = matchRoute(pathname);
  const noindex = isNoIndex(match) || rendered?.noindex === true;
  if (noindex) headers['x-robots-tag'] = 'noindex';
  const nonce = createNonce();
  headers['content-security-policy'] = contentSecurityPolicy(config, nonce);
  const tags = [`<meta name="csp-nonce" content="${nonce}">`, ...headTags(config, match, liveManifests)];
  // one robots tag a page: a rendered page whose own head tags say noindex already (a country not found) gets no second
  const renderedRobots = rendered !== undefined && /<meta name="robots"/i.test(rendered.head);
  if (rendered?.noindex && !isNoIndex(match) && !renderedRobots) tags.push('<meta name="robots" content="noindex, nofollow">');
  if (!rendered) {
    // the page's title in the first HTML, for whoever reads it without running the shell
    const title = pageTitleOf(match);
    const body = appendToHead(
      injectIntoHead(html, tags, match === null ? notFoundTitle : title === null ? undefined : formatTitle(title)),
      preloads,
    );
    return { status: match === null ? 404 : 200, headers, body };
  }
  // the page's own <title> comes with its head tags
  const withoutTitle = html.replace(/<title\b[^>]*>[\s\S]*?<\/title\s*>/i, '');
  const handoff = JSON.stringify(rendered.handoff).replace(/</g, '\\u003c');
  const body = injectIntoHead(withoutTitle, [...tags, rendered.head]).replace(
    /<div id="root"><\/div>/,
    () =>
      `<div id="root"${rendered.root ? ' data-ssr' : ''}>${rendered.root}</div>` +
      `<script type="application/json" id="ringwise-ssr-data">${handoff}</script>`,
  );
  return { status: rendered.status, headers, body };
}
