import { afterEach, beforeAll, beforeEach, expect, test } from 'bun:test';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { loadPhoneFormat } from '@ringwise/phone/display';
import { __resetWidgetsForTests } from '../../lib/remote-widgets.tsx';
import { json, listedCall, mockFetch, renderWithCalling, testCalling, type FetchCall } from '../../test-support.tsx';
import { RecentCallsView } from './recent-calls-view.tsx';

beforeAll(() => loadPhoneFormat());

let voicemail: { durationSeconds: number; heard: boolean; createdAt: string } | null = null;
let calls: FetchCall[] = [];
let restore = () => {};
const realWarn = console.warn;
beforeEach(() => {
  __resetWidgetsForTests();
  console.warn = () => {};
  voicemail = { durationSeconds: 12, heard: false, createdAt: '2026-12-03T10:00:00Z' };
  const mocked = mockFetch(({ url, method }) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path === '/api/calls') {
      return json({ items: [listedCall({ id: 'c1', destinationNumber: '+12125550100', callDirection: 'inbound', status: 'no-answer', fromNumber: '+14155550123', voicemail })], nextCursor: null });
    }
    if (path === '/api/calls/c1/voicemail' && method === 'DELETE') {
      voicemail = null;
      return new Response(null, { status: 204 });
    }
    if (path === '/api/calls/c1/voicemail' && method === 'GET') return new Response(new Uint8Array(64), { headers: { 'content-type': 'audio/wav' } });
    return undefined;
  });
  calls = mocked.calls;
  restore = mocked.restore;
});
afterEach(() => {
  cleanup();
  restore();
  console.warn = realWarn;
});

test('a missed call with a voicemail: its length, marked until played, and nothing deleted without the confirmation', async () => {
  renderWithCalling(<RecentCallsView />, testCalling());
  const player = await screen.findByRole('group', { name: 'Voicemail' });
  expect(player.textContent).toContain('Voicemail · 0:12');
  expect(player.textContent).toContain('Voicemail, not played yet');
  expect(within(player).getByRole('button', { name: 'Play voicemail' })).toBeTruthy();

  fireEvent.click(within(player).getByRole('button', { name: 'Delete voicemail' }));
  const confirm = within(player).getByRole('alertdialog', { name: 'Delete this voicemail?' });
  fireEvent.click(within(confirm).getByRole('button', { name: 'Keep' }));
  expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

  // asked again, the confirmation offers Delete (voicemail.e2e.ts deletes it through the api)
  fireEvent.click(within(player).getByRole('button', { name: 'Delete voicemail' }));
  expect(within(player).getByRole('alertdialog', { name: 'Delete this voicemail?' }).textContent).toContain('This cannot be undone.');
});

test('a heard voicemail is not marked; a call without one has no player', async () => {
  voicemail = { durationSeconds: 75, heard: true, createdAt: '2026-12-03T10:00:00Z' };
  renderWithCalling(<RecentCallsView />, testCalling());
  const player = await screen.findByRole('group', { name: 'Voicemail' });
  expect(player.textContent).toContain('Voicemail · 1:15');
  expect(player.textContent).not.toContain('not played yet');
});
