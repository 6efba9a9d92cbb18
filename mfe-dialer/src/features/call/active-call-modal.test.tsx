// The Active Call modal on the Voice SDK's events (the stand-in of test-support.tsx): the live quality indicator,
// reconnecting, the speaker where outputs cannot be chosen, a call resumed after a reload, the caller's contact,
// the focus after a call and the rating's pre-selected issue.
import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { __resetToastsForTests } from '@ringwise/ui/toast';
import { qualityHints } from '../../calling/call-quality.ts';
import { callToasts } from '../../calling/notices.ts';
import { __resetWidgetsForTests, type LoadWidget } from '../../lib/remote-widgets.tsx';
import { flush, json, listedCall, mockFetch, renderWithCalling, sample, SID, testCalling, TestCall, twilioError, user, waitUntil, type TestCalling } from '../../test-support.tsx';
import { DialerView } from '../dialer/dialer-view.tsx';
import { CallOverlay } from './call-overlay.tsx';
import { statusSubtitles } from './call-status.ts';

const realWarn = console.warn;
let restore = () => {};
beforeEach(() => {
  __resetToastsForTests();
  __resetWidgetsForTests();
  console.warn = () => {};
  restore = mockFetch(({ url }) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path === '/api/auth/user') return json(user());
    if (path === '/api/virtual-numbers' || path === '/api/verified-caller-ids') return json([]);
    return undefined;
  }).restore;
});
afterEach(() => {
  cleanup();
  restore();
  console.warn = realWarn;
});

const statusText = () => screen.getByTestId('call-status').textContent;
const liveQuality = () => screen.getByTestId('call-quality').querySelector('[role="status"]');
const on = async (fn: () => void) =>
  act(async () => {
    fn();
    await flush();
  });

async function connected(calling: TestCalling = testCalling()) {
  renderWithCalling(<CallOverlay />, calling);
  await calling.ready();
  await act(async () => {
    await calling.store.startCall({ destinationNumber: '+447700900123', fromNumber: null });
    await flush();
  });
  await on(() => calling.device().call.ring());
  await on(() => calling.device().call.answer());
  await waitUntil(() => expect(statusText()).toBe('Connected'));
  return calling;
}

describe('call quality indicator', () => {
  test('the level in words from the samples, then a warning turns it with a hint; the live region holds only those', async () => {
    const calling = await connected();
    const region = liveQuality()!;
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');
    await on(() => calling.device().call.emit('sample', sample({ mos: 4.31, rtt: 45, jitter: 3, packetsLostFraction: 0 })));
    expect(region.textContent).toBe('Call quality: Good');
    expect(screen.getByTestId('call-quality').textContent).toContain('MOS 4.3 · 45 ms round trip · 3 ms jitter · 0% loss');

    await on(() => calling.device().call.emit('warning', 'high-packet-loss', null));
    expect(region.textContent).toBe(`Call quality: Poor${qualityHints.poor}`);
    // a new second's figures change the figures, not what is announced
    await on(() => calling.device().call.emit('sample', sample({ mos: 2.9, rtt: 320, jitter: 40, packetsLostFraction: 6 })));
    expect(region.textContent).toBe(`Call quality: Poor${qualityHints.poor}`);
    expect(screen.getByTestId('call-quality').textContent).toContain('MOS 2.9 · 320 ms round trip · 40 ms jitter · 6% loss');

    await on(() => calling.device().call.emit('warning', 'constant-audio-input-level', null));
    expect(region.textContent).toBe('Call quality: PoorWe cannot hear you: check your microphone.');
    await on(() => calling.device().call.emit('warning-cleared', 'constant-audio-input-level'));
    await on(() => calling.device().call.emit('warning-cleared', 'high-packet-loss'));
    await on(() => calling.device().call.emit('warning', 'high-jitter', null));
    expect(region.textContent).toBe(`Call quality: Fair${qualityHints.fair}`);
  });

  test('after the call, the rating pre-selects the issue the warnings pointed to', async () => {
    const calling = await connected();
    await on(() => calling.device().call.emit('warning', 'high-rtt', null));
    await calling.clock.advance(5000);
    calling.requests.status.reply = () => ({ status: 'completed', duration: 5, cost: '0.03' });
    await on(() => calling.device().call.hangUp());
    await calling.clock.advance(2000);
    await screen.findByRole('region', { name: 'Call feedback' });
    fireEvent.click(screen.getByRole('radio', { name: '3 stars' }));
    expect(screen.getByRole('button', { name: 'Audio delay' }).getAttribute('aria-pressed')).toBe('true');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
      await flush();
    });
    expect(calling.requests.feedback.calls.at(-1)?.[1]).toEqual({ score: 3, issue: 'audio-latency' });
    expect(calling.requests.quality.calls.at(-1)?.[1]).toEqual({ worstMos: null, warnings: ['high-rtt'] });
  });
});

