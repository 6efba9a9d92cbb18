import { afterEach, expect, test } from 'bun:test';
import { cleanup, createEvent, fireEvent, render, screen } from '@testing-library/react';
import { Label } from './label.tsx';

afterEach(cleanup);

test('a label names its control, and a double click on its text does not select it', () => {
  render(
    <>
      <Label htmlFor="amount">Amount</Label>
      <input id="amount" />
    </>,
  );
  expect(screen.getByLabelText('Amount').tagName).toBe('INPUT');
  const label = screen.getByText('Amount');
  const double = createEvent.mouseDown(label, { detail: 2 });
  fireEvent(label, double);
  expect(double.defaultPrevented).toBe(true);
  const single = createEvent.mouseDown(label, { detail: 1 });
  fireEvent(label, single);
  expect(single.defaultPrevented).toBe(false);
});

test('a control inside the label keeps its own mouse', () => {
  const pressed: string[] = [];
  render(
    <Label onMouseDown={() => pressed.push('label')}>
      Remember me <input type="checkbox" aria-label="Remember" />
    </Label>,
  );
  const box = screen.getByRole('checkbox');
  const double = createEvent.mouseDown(box, { detail: 2 });
  fireEvent(box, double);
  expect(double.defaultPrevented).toBe(false);
  expect(pressed).toEqual([]);
});
