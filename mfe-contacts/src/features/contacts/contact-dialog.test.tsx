import { describe, expect, mock, test } from 'bun:test';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { componentTestHooks, contact, json, renderWithProviders, waitUntil } from '../../test-support.tsx';
import { ContactDialog } from './contact-dialog.tsx';

const { mockFetch } = componentTestHooks();

function renderDialog(props: Partial<Parameters<typeof ContactDialog>[0]> = {}) {
  const onOpenChange = mock((_open: boolean) => {});
  const onSaved = mock(() => {});
  const view = renderWithProviders(<ContactDialog open onOpenChange={onOpenChange} onSaved={onSaved} {...props} />);
  const form = within(screen.getByRole('dialog'));
  return { ...view, form, onOpenChange, onSaved };
}

/** The text of the elements a field's aria-describedby points at. */
function descriptionOf(field: HTMLElement): string[] {
  return (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '');
}

const field = (form: ReturnType<typeof within>, label: string) => form.getByLabelText(label) as HTMLInputElement;
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

describe('ContactDialog: validation (spec §5)', () => {
  test("an empty form: 'Name is required' and 'Phone number is required' next to their fields, nothing sent", async () => {
    const { calls } = mockFetch(() => json([]));
    const { form } = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Add Contact' })).toBeTruthy();
    fireEvent.click(form.getByRole('button', { name: 'Add Contact' }));

    const name = field(form, 'Name');
    const number = field(form, 'Phone number');
    const email = field(form, 'Email (optional)');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(name)).toEqual(['Name is required']);
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(number)).toContain('Phone number is required');
    // the e-mail may stay empty
    expect(email.hasAttribute('aria-invalid')).toBe(false);
    expect(document.activeElement).toBe(name);
    await act(async () => {});
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  test("'Please enter a valid phone number' when fewer than 4 digits remain after the calling code", () => {
    const { form } = renderDialog();
    type(field(form, 'Name'), 'Ada');
    type(field(form, 'Phone number'), '+44 123');
    fireEvent.click(form.getByRole('button', { name: 'Add Contact' }));
    const number = field(form, 'Phone number');
    expect(descriptionOf(number)).toContain('Please enter a valid phone number');
    expect(document.activeElement).toBe(number);
    // fixing it clears the message as it is typed
    type(number, '+44 1234');
    expect(number.hasAttribute('aria-invalid')).toBe(false);
    expect(screen.queryByText('Please enter a valid phone number')).toBeNull();
  });

  test("the 4 digits are counted on the number as the api will store it: '(0)12 3' and '0044 123' are refused, nothing sent", async () => {
    const { calls } = mockFetch(() => json([]));
    const { form } = renderDialog();
    type(field(form, 'Name'), 'Ada');
    for (const typed of ['(0)12 3', '0044 123']) {
      type(field(form, 'Phone number'), typed);
      fireEvent.click(form.getByRole('button', { name: 'Add Contact' }));
      expect([typed, descriptionOf(field(form, 'Phone number'))]).toEqual([typed, expect.arrayContaining(['Please enter a valid phone number'])]);
    }
    await act(async () => {});
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  test("'Please enter a valid email address' for a bad e-mail", () => {
    const { form } = renderDialog();
    type(field(form, 'Name'), 'Ada');
    type(field(form, 'Phone number'), '7700 900123');
    type(field(form, 'Email (optional)'), 'ada@');
    fireEvent.click(form.getByRole('button', { name: 'Add Contact' }));
    const email = field(form, 'Email (optional)');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(email)).toEqual(['Please enter a valid email address']);
    expect(document.activeElement).toBe(email);
  });

  test('a blank name is not a name; a field left after editing is checked on blur', () => {
    const { form } = renderDialog();
    const name = field(form, 'Name');
    type(name, '   ');
    fireEvent.blur(name);
    expect(descriptionOf(name)).toEqual(['Name is required']);
    type(name, 'Ada');
    expect(name.hasAttribute('aria-invalid')).toBe(false);
    // a field never typed in is not flagged on blur
    const number = field(form, 'Phone number');
    fireEvent.blur(number);
    expect(number.hasAttribute('aria-invalid')).toBe(false);
  });

  test('the country code starts at +1 and the hint describes the number field', () => {
    const { form } = renderDialog();
    expect(form.getByRole('button', { name: 'Country code: +1 United States / Canada' })).toBeTruthy();
    expect(descriptionOf(field(form, 'Phone number'))).toEqual(['Pick the country code, or type the full number starting with +.']);
    expect(form.getByRole('switch', { name: 'Favorite' }).getAttribute('aria-checked')).toBe('false');
  });
});

describe('ContactDialog: modes', () => {
  test('create with defaults: a dialled +number fills the picker and the number field', () => {
    const { form } = renderDialog({ defaults: { primaryNumber: '+447700900123' } });
    expect(form.getByRole('button', { name: 'Country code: +44 United Kingdom' })).toBeTruthy();
    expect(field(form, 'Phone number').value).toBe('7700900123');
  });

  test('create with defaults: a national number keeps the given code', () => {
    const { form } = renderDialog({ defaults: { primaryNumber: '030 1234567', countryCode: '+49' } });
    expect(form.getByRole('button', { name: 'Country code: +49 Germany' })).toBeTruthy();
    expect(field(form, 'Phone number').value).toBe('030 1234567');
  });

  test('edit mode: titled, prefilled, favorite on; saving sends PATCH and reports the saved contact', async () => {
    const grace = contact({
      id: 'g1',
      displayName: 'Grace Hopper',
      primaryNumber: '+12025550123',
      countryCode: '+1',
      email: 'grace@example.com',
      notes: 'Navy',
      favorite: true,
    });
    const { calls } = mockFetch((call) => (call.method === 'PATCH' ? json({ ...grace, notes: 'COBOL' }) : json([])));
    const { form, onSaved, onOpenChange } = renderDialog({ contact: grace });
    expect(screen.getByRole('dialog', { name: 'Edit Contact' })).toBeTruthy();
    expect(field(form, 'Name').value).toBe('Grace Hopper');
    expect(field(form, 'Phone number').value).toBe('2025550123');
    expect((form.getByLabelText('Notes (optional)') as HTMLTextAreaElement).value).toBe('Navy');
    expect(form.getByRole('switch', { name: 'Favorite' }).getAttribute('aria-checked')).toBe('true');

    fireEvent.change(form.getByLabelText('Notes (optional)'), { target: { value: 'COBOL' } });
    fireEvent.click(form.getByRole('switch', { name: 'Favorite' }));
    fireEvent.click(form.getByRole('button', { name: 'Save Changes' }));
    await waitUntil(() => expect(onOpenChange.mock.calls).toEqual([[false]]));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      displayName: 'Grace Hopper',
      primaryNumber: '2025550123',
      countryCode: '+1',
      email: 'grace@example.com',
      notes: 'COBOL',
      favorite: false,
    });
    expect(onSaved).toHaveBeenCalledTimes(1);
  });

  test("a number typed with its own +code sets the picker's code (on leaving the field and when saving)", async () => {
    const { calls } = mockFetch((call) => (call.method === 'POST' ? json(contact({ id: 'n1', displayName: 'Ada', primaryNumber: '+447700900123' }), 201) : json([])));
    const { form } = renderDialog();
    type(field(form, 'Name'), 'Ada');
    type(field(form, 'Phone number'), '+44 7700 900123');
    fireEvent.blur(field(form, 'Phone number'));
    expect(form.getByRole('button', { name: 'Country code: +44 United Kingdom' })).toBeTruthy();
    // the number stays as typed
    expect(field(form, 'Phone number').value).toBe('+44 7700 900123');

    type(field(form, 'Phone number'), '+1 202 555 0123');
    fireEvent.click(form.getByRole('button', { name: 'Add Contact' }));
    await waitUntil(() => expect(calls.filter((c) => c.method === 'POST').length).toBe(1));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ primaryNumber: '+1 202 555 0123', countryCode: '+1' });
  });

  test('Cancel closes without a request', () => {
    const { calls } = mockFetch(() => json([]));
    const { form, onOpenChange } = renderDialog();
    fireEvent.click(form.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange.mock.calls).toEqual([[false]]);
    expect(calls).toEqual([]);
  });
});
