// docs/going-live.md lists every environment variable the code reads, in one table. This test reads the
// code (api, scripts, shell, remotes, packages and the build recipe; test files and node_modules left out),
// collects each name read, and fails on any difference with the table, either way. A read whose name the
// scan cannot work out (`env[someExpression]`) fails too, until this file is taught what it stands for.
import { describe, expect, test } from 'bun:test';
import { Glob } from 'bun';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { remoteBuilds } from '@ringwise/apps';
import { standIns } from '@ringwise/apps/stand-ins';
import { repoRoot } from './runtime-env.ts';

const docFile = 'docs/going-live.md';
const tableHeading = '## Environment variables';

/** Where the code that runs lives (the apps, the tooling, the packages, the build recipes). */
const sourceGlobs = ['rspack.config.*', '*/rspack.config.*', 'api/**/*', 'scripts/**/*', 'shell/**/*', 'mfe-*/**/*', 'packages/**/*'];
const codeFile = /\.(?:[cm]?[jt]s|tsx|jsx)$/;
const leftOut = /(?:^|\/)(?:node_modules|dist)\/|\.(?:test|e2e)\.[cm]?[jt]sx?$/;

/** Files where a bare `env` is not the process environment: rspack's config function gets its `--env` options so. */
const cliEnvFiles = new Set(['rspack.config.ts']);

/** The remotes' upper-case keys (`DIALER`, …): what `<NAME>` in a documented name stands for. */
const remoteNames = remoteBuilds.map((build) => build.key!.toUpperCase());
const remoteUrlNames = remoteBuilds.map((build) => build.urlEnv!);

/**
 * Reads by an expression rather than a literal name, and the names each stands for. Every one is a name the
 * code derives from `@ringwise/apps`, so the list follows the registry.
 */
const dynamicReads: { file: RegExp; expression: RegExp; names: () => string[]; what: string }[] = [
  { file: /^packages\/apps\/src\/stand-ins\.ts$/, expression: /(?:^|\.)urlEnv$/, names: () => standIns.map((standIn) => standIn.urlEnv), what: "a stand-in's URL" },
  { file: /.*/, expression: /(?:^|\.)urlEnv$/, names: () => remoteUrlNames, what: "a remote's REMOTE_<NAME>_URL" },
  {
    file: /^scripts\/runtime-env\.ts$/,
    expression: /^distEnv$/,
    names: () => remoteUrlNames.map((name) => name.replace(/_URL$/, '_DIST')),
    what: "a remote's REMOTE_<NAME>_DIST",
  },
];

interface EnvRead {
  name: string;
  file: string;
  line: number;
}

interface UnresolvedRead {
  expression: string;
  file: string;
  line: number;
}

