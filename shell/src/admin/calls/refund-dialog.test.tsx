import { afterEach, beforeAll, beforeEach, expect, test } from 'bun:test';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AdminCall } from '@ringwise/contract/admin';
import { loadPhoneFormat } from '@ringwise/phone/display';
import { RefundButton } from './refund-dialog.tsx';

const realFetch = globalThis.fetch;
let answer: () => Promise<Response>;
const refunds: [string, unknown][] = [];
// the number as every screen shows it (its formatter is lazy: loaded before, as the page has it by then)
beforeAll(() => loadPhoneFormat());

beforeEach(() => {
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    refunds.push([String(input), JSON.parse(String(init?.body))]);
    return answer();
  }) as typeof fetch;
});

afterEach(() => {
  cleanup();
  refunds.length = 0;
  globalThis.fetch = realFetch;
});

const call = { id: 'c1', userEmail: 'ann@example.com', destinationNumber: '+447400123456', cost: '0.06' } as AdminCall;

function renderButton() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RefundButton call={call} />
    </QueryClientProvider>,
  );
  const opener = screen.getByRole('button', { name: 'Refund the call to +44 7400 123456 of ann@example.com' });
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog', { name: 'Refund this call?' }) };
}

test('the api refusing a refund is shown in its own words, and the dialog stays open', async () => {
  const conflict = { error: { code: 'already_refunded', message: 'This call has already been refunded.' } };
  answer = async () => new Response(JSON.stringify(conflict), { status: 409, headers: { 'content-type': 'application/json' } });
  const { dialog } = renderButton();
  fireEvent.change(screen.getByLabelText('Reason'), { target: { value: ' poor line ' } });
  await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Refund call' })));
  expect(refunds).toEqual([['/api/admin/calls/c1/refund', { reason: 'poor line' }]]);
  expect((await screen.findByRole('alert')).textContent).toBe('This call has already been refunded.');
  expect(dialog.isConnected).toBe(true);
});

test('a second submit while the first is on its way sends nothing; Cancel closes and a new opening starts empty', async () => {
  answer = () => new Promise(() => {});
  renderButton();
  fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'twice' } });
  await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Refund call' })));
  const pending = await screen.findByRole('button', { name: 'Refunding…' });
  await act(async () => void fireEvent.click(pending));
  expect(refunds).toHaveLength(1);
  fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: /^Refund the call/ }));
  expect((screen.getByLabelText('Reason') as HTMLTextAreaElement).value).toBe('');
});
