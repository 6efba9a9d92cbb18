import { describe, expect, test } from 'bun:test';
import type { SsrManifest } from '@ringwise/shared-versions';
import { BundleError, evaluateCommonJs, serverBundle } from './server-bundle.ts';
import type { ProvidedModules } from './shared-modules.ts';

const base = 'https://cdn.example.com/marketing/server/';

/** The api's React in these tests: a marker object the bundle can hand back. */
const apiReact = { marker: 'the api react' };
const modules: ProvidedModules = {
  react: { version: '19.3.1', requiredVersion: '^19.3.1', load: async () => apiReact },
  '@ringwise/ui/button': { version: '0.1.0', requiredVersion: false, load: async () => ({ Button: 'api button' }) },
};

/** A bundle exporting its build id, a greeting and the React it was given. */
const bundleCode = (buildId: string, greeting: string, requires = 'react') =>
  `const React = require(${JSON.stringify(requires)});
exports.buildId = ${JSON.stringify(buildId)};
exports.greet = () => ${JSON.stringify(greeting)};
exports.react = React;`;

const manifestOf = (buildId: string, file: string, shared: SsrManifest['shared'] = { react: { version: '19.3.1', requiredVersion: '^19.3.1' } }): SsrManifest => ({
  buildId,
  file,
  shared,
});

interface Exports {
  buildId: string;
  greet(): string;
  react: unknown;
}

/** A remote as seen through fetch: files by name below `base`, requests counted, a clock to move. */
function deployment() {
  const files = new Map<string, string>();
  const requests: string[] = [];
  const warnings: string[] = [];
  let time = 1_000_000;
  let down = false;
  const fetchStub = (async (input: string | URL | Request) => {
    const url = String(input);
    requests.push(url.slice(base.length));
    if (down) throw new TypeError('fetch failed: connection refused');
    const body = files.get(url.slice(base.length));
    return body === undefined ? new Response('not found', { status: 404 }) : new Response(body);
  }) as typeof fetch;
  const deploy = (manifest: SsrManifest, code?: string) => {
    if (code !== undefined) files.set(manifest.file, code);
    files.set('ssr-manifest.json', JSON.stringify(manifest));
  };
  const bundle = serverBundle<Exports>({
    name: 'marketing',
    baseUrl: base,
    modules,
    validate: (exports) => {
      if (typeof exports.greet !== 'function') throw new BundleError('no greet');
      return exports as unknown as Exports;
    },
    fetch: fetchStub,
    now: () => time,
    warn: (message) => warnings.push(message),
  });
  return {
    files,
    requests,
    warnings,
    bundle,
    deploy,
    setDown: (value: boolean) => (down = value),
    advance: (ms: number) => (time += ms),
  };
}

describe('evaluateCommonJs', () => {
  test('the bundle gets the modules it is given, by name', () => {
    const exports = evaluateCommonJs(bundleCode('b1', 'hi'), `${base}server.js`, new Map([['react', apiReact]]));
    expect(exports.react).toBe(apiReact);
    expect(exports.buildId).toBe('b1');
  });

  test('a require of anything else is refused', () => {
    expect(() => evaluateCommonJs(`require('node:fs')`, `${base}server.js`, new Map([['react', apiReact]]))).toThrow(
      'requires "node:fs", which is not a module the api provides',
    );
  });
});

