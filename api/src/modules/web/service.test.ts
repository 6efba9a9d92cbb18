import { describe, expect, test } from 'bun:test';
import { testConfig } from '../../testing/fixtures.ts';
import { headTags, injectIntoHead } from './service.ts';

describe('headTags', () => {
  const config = testConfig();
  const preload = (href: string) => `<link rel="preload" href="${href}" as="fetch" crossorigin="anonymous">`;
  const auth = ['<meta name="ringwise:supabase-url" content="http://localhost:3010">', '<meta name="ringwise:supabase-anon-key" content="local">'];
  test('remotes.json, then the manifests of the remotes of the route, then the Auth server', () => {
    expect(headTags(config, { name: 'home', view: 'transactions' })).toEqual([
      preload('/remotes.json'),
      preload('https://billing.cdn.example/mf-manifest.json'),
      ...auth,
      '<meta name="robots" content="noindex, nofollow">',
    ]);
    expect(headTags(config, { name: 'sign-in' })).toEqual([preload('/remotes.json'), ...auth]);
    expect(headTags(config, null)).toEqual([preload('/remotes.json'), ...auth, '<meta name="robots" content="noindex, nofollow">']);
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

describe('the Auth server in the page', () => {
  test('the Supabase project, or the local stand-in\'s origin, is named in the head; never a service_role key', () => {
    const remotes = { dialer: 'http://d', contacts: 'http://c', billing: 'http://b', numbers: 'http://n', marketing: 'http://m' };
    const local = headTags({ remotes, supabase: null, authStandInUrl: 'http://localhost:3010' }, null).join('');
    expect(local).toContain('<meta name="ringwise:supabase-url" content="http://localhost:3010">');
    expect(local).toContain('<meta name="ringwise:supabase-anon-key" content="local">');
    const serviceRoleKey = 'sb_secret_never-in-a-page';
    const tags = headTags({ remotes, supabase: { url: 'https://abc.supabase.co', anonKey: 'anon"key', serviceRoleKey }, authStandInUrl: null }, null).join('');
    expect(tags).toContain('<meta name="ringwise:supabase-url" content="https://abc.supabase.co">');
    expect(tags).toContain('<meta name="ringwise:supabase-anon-key" content="anon&#34;key">');
    expect(tags).not.toContain(serviceRoleKey);
  });
});

