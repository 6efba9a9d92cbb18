// The one auth context of the page: loading, then signed in (with the session) or signed out.
// Remotes never talk to Auth themselves; their API calls get the token through the shared API client.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Session } from '@supabase/auth-js';
import { authClient } from './auth-client.ts';

export type AuthState = { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; session: Session };

export interface AuthContextValue {
  state: AuthState;
  signIn(email: string, password: string): Promise<void>;
  signUp(email: string, password: string): Promise<void>;
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

const toState = (session: Session | null): AuthState =>
  session ? { status: 'signed-in', session } : { status: 'signed-out' };

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState>({ status: 'loading' });
  const userId = useRef<string | null>(null);

  useEffect(() => {
    let active = true;
    let unsubscribe = () => {};
    // A failure leaves the state at 'loading': the gate then shows the service error card after 5 s.
    Promise.resolve()
      .then(async () => {
        if (!active) return;
        const { data } = authClient().onAuthStateChange((event, session) => {
          if (event === 'INITIAL_SESSION') return;
          setState(toState(session));
          // nothing of the last user stays cached for the next one
          const nextUserId = session?.user.id ?? null;
          if (event === 'SIGNED_OUT' || (userId.current !== null && nextUserId !== userId.current)) queryClient.removeQueries();
          userId.current = nextUserId;
        });
        unsubscribe = () => data.subscription.unsubscribe();
        const { data: current, error } = await authClient().getSession();
        if (!active || error) return;
        userId.current = current.session?.user.id ?? null;
        setState(toState(current.session));
      })
      .catch((error: unknown) => console.error('Auth could not be reached', error));
    return () => {
      active = false;
      unsubscribe();
    };
  }, [queryClient]);

  const signIn = useCallback(async (email: string, password: string) => {
    const { error } = await authClient().signInWithPassword({ email, password });
    if (error) throw error;
  }, []);
  const signUp = useCallback(async (email: string, password: string) => {
    const { data, error } = await authClient().signUp({ email, password });
    if (error) throw error;
    if (!data.session) throw new Error('Check your e-mail to confirm your address, then sign in.');
  }, []);
  const signOut = useCallback(async () => {
    const { error } = await authClient().signOut();
    if (error) console.warn('Sign-out could not reach Auth; the local session was cleared anyway.', error);
    queryClient.clear();
  }, [queryClient]);

  const value = useMemo(() => ({ state, signIn, signUp, signOut }), [state, signIn, signUp, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
