// A remote's own dev page: the same providers the shell gives it (one QueryClient with the spec's
// defaults, a router, toasts, tooltips, the page reset), so a remote can be worked on alone.
// Query parameters become the component's props: /?view=calls renders the calls view.
import '@ringwise/ui/preflight.css';
import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { queryDefaults } from '@ringwise/api-client';
import { Toaster } from '@ringwise/ui/toaster';
import { TooltipProvider } from '@ringwise/ui/tooltip';

export function mountStandalone(
  Component: ComponentType<Record<string, string>>,
  defaults: Record<string, string> = {},
): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('the page has no #root element');
  const props = { ...defaults, ...Object.fromEntries(new URLSearchParams(window.location.search)) };
  const queryClient = new QueryClient({ defaultOptions: { queries: { ...queryDefaults } } });
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <TooltipProvider>
          <Router>
            <div style={{ maxWidth: 960, margin: "0 auto", padding: 16 }}>
              <Component {...props} />
            </div>
          </Router>
          <Toaster />
        </TooltipProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}
