// GET /api/docs: the OpenAPI document rendered as one readable HTML page, on the server. A table of contents by
// domain, then each route with its method, path, summary, who may call it, its parameters, its body and its
// answers as JSON Schema, and its failures. No script and nothing fetched: the stylesheet is inline and the
// page's CSP allows exactly it (by hash). One column on a phone (390 px), contents beside the routes on wider
// screens; landmarks (header, nav, main, footer), one h1 and headings in order, contrast of at least 4.5:1.
import { createHash } from 'node:crypto';
import { escapeHtml } from '@ringwise/html';
import type { HttpMethod, OpenApiDocument, OpenApiMedia, OpenApiOperation, OpenApiParameter, OpenApiResponse, OpenApiResponseOrRef } from '@ringwise/contract/openapi';

/** The page's colours (text on background pairs are checked for contrast in page.test.ts). */
export const palette = {
  text: '#1b1f24',
  muted: '#4a5360',
  background: '#ffffff',
  panel: '#f4f6f8',
  border: '#c9d0d8',
  link: '#0b57c2',
  get: { text: '#0b5a2a', background: '#e3f3e8' },
  post: { text: '#0a4a8c', background: '#e2eefb' },
  put: { text: '#6b3d00', background: '#fcefd9' },
  patch: { text: '#5a2d82', background: '#f0e6fa' },
  delete: { text: '#9b1c1c', background: '#fde7e7' },
} as const;

const methods: readonly HttpMethod[] = ['get', 'post', 'put', 'patch', 'delete'];

const css = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:${palette.text};background:${palette.background}}
a{color:${palette.link}}
a:focus-visible{outline:3px solid ${palette.link};outline-offset:2px}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.875rem}
.skip{position:absolute;left:-9999px}
.skip:focus{left:1rem;top:1rem;background:${palette.background};padding:.5rem;z-index:1}
header.top{padding:1.25rem 1rem;border-bottom:1px solid ${palette.border}}
header.top h1{margin:0 0 .25rem;font-size:1.5rem}
header.top p{margin:0;color:${palette.muted}}
.layout{display:block;max-width:80rem;margin:0 auto}
nav.toc{padding:1rem;border-bottom:1px solid ${palette.border}}
nav.toc h2{font-size:1.125rem;margin:0 0 .5rem}
nav.toc ul{list-style:none;margin:0;padding:0}
nav.toc li li{margin:.125rem 0 .125rem .75rem}
nav.toc li{overflow-wrap:anywhere}
main{padding:1rem;min-width:0}
main>section{margin-bottom:2.5rem}
h2{font-size:1.375rem;margin:1.5rem 0 .5rem}
h3{font-size:1.125rem;margin:0 0 .5rem;overflow-wrap:anywhere}
h4{font-size:1rem;margin:1rem 0 .25rem}
article{border:1px solid ${palette.border};border-radius:.5rem;padding:1rem;margin:1rem 0;background:${palette.background}}
.method{display:inline-block;min-width:4.25rem;text-align:center;font-weight:700;border-radius:.25rem;padding:0 .375rem;margin-right:.375rem;font-size:.875rem}
${methods.map((m) => `.m-${m}{color:${palette[m].text};background:${palette[m].background}}`).join('\n')}
.path{overflow-wrap:anywhere}
.table-wrap{overflow-x:auto}
td.schema code{overflow-wrap:anywhere}
table{border-collapse:collapse;width:100%;font-size:.9375rem}
th,td{text-align:left;vertical-align:top;padding:.375rem .5rem;border-bottom:1px solid ${palette.border}}
pre{background:${palette.panel};color:${palette.text};padding:.75rem;border-radius:.375rem;overflow-x:auto;max-height:28rem;margin:.25rem 0}
details{margin:.25rem 0}
summary{cursor:pointer}
dl.responses{margin:0}
dl.responses dt{font-weight:700;margin-top:.5rem}
dl.responses dd{margin:0 0 0 1rem}
footer{padding:1rem;border-top:1px solid ${palette.border};color:${palette.muted}}
@media (min-width:60rem){
  .layout{display:grid;grid-template-columns:18rem minmax(0,1fr);gap:1rem}
  nav.toc{border-bottom:0;border-right:1px solid ${palette.border};position:sticky;top:0;align-self:start;max-height:100vh;overflow-y:auto}
}
`.trim();

const styleHash = `'sha256-${createHash('sha256').update(css).digest('base64')}'`;

/** The page's CSP: its inline stylesheet and nothing else (no scripts, images, fonts, frames or forms). */
export const referenceContentSecurityPolicy = [
  `default-src 'none'`,
  `style-src ${styleHash}`,
  `base-uri 'none'`,
  `form-action 'none'`,
  `frame-ancestors 'none'`,
].join('; ');

/** The little markdown the document's descriptions use: paragraphs, `code` and **bold**. */
function prose(text: string | undefined): string {
  if (!text) return '';
  return text
    .split(/\n{2,}/)
    .map((paragraph) => {
      const html = escapeHtml(paragraph.trim())
        .replace(/`([^`]+)`/g, '<code>$1</code>')
        .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
      return `<p>${html}</p>`;
    })
    .join('\n');
}

