import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { matchRoute } from '@ringwise/routes';
import { RemoteSlot } from './federation/remote-slot.tsx';
import { SignedInShell } from './layout/signed-in-shell.tsx';
import { HomeView } from './pages/home-view.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { PageSpinner } from './pages/page-spinner.tsx';
import { AuthGate } from './auth/auth-gate.tsx';
import { useAuth } from './auth/auth-context.tsx';
import { AdminRoute } from './admin/admin-route.tsx';
import { useRedirectSignedInToHome } from './auth/landing-redirect.ts';
import { useSiteOrigin } from './site-origin.tsx';

// Pages without a remote in them are fetched when visited, keeping them out of the first load.
const AuthPage = lazy(() => import('./pages/auth-page.tsx').then((m) => ({ default: m.AuthPage })));
const ProfileSettingsPage = lazy(() =>
  import('./pages/profile-settings-page.tsx').then((m) => ({ default: m.ProfileSettingsPage })),
);
const withSpinner = (page: ReactNode) => <Suspense fallback={<PageSpinner />}>{page}</Suspense>;

/** Renders the page of spec §2's route table for the current location (same table the server uses). */
export function AppRoutes() {
  const [location] = useLocation();
  const origin = useSiteOrigin();
  const match = matchRoute(location);
  if (!match) return <NotFoundPage />;
  switch (match.name) {
    case 'landing':
      return <LandingRoute origin={origin} />;
    case 'country':
      return <CountryRoute country={match.country} origin={origin} />;
    case 'sign-in':
    case 'sign-up':
      return withSpinner(<AuthPage mode={match.name} />);
    case 'home':
      return (
        <SignedIn view={match.view}>
          <HomeView view={match.view} />
        </SignedIn>
      );
    case 'checkout':
      return (
        <SignedIn view={null}>
          <RemoteSlot remote="billing" area="Checkout" props={{ view: 'checkout' }} />
        </SignedIn>
      );
    case 'admin':
      return (
        <AuthGate>
          <AdminRoute section={match.section} />
        </AuthGate>
      );
    case 'profile-settings':
      return <SignedIn view={null}>{withSpinner(<ProfileSettingsPage />)}</SignedIn>;
  }
}

function SignedIn({ view, children }: { view: Parameters<typeof SignedInShell>[0]['view']; children: ReactNode }) {
  return (
    <AuthGate>
      <SignedInShell view={view}>{children}</SignedInShell>
    </AuthGate>
  );
}

function LandingRoute({ origin }: { origin: string }) {
  useRedirectSignedInToHome();
  // the same origin the server rendered the page with (absolute URLs in its structured data)
  return <RemoteSlot remote="marketing" area="Home page" props={{ page: 'landing', origin }} />;
}

function CountryRoute({ country, origin }: { country: string; origin: string }) {
  // public, but a signed-in visitor is offered the dialer instead of signing up (the remote switches after hydrating)
  const signedIn = useAuth().state.status === 'signed-in';
  return <RemoteSlot remote="marketing" area="Country page" props={{ page: 'country', country, origin, signedIn }} />;
}
