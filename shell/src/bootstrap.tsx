import { StrictMode, startTransition } from 'react';
import { App } from './app.tsx';
import { seedEarlyUser } from './auth/seed-early-user.ts';
import { createQueryClient } from './query/query-client.ts';
import { takeOverServerRender } from './server-handoff.ts';

const container = document.getElementById('root');
if (!container) throw new Error('the page has no #root element');
const queryClient = createQueryClient();
void seedEarlyUser(queryClient);
const app = (
  <StrictMode>
    <App queryClient={queryClient} origin={window.location.origin} />
  </StrictMode>
);

/** Lets the browser handle input and paint between the start-up steps, so none becomes one long task. */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// the page's remote loads (network) while React DOM is evaluated (CPU)
const takeOver = takeOverServerRender(queryClient);
const { createRoot, hydrateRoot } = await import('react-dom/client');

if (await takeOver) {
  await yieldToBrowser();
  // The server rendered this very tree: React adopts its DOM instead of building it again. In a
  // transition, hydration runs in slices and a click on the already visible page is never kept waiting.
  startTransition(() => {
    hydrateRoot(container, app, {
      onRecoverableError: (error) => console.warn('The page was rendered again in the browser', error),
    });
  });
} else {
  // Also for a page the server rendered with other builds than the browser runs: React replaces that
  // markup at the first commit (it stays visible until then) rather than hydrating what would not match.
  const root = createRoot(container);
  // A transition renders in slices, yielding to the browser between them: a large first render never
  // blocks input for long.
  startTransition(() => root.render(app));
}
