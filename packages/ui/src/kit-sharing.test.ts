// Every top-level kit module is shared on its own (rspack.config.ts: one share key per file), so on a page
// each may come from a different build, with that build's copy of radix. A kit module that renders radix parts
// must therefore take them from radix itself or from internal/ (bundled with it), never from another kit module
// that also renders radix parts: the sheet once rendered the dialog's Close under its own Dialog, and the
// dialer crashed with 'DialogClose must be used within Dialog' when the two came from different remotes.
import { describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = import.meta.dir;
const kitModules = readdirSync(dir).filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'));
const source = (file: string) => readFileSync(path.join(dir, file), 'utf8');
const usesRadix = (file: string) => /from 'radix-ui'/.test(source(file));

describe('kit modules shared one by one', () => {
  test('one built on radix imports no other kit module built on radix', () => {
    const crossings: string[] = [];
    for (const file of kitModules.filter(usesRadix)) {
      for (const [, name] of source(file).matchAll(/from '(?:@ringwise\/ui\/|\.\/)([\w-]+)(?:\.tsx)?'/g)) {
        const other = `${name}.tsx`;
        if (other !== file && kitModules.includes(other) && usesRadix(other)) crossings.push(`${file} -> ${other}`);
      }
    }
    expect(crossings).toEqual([]);
  });
});
