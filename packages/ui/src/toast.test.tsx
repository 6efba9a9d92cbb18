import { afterEach, beforeEach, describe, expect, jest, test } from 'bun:test';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import {
  TOAST_DEFAULT_DURATION,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY,
  __resetToastsForTests,
  dismissToast,
  getToastsSnapshot,
  subscribeToasts,
  toast,
  useToasts,
} from './toast.tsx';
import { Toaster } from './toaster.tsx';

beforeEach(() => {
  __resetToastsForTests();
});

afterEach(() => {
  cleanup();
  jest.useRealTimers();
  __resetToastsForTests();
});

describe('toast store', () => {
  test('spec constants', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_DEFAULT_DURATION).toBe(5000);
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
  });

  test('toast() adds an open toast with defaults and returns its id and a dismiss handle', () => {
    const handle = toast({ title: 'Contact created' });
    expect(typeof handle.id).toBe('string');
    expect(getToastsSnapshot()).toEqual([
      {
        id: handle.id,
        title: 'Contact created',
        description: undefined,
        variant: 'default',
        duration: 5000,
        open: true,
      },
    ]);
  });

  test('keeps variant and duration when given', () => {
    toast({ title: 'Delete Failed', description: 'nope', variant: 'destructive', duration: 1234 });
    const [item] = getToastsSnapshot();
    expect(item?.variant).toBe('destructive');
    expect(item?.duration).toBe(1234);
    expect(item?.description).toBe('nope');
  });

  test('limit 1: a second toast replaces the first', () => {
    const first = toast({ title: 'Muted' });
    const second = toast({ title: 'Unmuted' });
    expect(second.id).not.toBe(first.id);
    const toasts = getToastsSnapshot();
    expect(toasts).toHaveLength(1);
    expect(toasts[0]?.id).toBe(second.id);
    expect(toasts[0]?.title).toBe('Unmuted');
  });

  test('dismiss closes the toast but keeps it until TOAST_REMOVE_DELAY has passed', () => {
    jest.useFakeTimers();
    const { id, dismiss } = toast({ title: 'Speaker On' });
    dismiss();
    expect(getToastsSnapshot()).toHaveLength(1);
    expect(getToastsSnapshot()[0]).toMatchObject({ id, open: false });

    jest.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect(getToastsSnapshot()).toHaveLength(1);

    jest.advanceTimersByTime(1);
    expect(getToastsSnapshot()).toHaveLength(0);
  });

  test('dismissToast(id) only touches that toast; an unknown id is a no-op', () => {
    const { id } = toast({ title: 'A' });
    const before = getToastsSnapshot();
    dismissToast('does-not-exist');
    expect(getToastsSnapshot()).toBe(before);
    dismissToast(id);
    expect(getToastsSnapshot()[0]?.open).toBe(false);
  });

  test('dismissToast() without an id closes every toast', () => {
    toast({ title: 'A' });
    dismissToast();
    expect(getToastsSnapshot().every((t) => !t.open)).toBe(true);
  });

  test('a replaced toast does not remove its successor later', () => {
    jest.useFakeTimers();
    const first = toast({ title: 'First' });
    first.dismiss();
    const second = toast({ title: 'Second' });
    jest.advanceTimersByTime(TOAST_REMOVE_DELAY);
    expect(getToastsSnapshot()).toEqual([expect.objectContaining({ id: second.id, open: true })]);
  });

  test('notifies subscribers and keeps the snapshot stable between changes', () => {
    let calls = 0;
    const unsubscribe = subscribeToasts(() => {
      calls += 1;
    });
    const a = getToastsSnapshot();
    expect(getToastsSnapshot()).toBe(a);
    toast({ title: 'x' });
    expect(calls).toBe(1);
    expect(getToastsSnapshot()).not.toBe(a);
    unsubscribe();
    toast({ title: 'y' });
    expect(calls).toBe(1);
  });

  test('useToasts re-renders when toast() is called outside React (e.g. from another micro-frontend)', () => {
    function Titles() {
      return <p data-testid="titles">{useToasts().map((t) => `${t.title}:${t.open ? 'open' : 'closed'}`).join(',')}</p>;
    }
    render(<Titles />);
    expect(screen.getByTestId('titles').textContent).toBe('');
    let id = '';
    act(() => {
      id = toast({ title: 'Saved' }).id;
    });
    expect(screen.getByTestId('titles').textContent).toBe('Saved:open');
    act(() => dismissToast(id));
    expect(screen.getByTestId('titles').textContent).toBe('Saved:closed');
  });
});

describe('Toaster', () => {
  function notifications() {
    return screen.getByRole('region', { name: /Notifications/ });
  }

  test('renders a toast() call with its title and description in the Notifications region', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Number Purchased', description: 'Successfully purchased +15551234567' });
    });
    const region = notifications();
    expect(region.getAttribute('aria-label')).toBe('Notifications (F8)');
    expect(within(region).getByText('Number Purchased')).toBeTruthy();
    expect(within(region).getByText('Successfully purchased +15551234567')).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  test('shows only the newest toast', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Muted' });
      toast({ title: 'Unmuted' });
    });
    const region = notifications();
    expect(within(region).queryByText('Muted')).toBeNull();
    expect(within(region).getByText('Unmuted')).toBeTruthy();
  });

  test('the close button dismisses the toast in the store and hides it', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Deleted', variant: 'success' });
    });
    act(() => {
      fireEvent.click(within(notifications()).getByRole('button', { name: 'Close' }));
    });
    expect(getToastsSnapshot()[0]?.open).toBe(false);
    expect(within(notifications()).queryByText('Deleted')).toBeNull();
  });

  test('closes by itself after its duration (default 5000 ms) and marks the toast dismissed', () => {
    jest.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Settings updated' });
    });
    act(() => {
      jest.advanceTimersByTime(TOAST_DEFAULT_DURATION - 10);
    });
    expect(getToastsSnapshot()[0]?.open).toBe(true);
    act(() => {
      jest.advanceTimersByTime(20);
    });
    expect(getToastsSnapshot()[0]?.open).toBe(false);
    expect(within(notifications()).queryByText('Settings updated')).toBeNull();
  });

  test('destructive toasts get the destructive colours', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Purchase Failed', variant: 'destructive' });
    });
    const item = within(notifications()).getByText('Purchase Failed').closest('li');
    expect(item?.getAttribute('data-variant')).toBe('destructive');
    expect(item?.className).toContain('bg-destructive');
    expect(item?.className).toContain('text-destructive-foreground');
  });
});
