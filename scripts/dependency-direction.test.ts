// Dependencies run one way: the apps (shell, remotes, api) and the tooling (scripts, e2e) use packages/;
// no app imports another app's source (each deploys alone), packages import no app, and nothing imports
// scripts/ (scripts are run, never imported).
import { describe, expect, test } from 'bun:test';
import { Glob } from 'bun';
import { readFileSync } from 'node:fs';
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

const sources: string[] = [];
for (const folder of folders) {
  for (const file of new Glob(`${folder}/**/*.{ts,tsx,mts}`).scanSync({ cwd: repoRoot })) {
    // (this file's own sample imports are not imports)
    if (!/node_modules|\/dist\//.test(file) && path.join(repoRoot, file) !== import.meta.path) sources.push(path.join(repoRoot, file));
  }
}

/** The stand-ins of outside services, one workspace package each under packages/simulators/ (as packages, they import
 *  no app): their package names and folders. */
const standIns = [...new Glob('packages/simulators/*/package.json').scanSync({ cwd: repoRoot })].map((file) => ({
  name: (JSON.parse(readFileSync(path.join(repoRoot, file), 'utf8')) as { name: string }).name,
  dir: path.join(repoRoot, path.dirname(file)) + path.sep,
}));

/** In the api, a stand-in is wired by the composition root and used by test code; a product module never meets one. */
function mayUseStandIns(file: string): boolean {
  const relative = path.relative(repoRoot, file).split(path.sep).join('/');
  if (relative.startsWith('api/src/modules/')) return false;
  return relative === 'api/src/app.ts' || relative === 'api/src/services.ts' || /\.(test|bench)\.ts$|\/testing(\.ts$|\/)/.test(relative);
}

describe('dependency direction', () => {
  test('every import stays inside its folder, packages/, or what its folder may use', () => {
    const violations: string[] = [];
    for (const file of sources) {
      const from = folderOf(file) as Folder;
      for (const specifier of importsOf(file)) {
        let target: Folder | 'root' | null = null;
        if (specifier.startsWith('.')) target = folderOf(path.resolve(path.dirname(file), specifier));
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

  test('in the api, only the composition root and test code import a stand-in, never a module of src/modules', () => {
    expect(standIns.map((standIn) => standIn.name)).toContain('@ringwise/auth-stand-in');
    const violations: string[] = [];
    for (const file of sources) {
      if (folderOf(file) !== 'api' || mayUseStandIns(file)) continue;
      for (const specifier of importsOf(file)) {
        const target = specifier.startsWith('.') ? path.resolve(path.dirname(file), specifier) : null;
        const standIn = standIns.find(({ name, dir }) => (target ? target.startsWith(dir) : specifier === name || specifier.startsWith(`${name}/`)));
        if (standIn) violations.push(`${path.relative(repoRoot, file)} imports ${specifier}`);
      }
    }
    expect(violations).toEqual([]);
  });

  test('the check sees imports of every kind', () => {
    const sample = `import a from '../x';\nexport { b } from "./y";\nconst c = await import('../../z');\nimport 'side-effect';\nimport type { D } from '@ringwise/api';`;
    expect([...sample.matchAll(importPattern)].map((m) => m[1] ?? m[2] ?? m[3])).toEqual(['../x', './y', '../../z', 'side-effect', '@ringwise/api']);
  });
});