const json = (value: unknown) => `<pre><code>${escapeHtml(JSON.stringify(value, null, 2))}</code></pre>`;

/** A stable anchor of an operation: its operationId. */
export const anchorOf = (operation: OpenApiOperation) => `op-${operation.operationId}`;
const tagAnchor = (tag: string) => `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

interface Entry {
  path: string;
  method: HttpMethod;
  operation: OpenApiOperation;
}

function entriesOf(document: OpenApiDocument): Entry[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    methods.filter((method) => item[method]).map((method) => ({ path, method, operation: item[method]! })),
  );
}

const responseAnchor = (name: string) => `response-${name}`;

/** A shared response (components.responses) by its reference. */
const sharedResponseName = (response: OpenApiResponseOrRef) => ('$ref' in response ? response.$ref.split('/').pop()! : null);

/** "BadRequest" → "Bad request"; the catch-all "Error" → "Any other failure". */
const titleOf = (name: string) => (name === 'Error' ? 'Any other failure' : name.replace(/(?<=[a-z])([A-Z])/g, (c) => ` ${c.toLowerCase()}`));

function responseBody(response: OpenApiResponse): string {
  const headers = response.headers
    ? `<p>Headers: ${Object.entries(response.headers)
        .map(([name, header]) => `<code>${escapeHtml(name)}</code> (${escapeHtml(header.description)})`)
        .join(', ')}</p>`
    : '';
  return `${prose(response.description)}${headers}${mediaList(response.content, 'Body')}`;
}

function mediaList(content: Record<string, OpenApiMedia> | undefined, label: string): string {
  if (!content) return '';
  return Object.entries(content)
    .map(([type, media]) => {
      if (!media.schema) return `<p>${escapeHtml(label)}: <code>${escapeHtml(type)}</code></p>`;
      const ref = typeof media.schema.$ref === 'string' ? media.schema.$ref : null;
      if (ref) return `<p>${escapeHtml(label)}: <code>${escapeHtml(type)}</code>, <a href="#error-envelope">the error envelope</a></p>`;
      return `<details><summary>${escapeHtml(label)}: <code>${escapeHtml(type)}</code> schema</summary>${json(media.schema)}</details>`;
    })
    .join('\n');
}

function parametersTable(parameters: OpenApiParameter[] | undefined): string {
  if (!parameters?.length) return '';
  const rows = parameters
    .map((p) => {
      const description = [p.description, p.schema['x-error-message'] ? `Refused with: “${String(p.schema['x-error-message'])}”` : '']
        .filter(Boolean)
        .join(' ');
      const { 'x-error-message': _message, ...schema } = p.schema;
      return `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}</td><td>${p.required ? 'yes' : 'no'}</td><td class="schema"><code>${escapeHtml(JSON.stringify(schema))}</code>${description ? `<br>${escapeHtml(description)}` : ''}</td></tr>`;
    })
    .join('\n');
  return `<h4>Parameters</h4>
