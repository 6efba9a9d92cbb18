// The page's styles load with the first HTML (server-rendered pages are styled before any script runs);
// the async boundary then lets shared modules (React, react-query, the kit) be negotiated before bootstrap.
import '@ringwise/ui/styles.css';
import './styles.css';
import { loadAuthClient } from './auth/auth-client.ts';
import { startEarlyUserLookup } from './auth/early-user.ts';
import { liveStoredSession, mayHaveSession } from './auth/stored-session.ts';
import { startRouteRemotes } from './federation/route-remotes.ts';

// the header's user is asked for now, not after the Auth client, React and the layout
startEarlyUserLookup();
// and the signed-in view's remote: its remote map, manifest and entry come in while React DOM is evaluated
startRouteRemotes();

// The start-up runs in steps of their own (a phone's main thread is never blocked long): this file's
// evaluation (the federation runtime and the shared modules), then the bootstrap, while React DOM (fetched
// alongside, not after the bootstrap) is evaluated when it arrives. A browser whose stored session needs the Auth
// client (to refresh it, or to finish a sign-in redirect) fetches it alongside too; a live session starts without
// it (auth-context.tsx).
setTimeout(() => {
  void import(/* webpackChunkName: "react-dom-client" */ 'react-dom/client');
  void import(/* webpackChunkName: "bootstrap" */ './bootstrap');
  if (mayHaveSession() && !liveStoredSession()) void loadAuthClient().catch(() => {});
}, 0);
