// Whether the visitor is signed in, as the host says (the shell's auth; remotes never read the session
// themselves). The server renders every page signed out, one HTML for every visitor and cache; while the
// browser hydrates that markup the page renders signed out too, so it adopts it without a mismatch, and then
// at once as the visitor is. A page the browser renders afresh (a visit within the app) is signed in from its
// first render.
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';

const SignedIn = createContext(false);

const subscribeToNothing = () => () => {};
const inBrowser = () => true;
const onServerOrHydrating = () => false;

export function VisitorProvider({ signedIn, children }: { signedIn: boolean | undefined; children: ReactNode }) {
  const hydrated = useSyncExternalStore(subscribeToNothing, inBrowser, onServerOrHydrating);
  return <SignedIn.Provider value={hydrated && signedIn === true}>{children}</SignedIn.Provider>;
}

export function useSignedIn(): boolean {
  return useContext(SignedIn);
}
