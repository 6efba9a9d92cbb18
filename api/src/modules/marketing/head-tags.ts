// Page metadata as HTML, for pages rendered on the server: the same tags the browser's <PageMeta> renders
// (one source, pageMetaTags), which React adopts when the page is hydrated. Each carries `data-ssr-meta`, so
// a browser that renders the page afresh instead (shell/src/server-handoff.ts) drops them for its own.
import { escapeHtml } from '@ringwise/html';
import { pageMetaTags, type PageMetaProps, type PageMetaTag } from '@ringwise/ui/page-meta';

function attributes(attrs: Record<string, string>): string {
  return Object.entries(attrs)
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');
}

const marker = ' data-ssr-meta';

function tagHtml(tag: PageMetaTag): string {
  switch (tag.tag) {
    case 'title':
      return `<title${marker}>${escapeHtml(tag.content)}</title>`;
    case 'meta':
      return `<meta${attributes(tag.attrs)}${marker}>`;
    case 'link':
      return `<link${attributes(tag.attrs)}${marker}>`;
    case 'script':
      // pageMetaTags already escapes "<" inside JSON-LD, so it cannot close the element early
      return `<script${attributes(tag.attrs)}${marker}>${tag.content}</script>`;
  }
}

/**
 * The head tags of a page. Its JSON-LD stays where the page renders it (in the body), not twice; a page
 * served without its markup (rendered in the browser) carries it in the head (`structuredData`).
 */
export function headTagsHtml(meta: PageMetaProps, origin: string, options: { structuredData?: boolean } = {}): string {
  return pageMetaTags(meta, origin)
    .filter((tag) => options.structuredData === true || tag.tag !== 'script')
    .map(tagHtml)
    .join('');
}
