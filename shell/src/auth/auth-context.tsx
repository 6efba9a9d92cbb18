// The one auth context of the page. Sign-in with Supabase Auth arrives with the data-and-auth issue; until
// then signing out forgets every cached answer, so nothing of the last user stays on screen.
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';

export interface AuthContextValue {
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const signOut = useCallback(async () => {
    queryClient.clear();
  }, [queryClient]);
  const value = useMemo(() => ({ signOut }), [signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
