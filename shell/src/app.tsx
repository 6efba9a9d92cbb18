import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { Toaster } from '@ringwise/ui/toast';
import { TooltipProvider } from '@ringwise/ui/tooltip';
import { createQueryClient } from './query/query-client.ts';
import { AppRoutes } from './app-routes.tsx';
import { AuthProvider } from './auth/auth-context.tsx';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <TooltipProvider>
          <Router>
            <AppRoutes />
          </Router>
          <Toaster />
        </TooltipProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
