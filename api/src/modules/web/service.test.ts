import { describe, expect, test } from 'bun:test';
import { testConfig } from '../../testing/fixtures.ts';
import { headTags, injectIntoHead } from './service.ts';

describe('headTags', () => {
  const config = testConfig();
  const preload = (href: string) => `<link rel="preload" href="${href}" as="fetch" crossorigin="anonymous">`;
  test('remotes.json, then the manifests of the remotes of the route', () => {
    expect(headTags(config, { name: 'home', view: 'transactions' })).toEqual([
      preload('/remotes.json'),
      preload('https://billing.cdn.example/mf-manifest.json'),
      '<meta name="robots" content="noindex, nofollow">',
    ]);
    expect(headTags(config, { name: 'sign-in' })).toEqual([preload('/remotes.json')]);
    expect(headTags(config, null)).toEqual([preload('/remotes.json'), '<meta name="robots" content="noindex, nofollow">']);
  });
});

describe('injectIntoHead', () => {
  test('right after <head>, keeping its attributes', () => {
    expect(injectIntoHead('<html><head lang="en"><title>x</title></head><body><header></header></body></html>', ['<A>', '<B>'])).toBe(
      '<html><head lang="en"><A><B><title>x</title></head><body><header></header></body></html>',
    );
  });
  test('does not mistake <header> for <head>', () => {
    expect(injectIntoHead('<header></header></head>', ['<A>'])).toBe('<header></header><A></head>');
  });
  test('creates a head when there is none', () => {
    expect(injectIntoHead('<html><body>hi</body></html>', ['<A>'])).toBe('<html><head><A></head><body>hi</body></html>');
  });
  test('replaces the title (escaped), or adds one', () => {
    expect(injectIntoHead('<head><title data-x="1">Ringwise</title></head>', [], 'Page Not Found | Ringwise')).toBe(
      '<head><title>Page Not Found | Ringwise</title></head>',
    );
    expect(injectIntoHead('<head></head>', ['<A>'], 'a<b')).toBe('<head><A><title>a&#60;b</title></head>');
  });
});

describe('hosted Auth in the page', () => {
  test('the Supabase project is named in the head only when configured, never its service_role key', () => {
    const remotes = { dialer: 'http://d', contacts: 'http://c', billing: 'http://b', numbers: 'http://n', marketing: 'http://m' };
    expect(headTags({ remotes, supabase: null }, null).join('')).not.toContain('ringwise:supabase');
    const serviceRoleKey = 'sb_secret_never-in-a-page';
    const tags = headTags({ remotes, supabase: { url: 'https://abc.supabase.co', anonKey: 'anon"key', serviceRoleKey } }, null).join('');
    expect(tags).toContain('<meta name="ringwise:supabase-url" content="https://abc.supabase.co">');
    expect(tags).toContain('<meta name="ringwise:supabase-anon-key" content="anon&#34;key">');
    expect(tags).not.toContain(serviceRoleKey);
  });
});

