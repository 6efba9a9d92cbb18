import './styles.css';
import type { JSX } from 'react';

/* Page metadata as React 19 document metadata: React hoists <title>, <meta> and <link> into <head> from
 * wherever <PageMeta> renders. The tag list comes from the pure `pageMetaTags`, so the server can emit the
 * very same tags into its HTML later (no DOM, no dependencies). */

export const BRAND = 'Ringwise';
export const DEFAULT_OG_IMAGE = '/og-image.png';
export const DEFAULT_OG_TYPE = 'website';

/** '{title} | Ringwise'; an empty title gives just the brand. */
export function formatTitle(title: string): string {
  const trimmed = title.trim();
  return trimmed ? `${trimmed} | ${BRAND}` : BRAND;
}

export type StructuredData = Record<string, unknown> | Record<string, unknown>[];

export interface PageMetaProps {
  /** The page's own title; the brand is appended. */
  title: string;
  description?: string;
  /** An absolute URL, or a path ('/call/de') made absolute with the page's origin. */
  canonical?: string;
  keywords?: string | readonly string[];
  /** Adds `robots: noindex, nofollow`. */
  noindex?: boolean;
  /** og:type; default 'website'. */
  type?: string;
  /** Share image, absolute or a path; default '/og-image.png'. */
  image?: string;
  /** JSON-LD (schema.org) object(s), emitted as <script type="application/ld+json">. */
  structuredData?: StructuredData;
}

export type PageMetaTag =
  | { tag: 'title'; content: string }
  | { tag: 'meta'; attrs: { name: string; content: string } }
  | { tag: 'meta'; attrs: { property: string; content: string } }
  | { tag: 'link'; attrs: { rel: string; href: string } }
  | { tag: 'script'; attrs: { type: 'application/ld+json' }; content: string };

const ABSOLUTE_URL = /^[a-z][a-z\d+.-]*:/i;

/** Makes `url` absolute against `origin` (scheme://host[:port]); leaves it as it is without an origin. */
export function absoluteUrl(url: string, origin?: string | null): string {
  if (ABSOLUTE_URL.test(url)) return url;
  if (url.startsWith('//')) return origin ? `${origin.slice(0, origin.indexOf('//'))}${url}` : url;
  if (!origin) return url;
  const base = origin.replace(/\/+$/, '');
  return url.startsWith('/') ? `${base}${url}` : `${base}/${url}`;
}

/** JSON that is also safe inside an HTML <script> (no `</script>` or `<!--` can end it early). */
function jsonForScript(data: StructuredData): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Every head tag for a page, in order. Pure: pass the site's origin ('https://ringwise.app') to make the
 * canonical and image URLs absolute; without one they are left as given.
 */
export function pageMetaTags(props: PageMetaProps, origin?: string | null): PageMetaTag[] {
  const title = formatTitle(props.title);
  const description = props.description?.trim() || undefined;
  const canonical = props.canonical ? absoluteUrl(props.canonical, origin) : undefined;
  const image = absoluteUrl(props.image || DEFAULT_OG_IMAGE, origin);
  const keywords =
    typeof props.keywords === 'string'
      ? props.keywords.trim()
      : props.keywords
          ?.map((k) => k.trim())
          .filter(Boolean)
          .join(', ');

  const tags: PageMetaTag[] = [{ tag: 'title', content: title }];
  const name = (n: string, content: string) => tags.push({ tag: 'meta', attrs: { name: n, content } });
  const property = (p: string, content: string) => tags.push({ tag: 'meta', attrs: { property: p, content } });

  if (description) name('description', description);
  if (keywords) name('keywords', keywords);
  if (props.noindex) name('robots', 'noindex, nofollow');
  if (canonical) tags.push({ tag: 'link', attrs: { rel: 'canonical', href: canonical } });

  property('og:title', title);
  if (description) property('og:description', description);
  property('og:type', props.type || DEFAULT_OG_TYPE);
  property('og:image', image);
  if (canonical) property('og:url', canonical);
  property('og:site_name', BRAND);

  name('twitter:card', 'summary_large_image');
  name('twitter:title', title);
  if (description) name('twitter:description', description);
  name('twitter:image', image);

  if (props.structuredData !== undefined) {
    tags.push({ tag: 'script', attrs: { type: 'application/ld+json' }, content: jsonForScript(props.structuredData) });
  }
  return tags;
}

function browserOrigin(): string | undefined {
  if (typeof window === 'undefined' || !window.location) return undefined;
  const { origin } = window.location;
  // opaque origins (about:blank, file:, sandboxed frames) serialise as 'null': no base to build on
  return origin && origin !== 'null' ? origin : undefined;
}

/**
 * Whether the first HTML already has this robots tag: the api puts one there for the routes that are never indexed
 * (/home, /admin, …), for readers without JavaScript. A page has exactly one, so PageMeta then adds none (its own
 * carry `data-page-meta`, so they never count as the server's).
 */
function robotsFromServer(content: string): boolean {
  if (typeof document === 'undefined') return false;
  return [...document.head.querySelectorAll('meta[name="robots"]:not([data-page-meta])')].some((tag) => tag.getAttribute('content') === content);
}

/** Sets the page's title, description, canonical link, share tags and optional JSON-LD. */
export function PageMeta(props: PageMetaProps): JSX.Element {
  const tags = pageMetaTags(props, browserOrigin());
  return (
    <>
      {tags.map((t) => {
        switch (t.tag) {
          case 'title':
            return <title key="title">{t.content}</title>;
          case 'meta': {
            if ('name' in t.attrs && t.attrs.name === 'robots') {
              return robotsFromServer(t.attrs.content) ? null : <meta key="name:robots" {...t.attrs} data-page-meta="" />;
            }
            const key = 'name' in t.attrs ? `name:${t.attrs.name}` : `property:${t.attrs.property}`;
            return <meta key={key} {...t.attrs} />;
          }
          case 'link':
            return <link key={`link:${t.attrs.rel}`} {...t.attrs} />;
          case 'script':
            // React 19 leaves scripts where they render; search engines read JSON-LD anywhere in the page.
            return <script key="ld+json" type={t.attrs.type} dangerouslySetInnerHTML={{ __html: t.content }} />;
        }
      })}
    </>
  );
}
