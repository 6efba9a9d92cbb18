import { afterEach, beforeEach, describe, expect, mock, test } from 'bun:test';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

// A stand-in for the Auth client that counts how often it is loaded.
type Listener = (event: string, session: unknown) => void;
let made = 0;
let storedSession: unknown = null;
const listeners: Listener[] = [];
class FakeAuthClient {
  onAuthStateChange(listener: Listener) {
    listeners.push(listener);
    return { data: { subscription: { unsubscribe() {} } } };
  }
  async getSession() {
    return { data: { session: storedSession }, error: null };
  }
  async signInWithPassword() {
    storedSession = session('u2');
    for (const listener of listeners) listener('SIGNED_IN', storedSession);
    return { data: {}, error: null };
  }
}
mock.module('./auth-client.ts', () => ({
  loadAuthClient: async () => {
    made++;
    return new FakeAuthClient();
  },
}));
const { AUTH_STORAGE_KEY } = await import('./stored-session.ts');
const { AuthProvider, useAuth } = await import('./auth-context.tsx');

const session = (id: string) => ({ access_token: `token-${id}`, user: { id } });

function Status() {
  const { state, signIn } = useAuth();
  return (
    <>
      <p>{state.status === 'signed-in' ? `signed in as ${(state.session.user as { id: string }).id}` : state.status}</p>
      <button type="button" onClick={() => void signIn('a@example.com', 'secret')}>
        Sign in
      </button>
    </>
  );
}

function renderProvider() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider>
        <Status />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

beforeEach(() => {
  made = 0;
  storedSession = null;
  listeners.length = 0;
  window.localStorage.clear();
});
afterEach(cleanup);

describe('AuthProvider', () => {
  test('a visitor without a stored session is signed out without the Auth client being loaded', async () => {
    renderProvider();
    await settle();
    expect(screen.getByText('signed-out')).toBeTruthy();
    expect(made).toBe(0);
  });

  test('a stored session loads the client and signs in', async () => {
    window.localStorage.setItem(AUTH_STORAGE_KEY, '{"access_token":"x"}');
    storedSession = session('u1');
    renderProvider();
    await settle();
    expect(screen.getByText('signed in as u1')).toBeTruthy();
    expect(made).toBe(1);
  });

  test('a stored session with life left signs in at once; the client is loaded only after the page has loaded', async () => {
    const live = { access_token: 'live', expires_at: Date.now() / 1000 + 3600, user: { id: 'u4' } };
    window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(live));
    storedSession = live;
    renderProvider();
    expect(screen.getByText('signed in as u4')).toBeTruthy();
    expect(made).toBe(0);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 2500)));
    expect(made).toBe(1);
    expect(screen.getByText('signed in as u4')).toBeTruthy();
  });

  test('signing in loads the client on demand and follows its session', async () => {
    renderProvider();
    await settle();
    await act(async () => screen.getByRole('button', { name: 'Sign in' }).click());
    await settle();
    expect(screen.getByText('signed in as u2')).toBeTruthy();
    expect(made).toBe(1);
  });

  test('a session stored by another tab is picked up', async () => {
    renderProvider();
    await settle();
    expect(screen.getByText('signed-out')).toBeTruthy();
    expect(made).toBe(0);
    storedSession = session('u3');
    window.localStorage.setItem(AUTH_STORAGE_KEY, '{"access_token":"y"}');
    await act(async () => {
      window.dispatchEvent(new StorageEvent('storage', { key: AUTH_STORAGE_KEY, newValue: '{"access_token":"y"}' }));
    });
    await settle();
    expect(screen.getByText('signed in as u3')).toBeTruthy();
  });
});
