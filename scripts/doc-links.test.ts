// The repository explains itself: every link in its READMEs and docs/ leads to a file of the repository (and,
// with a #fragment, to a heading of that file), and nothing points outside it.
import { describe, expect, test } from 'bun:test';
import { Glob } from 'bun';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './runtime-env.ts';

const docGlobs = ['README.md', '*/README.md', 'packages/*/README.md', 'packages/simulators/*/README.md', 'docs/**/*.md'];

function docFiles(): string[] {
  const files = new Set<string>();
  for (const pattern of docGlobs) {
    for (const file of new Glob(pattern).scanSync({ cwd: repoRoot, onlyFiles: true })) {
      if (!file.includes('node_modules')) files.add(file.split(path.sep).join('/'));
    }
  }
  return [...files].sort();
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function slugOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(markdown: string): Set<string> {
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, '');
  return new Set([...withoutCode.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => slugOf(m[1]!)));
}

/** The targets of inline links and images, outside code blocks and code spans. */
function linksOf(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]!);
}

describe('the documentation', () => {
  const files = docFiles();

  test('is found', () => {
    expect(files).toContain('README.md');
    expect(files).toContain('docs/going-live.md');
  });

  test('links only to files of the repository, and to headings that exist', () => {
    const problems: string[] = [];
    for (const file of files) {
      const markdown = readFileSync(path.join(repoRoot, file), 'utf8');
      for (const link of linksOf(markdown)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(link)) {
          problems.push(`${file}: ${link} leads outside the repository`);
          continue;
        }
        const [target = '', fragment] = link.split('#');
        const resolved = target === '' ? path.join(repoRoot, file) : path.resolve(repoRoot, path.dirname(file), decodeURI(target));
        const relative = path.relative(repoRoot, resolved);
        if (relative.startsWith('..') || path.isAbsolute(relative)) {
          problems.push(`${file}: ${link} leads outside the repository`);
          continue;
        }
        if (!existsSync(resolved)) {
          problems.push(`${file}: ${link} does not exist`);
          continue;
        }
        if (fragment !== undefined && statSync(resolved).isFile() && resolved.endsWith('.md')) {
          if (!anchorsOf(readFileSync(resolved, 'utf8')).has(fragment)) problems.push(`${file}: ${link} names no heading of ${relative}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  test('names no place outside the repository', () => {
    const problems: string[] = [];
    for (const file of files) {
      const markdown = readFileSync(path.join(repoRoot, file), 'utf8');
      for (const pattern of [/\.\.\/shared\b/, /(?:^|[\s`(])\/work\//m]) {
        if (pattern.test(markdown)) problems.push(`${file}: ${pattern.source}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
