// The avatar's menu loads its code on first hover or focus: a press that lands while that code arrives still opens it.
import { afterEach, describe, expect, mock, test } from 'bun:test';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

// the menu's sign-out needs the auth context; its other parts are what is tested
mock.module('../auth/auth-context.tsx', () => ({ useAuth: () => ({ signOut: async () => {} }) }));
const { AvatarMenu } = await import('./avatar-menu.tsx');

function renderMenu() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, queryFn: () => new Promise(() => {}) } } });
  return render(
    <QueryClientProvider client={client}>
      <Router hook={memoryLocation({ path: '/home' }).hook}>
        <AvatarMenu />
      </Router>
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe('the avatar menu', () => {
  test('pressed while its code is still on the way (the button is replaced before any click): it opens', async () => {
    renderMenu();
    const avatar = screen.getByRole('button', { name: 'Account menu' });
    fireEvent.pointerEnter(avatar);
    fireEvent.pointerDown(avatar, { button: 0 });
    // no pointer-up or click on the placeholder: the menu's code arrives and replaces it first
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(await screen.findByRole('menu')).toBeTruthy();
  });
});
