// Dependencies run one way: the apps (shell, remotes, api) and the tooling (scripts, e2e) use packages/;
// no app imports another app's source (each deploys alone), packages import no app, and nothing imports
// scripts/ (scripts are run, never imported). The provider stand-ins (packages/simulators/*) import no app either, each
// is a program of its own, and no code of the product imports one: only tests, benchmarks and test helpers do.
import { describe, expect, test } from 'bun:test';
import { Glob } from 'bun';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './runtime-env.ts';

const apps = ['shell', 'mfe-dialer', 'mfe-contacts', 'mfe-billing', 'mfe-numbers', 'mfe-marketing', 'api'] as const;
const folders = [...apps, 'packages', 'scripts', 'e2e'] as const;
type Folder = (typeof folders)[number];

/** What each top-level folder may import besides itself and packages/. */
const allowed: Record<Folder, readonly Folder[]> = {
  shell: [],
  'mfe-dialer': [],
  'mfe-contacts': [],
  'mfe-billing': [],
  'mfe-numbers': [],
  'mfe-marketing': [],
  api: [],
  packages: [],
  // tooling runs the apps: the rate importer, the database tests and the benchmarks use the api's modules
  scripts: ['api'],
  e2e: [],
};

/** Workspace package names of the app folders ("@ringwise/mfe-contacts" → "mfe-contacts"). */
const appPackages = new Map<string, Folder>(apps.map((app) => [`@ringwise/${app}`, app]));

function folderOf(file: string): Folder | 'root' {
  const top = path.relative(repoRoot, file).split(path.sep)[0]!;
  return (folders as readonly string[]).includes(top) ? (top as Folder) : 'root';
}

const importPattern = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm;

function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(importPattern)].map((m) => m[1] ?? m[2] ?? m[3]!).filter(Boolean);
}

/** The provider stand-ins (STYLE.md "Stand-ins live apart from the product"): packages that, like the apps, use
 *  packages/ and no app, and that the product reaches only as it reaches the providers (their SDKs' base URLs). */
const simulatorsFolder = 'packages/simulators';
const simulatorPackages = new Set(
  [...new Glob(`${simulatorsFolder}/*/package.json`).scanSync({ cwd: repoRoot })].map(
    (file) => (JSON.parse(readFileSync(path.join(repoRoot, file), 'utf8')) as { name: string }).name,
  ),
);

/** Who may import a simulator: tests, benchmarks and test helpers, never the product (the api, a remote, the shell). */
function mayUseSimulators(file: string): boolean {
  return /\.(?:test|bench)\.tsx?$/.test(file) || /(?:^|\/)testing(?:\.tsx?$|\/)/.test(file);
}

function importsSimulator(file: string, specifier: string): boolean {
  if (specifier.startsWith('.')) return path.relative(path.join(repoRoot, simulatorsFolder), path.resolve(path.dirname(file), specifier)).split(path.sep)[0] !== '..';
  return simulatorPackages.has(specifier.split('/').slice(0, 2).join('/'));
}

const sources: string[] = [];
for (const folder of folders) {
  for (const file of new Glob(`${folder}/**/*.{ts,tsx,mts}`).scanSync({ cwd: repoRoot })) {
    // (this file's own sample imports are not imports)
    if (!/node_modules|\/dist\//.test(file) && path.join(repoRoot, file) !== import.meta.path) sources.push(path.join(repoRoot, file));
  }
}

/** The api's layers, lowest first: a file may import its own layer and the ones below. Test support (tests,
 *  benches, testing.ts and testing/) may import anything. */
const apiSrc = path.join(repoRoot, 'api/src');
const apiAdapters = new Set(['auth', 'plugins', 'telephony', 'payments', 'mail', 'limits']);
function apiLayerOf(file: string): number {
  const top = file.split('/')[0]!;
  if (file === 'config.ts' || file.endsWith('/config.ts') || top === 'db' || top === 'lib') return 0; // base
  if (apiAdapters.has(top)) return 1; // adapters: auth, http plugins, the providers' clients, mail, limits
  if (top === 'modules') return 2; // the product's domains
  return 3; // the composition root: index.ts, app.ts, services.ts, the control socket
}
const isTestSupport = (file: string) => /\.(test|bench)\.tsx?$/.test(file) || /(^|\/)testing(\.tsx?$|\/)/.test(file);

describe('dependency direction', () => {
  test('every import stays inside its folder, packages/, or what its folder may use', () => {
    const violations: string[] = [];
    for (const file of sources) {
      const from = folderOf(file) as Folder;
      for (const specifier of importsOf(file)) {
        let target: Folder | 'root' | null = null;
        // a relative path into node_modules names an installed package's file (packages/query narrows one): not a folder of ours
        if (specifier.startsWith('.')) target = specifier.includes('/node_modules/') ? null : folderOf(path.resolve(path.dirname(file), specifier));
        else {
          const name = specifier.split('/').slice(0, 2).join('/');
          target = appPackages.get(name) ?? null;
        }
        if (target === null || target === from || target === 'packages') continue;
        if (target === 'root' || !allowed[from].includes(target)) {
          violations.push(`${path.relative(repoRoot, file)} imports ${specifier}`);
        }
      }
    }
    expect(violations).toEqual([]);
  });

  test('the stand-ins stay apart: no code of the product imports one, not even the api\'s composition root', () => {
    expect([...simulatorPackages]).toContain('@ringwise/auth-stand-in');
    const violations: string[] = [];
    for (const file of sources) {
      const relative = path.relative(repoRoot, file).split(path.sep).join('/');
      if (relative.startsWith(`${simulatorsFolder}/`) || mayUseSimulators(relative)) continue;
      for (const specifier of importsOf(file)) {
        if (importsSimulator(file, specifier)) violations.push(`${relative} imports ${specifier}`);
      }
    }
    expect(violations).toEqual([]);
  });

  test('the api depends on no stand-in to run: they are its tests\' development dependencies only', () => {
    const api = JSON.parse(readFileSync(path.join(repoRoot, 'api/package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(Object.keys(api.dependencies).filter((name) => simulatorPackages.has(name))).toEqual([]);
  });

  test('api/src/modules holds the product alone', () => {
    const folders = readdirSync(path.join(repoRoot, 'api/src/modules'));
    expect(folders.filter((name) => /simulator|auth-server|stand-in/.test(name))).toEqual([]);
    expect(simulatorPackages.size).toBeGreaterThan(0);
  });

  test('inside the api, imports run down its layers: composition root, domain modules, adapters, base', () => {
    const violations: string[] = [];
    for (const file of sources) {
      const relative = path.relative(apiSrc, file).split(path.sep).join('/');
      if (relative.startsWith('..') || isTestSupport(relative)) continue;
      for (const specifier of importsOf(file)) {
        if (!specifier.startsWith('.')) continue;
        const target = path.relative(apiSrc, path.resolve(path.dirname(file), specifier)).split(path.sep).join('/');
        if (target.startsWith('..')) continue;
        if (apiLayerOf(target) > apiLayerOf(relative)) violations.push(`api/src/${relative} imports ${specifier}`);
      }
    }
    expect(violations).toEqual([]);
  });

  test('the check sees imports of every kind', () => {
    const sample = `import a from '../x';\nexport { b } from "./y";\nconst c = await import('../../z');\nimport 'side-effect';\nimport type { D } from '@ringwise/api';`;
    expect([...sample.matchAll(importPattern)].map((m) => m[1] ?? m[2] ?? m[3])).toEqual(['../x', './y', '../../z', 'side-effect', '@ringwise/api']);
  });
});
