import { afterEach, expect, test } from 'bun:test';
import { cleanup, render } from '@testing-library/react';
import { EmailAddress, emailParts } from './email-address.tsx';

afterEach(cleanup);

test('an address splits before its last @; one without an @ (or starting with it) is one part', () => {
  expect(emailParts('ada.lovelace@example.com')).toEqual(['ada.lovelace', '@example.com']);
  expect(emailParts('"a@b"@example.com')).toEqual(['"a@b"', '@example.com']);
  expect(emailParts('ada')).toEqual(['ada']);
  expect(emailParts('@example.com')).toEqual(['@example.com']);
});

test('it reads as the whole address, with its one place to wrap at the @, and nothing breaks it mid-word but a part longer than a line', () => {
  const { container } = render(<EmailAddress email="alexandra.konstantinopoulou@example-company.co.uk" />);
  const address = container.firstElementChild!;
  expect(address.textContent).toBe('alexandra.konstantinopoulou@example-company.co.uk');
  expect(address.innerHTML).toBe('alexandra.konstantinopoulou<wbr>@example-company.co.uk');
  expect(address.className).toContain('sh:wrap-anywhere');
  expect(address.className).not.toContain('break-all');
});
