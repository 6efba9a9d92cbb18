import { describe, expect, test } from 'bun:test';
import { accessOf, isNoIndex, matchRoute, remoteModulesForRoute, remotesForRoute } from './index.ts';

describe('matchRoute', () => {
  test('known public pages', () => {
    expect(matchRoute('/')).toEqual({ name: 'landing' });
    expect(matchRoute('/sign-in')).toEqual({ name: 'sign-in' });
    expect(matchRoute('/sign-up/')).toEqual({ name: 'sign-up' });
    expect(matchRoute('/call/gb')).toEqual({ name: 'country', country: 'gb' });
  });

  test('home views default to the dialer and reject unknown views', () => {
    expect(matchRoute('/home')).toEqual({ name: 'home', view: 'dialer' });
    expect(matchRoute('/home/transactions')).toEqual({ name: 'home', view: 'transactions' });
    expect(matchRoute('/home/nope')).toBeNull();
    expect(matchRoute('/home/calls/extra')).toBeNull();
  });

  test('admin sections', () => {
    expect(matchRoute('/admin')).toEqual({ name: 'admin', section: null });
    expect(matchRoute('/admin/financial')).toEqual({ name: 'admin', section: 'financial' });
    expect(matchRoute('/admin/secret')).toBeNull();
  });

  test('anything else is not found, including malformed escapes', () => {
    expect(matchRoute('/nowhere')).toBeNull();
    expect(matchRoute('/call')).toBeNull();
    expect(matchRoute('/call/%E0%A4%A')).toBeNull();
  });
});

describe('access and indexing', () => {
  test('signed-in areas', () => {
    expect(accessOf({ name: 'home', view: 'calls' })).toBe('signed-in');
    expect(accessOf({ name: 'checkout' })).toBe('signed-in');
    expect(accessOf({ name: 'country', country: 'us' })).toBe('public');
  });
  test('home pages and not-found are noindex', () => {
    expect(isNoIndex(matchRoute('/home/rates'))).toBe(true);
    expect(isNoIndex(null)).toBe(true);
    expect(isNoIndex(matchRoute('/call/us'))).toBe(false);
  });
});

describe('remotesForRoute', () => {
  test('each view names the remotes that render it', () => {
    expect(remotesForRoute(matchRoute('/'))).toEqual(['marketing']);
    expect(remotesForRoute(matchRoute('/home'))).toEqual(['dialer']);
    expect(remotesForRoute(matchRoute('/home/settings'))).toEqual(['billing']);
    expect(remotesForRoute(matchRoute('/sign-in'))).toEqual([]);
    expect(remotesForRoute(null)).toEqual([]);
  });

  test('the settings page shows its first tab, billing\'s widget, at once; the dialer its app', () => {
    expect(remoteModulesForRoute(matchRoute('/home/settings'))).toEqual([{ remote: 'billing', module: 'widgets/settings-billing' }]);
    expect(remoteModulesForRoute(matchRoute('/home'))).toEqual([{ remote: 'dialer', module: 'app' }]);
  });
});
