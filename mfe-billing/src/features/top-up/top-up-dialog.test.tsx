import { afterEach, beforeEach, describe, expect, mock, test } from 'bun:test';
import { useRef, useState } from 'react';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { __resetToastsForTests } from '@ringwise/ui/toast';
import { renderWithProviders, waitUntil } from '../../test-support.tsx';
import { TopUpDialog } from './top-up-dialog.tsx';

beforeEach(() => __resetToastsForTests());
afterEach(cleanup);

const dialogOpen = () => document.querySelector('[role="dialog"]') !== null;
const radios = () => [...document.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
const checkedAmount = () => radios().find((radio) => radio.checked)?.value ?? null;
const customField = () => screen.getByLabelText('Custom amount') as HTMLInputElement;
const continueButton = () => screen.getByRole('button', { name: /^Continue to Payment/ }) as HTMLButtonElement;
const typeCustom = (value: string) => fireEvent.change(customField(), { target: { value } });

function openDialog(onOpenChange = mock((_open: boolean) => {})) {
  const rendered = renderWithProviders(<TopUpDialog open onOpenChange={onOpenChange} />, { path: '/home' });
  return { ...rendered, onOpenChange };
}

describe('top-up dialog', () => {
  test("'Add Calling Credits': the four presets with their minutes, $25 marked popular and chosen", () => {
    openDialog();
    const dialog = screen.getByRole('dialog', { name: 'Add Calling Credits' });
    const group = within(dialog).getByRole('group', { name: 'Choose an amount' });
    expect(within(group).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['10.00', '25.00', '50.00', '100.00']);
    expect(within(group).getByRole('radio', { name: '$10 about 400 minutes' })).toBeTruthy();
    expect(within(group).getByRole('radio', { name: '$25 about 1000 minutes Popular' })).toBeTruthy();
    expect(within(group).getByRole('radio', { name: '$50 about 2000 minutes' })).toBeTruthy();
    expect(within(group).getByRole('radio', { name: '$100 about 4000 minutes' })).toBeTruthy();
    expect(group.textContent).toContain('~400 min');
    expect(checkedAmount()).toBe('25.00');
    expect(continueButton().textContent).toBe('Continue to Payment - $25.00');
    expect(within(dialog).getByText('Secure checkout (card, Apple Pay, Google Pay)')).toBeTruthy();
    // the chosen preset has the focus
    expect(document.activeElement).toBe(radios()[1]!);
  });

  test('choosing a preset clears the custom amount; typing a custom amount clears the preset', () => {
    openDialog();
    fireEvent.click(radios()[2]!);
    expect(checkedAmount()).toBe('50.00');
    expect(continueButton().textContent).toBe('Continue to Payment - $50.00');

    typeCustom('75.5');
    expect(checkedAmount()).toBeNull();
    expect(continueButton().textContent).toBe('Continue to Payment - $75.50');

    fireEvent.click(radios()[0]!);
    expect(checkedAmount()).toBe('10.00');
    expect(customField().value).toBe('');
    expect(continueButton().textContent).toBe('Continue to Payment - $10.00');
  });

  test('the custom amount is a number field from 5 to 500; outside or unreadable disables the button with a hint', () => {
    openDialog();
    const field = customField();
    expect([field.type, field.min, field.max, field.step]).toEqual(['number', '5', '500', '0.01']);
    const hint = () => document.getElementById(field.getAttribute('aria-describedby')!)?.textContent;
    expect(hint()).toBe('From $5 to $500.');

    for (const [typed, problem] of [
      ['4.99', 'Choose an amount from $5 to $500.'],
      ['500.01', 'Choose an amount from $5 to $500.'],
      ['12.345', 'Enter an amount in dollars, such as 25 or 25.50.'],
    ] as const) {
      typeCustom(typed);
      expect(continueButton().disabled).toBe(true);
      expect(continueButton().textContent).toBe('Continue to Payment');
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(hint()).toBe(problem);
    }
    for (const [typed, label] of [
      ['5', '$5.00'],
      ['500', '$500.00'],
      ['99.9', '$99.90'],
    ] as const) {
      typeCustom(typed);
      expect(continueButton().disabled).toBe(false);
      expect(continueButton().textContent).toBe(`Continue to Payment - ${label}`);
      expect(field.hasAttribute('aria-invalid')).toBe(false);
    }
    // an emptied field chooses nothing: disabled, with the general hint (not an error on the field)
    typeCustom('');
    expect(continueButton().disabled).toBe(true);
    expect(field.hasAttribute('aria-invalid')).toBe(false);
    expect(hint()).toBe('Choose an amount, or enter one from $5 to $500.');
  });

  test('Continue closes the dialog and goes to /checkout?amount= with 2 decimals (no reload)', () => {
    const { location, onOpenChange } = openDialog();
    typeCustom('30');
    fireEvent.click(continueButton());
    expect(location.history.at(-1)).toBe('/checkout?amount=30.00');
    expect(onOpenChange.mock.calls).toEqual([[false]]);
  });

  test('Enter in the custom field continues; a preset continues with its amount', () => {
    const { location } = openDialog();
    fireEvent.submit(continueButton().closest('form')!);
    expect(location.history.at(-1)).toBe('/checkout?amount=25.00');
    typeCustom('4');
    fireEvent.submit(continueButton().closest('form')!);
    // refused: still where it was
    expect(location.history.at(-1)).toBe('/checkout?amount=25.00');
  });

  test('controlled from a button elsewhere: opens afresh each time, and the focus goes back to that button', async () => {
    function Host() {
      const [open, setOpen] = useState(false);
      const button = useRef<HTMLButtonElement>(null);
      return (
        <>
          <button ref={button} type="button" onClick={() => setOpen(true)}>
            Add credits
          </button>
          <TopUpDialog open={open} onOpenChange={setOpen} returnFocusRef={button} />
        </>
      );
    }
    renderWithProviders(<Host />);
    const opener = screen.getByRole('button', { name: 'Add credits' });
    fireEvent.click(opener);
    await waitUntil(() => expect(dialogOpen()).toBe(true));
    typeCustom('42');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitUntil(() => expect(dialogOpen()).toBe(false));
    // radix moves the focus right after the dialog unmounts
    await waitUntil(() => expect(document.activeElement === opener).toBe(true));

    // reopened: the popular preset again, nothing typed
    fireEvent.click(opener);
    await waitUntil(() => expect(dialogOpen()).toBe(true));
    expect(checkedAmount()).toBe('25.00');
    expect(customField().value).toBe('');
  });

  test('uncontrolled: its own Add Credits trigger', async () => {
    renderWithProviders(<TopUpDialog />);
    const trigger = screen.getByRole('button', { name: 'Add Credits' });
    fireEvent.click(trigger);
    await waitUntil(() => expect(dialogOpen()).toBe(true));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Close' })));
    await waitUntil(() => expect(dialogOpen()).toBe(false));
    await waitUntil(() => expect(document.activeElement === trigger).toBe(true));
  });
});