describe('serverBundle', () => {
  test('loads the bundle the manifest names, with the api\'s own shared modules', async () => {
    const remote = deployment();
    remote.deploy(manifestOf('b1', 'server.11111111.js'), bundleCode('b1', 'release 1'));
    const loaded = await remote.bundle.current();
    expect(loaded?.buildId).toBe('b1');
    expect(loaded?.exports.greet()).toBe('release 1');
    expect(loaded?.exports.react).toEqual(apiReact);
    expect(remote.requests).toEqual(['ssr-manifest.json', 'server.11111111.js']);
  });

  test('reads the manifest again at most every 10 s, one read at a time', async () => {
    const remote = deployment();
    remote.deploy(manifestOf('b1', 'server.11111111.js'), bundleCode('b1', 'release 1'));
    await Promise.all([remote.bundle.current(), remote.bundle.current(), remote.bundle.current()]);
    remote.advance(9_000);
    await remote.bundle.current();
    expect(remote.requests).toEqual(['ssr-manifest.json', 'server.11111111.js']);
    remote.advance(1_000);
    await remote.bundle.current();
    await Bun.sleep(0);
    // the same build: the manifest is read, the bundle is not fetched again
    expect(remote.requests).toEqual(['ssr-manifest.json', 'server.11111111.js', 'ssr-manifest.json']);
  });

  test('a redeploy is picked up at the next revalidation, without a restart', async () => {
    const remote = deployment();
    remote.deploy(manifestOf('b1', 'server.11111111.js'), bundleCode('b1', 'release 1'));
    expect((await remote.bundle.current())?.exports.greet()).toBe('release 1');

    remote.deploy(manifestOf('b2', 'server.22222222.js'), bundleCode('b2', 'release 2'));
    // stale while revalidating: the request that notices the interval is over still gets release 1...
    remote.advance(10_000);
    expect((await remote.bundle.current())?.exports.greet()).toBe('release 1');
    // ...and the next ones the new build, once it is loaded
    await Bun.sleep(5);
    const next = await remote.bundle.current();
    expect(next?.buildId).toBe('b2');
    expect(next?.exports.greet()).toBe('release 2');
  });

  test('a broken bundle is never served, its pages render in the browser, and it is said once', async () => {
    const remote = deployment();
    remote.deploy(manifestOf('b1', 'server.11111111.js'), 'throw new Error("broken at start")');
    expect(await remote.bundle.current()).toBeNull();
    remote.advance(10_000);
    expect(await remote.bundle.current()).toBeNull();
    expect(remote.warnings).toHaveLength(1);
    expect(remote.warnings[0]).toContain('build b1 cannot be used');
    expect(remote.warnings[0]).toContain('broken at start');
    // a bundle that failed to run is not fetched again for the same build
    expect(remote.requests.filter((r) => r === 'server.11111111.js')).toHaveLength(1);
  });

  test('a new deployment whose bundle is broken never gets the previous deployment\'s render', async () => {
    const remote = deployment();
    remote.deploy(manifestOf('b1', 'server.11111111.js'), bundleCode('b1', 'release 1'));
    expect(await remote.bundle.current()).not.toBeNull();
    remote.deploy(manifestOf('b2', 'server.22222222.js'), 'exports.buildId = "b2"; exports.greet = 42;');
    remote.advance(10_000);
    await remote.bundle.current();
    await Bun.sleep(5);
    expect(await remote.bundle.current()).toBeNull();
    expect(remote.warnings).toEqual([expect.stringContaining('build b2 cannot be used, its pages render in the browser: no greet')]);
  });

  test('a bundle built against shared versions the api does not have is refused without being fetched', async () => {
    const remote = deployment();
    remote.deploy(
      manifestOf('b1', 'server.11111111.js', { react: { version: '18.2.0', requiredVersion: '^18.2.0' } }),
      bundleCode('b1', 'release 1'),
    );
    expect(await remote.bundle.current()).toBeNull();
    expect(remote.requests).toEqual(['ssr-manifest.json']);
    expect(remote.warnings[0]).toContain('react: the api has 19.3.1, the marketing server bundle requires ^18.2.0');
  });

  test('a bundle that requires a module the api does not provide is refused', async () => {
    const remote = deployment();
    remote.deploy(
      manifestOf('b1', 'server.11111111.js', { lodash: { version: '4.17.21', requiredVersion: '^4.17.0' } }),
      bundleCode('b1', 'release 1', 'lodash'),
    );
    expect(await remote.bundle.current()).toBeNull();
    expect(remote.warnings[0]).toContain('it requires lodash, which the api does not provide');
  });

  test('a bundle that requires a module it did not declare fails to run and is refused', async () => {
    const remote = deployment();
    remote.deploy(manifestOf('b1', 'server.11111111.js'), bundleCode('b1', 'release 1', '@ringwise/ui/button'));
    expect(await remote.bundle.current()).toBeNull();
    expect(remote.warnings[0]).toContain('requires "@ringwise/ui/button", which is not a module the api provides to it');
  });

  test('a bundle whose build id is not its manifest\'s is refused', async () => {
    const remote = deployment();
    remote.deploy(manifestOf('b2', 'server.22222222.js'), bundleCode('b1', 'release 1'));
    expect(await remote.bundle.current()).toBeNull();
    expect(remote.warnings[0]).toContain('it is build b1, its manifest says b2');
  });

  test('a remote that is down: no render until it answers, then its bundle', async () => {
    const remote = deployment();
    remote.setDown(true);
    expect(await remote.bundle.current()).toBeNull();
    remote.advance(10_000);
    // known to be down: a request does not wait for the next read
    expect(await remote.bundle.current()).toBeNull();
    await Bun.sleep(5);
    expect(remote.warnings).toEqual([`[ssr] marketing: ${base}ssr-manifest.json could not be read`]);

    remote.setDown(false);
    remote.deploy(manifestOf('b1', 'server.11111111.js'), bundleCode('b1', 'release 1'));
    remote.advance(10_000);
    await remote.bundle.current();
    await Bun.sleep(5);
    expect((await remote.bundle.current())?.buildId).toBe('b1');
  });

  test('a bundle that could not be fetched is tried again at the next revalidation', async () => {
    const remote = deployment();
    remote.deploy(manifestOf('b1', 'server.11111111.js'));
    expect(await remote.bundle.current()).toBeNull();
    remote.files.set('server.11111111.js', bundleCode('b1', 'release 1'));
    remote.advance(10_000);
    expect((await remote.bundle.current())?.exports.greet()).toBe('release 1');
    expect(remote.warnings).toHaveLength(1);
  });

  test('while the remote is briefly unreachable, the known deployment keeps its bundle', async () => {
    const remote = deployment();
    remote.deploy(manifestOf('b1', 'server.11111111.js'), bundleCode('b1', 'release 1'));
    await remote.bundle.current();
    remote.setDown(true);
    remote.advance(10_000);
    await remote.bundle.current();
    await Bun.sleep(5);
    expect((await remote.bundle.current())?.buildId).toBe('b1');
  });
});
