import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ManifestError,
  describeConflict,
  parseSsrManifest,
  sharedConflicts,
  sharedOfMfManifest,
  type BuildShares,
} from './index.ts';

const fixture = (name: string): unknown => JSON.parse(readFileSync(join(import.meta.dir, 'fixtures', name), 'utf8'));
const browserBuild = (name: string, file: string): BuildShares => ({ name, shared: sharedOfMfManifest(fixture(file)) });
const serverBuild = (name: string, file: string): BuildShares => ({ name, shared: parseSsrManifest(fixture(file)).shared });

describe('sharedOfMfManifest', () => {
  test('reads the singletons with their version and requirement (null: any version)', () => {
    expect(sharedOfMfManifest(fixture('marketing.mf-manifest.json'))).toEqual({
      react: { version: '19.3.1', requiredVersion: '^19.3.1' },
      '@ringwise/ui/button': { version: '0.2.0', requiredVersion: false },
    });
  });

  test('a manifest without a shared list is an error', () => {
    expect(() => sharedOfMfManifest({ name: 'x' })).toThrow(ManifestError);
  });
});

describe('parseSsrManifest', () => {
  test('reads the build id, the file and the shared versions', () => {
    expect(parseSsrManifest(fixture('marketing.ssr-manifest.json'))).toEqual({
      buildId: 'b1',
      file: 'server.1a2b3c4d.js',
      shared: {
        react: { version: '19.3.1', requiredVersion: '^19.3.1' },
        'react-dom/server': { version: '19.3.1', requiredVersion: '^19.3.1' },
        '@ringwise/ui/button': { version: '0.1.0', requiredVersion: false },
      },
    });
  });

  test('refuses a file that is a path or a URL elsewhere, and missing fields', () => {
    const valid = fixture('marketing.ssr-manifest.json') as Record<string, unknown>;
    for (const file of ['../server.js', 'https://evil.example/x.js', 'sub/server.js', '', 'server.css']) {
      expect(() => parseSsrManifest({ ...valid, file })).toThrow(ManifestError);
    }
    expect(() => parseSsrManifest({ ...valid, buildId: '' })).toThrow(ManifestError);
    expect(() => parseSsrManifest({ ...valid, shared: { react: { requiredVersion: '^19' } } })).toThrow(ManifestError);
    expect(() => parseSsrManifest(null)).toThrow(ManifestError);
  });
});

describe('sharedConflicts', () => {
  test('builds on the same singleton versions fit, whatever the kit versions (any version accepted)', () => {
    const builds = [
      browserBuild('shell', 'shell.mf-manifest.json'),
      browserBuild('mfe-marketing', 'marketing.mf-manifest.json'),
      serverBuild('mfe-marketing (server)', 'marketing.ssr-manifest.json'),
    ];
    expect(sharedConflicts(builds)).toEqual([]);
  });

  test('react 18 next to react ^19 conflicts both ways', () => {
    const conflicts = sharedConflicts([browserBuild('shell', 'shell.mf-manifest.json'), browserBuild('mfe-dialer', 'dialer-react18.mf-manifest.json')]);
    expect(conflicts.map(describeConflict)).toEqual([
      'react: shell has 19.3.1, mfe-dialer requires ^18.3.1',
      'react-dom: shell has 19.3.1, mfe-dialer requires ^18.3.1',
      'react: mfe-dialer has 18.3.1, shell requires ^19.3.1',
      'react-dom: mfe-dialer has 18.3.1, shell requires ^19.3.1',
    ]);
  });

  test('a version that does not satisfy another build\'s requirement conflicts, in that direction only', () => {
    const conflicts = sharedConflicts([
      browserBuild('shell', 'shell.mf-manifest.json'),
      browserBuild('mfe-billing', 'billing-newer-requirement.mf-manifest.json'),
    ]);
    expect(conflicts).toEqual([
      { shareKey: 'react', provider: { build: 'shell', version: '19.3.1' }, consumer: { build: 'mfe-billing', requiredVersion: '^19.4.0' } },
    ]);
  });

  test('a server bundle is checked like a browser build', () => {
    const conflicts = sharedConflicts([
      browserBuild('shell', 'shell.mf-manifest.json'),
      serverBuild('mfe-marketing (server)', 'marketing-react18.ssr-manifest.json'),
    ]);
    expect(conflicts.map(describeConflict)).toEqual([
      'react: shell has 19.3.1, mfe-marketing (server) requires ^18.2.0',
      'react: mfe-marketing (server) has 18.2.0, shell requires ^19.3.1',
    ]);
  });

  test('a version that is not semver satisfies no requirement', () => {
    const conflicts = sharedConflicts([
      { name: 'a', shared: { react: { version: 'latest', requiredVersion: false } } },
      { name: 'b', shared: { react: { version: '19.3.1', requiredVersion: '^19.3.1' } } },
    ]);
    expect(conflicts.map(describeConflict)).toEqual(['react: a has latest, b requires ^19.3.1']);
  });
});
