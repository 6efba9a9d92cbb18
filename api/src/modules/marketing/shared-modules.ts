// The modules the api provides to the server bundles it runs: its own React, React DOM, react-query, router,
// api client and kit, the same singletons the shell provides to the remotes in the browser (the share map of
// rspack.config.ts), so a page's tree uses one React and one QueryClient context whichever build rendered
// which part. A server bundle gets these and nothing else (server-bundle.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SharedVersions } from '@ringwise/shared-versions';
import apiPackage from '../../../package.json' with { type: 'json' };

export interface ProvidedModule {
  version: string;
  /** What the api accepts from a bundle built against another version (its package.json range). */
  requiredVersion: string | false;
  /** The module as a CommonJS `require` returns it to the bundle. */
  load(): Promise<unknown>;
}

export type ProvidedModules = Record<string, ProvidedModule>;

/** Loads an ES module namespace for CommonJS code: `__esModule` makes a default import read `default`. */
const asCommonJs = async (namespace: Promise<object>) => ({ ...(await namespace), __esModule: true });

/** The installed version of a package, from the package.json above the file it (or `entry` of it) resolves to. */
function installedVersion(pkg: string, entry = pkg): string {
  let dir = dirname(Bun.resolveSync(entry, import.meta.dir));
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (manifest.name === pkg && manifest.version) return manifest.version;
    } catch {
      // no package.json here: look further up
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`cannot find the version of ${pkg}`);
    dir = parent;
  }
}

const declared = apiPackage.dependencies as Record<string, string | undefined>;

function thirdParty(pkg: string, load: () => Promise<object>): ProvidedModule {
  const range = declared[pkg];
  return {
    version: installedVersion(pkg),
    requiredVersion: range && !range.startsWith('workspace:') ? range : false,
    load: () => asCommonJs(load()),
  };
}

/** The kit's public modules (`@ringwise/ui/<name>`, one file each), as rspack.config.ts shares them. */
function kitModuleNames(): string[] {
  const dir = dirname(Bun.resolveSync('@ringwise/ui/cn', import.meta.dir));
  return readdirSync(dir)
    .filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'))
    .map((file) => file.slice(0, -'.tsx'.length))
    .sort();
}

let provided: ProvidedModules | null = null;

/** The explicit map of what a server bundle may require, built once. */
export function apiSharedModules(): ProvidedModules {
  if (provided) return provided;
  const kitVersion = installedVersion('@ringwise/ui', '@ringwise/ui/cn');
  const modules: ProvidedModules = {
    react: thirdParty('react', () => import('react')),
    'react/jsx-runtime': thirdParty('react', () => import('react/jsx-runtime')),
    'react-dom': thirdParty('react-dom', () => import('react-dom')),
    'react-dom/server': thirdParty('react-dom', () => import('react-dom/server')),
    '@tanstack/react-query': thirdParty('@tanstack/react-query', () => import('@tanstack/react-query')),
    wouter: thirdParty('wouter', () => import('wouter')),
    '@ringwise/api-client': {
      version: installedVersion('@ringwise/api-client'),
      requiredVersion: false,
      load: () => asCommonJs(import('@ringwise/api-client')),
    },
  };
  for (const name of kitModuleNames()) {
    modules[`@ringwise/ui/${name}`] = {
      version: kitVersion,
      requiredVersion: false,
      load: () => asCommonJs(import(`@ringwise/ui/${name}`)),
    };
  }
  provided = modules;
  return modules;
}

/** The versions of provided modules, as a build's manifest declares its own. */
export function providedVersions(modules: ProvidedModules): SharedVersions {
  return Object.fromEntries(
    Object.entries(modules).map(([key, { version, requiredVersion }]) => [key, { version, requiredVersion }]),
  );
}
