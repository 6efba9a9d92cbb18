// `bun run dev`: every app rebuilt on change, each remote on its own port, the api (restarted on change)
// serving the shell at PORT. Ctrl-C stops everything.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { localRemotes, repoRoot } from './runtime-env.ts';
import { rspackBin, spawnChild, stopOnSignals } from './processes.ts';
import { startRemoteServer } from './remote-server.ts';

stopOnSignals();
const port = process.env.PORT ?? '3000';

spawnChild([...rspackBin, 'build', '--watch', '--mode', 'development', '-c', 'rspack.config.ts'], {
  cwd: repoRoot,
  env: { NODE_ENV: 'development' },
});

const remotes = localRemotes();
for (const remote of remotes) startRemoteServer(remote.dir, remote.port);

// the first build lands before the api answers, so the first page load finds the shell
const shellIndex = path.join(repoRoot, 'shell/dist/index.html');
for (let waited = 0; !existsSync(shellIndex) && waited < 60_000; waited += 200) await Bun.sleep(200);

spawnChild(['bun', '--watch', 'api/src/index.ts'], { cwd: repoRoot, env: { PORT: port } });

console.log(`\nRingwise is starting (rebuilds on change, Ctrl-C stops everything):`);
console.log(`  app      http://localhost:${port}`);
for (const remote of remotes) console.log(`  ${remote.build.key?.padEnd(8)} http://localhost:${remote.port}  (standalone page)`);
console.log('');
await new Promise(() => {});
