import { afterEach, expect, jest, test } from 'bun:test';
import { act, cleanup, renderHook } from '@testing-library/react';
import { useDebouncedValue } from './use-debounced-value.ts';

afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

test('the first value at once, then the last one only when the changes pause', () => {
  jest.useFakeTimers();
  const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 200), { initialProps: { value: 'a' } });
  expect(result.current).toBe('a');
  rerender({ value: 'ab' });
  act(() => void jest.advanceTimersByTime(150));
  rerender({ value: 'abc' });
  act(() => void jest.advanceTimersByTime(150));
  expect(result.current).toBe('a');
  act(() => void jest.advanceTimersByTime(50));
  expect(result.current).toBe('abc');
});
