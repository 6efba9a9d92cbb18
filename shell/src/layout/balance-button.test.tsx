import { afterEach, beforeEach, describe, expect, mock, test } from 'bun:test';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { RefObject } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { __resetToastsForTests, getToastsSnapshot } from '@ringwise/ui/toast';
import { failedRemoteModule } from '../federation/failed-remote.ts';

// The billing remote's widget, as the federation runtime would hand it over.
type Loader = (id: string) => Promise<unknown>;
let loader: Loader;
const requested: string[] = [];
const loaded = new Map<string, unknown>();
mock.module('../federation/remotes.ts', () => ({
  loadRemoteComponent: async (id: string) => {
    requested.push(id);
    const result = await loader(id);
    if (typeof result === 'function') loaded.set(id, result);
    return result;
  },
  loadedRemoteComponent: (id: string) => loaded.get(id),
  reloadRemote: async () => {},
}));
const { BalanceButton, TOP_UP_WIDGET } = await import('./balance-button.tsx');

interface TopUpProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusRef: RefObject<HTMLElement | null>;
}
function FakeTopUpDialog({ open, onOpenChange, returnFocusRef }: TopUpProps) {
  if (!open) return null;
  return (
    <div role="dialog" aria-label="Add Calling Credits">
      <p>returns focus to {returnFocusRef.current?.getAttribute('aria-label')}</p>
      <button type="button" onClick={() => onOpenChange(false)}>
        Close
      </button>
    </div>
  );
}

function renderHeader() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, queryFn: () => new Promise(() => {}) } } });
  return render(
    <QueryClientProvider client={client}>
      <Router hook={memoryLocation({ path: '/home' }).hook}>
        <BalanceButton />
      </Router>
    </QueryClientProvider>,
  );
}

const addCredits = () => screen.getByRole('button', { name: 'Add credits' });
const flush = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

beforeEach(() => {
  requested.length = 0;
  loaded.clear();
  __resetToastsForTests();
  loader = async () => FakeTopUpDialog;
});
afterEach(cleanup);

describe("the header's add-credits button", () => {
  test('is a button, and loads nothing until it is approached', async () => {
    renderHeader();
    expect(addCredits().tagName).toBe('BUTTON');
    expect(addCredits().getAttribute('aria-haspopup')).toBe('dialog');
    await flush();
    expect(requested).toEqual([]);
    fireEvent.pointerEnter(addCredits());
    await flush();
    expect(requested).toEqual([TOP_UP_WIDGET]);
  });

  test("a click loads the billing remote's top-up dialog and opens it; closing it closes it", async () => {
    let arrive!: () => void;
    loader = () => new Promise((resolve) => (arrive = () => resolve(FakeTopUpDialog)));
    renderHeader();
    fireEvent.click(addCredits());
    expect(addCredits().getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();

    await act(async () => arrive());
    const dialog = screen.getByRole('dialog', { name: 'Add Calling Credits' });
    expect(dialog.closest('[data-remote="billing"]')).toBeTruthy();
    expect(dialog.textContent).toContain('returns focus to Add credits');
    expect(addCredits().getAttribute('aria-expanded')).toBe('true');
    expect(addCredits().hasAttribute('aria-busy')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(addCredits().getAttribute('aria-expanded')).toBe('false');

    // loaded once: opening again needs no new load
    fireEvent.click(addCredits());
    expect(screen.getByRole('dialog', { name: 'Add Calling Credits' })).toBeTruthy();
    expect(requested).toEqual([TOP_UP_WIDGET]);
  });

  test('a remote that cannot be loaded: a toast, and the next click tries again', async () => {
    loader = async (id) => failedRemoteModule(id, new Error('manifest unreachable'));
    renderHeader();
    fireEvent.click(addCredits());
    await flush();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(getToastsSnapshot()[0]).toMatchObject({ title: 'Add credits is unavailable', variant: 'destructive' });
    expect(addCredits().hasAttribute('aria-busy')).toBe(false);

    loader = async () => FakeTopUpDialog;
    fireEvent.click(addCredits());
    await flush();
    expect(screen.getByRole('dialog', { name: 'Add Calling Credits' })).toBeTruthy();
    expect(requested).toEqual([TOP_UP_WIDGET, TOP_UP_WIDGET]);
  });
});
