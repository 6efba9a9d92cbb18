import { expect, test } from 'bun:test';
import { render, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';

test('numbers show as given until the formatter has arrived, then in international format', async () => {
  // a module of its own, with nothing loaded yet, whatever other tests (the dialer's, in the same run) did
  const { formatNumbersInNow, formatPhoneNow, loadPhoneFormat } = (await import(`./display.ts?given=${Date.now()}`)) as typeof import('./display.ts');
  expect(formatPhoneNow('+14155550004')).toBe('+14155550004');
  expect(formatNumbersInNow('Call to +14155550004')).toBe('Call to +14155550004');
  const formats = await loadPhoneFormat();
  expect(formats.number('+442079460123')).toBe('+44 20 7946 0123');
  expect(formatPhoneNow('+14155550004')).toBe('+1 (415) 555-0004');
  expect(formatNumbersInNow('Call to +14155550004 (1 min)')).toBe('Call to +1 (415) 555-0004 (1 min)');
  expect(formatPhoneNow('not a number')).toBe('not a number');
});

test('a component loads the formatter only once it shows a number', async () => {
  // a module of its own, with nothing loaded yet, whatever other tests did
  const display = (await import(`./display.ts?fresh=${Date.now()}`)) as typeof import('./display.ts');
  function From({ value }: { value: string | null }) {
    const format = display.usePhoneFormat();
    return <span data-testid="from">{value ? format(value) : 'Public Number'}</span>;
  }
  const view = render(<From value={null} />);
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(display.formatPhoneNow('+14155550004')).toBe('+14155550004');

  view.rerender(<From value="+14155550004" />);
  expect(view.getByTestId('from').textContent).toBe('+14155550004');
  await waitFor(() => expect(view.getByTestId('from').textContent).toBe('+1 (415) 555-0004'));
  view.unmount();
});

test("a number shown by a child that renders later (a select's items) still gets the formatter", async () => {
  const display = (await import(`./display.ts?fresh=later-${Date.now()}`)) as typeof import('./display.ts');
  function Later({ format, value }: { format: (value: string) => string; value: string }) {
    const [shown, setShown] = useState(false);
    useEffect(() => setShown(true), []);
    return shown ? <span data-testid="item">{format(value)}</span> : null;
  }
  function Settings() {
    const format = display.usePhoneFormat();
    return <Later format={format} value="+442079460123" />;
  }
  const view = render(<Settings />);
  await waitFor(() => expect(view.getByTestId('item').textContent).toBe('+44 20 7946 0123'));
  view.unmount();
});
