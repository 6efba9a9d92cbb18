// The skew base's production build: a git worktree of its commit in a folder of its own, installed and built with
// that commit's own recipe (its scripts/build.ts), as its release was.
import path from 'node:path';
import { repoRoot } from '../runtime-env.ts';

export interface BaseBuild {
  commit: string;
  /** The worktree: its shell/dist and <remote>/dist are the base's builds. */
  root: string;
  remove: () => void;
}

function git(args: string[]) {
  return Bun.spawnSync(['git', ...args], { cwd: repoRoot, stdout: 'pipe', stderr: 'pipe' });
}

async function mustRun(cmd: string[], cwd: string): Promise<void> {
  console.log(`\n── skew base: ${cmd.join(' ')}`);
  const child = Bun.spawn(cmd, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
  const code = await child.exited;
  if (code !== 0) throw new Error(`${cmd.join(' ')} failed (exit ${code}) in ${cwd}`);
}

const hasCommit = (commit: string) => git(['cat-file', '-e', `${commit}^{commit}`]).exitCode === 0;

/** A shallow clone may lack the base: it is fetched once, else the matrix cannot run. */
async function ensureCommit(commit: string): Promise<void> {
  if (hasCommit(commit)) return;
  console.log(`\n── skew base: ${commit} is not in this clone: git fetch --depth=500 origin ${commit}`);
  git(['fetch', '--depth=500', 'origin', commit]);
  if (!hasCommit(commit)) {
    throw new Error(`the skew base ${commit} (.ci/skew-base) is not in this clone and could not be fetched from origin: fetch it, or check the hash`);
  }
}

/** Checks out `commit` into `<parent>/base`, installs and builds it; removed again if any of that fails. */
export async function buildBase(commit: string, parent: string): Promise<BaseBuild> {
  await ensureCommit(commit);
  const root = path.join(parent, 'base');
  await mustRun(['git', 'worktree', 'add', '--detach', root, commit], repoRoot);
  // --force: the worktree holds what the install and build wrote
  const remove = () => void git(['worktree', 'remove', '--force', root]);
  try {
    await mustRun(['bun', 'install'], root);
    await mustRun(['bun', 'scripts/build.ts'], root);
  } catch (error) {
    remove();
    throw error;
  }
  return { commit, root, remove };
}
