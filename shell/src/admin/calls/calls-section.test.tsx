// The admin's call list shows what each call's device measured: "MOS 3.1 · high-packet-loss", a dash without it.
import { afterEach, beforeEach, expect, test } from 'bun:test';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AdminCall } from '@ringwise/contract/admin';
import { CallsSection, describeQuality } from './calls-section.tsx';

const call = (id: string, quality: AdminCall['quality']): AdminCall => ({
  id,
  userId: 'u1',
  userEmail: 'ann@example.com',
  destinationNumber: '+447400123456',
  fromNumber: '+14155550100',
  direction: 'outbound',
  status: 'completed',
  rateName: 'United Kingdom — Mobile',
  ratePerMinute: '0.032000',
  connectionFee: '0.000000',
  duration: 61,
  billedSeconds: 120,
  cost: '0.06',
  refunded: null,
  quality,
  createdAt: '2026-11-28T10:00:00.000Z',
});

const realFetch = globalThis.fetch;
const asked: string[] = [];
beforeEach(() => {
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    asked.push(String(input));
    const calls = [call('c1', { worstMos: 3.14, warnings: ['high-packet-loss', 'high-rtt'] }), call('c2', null)];
    return new Response(JSON.stringify({ total: calls.length, calls }), { headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
});
afterEach(() => {
  cleanup();
  asked.length = 0;
  globalThis.fetch = realFetch;
});

test('each call shows its quality: the worst MOS and the warnings, or a dash', async () => {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <CallsSection />
    </QueryClientProvider>,
  );
  const measured = await screen.findByTestId('call-c1');
  expect(within(measured).getByTestId('call-quality').textContent).toBe('MOS 3.1 · high-packet-loss · high-rtt');
  expect(within(screen.getByTestId('call-c2')).getByTestId('call-quality').textContent).toBe('—');
  expect(screen.getByRole('columnheader', { name: 'Quality' })).toBeTruthy();
  expect(asked[0]).toStartWith('/api/admin/calls');
});

test('a summary without samples or warnings, or with only one of them', () => {
  expect(describeQuality({ worstMos: null, warnings: [] })).toBe('No samples');
  expect(describeQuality({ worstMos: 4.2, warnings: [] })).toBe('MOS 4.2');
  expect(describeQuality({ worstMos: null, warnings: ['constant-audio-input-level'] })).toBe('constant-audio-input-level');
});