test("'Reconnecting…' while the SDK restores the media, told to screen readers; back to Connected after", async () => {
  const calling = await connected();
  await on(() => calling.device().call.emit('reconnecting', twilioError(53405)));
  expect(statusText()).toBe('Reconnecting…');
  const subtitle = screen.getByTestId('call-subtitle');
  expect(subtitle.getAttribute('aria-live')).toBe('polite');
  expect(subtitle.textContent).toBe(statusSubtitles.reconnecting);
  await on(() => calling.device().call.emit('reconnected'));
  expect(statusText()).toBe('Connected');
  expect(subtitle.textContent).toBe('Call in progress');
});

test('the speaker where the browser cannot choose the output says so and stays off', async () => {
  const calling = await connected();
  calling.device().audio!.isOutputSelectionSupported = false;
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Speaker' }));
    await flush();
  });
  expect(calling.lastNotice()).toEqual(callToasts.speakerUnsupported);
  expect(screen.getByRole('button', { name: 'Speaker' }).getAttribute('aria-pressed')).toBe('false');
});

test('a call still in progress after a reload: shown without audio controls or cost, and End Call ends it at the api', async () => {
  const calling = testCalling();
  const stuck = listedCall({ id: '40000000-0000-4000-8000-000000000007', destinationNumber: '+447700900123', status: 'in-progress', duration: 0, cost: '0.00', startTime: new Date(-30_000).toISOString(), endTime: null });
  calling.requests.current.reply = () => stuck;
  renderWithCalling(<CallOverlay />, calling);
  await calling.ready();
  await waitUntil(() => expect(statusText()).toBe('In Call'));
  expect(screen.getByTestId('call-subtitle').textContent).toBe(statusSubtitles.resumed);
  expect(screen.getByTestId('call-duration').textContent).toBe('00:30');
  expect(screen.queryByTestId('call-cost')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Mute' })).toBeNull();
  calling.requests.recent.reply = () => ({ items: [{ ...stuck, status: 'completed', duration: 31, cost: '0.02' }], nextCursor: null });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'End Call' }));
    await flush();
  });
  expect(calling.requests.end.calls).toEqual([[stuck.id]]);
  expect(statusText()).toBe('Call Ended');
});

test("an incoming call shows the caller's contact (the contacts remote's match widget)", async () => {
  const calling = testCalling();
  const seen: string[] = [];
  const loadWidget = (async (id: string) =>
    id === 'contacts/widgets/contact-match'
      ? ({ number }: { number: string }) => {
          seen.push(number);
          return <span>{number === '+447700900999' ? 'Contact: Grace Hopper' : 'Add to Contacts'}</span>;
        }
      : null) as LoadWidget;
  renderWithCalling(<CallOverlay loadWidget={loadWidget} />, calling);
  await calling.ready();
  await act(async () => calling.device().emit('incoming', new TestCall('INCOMING', { CallSid: SID, From: '+447700900999' })));
  await waitUntil(() => expect(statusText()).toBe('Incoming Call'));
  await waitUntil(() => expect(screen.getByRole('dialog').textContent).toContain('Contact: Grace Hopper'));
  expect(seen).toContain('+447700900999');
});

test("when the modal closes at the call's end, the focus is back in the dialer's number field", async () => {
  const calling = testCalling();
  renderWithCalling(
    <>
      <DialerView />
      <CallOverlay />
    </>,
    calling,
  );
  await calling.ready();
  const field = screen.getByLabelText('Phone number') as HTMLInputElement;
  fireEvent.change(field, { target: { value: '7700900123' } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Call' }));
    await flush();
  });
  await on(() => calling.device().call.answer());
  await waitUntil(() => expect(statusText()).toBe('Connected'));
  expect(document.activeElement === field).toBe(false);
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'End Call' }));
    await flush();
  });
  await calling.clock.advance(2000);
  await waitUntil(() => expect(screen.queryByTestId('call-status')).toBeNull());
  // a boolean: a failed toBe of two elements prints the whole page, slower than the wait
  await waitUntil(() => expect(document.activeElement === field).toBe(true));
});
