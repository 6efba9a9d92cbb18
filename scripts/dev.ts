// `bun run dev`: every app rebuilt on change, each remote on its own port, the provider stand-ins each in its own
// process (started again whenever one stops: not watched, since `bun --watch` would keep a crashed one waiting for a
// change), the api (restarted on change) serving the shell at PORT.
// Ctrl-C stops everything.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { localRemotes, localStandIns, repoRoot } from './runtime-env.ts';
import { answers, rspackBin, spawnChild, stopOnSignals, superviseChild } from './processes.ts';
import { startRemoteServer } from './remote-server.ts';

stopOnSignals();
const port = process.env.PORT ?? '3000';
// the stand-ins reach the app where the api says it is (its PUBLIC_URL default follows PORT)
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;

spawnChild([...rspackBin, 'build', '--watch', '--mode', 'development', '-c', 'rspack.config.ts'], {
  cwd: repoRoot,
  env: { NODE_ENV: 'development' },
});

const remotes = localRemotes();
for (const remote of remotes) startRemoteServer(remote.dir, remote.port);
const standIns = localStandIns();
for (const { standIn } of standIns) superviseChild(standIn.label, ['bun', path.join(standIn.dir, standIn.entry)], { cwd: repoRoot, env: { PUBLIC_URL: publicUrl } });

// the first build lands, and the stand-ins answer, before the api does: the first page load finds the shell and can
// sign in (a stand-in that is slow to start only delays this, it never stops the rest)
await Promise.all(standIns.map(({ url }) => answers(`${url}/health`)));
const shellIndex = path.join(repoRoot, 'shell/dist/index.html');
for (let waited = 0; !existsSync(shellIndex) && waited < 60_000; waited += 200) await Bun.sleep(200);

spawnChild(['bun', '--watch', 'api/src/index.ts'], { cwd: repoRoot, env: { PORT: port } });

console.log(`\nRingwise is starting (rebuilds on change, Ctrl-C stops everything):`);
console.log(`  app      http://localhost:${port}`);
for (const remote of remotes) console.log(`  ${remote.build.key?.padEnd(8)} http://localhost:${remote.port}  (standalone page)`);
for (const { standIn, url } of standIns) console.log(`  ${standIn.key.padEnd(8)} ${url}  (${standIn.label})`);
console.log('');
await new Promise(() => {});
