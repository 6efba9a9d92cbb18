import { afterEach, expect, test } from 'bun:test';
import { act, cleanup, render, screen } from '@testing-library/react';
import { defaultPricing, type CallingSnapshot } from './calling-state.ts';
import type { CallingStore } from './calling-store.ts';
import { CallingStoreProvider, useCalling, useCallingValue } from './use-calling.ts';

afterEach(cleanup);

/** A store whose snapshot the test sets, as the call meter does each second. */
function settableStore(initial: CallingSnapshot) {
  let snapshot = initial;
  const listeners = new Set<() => void>();
  const store = {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
  } as unknown as CallingStore;
  const set = (next: Partial<CallingSnapshot['call']>) => {
    snapshot = { ...snapshot, call: { ...snapshot.call, ...next } };
    for (const listener of listeners) listener();
  };
  return { store, set };
}

test('a view reading one value of the calling state is not rendered again by the call’s every-second tick', () => {
  const initial = { device: 'ready', starting: false, feedback: null, call: { hasActiveCall: true, duration: 0, pricing: defaultPricing } } as unknown as CallingSnapshot;
  const { store, set } = settableStore(initial);
  const renders = { value: 0, whole: 0 };
  function OnCall() {
    renders.value += 1;
    return <p>{useCallingValue((s) => s.call.hasActiveCall) ? 'on a call' : 'idle'}</p>;
  }
  function Duration() {
    renders.whole += 1;
    return <p>{useCalling().call.duration} s</p>;
  }
  render(
    <CallingStoreProvider store={store}>
      <OnCall />
      <Duration />
    </CallingStoreProvider>,
  );
  act(() => set({ duration: 1 }));
  act(() => set({ duration: 2 }));
  expect(screen.getByText('2 s')).toBeDefined();
  expect(renders).toEqual({ value: 1, whole: 3 });
  act(() => set({ hasActiveCall: false }));
  expect(screen.getByText('idle')).toBeDefined();
  expect(renders.value).toBe(2);
});
