import { remoteKeys, type RemoteKey } from '@ringwise/routes';
import { manifestUrl, type ApiConfig } from '../../config.ts';

/** The body of /remotes.json: each remote key → the URL of its federation manifest, as configured now. */
export function remoteManifests(config: Pick<ApiConfig, 'remotes'>): Record<RemoteKey, string> {
  return Object.fromEntries(remoteKeys.map((key) => [key, manifestUrl(config.remotes[key])])) as Record<
    RemoteKey,
    string
  >;
}
