// `bun run start`: a fresh production build, remotes on their ports, the api at PORT.
// (Always built first: `bun run dev` leaves development builds in the same dist folders.)
// START_SKIP_BUILD=1 serves what is there, as the browser tests do right after `bun run build`.
import { localRemotes, repoRoot } from './runtime-env.ts';
import { spawnChild, stopOnSignals } from './processes.ts';
import { startRemoteServer } from './remote-server.ts';

stopOnSignals();
const port = process.env.PORT ?? '3000';

if (process.env.START_SKIP_BUILD !== '1') {
  const build = Bun.spawn(['bun', 'scripts/build.ts'], { cwd: repoRoot, stdio: ['inherit', 'inherit', 'inherit'] });
  if ((await build.exited) !== 0) process.exit(1);
}

const remotes = localRemotes();
for (const remote of remotes) startRemoteServer(remote.dir, remote.port);
spawnChild(['bun', 'api/src/index.ts'], { cwd: repoRoot, env: { PORT: port, NODE_ENV: 'production' } });
console.log(`\nRingwise: http://localhost:${port}`);
for (const remote of remotes) console.log(`  ${remote.build.key?.padEnd(8)} http://localhost:${remote.port}`);
await new Promise(() => {});
