import { afterEach, describe, expect, mock, test } from 'bun:test';
import { QueryClient } from '@tanstack/react-query';
import { buildId as shellBuild } from './build-id.ts';
import { failedRemoteModule } from './federation/failed-remote.ts';

/** The marketing remote as the browser loaded it: its build, or a failure. */
let remote: { build: string } | 'failed' = { build: 'marketing-2' };
mock.module('./federation/remotes.ts', () => ({
  loadRemoteComponent: async (id: string) => (remote === 'failed' ? failedRemoteModule(id, new Error('offline')) : () => null),
  loadedRemoteComponent: () => undefined,
  loadedRemoteBuildId: () => (remote === 'failed' ? undefined : remote.build),
  reloadRemote: async () => {},
}));
const { mayHydrate, takeOverServerRender } = await import('./server-handoff.ts');

describe('mayHydrate', () => {
  const remotes = ['marketing/app'];
  const browser = { shell: 'shell-1', 'marketing/app': 'marketing-1' };

  test('the same builds as the server: hydrate', () => {
    expect(mayHydrate({ remotes, builds: { shell: 'shell-1', 'marketing/app': 'marketing-1' } }, browser)).toBe(true);
  });

  test('the remote was redeployed in between: render afresh', () => {
    expect(mayHydrate({ remotes, builds: { shell: 'shell-1', 'marketing/app': 'marketing-0' } }, browser)).toBe(false);
  });

  test('another shell build: render afresh', () => {
    expect(mayHydrate({ remotes, builds: { shell: 'shell-0', 'marketing/app': 'marketing-1' } }, browser)).toBe(false);
  });

  test('no markup (no builds), or a part the server does not name: render afresh', () => {
    expect(mayHydrate({ remotes }, browser)).toBe(false);
    expect(mayHydrate({ remotes, builds: { shell: 'shell-1' } }, browser)).toBe(false);
    expect(mayHydrate({ remotes, builds: { shell: 'shell-1', 'marketing/app': 'marketing-1' } }, { shell: 'shell-1' })).toBe(false);
  });
});

describe('takeOverServerRender', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    remote = { build: 'marketing-2' };
  });

  const detail = { name: 'United Kingdom' };

  function serverPage(builds?: Record<string, string>) {
    document.head.innerHTML =
      '<title data-ssr-meta>Call United Kingdom | Ringwise</title><link rel="canonical" href="/call/gb" data-ssr-meta><link rel="stylesheet" href="/app.css">';
    const data = { remotes: ['marketing/app'], queries: [{ queryKey: ['/api/countries', 'GB'], data: detail }], ...(builds ? { builds } : {}) };
    document.body.innerHTML = `<div id="root" data-ssr><h1>Call United Kingdom</h1></div><script type="application/json" id="ringwise-ssr-data">${JSON.stringify(data)}</script>`;
  }

  test('rendered by the builds the browser runs: hydrate, and React adopts the head', async () => {
    serverPage({ shell: shellBuild, 'marketing/app': 'marketing-2' });
    const queryClient = new QueryClient();
    expect(await takeOverServerRender(queryClient)).toBe(true);
    expect(queryClient.getQueryData(['/api/countries', 'GB'])).toEqual(detail);
    expect(document.head.querySelectorAll('[data-ssr-meta]')).toHaveLength(2);
  });

  test('rendered by another build of the remote: render afresh with the data, the page brings its own head', async () => {
    serverPage({ shell: shellBuild, 'marketing/app': 'marketing-1' });
    const queryClient = new QueryClient();
    expect(await takeOverServerRender(queryClient)).toBe(false);
    expect(queryClient.getQueryData(['/api/countries', 'GB'])).toEqual(detail);
    expect(document.head.querySelectorAll('[data-ssr-meta]')).toHaveLength(0);
    expect(document.head.querySelector('link[rel="stylesheet"]')).not.toBeNull();
  });

  test('served without markup (no server render): render afresh', async () => {
    serverPage();
    expect(await takeOverServerRender(new QueryClient())).toBe(false);
  });

  test('the remote did not load: its fallback renders, the server\'s head stays', async () => {
    remote = 'failed';
    serverPage({ shell: shellBuild, 'marketing/app': 'marketing-2' });
    expect(await takeOverServerRender(new QueryClient())).toBe(false);
    expect(document.head.querySelectorAll('[data-ssr-meta]')).toHaveLength(2);
  });

  test('a page the server did not render: nothing to take over', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(await takeOverServerRender(new QueryClient())).toBe(false);
  });
});
