import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Router } from 'wouter';
import { AppRoutes } from './app-routes.tsx';
import { AuthProvider } from './auth/auth-context.tsx';
import { LazyToaster } from './layout/lazy-toaster.tsx';

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Router>
          <AppRoutes />
        </Router>
        <LazyToaster />
      </AuthProvider>
    </QueryClientProvider>
  );
}
