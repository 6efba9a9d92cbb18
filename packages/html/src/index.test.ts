import { expect, test } from 'bun:test';
import { escapeHtml } from './index.ts';

test('the five markup characters become numeric references, the rest stays', () => {
  expect(escapeHtml(`<a href="x?a=1&b='2'">é</a>`)).toBe('&#60;a href=&#34;x?a=1&#38;b=&#39;2&#39;&#34;&#62;é&#60;/a&#62;');
});

test('an escaped text escapes again (it is not decoded first)', () => {
  expect(escapeHtml('&#38;')).toBe('&#38;#38;');
});
