// The entries browser code imports must not bring the schema library along: their imports of schemas are
// type-only, so a remote's bundle carries the route table, the rules and the query factories, nothing more.
import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import packageJson from '../package.json' with { type: 'json' };

const browserEntries = ['./routes', './health', './users', './profile', './contacts', './rates', './billing', './numbers', './calls', './admin', './simulator-voice', './decimal', './greeting-wav'];
const serverOnly = ['./schemas', './values', './errors', './types', './webhooks', './openapi', './compat', './compat/released'];

/** Runtime (not type-only) import and re-export specifiers of a module. */
function runtimeImports(source: string): string[] {
  const specifiers: string[] = [];
  const statement = /^(import|export)\s+(type\s+)?([^;]*?)\s+from\s+'([^']+)'/gms;
  for (const match of source.matchAll(statement)) {
    if (match[2]) continue; // `import type …` / `export type …`
    const clause = match[3]!.trim();
    // `import { type A, type B } from …` is type-only too
    if (/^\{[^}]*\}$/.test(clause) && clause.slice(1, -1).split(',').every((part) => !part.trim() || part.trim().startsWith('type '))) continue;
    specifiers.push(match[4]!);
  }
  for (const match of source.matchAll(/^import\s+'([^']+)'/gm)) specifiers.push(match[1]!);
  return specifiers;
}

/** Every module a file reaches at run time inside this package, and the packages it imports. */
function reach(file: string, seen = new Set<string>(), packages = new Set<string>()) {
  if (seen.has(file)) return { seen, packages };
  seen.add(file);
  for (const specifier of runtimeImports(readFileSync(file, 'utf8'))) {
    if (specifier.startsWith('.')) reach(path.resolve(path.dirname(file), specifier), seen, packages);
    else packages.add(specifier);
  }
  return { seen, packages };
}

const exportsMap = packageJson.exports as Record<string, string>;
const fileOf = (entry: string) => path.resolve(import.meta.dir, '..', exportsMap[entry]!);

describe('browser entries of the contract', () => {
  test.each(browserEntries)('%s reaches no schema at run time', (entry) => {
    const { seen, packages } = reach(fileOf(entry));
    expect([...packages].filter((p) => p.startsWith('@sinclair/'))).toEqual([]);
    const schemaFiles = [...seen].filter((file) => /schema\.ts$|schemas\.ts$|values\.ts$|errors\.ts$/.test(file));
    expect(schemaFiles.map((file) => path.relative(import.meta.dir, file))).toEqual([]);
  });

  test('every entry is listed as browser-safe or server-only', () => {
    expect(Object.keys(exportsMap).sort()).toEqual([...browserEntries, ...serverOnly].sort());
  });
});
