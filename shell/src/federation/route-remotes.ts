// The signed-in page's remote starts loading with the shell's first code, not once React DOM, the bootstrap and the
// layout have run and rendered its slot: its entry, chunks and first evaluation then run while React DOM is evaluated,
// and the slot finds the module loaded and renders it in the shell's first render (one render instead of two in a
// row). Only for a browser that holds a live session: any other is sent to sign in, which needs no remote.
import { matchRoute, remoteModulesForRoute } from '@ringwise/routes';
import { liveStoredSession } from '../auth/stored-session.ts';
import { loadRemoteComponent } from './remotes.ts';

/** The remote modules the page's first render shows, when it is a signed-in view the browser can show now. */
export function earlyRemotesOf(pathname: string, signedIn: boolean): string[] {
  const match = matchRoute(pathname);
  if (match?.name !== 'home' || !signedIn) return [];
  return remoteModulesForRoute(match).map((ref) => `${ref.remote}/${ref.module}`);
}

export function startRouteRemotes(): void {
  for (const id of earlyRemotesOf(window.location.pathname, liveStoredSession() !== null)) void loadRemoteComponent(id);
}