const envName = /^[A-Z][A-Z0-9_]*$/;
const stringLiteral = /^(['"`])([^'"`$]*)\1$/;

/** Blanks comments (line comments, and block comment lines as this code base writes them) so prose never counts. */
function withoutComments(source: string): string {
  return source
    .split('\n')
    .map((line) => {
      const trimmed = line.trimStart();
      if (trimmed.startsWith('//') || trimmed.startsWith('/*') || trimmed.startsWith('*')) return '';
      return line.replace(/\s\/\/\s.*$/, '').replace(/\/\*.*?\*\//g, ' ');
    })
    .join('\n');
}

const lineAt = (source: string, index: number) => source.slice(0, index).split('\n').length;

/**
 * The environment reads of one file: `process.env.X`, `Bun.env.X`, `import.meta.env.X`, `env.X` and `env?.X`,
 * `env['X']`, `const { X } = process.env`, and calls of helpers that take `(env, 'X', …)`. A helper's own
 * `env[name]` is resolved at its callers; any other `env[expression]` is resolved through `dynamicReads` or
 * reported as unresolved.
 */
function scanSource(file: string, source: string, sharedHelpers: ReadonlyMap<string, string[]> = new Map()): { reads: EnvRead[]; unresolved: UnresolvedRead[]; exportedHelpers: Map<string, string[]> } {
  const code = withoutComments(source);
  const reads: EnvRead[] = [];
  const unresolved: UnresolvedRead[] = [];
  // in rspack's config a bare `env` is its --env options: only process.env counts there
  const envObject = cliEnvFiles.has(file) ? String.raw`\b(?:process|Bun|import\.meta)\.env` : String.raw`\benv`;

  // helpers whose first parameter is the environment and whose next ones are names of variables they read:
  // `function read(env: Env, name: string)`, `windowRule(env, limitName: string, windowName: string, …)`
  const helperParams = new Map<string, string[]>();
  const definitions = [
    ...code.matchAll(/function\s+(\w+)\s*\(\s*env\s*:[^,()]+,([^)]*)\)/g),
    ...code.matchAll(/(?:const|let)\s+(\w+)\s*=\s*\(\s*env\s*:[^,()]+,([^)]*)\)\s*(?::[^=]+)?=>/g),
  ];
  for (const [, helper, rest] of definitions) {
    const params = rest!.split(',').map((p) => p.trim().match(/^(\w+)\??\s*:\s*string\b/)?.[1] ?? null);
    const names: string[] = [];
    for (const param of params) {
      if (param === null) break;
      names.push(param);
    }
    if (names.length > 0) helperParams.set(helper!, names);
  }
  // a helper reads a variable only when its body uses the name parameter as an env key, directly or by passing
  // it on (`wholeNumber(env, limitName, …)`); `loadAuthConfig(env, publicUrl: string)` takes no variable name
  const nameParams = new Set<string>();
  for (const [helper, params] of helperParams) {
    const used = params.filter(
      (p) =>
        new RegExp(String.raw`\benv\s*(?:\?\.)?\s*\[\s*${p}\s*\]`).test(code) ||
        new RegExp(String.raw`\b\w+\(\s*env\s*,(?:[^),]*,)*\s*${p}\s*[,)]`).test(code),
    );
    if (used.length === 0) helperParams.delete(helper);
    for (const p of used) nameParams.add(p);
  }
  // helpers this file exports (a package's `export function wholeNumber(env: Env, name: string, …)`): their
  // callers in other files read the variables they name
  const exportedHelpers = new Map([...helperParams].filter(([helper]) => new RegExp(String.raw`export\s+function\s+${helper}\b`).test(code)));
  for (const [helper, params] of sharedHelpers) if (!helperParams.has(helper)) helperParams.set(helper, params);

  const resolve = (expression: string, index: number) => {
    const line = lineAt(code, index);
    const literal = stringLiteral.exec(expression);
    if (literal) {
      if (envName.test(literal[2]!)) reads.push({ name: literal[2]!, file, line });
      return;
    }
    if (nameParams.has(expression)) return; // inside a helper: its callers name the variable
    const known = dynamicReads.find((d) => d.file.test(file) && d.expression.test(expression));
    if (known) {
      for (const name of known.names()) reads.push({ name, file, line });
      return;
    }
    unresolved.push({ expression, file, line });
  };

  for (const match of code.matchAll(new RegExp(String.raw`${envObject}\s*(?:\?\.|\.)\s*([A-Za-z_]\w*)`, 'g'))) {
    const member = match[1]!;
    if (envName.test(member)) reads.push({ name: member, file, line: lineAt(code, match.index) });
  }
  for (const match of code.matchAll(new RegExp(String.raw`${envObject}\s*(?:\?\.)?\s*\[\s*([^\]]+?)\s*\]`, 'g'))) {
    resolve(match[1]!, match.index);
  }
  for (const match of code.matchAll(new RegExp(String.raw`\{([^{}]*)\}\s*=\s*${cliEnvFiles.has(file) ? envObject : String.raw`(?:(?:process|Bun|import\.meta)\.)?env`}\b`, 'g'))) {
    for (const part of match[1]!.split(',')) {
      const name = part.split(':')[0]!.split('=')[0]!.trim();
      if (envName.test(name)) reads.push({ name, file, line: lineAt(code, match.index) });
    }
  }
  if (!cliEnvFiles.has(file)) {
    for (const [helper, params] of helperParams) {
      for (const match of code.matchAll(new RegExp(String.raw`(?<![\w.])${helper}\(\s*env\s*,([^)]*)\)`, 'g'))) {
        const args = match[1]!.split(',').map((a) => a.trim());
        params.forEach((_, i) => {
          if (args[i] !== undefined) resolve(args[i]!, match.index);
        });
      }
    }
  }
  return { reads, unresolved, exportedHelpers };
}

function scanRepository() {
  const files = new Set<string>();
  for (const pattern of sourceGlobs) {
    for (const file of new Glob(pattern).scanSync({ cwd: repoRoot, onlyFiles: true })) {
      const rel = file.split(path.sep).join('/');
      if (codeFile.test(rel) && !leftOut.test(rel)) files.add(rel);
    }
  }
  const reads: EnvRead[] = [];
  const unresolved: UnresolvedRead[] = [];
  const sharedHelpers = new Map<string, string[]>();
  for (const file of files) for (const [helper, params] of scanSource(file, readFileSync(path.join(repoRoot, file), 'utf8')).exportedHelpers) sharedHelpers.set(helper, params);
  for (const file of [...files].sort()) {
    const result = scanSource(file, readFileSync(path.join(repoRoot, file), 'utf8'), sharedHelpers);
    reads.push(...result.reads);
    unresolved.push(...result.unresolved);
  }
  return { files: files.size, reads, unresolved };
}

/** The names in the first column of the table under `## Environment variables`, `<NAME>` expanded. */
function documentedNames(markdown: string): { names: string[]; problems: string[] } {
  const start = markdown.indexOf(`\n${tableHeading}\n`);
  if (start < 0) return { names: [], problems: [`no "${tableHeading}" section`] };
  const section = markdown.slice(start + tableHeading.length + 2).split(/\n## /)[0]!;
  const rows = section.split('\n').filter((line) => line.startsWith('|'));
  const names: string[] = [];
  const problems: string[] = [];
  for (const row of rows.slice(2)) {
    const cell = row.split('|')[1]!.trim();
    const tokens = [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
    if (tokens.length === 0) problems.push(`a row without a name: ${row.slice(0, 60)}`);
    for (const token of tokens) {
      const placeholders = [...token.matchAll(/<([^>]*)>/g)].map((m) => m[1]);
      if (placeholders.some((p) => p !== 'NAME')) {
        problems.push(`${token}: the only placeholder is <NAME> (a remote)`);
        continue;
      }
      const expanded = placeholders.length > 0 ? remoteNames.map((remote) => token.replaceAll('<NAME>', remote)) : [token];
      for (const name of expanded) {
        if (!envName.test(name)) problems.push(`${token}: not a variable name`);
        else if (names.includes(name)) problems.push(`${name} is listed twice`);
        else names.push(name);
      }
    }
  }
  return { names, problems };
}

describe('the environment table of docs/going-live.md', () => {
  const scan = scanRepository();
  const documented = documentedNames(readFileSync(path.join(repoRoot, docFile), 'utf8'));
  const readNames = new Set(scan.reads.map((r) => r.name));

  test('is a table of names, <NAME> standing for the remotes', () => {
    expect(documented.problems).toEqual([]);
    expect(documented.names.length).toBeGreaterThan(20);
    // <NAME> is what the registry's variables are made of
    expect(remoteUrlNames).toEqual(remoteNames.map((name) => `REMOTE_${name}_URL`));
  });

  test('every read of the environment names its variable', () => {
    expect(scan.files).toBeGreaterThan(100);
    expect(scan.unresolved.map((u) => `${u.file}:${u.line}: env[${u.expression}]`)).toEqual([]);
  });

  test('lists every variable the code reads, and only those', () => {
    const firstRead = new Map<string, EnvRead>();
    for (const read of scan.reads) if (!firstRead.has(read.name)) firstRead.set(read.name, read);
    const undocumented = [...readNames]
      .filter((name) => !documented.names.includes(name))
      .sort()
      .map((name) => `${name} (read in ${firstRead.get(name)!.file}:${firstRead.get(name)!.line}), missing from ${docFile}`);
    const unread = documented.names.filter((name) => !readNames.has(name)).map((name) => `${name} is in ${docFile} but no code reads it`);
    expect([...undocumented, ...unread]).toEqual([]);
  });
});

describe('the scan', () => {
  const names = (source: string, file = 'x.ts') => {
    const { reads, unresolved } = scanSource(file, source);
    return { names: [...new Set(reads.map((r) => r.name))].sort(), unresolved: unresolved.map((u) => u.expression) };
  };

  test('finds each way of reading a variable', () => {
    const source = [
      `const a = process.env.ALPHA ?? '1';`,
      `const b = Bun.env.BETA;`,
      `const c = env.GAMMA?.trim();`,
      `const d = env?.DELTA;`,
      `const e = process.env['EPSILON'];`,
      `const { ZETA, ETA: eta } = process.env;`,
      `function read(env: Env, name: string) { return env[name]; }`,
      `function pair(env: Env, first: string, second: string, fallback: number) { return [read(env, first), read(env, second)]; }`,
      `read(env, 'THETA'); pair(env, 'IOTA', 'KAPPA', 3);`,
      `read(env, build.urlEnv);`,
      `loadAuth(env, 'not a name');`,
    ].join('\n');
    expect(names(source)).toEqual({
      names: ['ALPHA', 'BETA', 'DELTA', 'EPSILON', 'ETA', 'GAMMA', 'IOTA', 'KAPPA', ...remoteUrlNames, 'THETA', 'ZETA'].sort(),
      unresolved: [],
    });
  });

  test('ignores comments, and reports a read it cannot name', () => {
    const source = ['// process.env.IN_A_COMMENT', ' * env.IN_JSDOC', 'const x = 1; // env.TRAILING', 'const y = process.env[somewhere];'].join('\n');
    expect(names(source)).toEqual({ names: [], unresolved: ['somewhere'] });
  });

  test("takes rspack's --env options for what they are", () => {
    const source = `export default (env: Record<string, string>) => [env.RSPACK_SERVE, env[key], process.env.NODE_ENV];`;
    expect(names(source, 'rspack.config.ts')).toEqual({ names: ['NODE_ENV'], unresolved: [] });
  });

  test('a helper taking a string that is no variable name is no reader', () => {
    const source = `function loadAuth(env: Env, publicUrl: string) { return env.SUPA + publicUrl; }\nloadAuth(env, config.publicUrl);`;
    expect(names(source)).toEqual({ names: ['SUPA'], unresolved: [] });
  });
});
