// The gate of the signed-in area (spec §2 "Auth gate"): a spinner while auth loads, the service error card
// when that takes over 5 s, the sign-in page when signed out.
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { PageSpinner } from '../pages/page-spinner.tsx';
import { useAuth } from './auth-context.tsx';

export const AUTH_LOADING_TIMEOUT_MS = 5000;

const AuthPage = lazy(() => import('../pages/auth-page.tsx').then((m) => ({ default: m.AuthPage })));
const AuthServiceError = lazy(() => import('./auth-service-error.tsx').then((m) => ({ default: m.AuthServiceError })));

export function AuthGate({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (state.status !== 'loading') return;
    const timer = setTimeout(() => setSlow(true), AUTH_LOADING_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [state.status]);

  if (state.status === 'loading') {
    return slow ? (
      <Suspense fallback={<PageSpinner />}>
        <AuthServiceError />
      </Suspense>
    ) : (
      <PageSpinner />
    );
  }
  if (state.status === 'signed-out') {
    return (
      <Suspense fallback={<PageSpinner />}>
        <AuthPage mode="sign-in" />
      </Suspense>
    );
  }
  return children;
}
