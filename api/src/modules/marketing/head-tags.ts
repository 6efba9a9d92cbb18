// Page metadata as HTML, for pages rendered on the server: the same tags the browser's <PageMeta> renders
// (one source, pageMetaTags), which React adopts when the page is hydrated.
import { pageMetaTags, type PageMetaProps, type PageMetaTag } from '@ringwise/ui/page-meta';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function attributes(attrs: Record<string, string>): string {
  return Object.entries(attrs)
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');
}

function tagHtml(tag: PageMetaTag): string {
  switch (tag.tag) {
    case 'title':
      return `<title>${escapeHtml(tag.content)}</title>`;
    case 'meta':
      return `<meta${attributes(tag.attrs)}>`;
    case 'link':
      return `<link${attributes(tag.attrs)}>`;
    case 'script':
      // pageMetaTags already escapes "<" inside JSON-LD, so it cannot close the element early
      return `<script${attributes(tag.attrs)}>${tag.content}</script>`;
  }
}

/** The head tags of a page; its JSON-LD stays where the page renders it (in the body), not twice. */
export function headTagsHtml(meta: PageMetaProps, origin: string): string {
  return pageMetaTags(meta, origin)
    .filter((tag) => tag.tag !== 'script')
    .map(tagHtml)
    .join('');
}
