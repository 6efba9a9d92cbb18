import { describe, expect, test } from 'bun:test';
import type { RemoteManifest } from '../../lib/remote-manifest.ts';
import { remoteStylesheets } from './remote-assets.ts';

const remoteUrl = 'https://cdn.example.com/marketing';
const manifestOf = (manifest: unknown): RemoteManifest => ({ remoteUrl, get: async () => ({ manifest, base: remoteUrl }) });

describe('remoteStylesheets', () => {
  test("the stylesheets of the remote's ./app, as absolute URLs", async () => {
    const manifest = { exposes: [{ path: './widgets/x', assets: { css: { sync: ['x.css'] } } }, { path: './app', assets: { css: { sync: ['app.1.css'] } } }] };
    expect(await remoteStylesheets(manifestOf(manifest)).get()).toEqual([`${remoteUrl}/app.1.css`]);
  });

  test('none while no manifest has been read, or when it is not what a build writes', async () => {
    expect(await remoteStylesheets(manifestOf(null)).get()).toEqual([]);
    expect(await remoteStylesheets(manifestOf({ exposes: 'nope' })).get()).toEqual([]);
    expect(await remoteStylesheets(manifestOf({ exposes: [{ path: './app', assets: { css: { sync: [7] } } }] })).get()).toEqual([]);
  });
});