<div class="table-wrap"><table><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Required</th><th scope="col">Schema</th></tr></thead>
<tbody>${rows}</tbody></table></div>`;
}

function operationHtml({ path, method, operation }: Entry): string {
  const responses = Object.entries(operation.responses)
    .map(([status, response]) => {
      const label = status === 'default' ? 'Any other status' : escapeHtml(status);
      const shared = sharedResponseName(response);
      // the shared failures are described once, in the overview
      if (shared) return `<dt>${label}</dt><dd><p><a href="#${responseAnchor(shared)}">${escapeHtml(titleOf(shared))}</a>, in the error envelope.</p></dd>`;
      return `<dt>${label}</dt><dd>${responseBody(response as OpenApiResponse)}</dd>`;
    })
    .join('\n');
  const body = operation.requestBody
    ? `<h4>Request body</h4>${prose(operation.requestBody.description)}${mediaList(operation.requestBody.content, 'Body')}`
    : '';
  return `<article id="${anchorOf(operation)}" aria-labelledby="${anchorOf(operation)}-title">
<h3 id="${anchorOf(operation)}-title"><span class="method m-${method}">${method.toUpperCase()}</span> <code class="path">${escapeHtml(path)}</code></h3>
<p><strong>${escapeHtml(operation.summary)}</strong></p>
${prose(operation.description)}
${parametersTable(operation.parameters)}
${body}
<h4>Responses</h4>
<dl class="responses">${responses}</dl>
</article>`;
}

export interface ReferencePage {
  html: string;
  contentSecurityPolicy: string;
}

export function renderReferencePage(document: OpenApiDocument): ReferencePage {
  const entries = entriesOf(document);
  const byTag = document.tags.map((tag) => ({ tag, entries: entries.filter((entry) => entry.operation.tags.includes(tag.name)) }));
  const toc = byTag
    .map(
      ({ tag, entries: list }) =>
        `<li><a href="#${tagAnchor(tag.name)}">${escapeHtml(tag.name)}</a><ul>${list
          .map((e) => `<li><a href="#${anchorOf(e.operation)}">${e.method.toUpperCase()} ${escapeHtml(e.path)}</a></li>`)
          .join('')}</ul></li>`,
    )
    .join('\n');
  const sections = byTag
    .map(
      ({ tag, entries: list }) => `<section aria-labelledby="${tagAnchor(tag.name)}">
<h2 id="${tagAnchor(tag.name)}">${escapeHtml(tag.name)}</h2>
${prose(tag.description)}
${list.map((entry) => operationHtml(entry)).join('\n')}
</section>`,
    )
    .join('\n');
  const auth = Object.values(document.components.securitySchemes)
    .map((scheme) => prose(scheme.description))
    .join('');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)} reference</title>
<meta name="description" content="Every /api route of Ringwise and the webhooks it receives.">
<style>${css}</style>
</head>
<body>
<a class="skip" href="#main">Skip to the reference</a>
<header class="top">
<h1>${escapeHtml(document.info.title)} reference</h1>
<p>Version ${escapeHtml(document.info.version)}, OpenAPI ${escapeHtml(document.openapi)}: <a href="/api/openapi.json">openapi.json</a></p>
</header>
<div class="layout">
<nav class="toc" aria-labelledby="toc-title">
<h2 id="toc-title">Contents</h2>
<ul>
<li><a href="#overview">Overview</a></li>
${toc}
</ul>
</nav>
<main id="main">
<section id="overview" aria-labelledby="overview-title">
<h2 id="overview-title">Overview</h2>
${prose(document.info.description)}
<h3>Authentication</h3>
${auth}
<h3 id="error-envelope">The error envelope</h3>
${json(document.components.schemas.ErrorEnvelope)}
<h3>Common failures</h3>
<dl class="responses">
${Object.entries(document.components.responses)
  .map(([name, response]) => `<dt id="${responseAnchor(name)}">${escapeHtml(titleOf(name))}</dt><dd>${responseBody(response)}</dd>`)
  .join('\n')}
</dl>
</section>
${sections}
</main>
</div>
<footer><p>Generated from <code>@ringwise/contract</code>. The machine-readable form: <a href="/api/openapi.json">/api/openapi.json</a>.</p></footer>
</body>
</html>
`;
  return { html, contentSecurityPolicy: referenceContentSecurityPolicy };
}
