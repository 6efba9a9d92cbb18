import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { cleanup, render } from '@testing-library/react';
import { BRAND, PageMeta, absoluteUrl, formatTitle, pageMetaTags, type PageMetaTag } from './page-meta.tsx';

const ORIGIN = 'https://ringwise.test';

function metaContent(tags: PageMetaTag[], key: string): string | undefined {
  for (const t of tags) {
    if (t.tag !== 'meta') continue;
    if (('name' in t.attrs && t.attrs.name === key) || ('property' in t.attrs && t.attrs.property === key)) {
      return t.attrs.content;
    }
  }
  return undefined;
}

describe('formatTitle', () => {
  test("is '{title} | Ringwise'", () => {
    expect(BRAND).toBe('Ringwise');
    expect(formatTitle('Recent Calls')).toBe('Recent Calls | Ringwise');
  });
  test('an empty title is just the brand', () => {
    expect(formatTitle('  ')).toBe('Ringwise');
  });
});

describe('absoluteUrl', () => {
  test('prefixes paths with the origin and keeps absolute URLs', () => {
    expect(absoluteUrl('/call/de', ORIGIN)).toBe('https://ringwise.test/call/de');
    expect(absoluteUrl('call/de', `${ORIGIN}/`)).toBe('https://ringwise.test/call/de');
    expect(absoluteUrl('https://cdn.example/x.png', ORIGIN)).toBe('https://cdn.example/x.png');
    expect(absoluteUrl('//cdn.example/x.png', ORIGIN)).toBe('https://cdn.example/x.png');
    expect(absoluteUrl('/call/de')).toBe('/call/de');
  });
});

