import { Elysia } from 'elysia';
import type { ApiConfig } from '../../config.ts';
import type { LiveReleases } from '../../lib/live-release.ts';
import { remotesDocument } from './service.ts';

/** GET /remotes.json: read by the shell at startup to register the remotes (ARCHITECTURE.md §7), at their live releases. */
export const remotes = (config: ApiConfig, releases: LiveReleases) =>
  new Elysia({ name: 'module.remotes', seed: config }).get('/remotes.json', async ({ set }) => {
    // A remote may move at any time: always revalidate.
    set.headers['cache-control'] = 'no-cache';
    return await remotesDocument(releases);
  });
