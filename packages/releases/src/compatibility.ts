// Whether a remote's new build fits what is live, before `bun run release` publishes it: the federation runtime's
// major, the shared singletons and their versions (one copy per page: the live shell's and the other live remotes'),
// and the modules the shell loads from this remote with the props it passes. Each problem is one sentence saying what
// does not fit and what to do instead.
import { describeConflict, sharedConflicts, sharedOfMfManifest, type BuildShares } from '@ringwise/shared-versions';
import { federationVersionOf, releaseInfoOf } from './release-info.ts';

export interface Candidate {
  /** The remote's key ('dialer') and its container name ('ringwise_dialer'). */
  key: string;
  federationName: string;
  /** How messages name the new build ('the new mfe-dialer build'). */
  label: string;
  manifest: unknown;
}

export interface LiveBuilds {
  shell: unknown;
  /** The other remotes' live manifests, by key (the candidate's own live one is being replaced). */
  remotes: Record<string, unknown>;
}

const major = (version: string) => Number(version.split('.')[0]);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function exposedIds(candidate: Candidate): string[] {
  const exposes = isRecord(candidate.manifest) && Array.isArray(candidate.manifest.exposes) ? candidate.manifest.exposes : [];
  return exposes.flatMap((e: unknown) => (isRecord(e) && typeof e.name === 'string' ? [`${candidate.key}/${e.name}`] : []));
}

function runtimeProblems(candidate: Candidate, live: LiveBuilds): string[] {
  const ours = federationVersionOf(candidate.manifest);
  const theirs = federationVersionOf(live.shell);
  if (!ours || !theirs) return [`${candidate.label} or the live shell does not say which module federation version it was built with`];
  if (major(ours) === major(theirs)) return [];
  return [
    `${candidate.label} is built with module federation ${ours}, the live shell runs ${theirs}: a remote of another major shares no singleton with the shell (React would be undefined). Release a shell built with ${major(ours)}.x first.`,
  ];
}

function sharedProblems(candidate: Candidate, live: LiveBuilds): string[] {
  let candidateShares: BuildShares;
  try {
    candidateShares = { name: candidate.label, shared: sharedOfMfManifest(candidate.manifest) };
  } catch (error) {
    return [`${candidate.label}: ${error instanceof Error ? error.message : String(error)}`];
  }
  const problems: string[] = [];
  const saidMajor = new Set<string>();
  const shell: BuildShares = { name: 'the live shell', shared: sharedOfMfManifest(live.shell) };
  // a different React major is the classic crash: said on its own, in those words
  for (const key of ['react', 'react-dom']) {
    const ours = candidateShares.shared[key]?.version;
    const theirs = shell.shared[key]?.version;
    if (ours && theirs && major(ours) !== major(theirs)) {
      saidMajor.add(key);
      problems.push(`${key}: ${candidate.label} is built with ${key} ${ours}, the live shell provides ${theirs}. A page has one ${key}: a remote must be built with the shell's major (${major(theirs)}).`);
    }
  }
  const others: BuildShares[] = Object.entries(live.remotes).flatMap(([key, manifest]) => {
    try {
      return [{ name: `the live ${key} remote`, shared: sharedOfMfManifest(manifest) }];
    } catch {
      return [];
    }
  });
  const conflicts = sharedConflicts([shell, ...others, candidateShares]).filter(
    (c) => c.provider.build === candidate.label || c.consumer.build === candidate.label,
  );
  for (const conflict of conflicts) {
    const problem = `${describeConflict(conflict)}: they cannot share one copy on a page.`;
    if (!saidMajor.has(conflict.shareKey) && !problems.includes(problem)) problems.push(problem);
  }
  return problems;
}

function moduleProblems(candidate: Candidate, live: LiveBuilds): string[] {
  const passed = releaseInfoOf(live.shell)?.props;
  if (!passed) return ['the live shell does not say which props it passes to the remotes (it was built before releases were checked): release the shell first.'];
  const built = releaseInfoOf(candidate.manifest)?.props ?? {};
  const exposed = new Set(exposedIds(candidate));
  const problems: string[] = [];
  for (const [id, fingerprint] of Object.entries(passed)) {
    if (!id.startsWith(`${candidate.key}/`)) continue;
    if (!exposed.has(id)) problems.push(`${id}: the live shell loads it, ${candidate.label} does not expose it.`);
    else if (built[id] !== fingerprint) {
      problems.push(`${id}: its props differ from those the live shell passes (packages/apps/src/exposed/${candidate.key}.ts). Release the shell with the new props first, or keep them.`);
    }
  }
  return problems;
}

/** Every reason the candidate may not go live; empty when it fits. */
export function releaseProblems(candidate: Candidate, live: LiveBuilds): string[] {
  const name = isRecord(candidate.manifest) ? candidate.manifest.name : undefined;
  if (name !== candidate.federationName) return [`${candidate.label} is not the ${candidate.key} remote (its manifest names ${JSON.stringify(name)}).`];
  return [...runtimeProblems(candidate, live), ...sharedProblems(candidate, live), ...moduleProblems(candidate, live)];
}
