import { afterEach, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { StrictMode } from 'react';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { CallStatus } from '@ringwise/contract/calls';
import type { VirtualNumber } from '@ringwise/contract/numbers';
import { loadPhoneFormat } from '@ringwise/phone/display';
import { __resetToastsForTests } from '@ringwise/ui/toast';
import { idleCall } from '../../calling/calling-state.ts';
import { dtmfToneSlotMs } from '../../calling/dtmf-pacer.ts';
import { __resetWidgetsForTests } from '../../lib/remote-widgets.tsx';
import { CallingStoreProvider } from '../../calling/use-calling.ts';
import { inMemoryCallMemory } from '../../calling/call-memory.ts';
import { flush, json, listedCall, mockFetch, renderWithCalling, sleep, started, testCalling, TestCall, waitUntil, SID, type TestCalling } from '../../test-support.tsx';
import { CallOverlay } from './call-overlay.tsx';
import { callStatusText, isPulsing, showsControls, showsEndCall } from './call-status.ts';

const realWarn = console.warn;
beforeAll(() => loadPhoneFormat());

beforeEach(() => {
  __resetToastsForTests();
  __resetWidgetsForTests();
  console.warn = () => {};
});
afterEach(() => {
  cleanup();
  console.warn = realWarn;
});

const state = (twilioStatus: CallStatus | null, extra: Partial<typeof idleCall> = {}) => ({ ...idleCall, twilioStatus, ...extra });

describe('status texts (spec table)', () => {
  test.each([
    ['Connected', state('in-progress', { isActive: true, connected: true }), 'Call in progress'],
    ['In Call', state('ringing'), null],
    ['In Call', state('in-progress'), null],
    ['Call Ended', state('completed'), null],
    ['Busy', state('busy'), null],
    ['No Answer', state('no-answer'), null],
    ['Call Failed', state('failed'), null],
    ['Canceled', state('canceled'), null],
    ['Connecting...', state(null), null],
    ['Connecting...', state('queued'), null],
  ])('%s', (title, call, subtitle) => {
    expect(callStatusText(call)).toEqual({ title, subtitle });
  });

  test('pulse while queued, ringing or connecting; controls while active, in progress or ringing; End Call hidden when terminal', () => {
    expect(isPulsing(state('queued'))).toBe(true);
    expect(isPulsing(state('ringing'))).toBe(true);
    expect(isPulsing(state(null, { isConnecting: true }))).toBe(true);
    expect(isPulsing(state('in-progress'))).toBe(false);
    expect(showsControls(state('ringing'))).toBe(true);
    expect(showsControls(state('in-progress'))).toBe(true);
    expect(showsControls(state(null, { isActive: true }))).toBe(true);
    expect(showsControls(state('queued'))).toBe(false);
    for (const s of ['completed', 'failed', 'busy', 'no-answer', 'canceled'] as const) expect(showsEndCall(state(s))).toBe(false);
    for (const s of [null, 'queued', 'ringing', 'in-progress'] as const) expect(showsEndCall(state(s))).toBe(true);
  });
});

async function overlayWithCall(calling: TestCalling = testCalling()) {
  renderWithCalling(<CallOverlay />, calling);
  await calling.ready();
  await act(async () => {
    await calling.store.startCall({ destinationNumber: '+447700900123', fromNumber: null });
    await flush();
  });
  await waitUntil(() => expect(screen.getByTestId('call-status').textContent).toBe('Connecting...'));
  return calling;
}
const statusText = () => screen.getByTestId('call-status').textContent;
const endCall = () => screen.queryByRole('button', { name: 'End Call' });

describe('Active Call modal', () => {
  test('connecting → ringing → connected: texts, pulse, duration MM:SS and the running cost', async () => {
    const calling = await overlayWithCall();
    expect(screen.getByTestId('call-icon').getAttribute('data-pulsing')).toBe('true');
    expect(screen.getByTestId('call-number').textContent).toBe('+44 7700 900123');
    expect(screen.queryByRole('button', { name: 'Mute' })).toBeNull();
    await act(async () => calling.device().call.ring());
    expect(statusText()).toBe('In Call');
    expect(screen.getByRole('button', { name: 'Mute' })).toBeTruthy();
    await act(async () => calling.device().call.answer());
    expect(statusText()).toBe('Connected');
    expect(screen.getByTestId('call-subtitle').textContent).toBe('Call in progress');
    expect(screen.getByTestId('call-icon').getAttribute('data-pulsing')).toBe('false');
    // the first minute is owed from the first second; 65 s bills two ($0.064 → $0.06)
    await calling.clock.advance(1000);
    expect(screen.getByTestId('call-cost').textContent).toBe('$0.03');
    await calling.clock.advance(64_000);
    expect(screen.getByTestId('call-duration').textContent).toBe('01:05');
    expect(screen.getByTestId('call-cost').textContent).toBe('$0.06');
  });

  test("mute and speaker toggle with their toasts; each pressed, and named for what a press does now ('Unmute')", async () => {
    const calling = await overlayWithCall();
    await act(async () => calling.device().call.answer());
    expect(screen.getByRole('button', { name: 'Mute' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Mute' }));
    expect(calling.lastNotice()).toMatchObject({ title: 'Muted', description: 'Microphone is now off' });
    expect(calling.device().call.muted).toBe(true);
    expect(screen.queryByRole('button', { name: 'Mute' })).toBeNull();
    const unmute = screen.getByRole('button', { name: 'Unmute' });
    expect(unmute.getAttribute('aria-pressed')).toBe('true');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Speaker' }));
      await flush();
    });
    // the SDK's speaker output: the loudspeaker the browser lists
    expect(calling.device().audio?.selected).toEqual(['speaker']);
    expect(calling.lastNotice()).toMatchObject({ title: 'Speaker On', description: 'Audio through speaker' });
    expect(screen.getByRole('button', { name: 'Turn off speaker' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(unmute);
    expect(calling.lastNotice()).toMatchObject({ title: 'Unmuted', description: 'Microphone is now on' });
    expect(screen.getByRole('button', { name: 'Mute' }).getAttribute('aria-pressed')).toBe('false');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Turn off speaker' }));
      await flush();
    });
    expect(screen.getByRole('button', { name: 'Speaker' }).getAttribute('aria-pressed')).toBe('false');
  });

  test('the in-call keypad sends the digits it is pressed with', async () => {
    const calling = await overlayWithCall();
    await act(async () => calling.device().call.answer());
    fireEvent.click(screen.getByRole('button', { name: 'Keypad' }));
    const pad = screen.getByRole('group', { name: 'Call keypad' });
    for (const key of ['1', '#', '*']) fireEvent.click([...pad.querySelectorAll('button')].find((b) => b.textContent === key)!);
    expect(screen.getByLabelText('Digits sent').textContent).toBe('1#*');
    // keys pressed while a tone plays follow it together: none is lost to the one pressed after it
    expect(calling.device().call.digits).toEqual(['1']);
    await act(async () => calling.clock.advance(dtmfToneSlotMs));
    expect(calling.device().call.digits).toEqual(['1', '#*']);
  });

  test('End Call hangs up; on the terminal status End Call is hidden; the modal closes 2 s after the end', async () => {
    const calling = await overlayWithCall();
    await act(async () => calling.device().call.answer());
    calling.requests.status.reply = () => ({ status: 'completed', duration: 12, cost: '0.01' });
    await act(async () => {
      fireEvent.click(endCall()!);
      await flush();
    });
    expect(calling.device().call.disconnected).toBe(1);
    expect(statusText()).toBe('Call Ended');
    expect(endCall()).toBeNull();
    // duration and the call buttons are for a live call only
    expect(screen.queryByRole('button', { name: 'Mute' })).toBeNull();
    await calling.clock.advance(1999);
    expect(screen.queryByTestId('call-status')).not.toBeNull();
    await calling.clock.advance(1);
    await waitUntil(() => expect(screen.queryByTestId('call-status')).toBeNull());
    // then the optional rating, sent once
    const card = await screen.findByRole('region', { name: 'Call feedback' });
    expect(card.textContent).toContain('How was your call?');
    fireEvent.click(screen.getByRole('radio', { name: '3 stars' }));
    fireEvent.click(screen.getByRole('button', { name: 'Echo' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
      await flush();
    });
    expect(calling.requests.feedback.calls).toEqual([[started().callId, { score: 3, issue: 'echo' }]]);
    expect(screen.queryByRole('region', { name: 'Call feedback' })).toBeNull();
  });

  const callIcon = () => {
    const icon = screen.getByTestId('call-icon');
    return { icon: icon.getAttribute('data-icon'), tone: icon.getAttribute('data-tone') };
  };

  test.each([
    ['busy', 'Busy', { icon: 'phone-off', tone: 'unreached' }],
    ['no-answer', 'No Answer', { icon: 'phone-missed', tone: 'unreached' }],
    ['failed', 'Call Failed', { icon: 'phone-off', tone: 'failed' }],
  ] as const)('a %s call shows %s with its own icon, not the success one, without End Call', async (status, text, look) => {
    const calling = await overlayWithCall();
    await act(async () => calling.device().call.ring());
    // ringing: the phone, as for any call under way
    expect(callIcon()).toEqual({ icon: 'phone', tone: 'success' });
    calling.requests.status.reply = () => ({ status, duration: 0, cost: '0.00' });
    await calling.clock.advance(5000);
    expect(statusText()).toBe(text);
    expect(callIcon()).toEqual(look);
    expect(endCall()).toBeNull();
  });

  test.each([
    ['answered, then hung up: Call Ended keeps the phone', 'answer', 'completed', 'Call Ended', { icon: 'phone', tone: 'success' }],
    ['hung up while it rang: Canceled, in neutral', 'ring', 'canceled', 'Canceled', { icon: 'phone-off', tone: 'neutral' }],
  ] as const)('a call %s', async (_, farEnd, status, text, look) => {
    const calling = await overlayWithCall();
    await act(async () => calling.device().call[farEnd]());
    calling.requests.status.reply = () => ({ status, duration: status === 'completed' ? 3 : 0, cost: status === 'completed' ? '0.03' : '0.00' });
    await act(async () => {
      fireEvent.click(endCall()!);
      await flush();
    });
    expect(statusText()).toBe(text);
    expect(callIcon()).toEqual(look);
  });

  test("one minute before the credit runs out: a warning with 'Add Credits'", async () => {
    const calling = testCalling();
    calling.requests.start.reply = () => started({ maxDurationSeconds: 75 });
    await overlayWithCall(calling);
    await act(async () => calling.device().call.answer());
    expect(screen.queryByRole('alert')).toBeNull();
    await calling.clock.advance(15_000);
    expect(screen.getByRole('alert').textContent).toContain('Less than a minute of credit left');
    expect(screen.getByRole('button', { name: 'Add Credits' })).toBeTruthy();
  });

  test('minimise: the call bar shows the call and brings the modal back', async () => {
    const calling = await overlayWithCall();
    await act(async () => calling.device().call.answer());
    fireEvent.click(screen.getByRole('button', { name: 'Minimize call' }));
    await waitUntil(() => expect(screen.queryByTestId('call-status')).toBeNull());
    const bar = screen.getByRole('button', { name: /Show call/ });
    expect(bar.textContent).toContain('Connected');
    fireEvent.click(bar);
    await waitUntil(() => expect(statusText()).toBe('Connected'));
  });

  test('an incoming call: the caller, Accept and Reject', async () => {
    const calling = testCalling();
    renderWithCalling(<CallOverlay />, calling);
    await calling.ready();
    const incoming = new TestCall('INCOMING', { CallSid: SID, From: '+447700900999' });
    await act(async () => calling.device().emit('incoming', incoming));
    await waitUntil(() => expect(statusText()).toBe('Incoming Call'));
    expect(screen.getByTestId('call-number').textContent).toBe('+44 7700 900999');
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(incoming.accepted).toBe(true);
    await waitUntil(() => expect(statusText()).toBe('Connected'));
  });

  test('an incoming call in a background tab names the caller in the title until it is answered', async () => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    try {
      document.title = 'Dialer | Ringwise';
      const calling = testCalling();
      renderWithCalling(<CallOverlay />, calling);
      await calling.ready();
      const incoming = new TestCall('INCOMING', { CallSid: SID, From: '+447700900999' });
      await act(async () => calling.device().emit('incoming', incoming));
      await waitUntil(() => expect(document.title).toBe('Incoming call from +44 7700 900999 · Ringwise'));
      fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
      await waitUntil(() => expect(document.title).toBe('Dialer | Ringwise'));
    } finally {
      delete (document as { visibilityState?: unknown }).visibilityState;
    }
  });
});

describe('when the calling device starts', () => {
  const number = (status: 'active' | 'released'): VirtualNumber => ({
    id: `n-${status}`,
    phoneNumber: '+442079999999',
    countryCode: 'GB',
    numberType: 'local',
    region: null,
    locality: null,
    monthlyPrice: '1.15',
    isActive: status === 'active',
    status,
    purchasedAt: '2026-11-01T00:00:00.000Z',
    renewsAt: '2026-12-01T00:00:00.000Z',
    graceEndsAt: null,
  });
  let restore = () => {};
  afterEach(() => restore());

  async function overlayFor(numbers: VirtualNumber[]) {
    restore = mockFetch(({ url }) => (new URL(url, 'http://localhost').pathname === '/api/virtual-numbers' ? json(numbers) : undefined)).restore;
    const calling = testCalling();
    renderWithCalling(<CallOverlay />, calling);
    // the page goes idle, the list of numbers arrives
    await act(async () => new Promise((resolve) => setTimeout(resolve, 300)));
    await flush();
    return calling;
  }

  test('a user with a virtual number: when the page is idle, so that incoming calls ring', async () => {
    const calling = await overlayFor([number('active')]);
    await waitUntil(() => expect(calling.store.getSnapshot().device).not.toBe('idle'));
    expect(calling.requests.token.calls.length).toBeGreaterThan(0);
  });

  test('anyone else: not before there is a number to call (the Voice SDK stays unloaded); a call found after a reload still shows', async () => {
    const calling = await overlayFor([number('released')]);
    expect(calling.store.getSnapshot().device).toBe('idle');
    expect(calling.requests.token.calls).toEqual([]);
    // the check for a call that went on across a reload ran all the same
    expect(calling.requests.current.calls.length).toBeGreaterThan(0);
  });
});

describe('how long the device lives', () => {
  let restore = () => {};
  afterEach(() => restore());
  // the page's idle moment asks for the user's numbers: none here
  const noNumbers = () => {
    restore = mockFetch(({ url }) => (new URL(url, 'http://localhost').pathname === '/api/virtual-numbers' ? json([]) : undefined)).restore;
  };

  /**
   * The overlay as the shell mounts it: in React's StrictMode (the shell's root), after the first view (a later
   * commit: StrictMode mounts, unmounts and mounts again a subtree placed inside it).
   */
  async function overlayAfterTheView(calling: TestCalling) {
    const rendered = renderWithCalling(<StrictMode>{null}</StrictMode>, calling);
    rendered.rerender(
      <CallingStoreProvider store={calling.store}>
        <StrictMode>
          <CallOverlay />
        </StrictMode>
      </CallingStoreProvider>,
    );
    await act(flush);
    return rendered;
  }

  test("StrictMode's mount, unmount and mount of the overlay keep the device the dialer started before it (?number=)", async () => {
    noNumbers();
    const calling = testCalling();
    // the dialer view starts the device for ?number=; the signed-in layout mounts the overlay 800 ms later
    await calling.ready();
    expect(calling.store.getSnapshot().device).toBe('ready');
    await overlayAfterTheView(calling);
    expect(calling.device().destroyed).toBe(false);
    expect(calling.store.getSnapshot().device).toBe('ready');
    // and it calls
    await act(async () => {
      expect(await calling.store.startCall({ destinationNumber: '+447700900123', fromNumber: null })).toBe(true);
      await flush();
    });
    expect(calling.device().connects).toHaveLength(1);
  });

  test('leaving the signed-in layout (the overlay unmounts for good) closes the device', async () => {
    noNumbers();
    const calling = testCalling();
    await calling.ready();
    const { unmount } = await overlayAfterTheView(calling);
    unmount();
    await act(flush);
    expect(calling.device().destroyed).toBe(true);
    expect(calling.store.getSnapshot().device).toBe('idle');
  });

  test('the session ends (the shell empties the QueryClient: sign-out, a 401, another user): the device closes at once, the overlay still shown', async () => {
    noNumbers();
    const calling = testCalling();
    await calling.ready();
    const { client } = renderWithCalling(<CallOverlay />, calling);
    await act(flush);
    const signedOut = calling.device();
    // the sign-out's own order: removeQueries on SIGNED_OUT, then clear()
    await act(async () => {
      client.removeQueries();
      client.clear();
      await sleep(5);
    });
    expect(signedOut.destroyed).toBe(true);
    expect(calling.store.getSnapshot().device).toBe('idle');
    // the next session's device is a new one, and its end is seen too
    await calling.ready();
    const next = calling.device();
    expect(next).not.toBe(signedOut);
    expect(next.destroyed).toBe(false);
    await act(async () => {
      client.removeQueries();
      await sleep(5);
    });
    expect(next.destroyed).toBe(true);
  });

  test('queries coming and going (a refetch, a view leaving) leave the device alone', async () => {
    noNumbers();
    const calling = testCalling();
    await calling.ready();
    const { client } = renderWithCalling(<CallOverlay />, calling);
    await act(async () => {
      client.setQueryData(['/api/calls'], { items: [], nextCursor: null });
      client.removeQueries({ queryKey: ['/api/calls'] });
      await client.invalidateQueries();
      await client.refetchQueries();
      await sleep(5);
    });
    expect(calling.device().destroyed).toBe(false);
    expect(calling.store.getSnapshot().device).toBe('ready');
  });
});

describe('after a reload', () => {
  let restore = () => {};
  afterEach(() => restore());

  test('the call that ended while the page was away is told once, when the page is idle; the next reload tells nothing', async () => {
    restore = mockFetch(({ url }) => (new URL(url, 'http://localhost').pathname === '/api/virtual-numbers' ? json([]) : undefined)).restore;
    const id = '40000000-0000-4000-8000-000000000078';
    const ended = listedCall({ id, destinationNumber: '+447700900123', status: 'completed', duration: 65, cost: '0.04', contactName: 'Ada Lovelace' });
    const memory = inMemoryCallMemory(id);
    const pageAfterReload = async () => {
      const calling = testCalling({ memory });
      calling.requests.recent.reply = () => ({ items: [ended], nextCursor: null });
      const rendered = renderWithCalling(<CallOverlay />, calling);
      await act(async () => new Promise((resolve) => setTimeout(resolve, 300)));
      await act(flush);
      return { calling, rendered };
    };
    const first = await pageAfterReload();
    expect(first.calling.notices).toEqual([{ description: 'Your call to Ada Lovelace ended when the page was closed · 1:05 · Charged $0.04', duration: 10_000 }]);
    // nothing else on screen: no call, no rating for a call this page never showed
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Call feedback' })).toBeNull();
    // the user with no number: the Voice SDK stayed unloaded
    expect(first.calling.requests.token.calls).toEqual([]);
    first.rendered.unmount();

    const second = await pageAfterReload();
    expect(second.calling.notices).toEqual([]);
  });
});
