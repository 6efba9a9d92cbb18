import { afterEach, describe, expect, test } from 'bun:test';
import { createRef } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
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

  test('asChild: the child keeps its own props and handler, both handlers run, both refs get the element', () => {
    const calls: string[] = [];
    const buttonRef = createRef<HTMLButtonElement>();
    const linkRef = createRef<HTMLAnchorElement>();
    render(
      <Button asChild ref={buttonRef} className="from-button" onClick={() => calls.push('button')} aria-label="Top up">
        <a href="#top-up" ref={linkRef} className="from-link" aria-label="Add credit" onClick={() => calls.push('link')}>
          Top up
        </a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Add credit' });
    expect(link.className).toContain('from-button');
    expect(link.className).toContain('from-link');
    fireEvent.click(link);
    expect(calls).toEqual(['link', 'button']);
    expect(buttonRef.current as unknown).toBe(link);
    expect(linkRef.current as unknown).toBe(link);
  });
});
