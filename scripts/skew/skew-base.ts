// The commit .ci/skew-base names: the previous release, whose builds are live while this checkout's ship.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../runtime-env.ts';

export const skewBaseFile = '.ci/skew-base';

/** The one line of .ci/skew-base that is not a # comment: a full commit hash. */
export function skewBaseCommit(): string {
  const lines = readFileSync(path.join(repoRoot, skewBaseFile), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const [commit] = lines;
  if (lines.length !== 1 || !commit || !/^[0-9a-f]{40}$/.test(commit)) {
    throw new Error(`${skewBaseFile} must hold one full commit hash (40 hex digits) besides its # comment lines`);
  }
  return commit;
}
