import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Router } from 'wouter';
import { AppRoutes } from './app-routes.tsx';
import { AuthProvider } from './auth/auth-context.tsx';
import { LazyToaster } from './layout/lazy-toaster.tsx';
import { SiteOriginProvider } from './site-origin.tsx';

export interface AppProps {
  queryClient: QueryClient;
  /** The site's origin (the page's own in the browser, the public URL on the server). */
  origin: string;
  /** The path to render on the server (the browser reads its location). */
  ssrPath?: string;
}

export function App({ queryClient, origin, ssrPath }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <SiteOriginProvider value={origin}>
        <AuthProvider>
          <Router ssrPath={ssrPath}>
            <AppRoutes />
          </Router>
          <LazyToaster />
        </AuthProvider>
      </SiteOriginProvider>
    </QueryClientProvider>
  );
}
