// Production builds of the shell and the five remotes, in one rspack process.
import { repoRoot } from './runtime-env.ts';
import { rspackBin } from './processes.ts';

const build = Bun.spawn([...rspackBin, 'build', '--mode', 'production', '-c', 'rspack.config.ts'], {
  cwd: repoRoot,
  stdio: ['inherit', 'inherit', 'inherit'],
  env: { ...process.env, NODE_ENV: 'production' },
});
process.exit(await build.exited);
