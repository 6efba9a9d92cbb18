// The skew matrix's two runs: which checkout's shell and remotes each serves, as the variables `bun run start` reads.
import path from 'node:path';
import { remoteBuilds } from '@ringwise/apps';
import { remoteDistVariable } from '../runtime-env.ts';

export interface Builds {
  /** A short commit, as the run's report names it. */
  label: string;
  /** The checkout (this one, or the base's worktree) whose dist folders these are. */
  root: string;
}

export interface SkewRun {
  name: string;
  /** What it combines, for the report. */
  describe: string;
  env: Record<string, string>;
}

function runEnv(shell: Builds, remotes: Builds, dataDir: string): Record<string, string> {
  const remoteDists = remoteBuilds.map((build) => [remoteDistVariable(build), path.join(remotes.root, build.dir, 'dist')]);
  return { SHELL_DIST: path.join(shell.root, 'shell', 'dist'), ...Object.fromEntries(remoteDists), DATA_DIR: dataDir };
}

/** A: this checkout's api and shell with every remote of the base. B: the base's shell with this checkout's remotes
 *  (the api is always this checkout's: it is what runs the browser run). Each run has a fresh database under `temp`. */
export function skewRuns(current: Builds, base: Builds, temp: string): SkewRun[] {
  return [
    {
      name: 'A',
      describe: `api + shell ${current.label} · remotes ${base.label}`,
      env: runEnv(current, base, path.join(temp, 'data-a')),
    },
    {
      name: 'B',
      describe: `api ${current.label} · shell ${base.label} · remotes ${current.label}`,
      env: runEnv(base, current, path.join(temp, 'data-b')),
    },
  ];
}
