import { describe, expect, test } from 'bun:test';
import { escapeHtml, pageCsp, sendPage } from './page.ts';
import { readBoundedText } from './request-body.ts';

const look = { styles: 'body{margin:0}', banner: 'Test mode' };

describe('a simulator page', () => {
  test('is sent with its own nonce, never cached nor indexed, forms only to this origin and where they lead', () => {
    const set = { headers: {} as Record<string, string | number> };
    const html = sendPage(set, { status: 402, title: 'Pay <now>', body: '<main></main>' }, look, ['https://shop.example/done?x=1', 'javascript:alert(1)']);
    expect(set).toMatchObject({ status: 402, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-robots-tag': 'noindex' } });
    const nonce = /style-src 'nonce-([A-Za-z0-9+/=]+)'/.exec(String(set.headers['content-security-policy']))?.[1];
    expect(html).toContain(`<style nonce="${nonce}">body{margin:0}</style>`);
    expect(html).toContain('<title>Pay &#60;now&#62;</title>');
    expect(set.headers['content-security-policy']).toContain("form-action 'self' https://shop.example;");
    expect(html).not.toContain('<script');
  });

  test('escapes what it shows', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;');
    expect(pageCsp('n')).toBe("default-src 'none'; style-src 'nonce-n'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'");
  });
});

test('a request body past its limit is refused, by its length or by its text', async () => {
  const tooLarge = () => new Error('too large');
  expect(await readBoundedText(new Request('http://x/', { method: 'POST', body: 'a=1' }), 3, tooLarge)).toBe('a=1');
  await expect(readBoundedText(new Request('http://x/', { method: 'POST', body: 'a=12' }), 3, tooLarge)).rejects.toThrow('too large');
  await expect(readBoundedText(new Request('http://x/', { method: 'POST', body: 'a', headers: { 'content-length': '4' } }), 3, tooLarge)).rejects.toThrow('too large');
});
