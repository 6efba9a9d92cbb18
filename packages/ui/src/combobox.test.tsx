import { afterEach, describe, expect, test } from 'bun:test';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { CallingCodeCombobox, Combobox, matchesOption, type ComboboxOption } from './combobox.tsx';

afterEach(cleanup);

const fruits: ComboboxOption[] = [
  { value: 'apple', label: 'Apple', keywords: ['pomme'] },
  { value: 'banana', label: 'Banana' },
  { value: 'cherry', label: 'Cherry' },
];

function Picker({ initial = 'banana', onChange }: { initial?: string; onChange?: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <Combobox
      options={fruits}
      value={value}
      onValueChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
      label="Fruit"
      searchLabel="Search fruit"
      searchPlaceholder="Search fruit..."
      emptyText="No fruit found."
    />
  );
}

/** Opens the popover (its module loads on demand) and lets its positioning (a promise in floating-ui) settle. */
async function open() {
  fireEvent.click(screen.getByRole('button', { name: /^Fruit/ }));
  await screen.findByRole('listbox', { name: 'Fruit' });
  await act(async () => {});
}
const searchBox = () => screen.getByRole('combobox', { name: 'Search fruit' });

describe('matchesOption', () => {
  test('matches label, value and keywords, case-insensitively; an empty query matches all', () => {
    expect(matchesOption(fruits[0]!, 'APP')).toBe(true);
    expect(matchesOption(fruits[0]!, 'pom')).toBe(true);
    expect(matchesOption(fruits[0]!, 'ban')).toBe(false);
    expect(matchesOption(fruits[0]!, '   ')).toBe(true);
  });
});

describe('Combobox', () => {
  test('the trigger names the choice and opens a labelled list with the chosen option selected', async () => {
    render(<Picker />);
    const trigger = screen.getByRole('button', { name: 'Fruit: Banana' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    await open();
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('listbox', { name: 'Fruit' })).toBeTruthy();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Apple', 'Banana', 'Cherry']);
    expect(screen.getByRole('option', { name: 'Banana' }).getAttribute('aria-selected')).toBe('true');
    expect(searchBox().getAttribute('placeholder')).toBe('Search fruit...');
  });

  test('search filters the list and shows the empty text when nothing matches', async () => {
    render(<Picker />);
    await open();
    fireEvent.change(searchBox(), { target: { value: 'ch' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Cherry']);
    fireEvent.change(searchBox(), { target: { value: 'kiwi' } });
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toBe('No fruit found.');
  });

  test('arrow keys move the active option (aria-activedescendant) and Enter chooses it', async () => {
    const chosen: string[] = [];
    render(<Picker onChange={(value) => chosen.push(value)} />);
    await open();
    const input = searchBox();
    expect(document.getElementById(input.getAttribute('aria-activedescendant') ?? '')?.textContent).toBe('Banana');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(document.getElementById(input.getAttribute('aria-activedescendant') ?? '')?.textContent).toBe('Cherry');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(document.getElementById(input.getAttribute('aria-activedescendant') ?? '')?.textContent).toBe('Apple');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(chosen).toEqual(['apple']);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Fruit: Apple' })).toBeTruthy();
  });

  test('a search makes its first match active; a click chooses an option', async () => {
    const chosen: string[] = [];
    render(<Picker onChange={(value) => chosen.push(value)} />);
    await open();
    fireEvent.change(searchBox(), { target: { value: 'pomme' } });
    expect(document.getElementById(searchBox().getAttribute('aria-activedescendant') ?? '')?.textContent).toBe('Apple');
    fireEvent.click(screen.getByRole('option', { name: 'Apple' }));
    expect(chosen).toEqual(['apple']);
  });

  test('Escape closes it and the focus returns to the trigger; the trigger closes it too', async () => {
    render(<Picker />);
    await open();
    const trigger = screen.getByRole('button', { name: 'Fruit: Banana' });
    expect(trigger.getAttribute('aria-controls')).toBeTruthy();
    expect(document.activeElement).toBe(searchBox());
    fireEvent.keyDown(searchBox(), { key: 'Escape' });
    // the focus scope hands the focus back a task later
    await act(async () => new Promise((resolve) => setTimeout(resolve, 5)));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(trigger);

    await open();
    fireEvent.pointerDown(trigger);
    fireEvent.click(trigger);
    await act(async () => {});
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  test('renders only its trigger on the server (no portal, no random ids)', () => {
    const html = renderToString(<Picker />);
    expect(html).toContain('aria-label="Fruit: Banana"');
    expect(html).not.toContain('listbox');
  });
});

describe('CallingCodeCombobox', () => {
  const codes = [
    { value: '+1', label: 'United States / Canada', region: 'US' },
    { value: '+44', label: 'United Kingdom', region: 'GB', keywords: ['GB'] },
  ];

  test('the trigger shows the flag and the code and names the country; options list flag, country and code', async () => {
    render(<CallingCodeCombobox options={codes} value="+44" onValueChange={() => {}} />);
    const trigger = screen.getByRole('button', { name: 'Country code: +44 United Kingdom' });
    expect(trigger.textContent).toBe('+44');
    expect(trigger.querySelector('img')?.getAttribute('src')).toBe('/flags/gb.svg');
    fireEvent.click(trigger);
    const search = await screen.findByRole('combobox', { name: 'Search countries' });
    expect(search.getAttribute('placeholder')).toBe('Search countries...');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['United States / Canada+1', 'United Kingdom+44']);
    expect(screen.getAllByRole('option').map((o) => o.querySelector('img')?.getAttribute('src'))).toEqual(['/flags/us.svg', '/flags/gb.svg']);
    fireEvent.change(search, { target: { value: 'atlantis' } });
    expect(screen.getByRole('status').textContent).toBe('No country found.');
  });
});
