// The e-mail and password forms with Supabase Auth's updateUser stood in for: what the user reads after each
// answer Auth documents (a pending e-mail change, a password set at once, a refusal in Auth's own words).
import { afterEach, beforeEach, describe, expect, mock, test } from 'bun:test';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { CurrentUser } from '@ringwise/contract/users';
import { __resetToastsForTests, getToastsSnapshot } from '@ringwise/ui/toast';

type Update = (attributes: { email?: string; password?: string }) => Promise<{ email: string | null; pendingEmail: string | null }>;
let update: Update;
const calls: { email?: string; password?: string }[] = [];
mock.module('./auth-update.ts', () => ({
  updateAuthUser: (attributes: { email?: string; password?: string }) => {
    calls.push(attributes);
    return update(attributes);
  },
  signOutHere: async () => {},
}));
const { EmailForm } = await import('./email-form.tsx');
const { PasswordForm } = await import('./password-form.tsx');

const user = { id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: null } as CurrentUser;

function renderWithClient(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, queryFn: () => new Promise(() => {}) } } });
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}
const flush = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(() => {
  calls.length = 0;
  __resetToastsForTests();
});
afterEach(cleanup);

describe('the e-mail form', () => {
  test('a pending change: the user is told to open the links sent to both addresses', async () => {
    update = async ({ email }) => ({ email: 'ada@example.com', pendingEmail: email ?? null });
    renderWithClient(<EmailForm user={user} />);
    type('New e-mail address', ' ada@lovelace.example ');
    fireEvent.click(screen.getByRole('button', { name: 'Change e-mail' }));
    await flush();
    expect(calls).toEqual([{ email: 'ada@lovelace.example' }]);
    expect(screen.getByRole('status').textContent).toBe('We sent confirmation links to ada@lovelace.example and to ada@example.com. Your e-mail address changes once you have opened both.');
  });

  test("Auth's refusal is shown in its words; the current address is not sent", async () => {
    update = async () => {
      throw new Error('A user with this email address has already been registered');
    };
    renderWithClient(<EmailForm user={user} />);
    type('New e-mail address', 'ADA@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Change e-mail' }));
    expect(screen.getByRole('alert').textContent).toBe('That is already your e-mail address.');
    expect(calls).toEqual([]);
    type('New e-mail address', 'grace@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Change e-mail' }));
    await flush();
    expect(screen.getByRole('alert').textContent).toBe('A user with this email address has already been registered');
  });
});

describe('the password form', () => {
  test('too short or typed differently stays here; a refusal is in Auth’s words; success clears the fields', async () => {
    update = async () => {
      throw new Error('This password is too common and easy to guess. Please choose another.');
    };
    renderWithClient(<PasswordForm email={user.email} />);
    const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    type('New password', 'short');
    type('Confirm new password', 'short');
    submit();
    expect(screen.getByRole('alert').textContent).toBe('Password should be at least 8 characters.');
    type('New password', 'password123');
    submit();
    expect(screen.getByRole('alert').textContent).toBe('The two passwords do not match.');
    expect(calls).toEqual([]);
    type('Confirm new password', 'password123');
    submit();
    await flush();
    expect(screen.getByRole('alert').textContent).toBe('This password is too common and easy to guess. Please choose another.');

    update = async () => ({ email: user.email, pendingEmail: null });
    type('New password', 'a long new passphrase');
    type('Confirm new password', 'a long new passphrase');
    submit();
    await flush();
    expect(calls.at(-1)).toEqual({ password: 'a long new passphrase' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('');
    expect(getToastsSnapshot()[0]).toMatchObject({ title: 'Password changed', variant: 'success' });
  });
});