describe('pageMetaTags', () => {
  const full = pageMetaTags(
    {
      title: 'Call Germany',
      description: 'Cheap calls to Germany.',
      canonical: '/call/de',
      keywords: ['call germany', ' cheap calls '],
      type: 'article',
      image: '/img/de.png',
    },
    ORIGIN,
  );

  test('title, description, keywords and canonical', () => {
    expect(full[0]).toEqual({ tag: 'title', content: 'Call Germany | Ringwise' });
    expect(metaContent(full, 'description')).toBe('Cheap calls to Germany.');
    expect(metaContent(full, 'keywords')).toBe('call germany, cheap calls');
    expect(full).toContainEqual({ tag: 'link', attrs: { rel: 'canonical', href: 'https://ringwise.test/call/de' } });
    expect(metaContent(full, 'robots')).toBeUndefined();
  });

  test('Open Graph and Twitter tags', () => {
    expect(metaContent(full, 'og:title')).toBe('Call Germany | Ringwise');
    expect(metaContent(full, 'og:description')).toBe('Cheap calls to Germany.');
    expect(metaContent(full, 'og:type')).toBe('article');
    expect(metaContent(full, 'og:image')).toBe('https://ringwise.test/img/de.png');
    expect(metaContent(full, 'og:url')).toBe('https://ringwise.test/call/de');
    expect(metaContent(full, 'og:site_name')).toBe('Ringwise');
    expect(metaContent(full, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(full, 'twitter:title')).toBe('Call Germany | Ringwise');
    expect(metaContent(full, 'twitter:description')).toBe('Cheap calls to Germany.');
    expect(metaContent(full, 'twitter:image')).toBe('https://ringwise.test/img/de.png');
  });

  test('defaults: og:type website, og:image /og-image.png; no canonical means no og:url', () => {
    const tags = pageMetaTags({ title: 'Home' }, ORIGIN);
    expect(metaContent(tags, 'og:type')).toBe('website');
    expect(metaContent(tags, 'og:image')).toBe('https://ringwise.test/og-image.png');
    expect(metaContent(tags, 'og:url')).toBeUndefined();
    expect(tags.some((t) => t.tag === 'link')).toBe(false);
    expect(metaContent(tags, 'description')).toBeUndefined();
    expect(metaContent(tags, 'keywords')).toBeUndefined();
    expect(pageMetaTags({ title: 'Home' }).find((t) => t.tag === 'meta' && 'property' in t.attrs && t.attrs.property === 'og:image'))
      .toEqual({ tag: 'meta', attrs: { property: 'og:image', content: '/og-image.png' } });
  });

  test('noindex adds robots noindex, nofollow', () => {
    expect(metaContent(pageMetaTags({ title: '404', noindex: true }, ORIGIN), 'robots')).toBe('noindex, nofollow');
  });

  test('an absolute canonical is kept as is', () => {
    const tags = pageMetaTags({ title: 'X', canonical: 'https://www.ringwise.app/rates' }, ORIGIN);
    expect(metaContent(tags, 'og:url')).toBe('https://www.ringwise.app/rates');
  });

  test('structured data becomes JSON-LD that cannot close its <script> early', () => {
    const data = { '@context': 'https://schema.org', '@type': 'WebPage', name: '</script><b>x</b>' };
    const script = pageMetaTags({ title: 'X', structuredData: data }).find((t) => t.tag === 'script');
    expect(script?.tag).toBe('script');
    if (script?.tag !== 'script') return;
    expect(script.attrs.type).toBe('application/ld+json');
    expect(script.content).not.toContain('</script>');
    expect(JSON.parse(script.content)).toEqual(data);
  });
});

describe('PageMeta', () => {
  const happyDOM = (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM;

  beforeAll(() => happyDOM.setURL(`${ORIGIN}/call/de`));
  afterAll(() => happyDOM.setURL('about:blank'));
  afterEach(cleanup);

  test('hoists title, meta and canonical link into <head>, canonical made absolute with the page origin', () => {
    render(
      <PageMeta
        title="Call Germany"
        description="Cheap calls to Germany."
        canonical="/call/de"
        noindex
        structuredData={{ '@type': 'WebPage' }}
      />,
    );
    const head = document.head;
    expect(head.querySelector('title')?.textContent).toBe('Call Germany | Ringwise');
    expect(head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Cheap calls to Germany.');
    expect(head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://ringwise.test/call/de');
    expect(head.querySelector('meta[property="og:url"]')?.getAttribute('content')).toBe('https://ringwise.test/call/de');
    expect(head.querySelector('meta[property="og:site_name"]')?.getAttribute('content')).toBe('Ringwise');
    expect(head.querySelector('meta[name="twitter:card"]')?.getAttribute('content')).toBe('summary_large_image');
    expect(head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, nofollow');
    const ld = document.querySelector('script[type="application/ld+json"]');
    expect(JSON.parse(ld?.textContent ?? 'null')).toEqual({ '@type': 'WebPage' });
  });

  test("exactly one robots tag: none of its own when the server's HTML has the same one, else its own", () => {
    const robots = () => [...document.head.querySelectorAll('meta[name="robots"]')].map((tag) => tag.getAttribute('content'));
    const fromServer = document.createElement('meta');
    fromServer.name = 'robots';
    fromServer.content = 'noindex, nofollow';
    document.head.append(fromServer);
    try {
      const { rerender } = render(<PageMeta title="Dialer" noindex />);
      expect(robots()).toEqual(['noindex, nofollow']);
      rerender(<PageMeta title="Recent Calls" noindex />);
      expect(robots()).toEqual(['noindex, nofollow']);
    } finally {
      cleanup();
      fromServer.remove();
    }
    render(<PageMeta title="Dialer" noindex />);
    expect(robots()).toEqual(['noindex, nofollow']);
  });

  test('removes its tags when it unmounts', () => {
    const { unmount } = render(<PageMeta title="Rates" />);
    expect(document.head.querySelector('title')?.textContent).toBe('Rates | Ringwise');
    unmount();
    expect(document.head.querySelector('title')).toBeNull();
  });
});
