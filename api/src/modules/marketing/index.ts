// `/`, `/call/:country`, `/sitemap.xml` and `/robots.txt`: more specific than the web module's catch-all,
// so they win over it. HEAD is answered from the GET routes.
import { Elysia } from 'elysia';
import { sendWebResponse } from '../web/service.ts';
import type { MarketingPages } from './service.ts';

export const marketing = (pages: MarketingPages) =>
  new Elysia({ name: 'module.marketing' })
    .get('/', async ({ set, request, path }) => sendWebResponse(set, request, await pages.landing(path)))
    .get('/call/:country', async ({ set, request, path, params }) => sendWebResponse(set, request, await pages.country(path, params.country)))
    .get('/sitemap.xml', async ({ set, request }) => sendWebResponse(set, request, await pages.sitemap()))
    .get('/robots.txt', ({ set, request }) => sendWebResponse(set, request, pages.robots()));
