// supabase/README.md says where each function that several migrations define is defined now (the latest
// migration that creates or replaces it). This test reads the migrations and fails on any difference.
import { expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './runtime-env.ts';

const migrationsDir = path.join(repoRoot, 'supabase/migrations');
const readme = path.join(repoRoot, 'supabase/README.md');
const heading = '## Where each function is defined now';

const definition = /^\s*create\s+(?:or\s+replace\s+)?function\s+([a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]*)\s*\(/gim;

/** Each function defined more than once, with the migrations that define it, in the order they run. */
function redefinedFunctions(): Map<string, string[]> {
  const files = new Map<string, string[]>();
  for (const file of readdirSync(migrationsDir).filter((name) => name.endsWith('.sql')).sort()) {
    for (const match of readFileSync(path.join(migrationsDir, file), 'utf8').matchAll(definition)) {
      const name = match[1]!.toLowerCase();
      files.set(name, [...(files.get(name) ?? []), file]);
    }
  }
  return new Map([...files].filter(([, defined]) => defined.length > 1).sort(([a], [b]) => a.localeCompare(b)));
}

/** The README's table: function → [defined now in, before in]. */
function documented(): Map<string, string[]> {
  const text = readFileSync(readme, 'utf8');
  const section = text.slice(text.indexOf(heading));
  const rows = new Map<string, string[]>();
  for (const line of section.split('\n').slice(1)) {
    if (line.startsWith('## ')) break;
    const cells = /^\| `([^`]+)` \| \[([^\]]+)\]\(migrations\/\2\) \| ([^|]+) \|$/.exec(line);
    if (cells) rows.set(cells[1]!, [...cells[3]!.split(',').map((file) => file.trim()), cells[2]!]);
  }
  return rows;
}

test('supabase/README.md names the latest definition of every function defined more than once', () => {
  expect(readFileSync(readme, 'utf8')).toContain(heading);
  expect(documented()).toEqual(redefinedFunctions());
});

test('the scan sees both forms, in any case', () => {
  const sample = 'create function private.a(x int)\n  create or replace function Private.A (x int)';
  expect([...sample.matchAll(definition)].map((m) => m[1]!.toLowerCase())).toEqual(['private.a', 'private.a']);
});
