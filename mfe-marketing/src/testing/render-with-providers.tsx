// Renders a marketing component the way the shell does: one QueryClient with the spec's defaults (and the
// shared default query function, so requests go through `fetch`) and a wouter Router. Tests only.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { queryDefaults } from '@ringwise/api-client';

export function renderWithProviders(ui: ReactNode, path = '/') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { ...queryDefaults } } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <Router ssrPath={path}>{ui}</Router>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

/** A JSON answer as the api gives it. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
