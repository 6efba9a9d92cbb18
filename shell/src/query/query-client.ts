// The page's only QueryClient (spec §9 'Data fetching'); remotes use it through the shared context. It is
// also the one place a failed request is reported: a 401 ends the session and sends the user to sign in;
// any other failure is a toast with the api's own message (never a raw status line), unless the view
// handles the error itself (a query's `meta.handlesError`, a mutation's own `onError`).
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { errorMessage, isUnauthorized, queryDefaults } from '@ringwise/api-client';
import { toast } from '@ringwise/ui/toast';

type UnauthorizedHandler = () => Promise<void> | void;

const goToSignIn: UnauthorizedHandler = () => {
  if (!window.location.pathname.startsWith('/sign-in')) window.location.assign('/sign-in');
};
let unauthorized: UnauthorizedHandler = goToSignIn;
let handlingUnauthorized = false;

/** The auth layer says how a 401 ends the session (sign out locally, then to the sign-in page). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorized = handler ?? goToSignIn;
}

async function reportUnauthorized(): Promise<void> {
  // several requests fail together when a session ends: one sign-out, one notice
  if (handlingUnauthorized) return;
  handlingUnauthorized = true;
  try {
    toast({ variant: 'destructive', title: 'Signed out', description: 'Your session has ended. Please sign in again.' });
    await unauthorized();
  } catch (error) {
    console.warn('The ended session could not be cleared', error);
  } finally {
    handlingUnauthorized = false;
  }
}

function reportError(error: unknown, handledByView: boolean): void {
  if (isUnauthorized(error)) {
    void reportUnauthorized();
    return;
  }
  if (handledByView) return;
  toast({ variant: 'destructive', title: 'Error', description: errorMessage(error) });
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => reportError(error, query.meta?.handlesError === true),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) =>
        reportError(error, mutation.meta?.handlesError === true || mutation.options.onError !== undefined),
    }),
    defaultOptions: { queries: { ...queryDefaults } },
  });
}
