import { afterEach, describe, expect, test } from 'bun:test';
import { cleanup, render, screen } from '@testing-library/react';
import { Button } from './button.tsx';

afterEach(cleanup);

describe('Button', () => {
  test('renders a <button type="button"> by default, so it never submits a form by accident', () => {
    render(<Button>Call</Button>);
    const button = screen.getByRole('button', { name: 'Call' });
    expect(button.tagName).toBe('BUTTON');
    expect(button.getAttribute('type')).toBe('button');
  });

  test('keeps an explicit type', () => {
    render(<Button type="submit">Save</Button>);
    expect(screen.getByRole('button', { name: 'Save' }).getAttribute('type')).toBe('submit');
  });

  test('asChild renders the child element with the button classes instead of a <button>', () => {
    render(
      <Button asChild variant="outline">
        <a href="/pricing">Pricing</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Pricing' });
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toBe('/pricing');
    expect(link.hasAttribute('type')).toBe(false);
    expect(link.className).toContain('border-input');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
