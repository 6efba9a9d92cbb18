import { Elysia } from 'elysia';
import type { ApiConfig } from '../../config.ts';
import { remoteManifests } from './service.ts';

/** GET /remotes.json: read by the shell at startup to register the remotes (ARCHITECTURE.md §7). */
export const remotes = (config: ApiConfig) => {
  const manifests = remoteManifests(config);
  return new Elysia({ name: 'module.remotes', seed: config }).get('/remotes.json', ({ set }) => {
    // A remote may move at any time: always revalidate.
    set.headers['cache-control'] = 'no-cache';
    return manifests;
  });
};
