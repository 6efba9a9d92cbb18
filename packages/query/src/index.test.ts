// Every value an app imports from '@tanstack/react-query' must be one the shared module provides (index.ts):
// the type checker reads the package's own types, so a missing one would only show as `undefined` in a browser.
import { expect, test } from 'bun:test';
import { Glob } from 'bun';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as provided from './index.ts';

const repoRoot = path.resolve(import.meta.dir, '../../..');
const appFolders = ['shell', 'mfe-dialer', 'mfe-contacts', 'mfe-billing', 'mfe-numbers', 'mfe-marketing', 'packages'];

/** The value names (not types) a source file imports from the package. */
function valueImportsOf(source: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]@tanstack\/react-query['"]/g)) {
    if (match[1]) continue;
    for (const raw of match[2]!.split(',')) {
      const spec = raw.trim();
      if (!spec || spec.startsWith('type ')) continue;
      names.push(spec.split(/\s+as\s+/)[0]!.trim());
    }
  }
  return names;
}

test('the value imports of a file are read, its type imports left out', () => {
  const source = "import { useQuery, type QueryKey, useMutation as m } from '@tanstack/react-query';\nimport type { QueryClient } from '@tanstack/react-query';";
  expect(valueImportsOf(source)).toEqual(['useQuery', 'useMutation']);
});

test("every value the apps import from '@tanstack/react-query' is provided by the shared module", () => {
  const missing: string[] = [];
  let files = 0;
  for (const folder of appFolders) {
    for (const file of new Glob(`${folder}/**/*.{ts,tsx}`).scanSync({ cwd: repoRoot })) {
      if (/node_modules|\/dist\//.test(file)) continue;
      const names = valueImportsOf(readFileSync(path.join(repoRoot, file), 'utf8'));
      if (names.length > 0) files++;
      for (const name of names) if (!(name in provided)) missing.push(`${file}: ${name}`);
    }
  }
  expect(files).toBeGreaterThan(20);
  expect(missing).toEqual([]);
});
