// `bun run start`: a fresh production build, remotes on their ports, the provider stand-ins each in its own process
// (started again whenever one stops), the api at PORT.
// (Always built first: `bun run dev` leaves development builds in the same dist folders.)
// START_SKIP_BUILD=1 serves what is there, as the browser tests do right after `bun run build`.
import path from 'node:path';
import { localRemotes, localStandIns, repoRoot } from './runtime-env.ts';
import { answers, spawnChild, stopOnSignals, superviseChild } from './processes.ts';
import { startRemoteServer } from './remote-server.ts';

stopOnSignals();
const port = process.env.PORT ?? '3000';
// the stand-ins reach the app where the api says it is (its PUBLIC_URL default follows PORT)
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;

if (process.env.START_SKIP_BUILD !== '1') {
  const build = Bun.spawn(['bun', 'scripts/build.ts'], { cwd: repoRoot, stdio: ['inherit', 'inherit', 'inherit'] });
  if ((await build.exited) !== 0) process.exit(1);
}

const remotes = localRemotes();
for (const remote of remotes) startRemoteServer(remote.dir, remote.port, { releasesDir: remote.releasesDir });
const standIns = localStandIns();
for (const { standIn } of standIns) superviseChild(standIn.label, ['bun', path.join(standIn.dir, standIn.entry)], { cwd: repoRoot, env: { PUBLIC_URL: publicUrl, NODE_ENV: 'production' } });
// the stand-ins answer before the api does, so the first page load can sign in (a slow one only delays this)
await Promise.all(standIns.map(({ url }) => answers(`${url}/health`)));
spawnChild(['bun', 'api/src/index.ts'], { cwd: repoRoot, env: { PORT: port, NODE_ENV: 'production' } });
console.log(`\nRingwise: http://localhost:${port}`);
for (const remote of remotes) console.log(`  ${remote.build.key?.padEnd(8)} http://localhost:${remote.port}`);
for (const { standIn, url } of standIns) console.log(`  ${standIn.key.padEnd(8)} ${url}  (${standIn.label})`);
await new Promise(() => {});
