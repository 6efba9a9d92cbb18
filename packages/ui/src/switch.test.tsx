import { afterEach, describe, expect, test } from 'bun:test';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Label } from './label.tsx';
import { Switch } from './switch.tsx';

afterEach(cleanup);

describe('Switch', () => {
  test('toggles aria-checked on click and reports the new value', () => {
    const seen: boolean[] = [];
    render(<Switch aria-label="Low balance alerts" onCheckedChange={(v) => seen.push(v)} />);
    const toggle = screen.getByRole('switch', { name: 'Low balance alerts' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(toggle.getAttribute('data-state')).toBe('checked');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(seen).toEqual([true, false]);
  });

  test('works controlled and is named by its <Label>', () => {
    function Controlled() {
      const [on, setOn] = useState(true);
      return (
        <>
          <Label htmlFor="auto-recharge">Auto-recharge</Label>
          <Switch id="auto-recharge" checked={on} onCheckedChange={setOn} />
        </>
      );
    }
    render(<Controlled />);
    const toggle = screen.getByRole('switch', { name: 'Auto-recharge' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
  });

  test('a disabled switch does not toggle', () => {
    render(<Switch aria-label="Off" disabled />);
    const toggle = screen.getByRole('switch', { name: 'Off' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
  });
});
