// The page's styles load with the first HTML (server-rendered pages are styled before any script runs);
// the async boundary then lets shared modules (React, react-query, the kit) be negotiated before bootstrap.
import '@ringwise/ui/styles.css';
import './styles.css';
import { loadAuthClient } from './auth/auth-client.ts';
import { startEarlyUserLookup } from './auth/early-user.ts';
import { mayHaveSession } from './auth/stored-session.ts';

// the header's user is asked for now, not after the Auth client, React and the layout
startEarlyUserLookup();

// The start-up runs in steps of their own (a phone's main thread is never blocked long): this file's
// evaluation (the federation runtime and the shared modules), then the bootstrap, while React DOM (fetched
// alongside, not after the bootstrap) is evaluated when it arrives. A browser that holds a session fetches
// the Auth client alongside too, so the signed-in app does not wait for it after the bootstrap.
setTimeout(() => {
  void import('react-dom/client');
  void import('./bootstrap');
  if (mayHaveSession()) void loadAuthClient().catch(() => {});
}, 0);
