import { expect, test } from 'bun:test';
import { earlyRemotesOf } from './route-remotes.ts';

test('a signed-in view starts loading the remote module its first render shows', () => {
  expect(earlyRemotesOf('/home', true)).toEqual(['dialer/app']);
  expect(earlyRemotesOf('/home/calls', true)).toEqual(['dialer/app']);
  expect(earlyRemotesOf('/home/contacts', true)).toEqual(['contacts/app']);
  expect(earlyRemotesOf('/home/settings', true)).toEqual(['billing/widgets/settings-billing']);
});

test('nothing without a live session (the page goes to sign in), and nothing for the other pages', () => {
  expect(earlyRemotesOf('/home', false)).toEqual([]);
  // the marketing pages take their remote over from the server's render (server-handoff.ts)
  expect(earlyRemotesOf('/', true)).toEqual([]);
  expect(earlyRemotesOf('/call/gb', true)).toEqual([]);
  expect(earlyRemotesOf('/sign-in', true)).toEqual([]);
  expect(earlyRemotesOf('/no/such/page', true)).toEqual([]);
});
