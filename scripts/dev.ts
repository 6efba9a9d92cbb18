// `bun run dev`: every app rebuilt on change, each remote on its own port, the provider stand-ins each in its own
// process (started again whenever one stops: not watched, since `bun --watch` would keep a crashed one waiting for a
// change), the api (restarted on change) serving the shell at PORT.
// Ctrl-C stops everything.
import path from 'node:path';
import { localRemotes, localStandIns, repoRoot } from './runtime-env.ts';
import { answers, rspackBin, spawnChild, stopOnSignals, superviseChild } from './processes.ts';
import { startRemoteServer } from './remote-server.ts';

stopOnSignals();
const port = process.env.PORT ?? '3000';
// the stand-ins reach the app where the api says it is (its PUBLIC_URL default follows PORT)
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;

// rspack prints its stats once every build of the run has been written (one MultiCompiler: its watch callback waits
// for all of them), so the first "compiled" line says the first development build has landed. The dist folders may
// hold an older build until then (`bun run build`'s, or a dev run's of other code): serving it would mix two builds.
const { promise: firstBuild, resolve: firstBuildLanded } = Promise.withResolvers<void>();
let rspackOutput: string | null = '';
spawnChild([...rspackBin, 'build', '--watch', '--mode', 'development', '-c', 'rspack.config.ts'], {
  cwd: repoRoot,
  // colours as on a terminal, though its output now passes through this process
  env: { NODE_ENV: 'development', ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}) },
  onStdout: (text) => {
    if (rspackOutput === null) return;
    rspackOutput = `${rspackOutput}${text}`.slice(-200);
    if (/\bcompiled\b/.test(Bun.stripANSI(rspackOutput))) {
      rspackOutput = null;
      firstBuildLanded();
    }
  },
});

const remotes = localRemotes();
for (const remote of remotes) startRemoteServer(remote.dir, remote.port);
const standIns = localStandIns();
for (const { standIn } of standIns) superviseChild(standIn.label, ['bun', path.join(standIn.dir, standIn.entry)], { cwd: repoRoot, env: { PUBLIC_URL: publicUrl } });

// the first build lands, and the stand-ins answer, before the api does: the first page load finds this run's shell
// and remotes and can sign in (a stand-in that is slow to start only delays this, it never stops the rest)
await Promise.all(standIns.map(({ url }) => answers(`${url}/health`)));
const firstBuildWaitMs = 180_000;
const landed = await Promise.race([firstBuild.then(() => true), Bun.sleep(firstBuildWaitMs).then(() => false)]);
if (!landed) console.error(`The first development build has not landed after ${firstBuildWaitMs / 1000} s; starting the api anyway.`);

spawnChild(['bun', '--watch', 'api/src/index.ts'], { cwd: repoRoot, env: { PORT: port } });

console.log(`\nRingwise is starting (rebuilds on change, Ctrl-C stops everything):`);
console.log(`  app      http://localhost:${port}`);
for (const remote of remotes) console.log(`  ${remote.build.key?.padEnd(8)} http://localhost:${remote.port}  (standalone page)`);
for (const { standIn, url } of standIns) console.log(`  ${standIn.key.padEnd(8)} ${url}  (${standIn.label})`);
console.log('');
await new Promise(() => {});
