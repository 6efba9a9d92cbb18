// The page's styles load with the first HTML (server-rendered pages are styled before any script runs);
// the async boundary then lets shared modules (React, react-query, the kit) be negotiated before bootstrap.
import '@ringwise/ui/styles.css';
import './styles.css';

// The start-up runs in steps of their own (a phone's main thread is never blocked long): this file's
// evaluation (the federation runtime), then negotiating and loading the shared modules, while React DOM
// (fetched alongside, not after the bootstrap) is evaluated when it arrives.
setTimeout(() => {
  void import('react-dom/client');
  void import('./bootstrap');
}, 0);
