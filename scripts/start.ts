// `bun run start`: the production build (built first when missing), remotes on their ports, the api at PORT.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { appBuilds } from './apps.ts';
import { localRemotes, repoRoot } from './runtime-env.ts';
import { spawnChild, stopOnSignals } from './processes.ts';
import { startRemoteServer } from './remote-server.ts';

stopOnSignals();
const port = process.env.PORT ?? '3000';

const missing = appBuilds.filter((build) => !existsSync(path.join(repoRoot, build.dir, 'dist', 'mf-manifest.json')));
if (missing.length > 0) {
  console.log(`Building first (no build yet for ${missing.map((b) => b.dir).join(', ')})`);
  const build = Bun.spawn(['bun', 'scripts/build.ts'], { cwd: repoRoot, stdio: ['inherit', 'inherit', 'inherit'] });
  if ((await build.exited) !== 0) process.exit(1);
}

const remotes = localRemotes();
for (const remote of remotes) startRemoteServer(remote.dir, remote.port);
spawnChild(['bun', 'api/src/index.ts'], { cwd: repoRoot, env: { PORT: port, NODE_ENV: 'production' } });
console.log(`\nRingwise: http://localhost:${port}`);
for (const remote of remotes) console.log(`  ${remote.build.key?.padEnd(8)} http://localhost:${remote.port}`);
await new Promise(() => {});
