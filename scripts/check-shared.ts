// CI: the builds fit together. Reads every build's mf-manifest.json (the shell and the five remotes) and the
// server bundles' ssr-manifest.json, and fails when two of them share a singleton at versions that do not
// fit (one build's version outside another's requiredVersion): on a page, or in the api that runs the
// server bundles, only one copy exists. Run right after the production build.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { appBuilds } from '@ringwise/apps';
import { describeConflict, parseSsrManifest, sharedConflicts, sharedOfMfManifest, type BuildShares } from '@ringwise/shared-versions';
import { repoRoot } from './runtime-env.ts';

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

interface Source {
  name: string;
  file: string;
  read: (json: unknown) => BuildShares['shared'];
}

const sources: Source[] = appBuilds.flatMap((build) => {
  const dist = path.join(repoRoot, build.dir, 'dist');
  const browser: Source = { name: build.dir, file: path.join(dist, 'mf-manifest.json'), read: sharedOfMfManifest };
  if (!build.serverEntry) return [browser];
  const server: Source = { name: `${build.dir} (server)`, file: path.join(dist, 'server/ssr-manifest.json'), read: (json) => parseSsrManifest(json).shared };
  return [browser, server];
});

const builds: BuildShares[] = [];
const problems: string[] = [];
for (const { name, file, read } of sources) {
  try {
    builds.push({ name, shared: read(readJson(file)) });
  } catch (error) {
    problems.push(`${path.relative(repoRoot, file)}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

problems.push(...sharedConflicts(builds).map(describeConflict));
if (problems.length > 0) {
  console.error(`Shared singletons do not fit together (${problems.length}):`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
const keys = new Set(builds.flatMap((b) => Object.keys(b.shared)));
console.log(`Shared singletons fit: ${keys.size} modules across ${builds.length} builds (${builds.map((b) => b.name).join(', ')})`);
