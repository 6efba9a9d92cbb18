// The props each exposed module takes, as a fingerprint a release can compare: a remote's build records the props of
// what it exposes and the shell's build the props it passes, both read from exposed-modules.ts and exposed/*.ts. The
// fingerprint is made of the props' declaration and of every declaration of these files it names (LoadWidget, …),
// without comments or formatting, so a renamed, removed or retyped prop changes it and a reworded comment does not.
// Types from other packages (a contract type such as Contact) are the contract check's (scripts/contract-check.ts).
// Read as text: the TypeScript we use (7, the native compiler) has no compiler API to ask. Build and release tooling.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const srcDir = path.dirname(fileURLToPath(import.meta.url));

const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\n]*/g, '');
const normalized = (text: string) => text.replace(/\s+/g, ' ').replace(/\s*([{}();,:<>|&=?[\]])\s*/g, '$1').trim();

/** The end of the declaration that starts at `from`: its closing brace, or its `;` at depth 0. */
function declarationEnd(text: string, from: number): number {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === '{' || c === '(' || c === '<' || c === '[') depth++;
    else if (c === '}' || c === ')' || c === '>' || c === ']') {
      // `=>` is not a bracket
      if (c === '>' && text[i - 1] === '=') continue;
      depth--;
      if (depth === 0 && c === '}' && /^\s*(\n|$)/.test(text.slice(i + 1, i + 2) || '\n')) return i + 1;
    } else if (c === ';' && depth === 0) return i + 1;
  }
  return text.length;
}

/** Every interface and type alias of these files (exported or not), by name, normalized. */
function declarations(): Map<string, string> {
  const files = [path.join(srcDir, 'exposed-modules.ts'), ...readdirSync(path.join(srcDir, 'exposed')).map((f) => path.join(srcDir, 'exposed', f))];
  const found = new Map<string, string>();
  for (const file of files) {
    const text = withoutComments(readFileSync(file, 'utf8'));
    for (const match of text.matchAll(/^[ \t]*(?:export\s+)?(?:interface|type)\s+([A-Za-z_$][\w$]*)/gm)) {
      found.set(match[1]!, normalized(text.slice(match.index, declarationEnd(text, match.index))));
    }
  }
  return found;
}

/** The module ids of ExposedModules and the props type each takes ('dialer/app' → 'DialerAppProps'). */
function propsTypeNames(all: Map<string, string>): Map<string, string> {
  const table = all.get('ExposedModules');
  if (!table) throw new Error('exposed-modules.ts declares no ExposedModules');
  return new Map([...table.matchAll(/'([^']+)':([A-Za-z_$][\w$]*)/g)].map((m) => [m[1]!, m[2]!]));
}

/** A props type's declaration and those it names, transitively (the ExposedModules table itself aside). */
function shapeOf(name: string, all: Map<string, string>): string {
  const seen = new Set<string>();
  const queue = [name];
  while (queue.length > 0) {
    const next = queue.shift()!;
    if (seen.has(next) || next === 'ExposedModules' || !all.has(next)) continue;
    seen.add(next);
    for (const word of all.get(next)!.matchAll(/[A-Za-z_$][\w$]*/g)) queue.push(word[0]);
  }
  return [...seen].sort().map((n) => all.get(n)).join('\n');
}

/** Each exposed module's props shape, the text its fingerprint is made of. */
export function exposedPropsShapes(): Record<string, string> {
  const all = declarations();
  return Object.fromEntries([...propsTypeNames(all)].map(([id, props]) => [id, shapeOf(props, all)]));
}

/** sha-256 (first 16 hex digits) of each exposed module's props shape, by module id ('dialer/app'). */
export function exposedPropsFingerprints(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(exposedPropsShapes()).map(([id, shape]) => [id, createHash('sha256').update(shape).digest('hex').slice(0, 16)]),
  );
}
