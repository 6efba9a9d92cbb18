import { afterEach, describe, expect, test } from 'bun:test';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs.tsx';

afterEach(cleanup);

describe('Tabs', () => {
  test('shows the default tab and switches content when another tab is chosen', () => {
    render(
      <Tabs defaultValue="billing">
        <TabsList aria-label="Settings sections">
          <TabsTrigger value="billing">Billing</TabsTrigger>
          <TabsTrigger value="numbers">Numbers</TabsTrigger>
        </TabsList>
        <TabsContent value="billing">Billing panel</TabsContent>
        <TabsContent value="numbers">Numbers panel</TabsContent>
      </Tabs>,
    );
    const billing = screen.getByRole('tab', { name: 'Billing' });
    const numbers = screen.getByRole('tab', { name: 'Numbers' });
    expect(screen.getByRole('tablist', { name: 'Settings sections' })).toBeTruthy();
    expect(billing.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Billing panel');
    expect(screen.queryByText('Numbers panel')).toBeNull();

    // radix selects a tab on a primary-button mouse down (keyboard users get focus + arrows)
    fireEvent.mouseDown(numbers, { button: 0 });

    expect(numbers.getAttribute('aria-selected')).toBe('true');
    expect(billing.getAttribute('aria-selected')).toBe('false');
    const panel = screen.getByRole('tabpanel');
    expect(panel.textContent).toBe('Numbers panel');
    expect(panel.getAttribute('aria-labelledby')).toBe(numbers.id);
    expect(screen.queryByText('Billing panel')).toBeNull();
  });
});
