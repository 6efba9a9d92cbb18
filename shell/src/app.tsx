import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { createQueryClient } from './query/query-client.ts';
import { AppRoutes } from './app-routes.tsx';
import { AuthProvider } from './auth/auth-context.tsx';
import { LazyToaster } from './layout/lazy-toaster.tsx';

export function App() {
  const [queryClient] = useState(createQueryClient);
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
