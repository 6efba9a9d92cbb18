// `/`, `/call/:country`, `/sitemap.xml` and `/robots.txt`: more specific than the web module's catch-all,
// so they win over it. HEAD is answered from the GET routes.
import { Elysia } from 'elysia';
import { appendVary } from '../../lib/http.ts';
import { gzipTextResponse, type WebResponse } from '../web/service.ts';
import type { MarketingPages } from './service.ts';

export const marketing = (pages: MarketingPages) => {
  const send = (
    set: { status?: number | string; headers: Record<string, string | number> },
    request: Request,
    page: WebResponse,
  ) => {
    const response = gzipTextResponse(page, request.headers.get('accept-encoding'));
    set.status = response.status;
    for (const [name, value] of Object.entries(response.headers)) {
      set.headers[name] = name === 'vary' ? appendVary(set.headers.vary as string | undefined, value) : value;
    }
    return response.body;
  };
  return new Elysia({ name: 'module.marketing' })
    .get('/', async ({ set, request, path }) => send(set, request, await pages.landing(path)))
    .get('/call/:country', async ({ set, request, path, params }) => send(set, request, await pages.country(path, params.country)))
    .get('/sitemap.xml', async ({ set, request }) => send(set, request, await pages.sitemap()))
    .get('/robots.txt', ({ set, request }) => send(set, request, pages.robots()));
};
