import { describe, expect, test } from 'bun:test';
import { releaseProblems, type Candidate } from './compatibility.ts';

/** A manifest shaped as the federation plugin and our build plugins write it (mfe-dialer/dist/mf-manifest.json). */
function manifest(name: string, options: { federation?: string; react?: string; query?: string; exposes?: string[]; props?: Record<string, string> } = {}) {
  const shared = (key: string, version: string, requiredVersion: string | null) => ({ id: `${name}:${key}`, name: key, version, singleton: true, requiredVersion });
  return {
    id: name,
    name,
    metaData: { name, pluginVersion: options.federation ?? '2.9.2' },
    shared: [
      shared('react', options.react ?? '19.3.1', `^${options.react ?? '19.3.1'}`),
      shared('react-dom', options.react ?? '19.3.1', `^${options.react ?? '19.3.1'}`),
      shared('@tanstack/react-query', options.query ?? '5.108.0', `^${options.query ?? '5.108.0'}`),
      shared('@ringwise/ui/button', '0.1.0', null),
    ],
    exposes: (options.exposes ?? ['app', 'widgets/call-overlay']).map((e) => ({ id: `${name}:${e}`, name: e, path: `./${e}` })),
    ringwiseRelease: { buildId: 'b1', commit: '70f55f2', props: options.props ?? { 'dialer/app': 'p-app', 'dialer/widgets/call-overlay': 'p-overlay' } },
  };
}

const shell = manifest('ringwise_shell', {
  exposes: [],
  props: { 'dialer/app': 'p-app', 'dialer/widgets/call-overlay': 'p-overlay', 'contacts/app': 'p-contacts' },
});
const live = { shell, remotes: { contacts: manifest('ringwise_contacts', { props: {}, exposes: ['app'] }) } };
const candidate = (m: unknown): Candidate => ({ key: 'dialer', federationName: 'ringwise_dialer', label: 'the new mfe-dialer build', manifest: m });

describe('releaseProblems', () => {
  test('a build made from the same recipe fits', () => {
    expect(releaseProblems(candidate(manifest('ringwise_dialer')), live)).toEqual([]);
  });

  test("another React major than the shell's is refused, in those words", () => {
    const problems = releaseProblems(candidate(manifest('ringwise_dialer', { react: '20.0.0' })), live);
    expect(problems).toContain(
      'react: the new mfe-dialer build is built with react 20.0.0, the live shell provides 19.3.1. A page has one react: a remote must be built with the shell\'s major (19).',
    );
    expect(problems.some((p) => p.startsWith('react-dom: '))).toBe(true);
    // said once per module, not again as a range conflict
    expect(problems.filter((p) => p.startsWith('react: '))).toHaveLength(1);
  });

  test('a shared version outside a live build\'s range is refused, naming both', () => {
    const problems = releaseProblems(candidate(manifest('ringwise_dialer', { query: '6.0.0' })), live);
    expect(problems).toEqual([
      '@tanstack/react-query: the live shell has 5.108.0, the new mfe-dialer build requires ^6.0.0: they cannot share one copy on a page.',
      '@tanstack/react-query: the live contacts remote has 5.108.0, the new mfe-dialer build requires ^6.0.0: they cannot share one copy on a page.',
      '@tanstack/react-query: the new mfe-dialer build has 6.0.0, the live shell requires ^5.108.0: they cannot share one copy on a page.',
      '@tanstack/react-query: the new mfe-dialer build has 6.0.0, the live contacts remote requires ^5.108.0: they cannot share one copy on a page.',
    ]);
  });

  test("another federation runtime major is refused", () => {
    expect(releaseProblems(candidate(manifest('ringwise_dialer', { federation: '3.0.1' })), live)).toEqual([
      'the new mfe-dialer build is built with module federation 3.0.1, the live shell runs 2.9.2: a remote of another major shares no singleton with the shell (React would be undefined). Release a shell built with 3.x first.',
    ]);
  });

  test('a module the shell loads must stay exposed, with the props the shell passes', () => {
    expect(releaseProblems(candidate(manifest('ringwise_dialer', { exposes: ['app'], props: { 'dialer/app': 'p-app' } })), live)).toEqual([
      'dialer/widgets/call-overlay: the live shell loads it, the new mfe-dialer build does not expose it.',
    ]);
    expect(releaseProblems(candidate(manifest('ringwise_dialer', { props: { 'dialer/app': 'p-app-2', 'dialer/widgets/call-overlay': 'p-overlay' } })), live)).toEqual([
      'dialer/app: its props differ from those the live shell passes (packages/apps/src/exposed/dialer.ts). Release the shell with the new props first, or keep them.',
    ]);
  });

  test("another remote's build, or a shell that does not say what it passes, is refused", () => {
    expect(releaseProblems(candidate(manifest('ringwise_contacts')), live)).toEqual(['the new mfe-dialer build is not the dialer remote (its manifest names "ringwise_contacts").']);
    const { ringwiseRelease: _, ...oldShell } = shell;
    expect(releaseProblems(candidate(manifest('ringwise_dialer')), { ...live, shell: oldShell })).toEqual([
      'the live shell does not say which props it passes to the remotes (it was built before releases were checked): release the shell first.',
    ]);
  });
});
