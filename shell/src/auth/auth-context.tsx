// The one auth context of the page: loading, then signed in (with the session) or signed out.
// Remotes never talk to Auth themselves; their API calls get the token through the shared API client.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { GoTrueClient, Session } from '@supabase/auth-js';
import { setUnauthorizedHandler } from '../query/query-client.ts';
import { loadAuthClient } from './auth-client.ts';
import { AUTH_STORAGE_KEY, liveStoredSession, mayHaveSession } from './stored-session.ts';

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

/** Runs `task` once the page has loaded and the main thread is idle: after the first view, never before it. */
function afterPageLoad(task: () => void): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (cancelled) return;
    // requestIdleCallback is missing in some browsers (Safari)
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => !cancelled && task(), { timeout: 2000 });
    else timer = setTimeout(() => !cancelled && task(), 200);
  };
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
  return () => {
    cancelled = true;
    clearTimeout(timer);
    window.removeEventListener('load', run);
  };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // a stored session with life left signs the page in at once; the client (~20 KB) comes after the first view
  const [initialSession] = useState(() => liveStoredSession());
  const [state, setState] = useState<AuthState>(() => (initialSession ? { status: 'signed-in', session: initialSession as unknown as Session } : { status: 'loading' }));
  const userId = useRef<string | null>(initialSession?.user.id ?? null);
  const connection = useRef<Promise<GoTrueClient> | null>(null);
  const mounted = useRef(true);

  /** Loads the client once, follows its session changes and reads the current session. */
  const connect = useCallback((): Promise<GoTrueClient> => {
    connection.current ??= loadAuthClient().then(async (auth) => {
      auth.onAuthStateChange((event, session) => {
        if (event === 'INITIAL_SESSION' || !mounted.current) return;
        setState(toState(session));
        // nothing of the last user stays cached for the next one
        const nextUserId = session?.user.id ?? null;
        if (event === 'SIGNED_OUT' || (userId.current !== null && nextUserId !== userId.current)) queryClient.removeQueries();
        userId.current = nextUserId;
      });
      const { data: current, error } = await auth.getSession();
      if (!error && mounted.current) {
        userId.current = current.session?.user.id ?? null;
        setState(toState(current.session));
      }
      return auth;
    });
    connection.current.catch(() => {
      connection.current = null;
    });
    return connection.current;
  }, [queryClient]);

  useEffect(() => {
    mounted.current = true;
    // A failure leaves the state at 'loading': the gate then shows the service error card after 5 s.
    const start = () => void connect().catch((error: unknown) => console.error('Auth could not be reached', error));
    // A visitor without a stored session is signed out at once, without downloading the Auth client.
    let cancelDeferred = () => {};
    if (initialSession && !connection.current) cancelDeferred = afterPageLoad(start);
    else if (mayHaveSession()) start();
    else if (!connection.current) setState({ status: 'signed-out' });
    // a sign-in in another tab stores a session: follow it here too
    const onStorage = (event: StorageEvent) => {
      if (event.key === AUTH_STORAGE_KEY && event.newValue && !connection.current) start();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      mounted.current = false;
      cancelDeferred();
      window.removeEventListener('storage', onStorage);
    };
  }, [connect, initialSession]);

  // A 401 from the api: this session is over (expired, revoked, signed out elsewhere). Ending it here too
  // makes every signed-in page's gate show the sign-in page in its place.
  useEffect(() => {
    setUnauthorizedHandler(async () => {
      const { error } = await (await connect()).signOut({ scope: 'local' });
      if (error) console.warn('The local session could not be cleared', error);
      queryClient.clear();
    });
    return () => setUnauthorizedHandler(null);
  }, [connect, queryClient]);

  const signIn = useCallback(async (email: string, password: string) => {
    const { error } = await (await connect()).signInWithPassword({ email, password });
    if (error) throw error;
  }, [connect]);
  const signUp = useCallback(async (email: string, password: string) => {
    const { data, error } = await (await connect()).signUp({ email, password });
    if (error) throw error;
    if (!data.session) throw new Error('Check your e-mail to confirm your address, then sign in.');
  }, [connect]);
  const signOut = useCallback(async () => {
    const { error } = await (await connect()).signOut();
    if (error) console.warn('Sign-out could not reach Auth; the local session was cleared anyway.', error);
    queryClient.clear();
  }, [connect, queryClient]);

  const value = useMemo(() => ({ state, signIn, signUp, signOut }), [state, signIn, signUp, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
