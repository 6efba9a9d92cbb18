// `bun run rollback <remote>`: live.json back to the release that was live before (`--to <id>`: one further back),
// kept served since, so the switch is one file's rename; waits until /remotes.json names it.
import { ReleaseError, ReleaseStore } from '@ringwise/releases/store';
import { untilServed } from './live-system.ts';
import { releaseSettings, remoteFromArgs, seconds } from './remote-arg.ts';

const started = performance.now();
const { build, rest } = remoteFromArgs(process.argv.slice(2), 'rollback');
const toArg = rest.indexOf('--to');
const to = toArg >= 0 ? rest[toArg + 1] : undefined;
const { publicUrl, releasesDir } = releaseSettings(build);
try {
  const store = new ReleaseStore(releasesDir, build.key!);
  const from = store.read().live;
  const pointer = store.rollback(new Date(), to);
  console.log(`rollback ${build.key}: live: ${pointer.live!.id} since ${pointer.live!.since} (was: ${from?.id})`);
  const servedAfter = await untilServed(publicUrl, build, pointer.live!.id);
  console.log(`  ${publicUrl}/remotes.json names it after ${servedAfter.toFixed(1)} s`);
  console.log(`rollback ${build.key}: done in ${seconds(performance.now() - started)}`);
} catch (error) {
  if (!(error instanceof ReleaseError)) throw error;
  console.error(`rollback ${build.key}: ${error.message}`);
  process.exit(1);
}
