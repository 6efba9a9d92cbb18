// GET /flags/{code}.svg: a country's flag (3:2 SVG from the maintained `country-flag-icons` package).
// Pages show flags as images rather than emoji: Windows has no flag emoji, and a machine without an emoji
// font spends tens of milliseconds of layout looking for one. Any two-letter code the package draws is served
// (it has every country of our list, and the regions libphonenumber-js knows).
import path from 'node:path';
import { Elysia } from 'elysia';
import { CompressionCache, findStaticFile, notFoundText, staticFileResponse } from '@ringwise/static-files';
import { sendWebResponse } from '../web/service.ts';

/** Flags change only with a package upgrade: a day fresh, then a week served stale while revalidating. */
export const flagCacheControl = 'public, max-age=86400, stale-while-revalidate=604800';

const flagsDir = path.join(path.dirname(Bun.resolveSync('country-flag-icons/package.json', import.meta.dir)), '3x2');

export const flags = () => {
  const compressionCache = new CompressionCache();
  return new Elysia({ name: 'module.flags' }).get('/flags/:file', async ({ params, request, set }) => {
    const code = /^([a-z]{2})\.svg$/.exec(params.file)?.[1];
    // lower case only (the one URL pages use, see flagImagePath), so caches hold one copy of each flag
    const file = code ? await findStaticFile(flagsDir, `/${code.toUpperCase()}.svg`) : null;
    if (!file) return sendWebResponse(set, request, notFoundText());
    const response = await staticFileResponse(file, { acceptEncoding: request.headers.get('accept-encoding'), range: null }, compressionCache);
    return sendWebResponse(set, request, { ...response, headers: { ...response.headers, 'cache-control': flagCacheControl } });
  });
};
