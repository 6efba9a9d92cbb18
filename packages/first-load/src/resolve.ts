// Which files a page's first render loads, from the FirstLoads of the shell and the route's remotes: the parts
// asked for, and for every shared module they consume, the copy the federation runtime will pick (the shell's when
// it provides one, else the remote's own), with what that copy consumes in turn.
import type { FirstLoad, FirstLoadPart } from './first-load.ts';

export interface BuildFirstLoad {
  firstLoad: FirstLoad;
  /** Where the build's files are served, ending in '/' ('/' for the shell, 'https://cdn.example.com/dialer/' for a remote). */
  base: string;
}

export interface FirstLoadRequest {
  build: BuildFirstLoad;
  part: FirstLoadPart;
}

export interface PreloadAsset {
  href: string;
  as: 'script' | 'style';
}

/** The files of the requested parts and of the shared modules they need, each once, in the order they are needed. */
export function resolveFirstLoad(shell: BuildFirstLoad, requests: readonly FirstLoadRequest[]): PreloadAsset[] {
  const assets = new Map<string, PreloadAsset>();
  const seenKeys = new Set<string>();
  const visit = ({ build, part }: FirstLoadRequest) => {
    for (const file of part.css) add(build, file, 'style');
    for (const file of part.js) add(build, file, 'script');
    for (const key of part.shared) {
      if (seenKeys.has(key)) continue;
      seenKeys.add(key);
      const fromShell = shell.firstLoad.provides[key];
      const provider = fromShell ? { build: shell, part: fromShell } : build.firstLoad.provides[key] ? { build, part: build.firstLoad.provides[key] } : null;
      if (provider) visit(provider);
    }
  };
  const add = (build: BuildFirstLoad, file: string, as: PreloadAsset['as']) => {
    const href = build.base + file;
    if (!assets.has(href)) assets.set(href, { href, as });
  };
  for (const request of requests) visit(request);
  return [...assets.values()];
}
