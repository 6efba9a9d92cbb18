// The dev command's browser test's server: an empty database, then the README's dev command, `bun run dev`, as a
// child process (development builds in watch mode, the remotes' servers, the stand-ins, then the api once the first
// build has landed). Playwright stops it (and its children: one process group) after the test.
import { rmSync } from 'node:fs';
import { devDataDir } from './dev-env.ts';
import { repoRoot } from './e2e-env.ts';

rmSync(devDataDir, { recursive: true, force: true });
const dev = Bun.spawn(['bun', 'run', 'dev'], { cwd: repoRoot, stdio: ['inherit', 'inherit', 'inherit'] });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => dev.kill(signal));
process.exit(await dev.exited);
