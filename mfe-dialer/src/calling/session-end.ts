// How the dialer learns that the page's session ended (a sign-out here or in another tab, a 401, another user signed
// in): the shell empties the page's one QueryClient then, so that nothing of the last user stays for the next one
// (shell/src/auth/auth-context.tsx: removeQueries on SIGNED_OUT or a new user, clear() on sign-out and on a 401).
// The dialer keeps an entry of its own in that client, kept for good (no garbage collection: it is not data anyone
// fetches), and takes its removal for the session's end: the calling device registered for that user must go, so a
// signed-out tab never rings. The entry is put back at once for the next session.
import type { QueryClient } from '@tanstack/react-query';

/** The dialer's entry in the page's QueryClient: there while a session lasts. */
export const callingSessionKey = ['dialer', 'calling-session'] as const;

/** Calls `onEnd` each time the session of `client`'s page ends; returns the stop. */
export function watchSessionEnd(client: QueryClient, onEnd: () => void): () => void {
  // a refetch of every query (none today) would find a query function, and nothing to collect
  client.setQueryDefaults([...callingSessionKey], { gcTime: Infinity, staleTime: Infinity, queryFn: () => true });
  const cache = client.getQueryCache();
  const mark = () => {
    if (!cache.find({ queryKey: [...callingSessionKey], exact: true })) client.setQueryData([...callingSessionKey], true);
    return cache.find({ queryKey: [...callingSessionKey], exact: true });
  };
  let entry = mark();
  const unsubscribe = cache.subscribe((event) => {
    if (event.type !== 'removed' || event.query !== entry) return;
    entry = mark();
    onEnd();
  });
  return unsubscribe;
}
