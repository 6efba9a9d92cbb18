import { afterEach, describe, expect, test } from 'bun:test';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Router } from 'wouter';
import { DemoDialer } from './demo-dialer.tsx';

afterEach(cleanup);

function renderDialer() {
  render(
    <Router ssrPath="/">
      <DemoDialer />
    </Router>,
  );
  return {
    field: () => screen.getByLabelText('Phone number') as HTMLInputElement,
    backspace: () => screen.getByRole('button', { name: 'Backspace' }) as HTMLButtonElement,
    key: (name: string) => within(screen.getByRole('group', { name: 'Keypad' })).getByRole('button', { name }),
    picker: () => screen.getByRole('button', { name: /^Country code/ }),
    hint: () => screen.getByText(/Sign up to see real rates|Enter number to continue/),
  };
}

describe('DemoDialer', () => {
  test('starts at +1 with an empty field, a disabled backspace and the hint to enter a number', () => {
    const ui = renderDialer();
    expect(screen.getByRole('heading', { level: 2, name: 'Try Our Dialer' })).toBeTruthy();
    expect(ui.picker().getAttribute('aria-label')).toBe('Country code: +1 US/Canada');
    expect(ui.field().value).toBe('');
    expect(ui.backspace().disabled).toBe(true);
    expect(ui.hint().textContent).toBe('Enter number to continue');
    expect(ui.field().getAttribute('aria-describedby')).toBe(ui.hint().id);
    expect(screen.getByRole('link', { name: 'Try Now' }).getAttribute('href')).toBe('/sign-up');
  });

  test('typing any text enables backspace and switches the hint', () => {
    const ui = renderDialer();
    fireEvent.change(ui.field(), { target: { value: 'abc' } });
    expect(ui.field().value).toBe('abc');
    expect(ui.backspace().disabled).toBe(false);
    expect(ui.hint().textContent).toBe('Sign up to see real rates');
  });

  test('the keypad has 12 keys with letters, appends its characters, and backspace removes them', () => {
    const ui = renderDialer();
    const keys = within(screen.getByRole('group', { name: 'Keypad' })).getAllByRole('button');
    expect(keys.map((k) => k.textContent)).toEqual([
      '1',
      '2ABC',
      '3DEF',
      '4GHI',
      '5JKL',
      '6MNO',
      '7PQRS',
      '8TUV',
      '9WXYZ',
      '*',
      '0+',
      '#',
    ]);
    for (const name of ['4', '1', '5', '*', '#']) fireEvent.click(ui.key(name));
    expect(ui.field().value).toBe('415*#');
    fireEvent.click(ui.backspace());
    fireEvent.click(ui.backspace());
    expect(ui.field().value).toBe('415');
    for (let i = 0; i < 3; i++) fireEvent.click(ui.backspace());
    expect(ui.field().value).toBe('');
    expect(ui.backspace().disabled).toBe(true);
    expect(ui.hint().textContent).toBe('Enter number to continue');
  });

  test('typing a full number splits it into the code and the number', () => {
    const ui = renderDialer();
    fireEvent.change(ui.field(), { target: { value: '447700900123' } });
    expect(ui.picker().getAttribute('aria-label')).toBe('Country code: +44 UK');
    expect(ui.picker().textContent).toContain('+44');
    expect(ui.field().value).toBe('7700900123');
  });

  test('dialling 00 and a code on the keypad switches the code', () => {
    const ui = renderDialer();
    for (const name of ['0', '0', '3', '3']) fireEvent.click(ui.key(name));
    expect(ui.picker().getAttribute('aria-label')).toBe('Country code: +33 France');
    expect(ui.field().value).toBe('');
  });

  test('pasting a full number replaces the field and the code; other pastes are left to the browser', () => {
    const ui = renderDialer();
    fireEvent.change(ui.field(), { target: { value: '12' } });
    const pasted = fireEvent.paste(ui.field(), { clipboardData: { getData: () => '0044 7700 900123' } });
    expect(pasted).toBe(false); // default prevented: the split value is set instead
    expect(ui.picker().getAttribute('aria-label')).toBe('Country code: +44 UK');
    expect(ui.field().value).toBe('7700900123');

    const plain = fireEvent.paste(ui.field(), { clipboardData: { getData: () => '99' } });
    expect(plain).toBe(true);
    expect(ui.field().value).toBe('7700900123');
  });

  test('the code picker searches the 12 codes and shows the empty text', async () => {
    const ui = renderDialer();
    fireEvent.click(ui.picker());
    // the picker's popover part loads on first use
    const search = await screen.findByRole('combobox', { name: 'Search countries' });
    expect(search.getAttribute('placeholder')).toBe('Search countries...');
    expect(screen.getAllByRole('option')).toHaveLength(12);

    fireEvent.change(search, { target: { value: 'canada' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['US/Canada+1']);
    expect(screen.getByRole('option').querySelector('img')?.getAttribute('src')).toBe('/flags/us.svg');
    fireEvent.change(search, { target: { value: 'atlantis' } });
    expect(screen.getByText('No country found.')).toBeTruthy();

    fireEvent.change(search, { target: { value: '+34' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(ui.picker().getAttribute('aria-label')).toBe('Country code: +34 Spain');
  });
});
