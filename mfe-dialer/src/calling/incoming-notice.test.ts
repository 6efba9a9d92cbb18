import { afterAll, afterEach, expect, test } from 'bun:test';
import { createCallingState, idleCall } from './calling-state.ts';
import { browserIncomingNotice, createIncomingNotice, followIncomingCalls, incomingNoticeTag, incomingTitle, type IncomingNoticeEnv, type NoticeNotification } from './incoming-notice.ts';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

let visibility: DocumentVisibilityState = 'visible';
Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
function setVisibility(next: DocumentVisibilityState) {
  visibility = next;
  document.dispatchEvent(new Event('visibilitychange'));
}
afterEach(() => {
  visibility = 'visible';
  document.title = '';
});
afterAll(() => {
  delete (document as { visibilityState?: unknown }).visibilityState;
});

/** A Notification constructor that records what it made. */
function recordingNotification(permission: NotificationPermission = 'granted') {
  const made: Array<{ title: string; options?: NotificationOptions; closed: boolean; notice: NoticeNotification }> = [];
  class Recorded implements NoticeNotification {
    static permission = permission;
    onclick: ((event: Event) => void) | null = null;
    constructor(title: string, options?: NotificationOptions) {
      made.push({ title, options, closed: false, notice: this });
    }
    close() {
      const entry = made.find((m) => m.notice === this);
      if (entry) entry.closed = true;
    }
  }
  return { Recorded, made };
}

function env(overrides: Partial<IncomingNoticeEnv> = {}) {
  const focused: number[] = [];
  const { Recorded, made } = recordingNotification();
  const value: IncomingNoticeEnv = {
    document,
    Notification: Recorded,
    focus: () => focused.push(1),
    format: async (number) => (number === '+442079460958' ? '+44 20 7946 0958' : number),
    ...overrides,
  };
  return { env: value, made, focused };
}

test('in a hidden tab a ringing call names the caller in the title and notifies; a click focuses the tab and closes it', async () => {
  document.title = 'Dialer | Ringwise';
  setVisibility('hidden');
  const { env: e, made, focused } = env();
  const notice = createIncomingNotice(e);
  notice.ring('+442079460958');
  await flush();
  expect(document.title).toBe('Incoming call from +44 20 7946 0958 · Ringwise');
  expect(made).toHaveLength(1);
  expect(made[0]!.title).toBe('Incoming call from +44 20 7946 0958');
  expect(made[0]!.options?.tag).toBe(incomingNoticeTag);
  made[0]!.notice.onclick?.(new Event('click'));
  expect(focused).toHaveLength(1);
  expect(made[0]!.closed).toBe(true);
  notice.stop();
  expect(document.title).toBe('Dialer | Ringwise');
});

test('when it stops ringing the notification closes and the title is back', async () => {
  document.title = 'Calls | Ringwise';
  setVisibility('hidden');
  const { env: e, made } = env();
  const notice = createIncomingNotice(e);
  notice.ring('+442079460958');
  await flush();
  notice.stop();
  expect(made[0]!.closed).toBe(true);
  expect(document.title).toBe('Calls | Ringwise');
});

test('a visible tab is left alone until it goes to the background while the call still rings', async () => {
  document.title = 'Dialer | Ringwise';
  const { env: e, made } = env();
  const notice = createIncomingNotice(e);
  notice.ring('+442079460958');
  await flush();
  expect(document.title).toBe('Dialer | Ringwise');
  expect(made).toHaveLength(0);
  setVisibility('hidden');
  expect(document.title).toBe(incomingTitle('+44 20 7946 0958'));
  expect(made).toHaveLength(1);
  notice.stop();
  // no longer ringing: going to the background again shows nothing
  setVisibility('visible');
  setVisibility('hidden');
  expect(made).toHaveLength(1);
  expect(document.title).toBe('Dialer | Ringwise');
});

test('a call that stops before its caller is formatted shows nothing', async () => {
  setVisibility('hidden');
  document.title = 'Dialer | Ringwise';
  let resolve: (value: string) => void = () => {};
  const { env: e, made } = env({ format: () => new Promise<string>((r) => (resolve = r)) });
  const notice = createIncomingNotice(e);
  notice.ring('+442079460958');
  notice.stop();
  resolve('+44 20 7946 0958');
  await flush();
  expect(made).toHaveLength(0);
  expect(document.title).toBe('Dialer | Ringwise');
});

test('a title the page set meanwhile is kept; a formatting failure shows the number as given', async () => {
  setVisibility('hidden');
  document.title = 'Dialer | Ringwise';
  const { env: e } = env({ format: () => Promise.reject(new Error('offline')) });
  const notice = createIncomingNotice(e);
  notice.ring('+442079460958');
  await flush();
  expect(document.title).toBe(incomingTitle('+442079460958'));
  document.title = 'Contacts | Ringwise';
  notice.stop();
  expect(document.title).toBe('Contacts | Ringwise');
});

test('without the API, without permission, or when the constructor throws: the title only, nothing thrown', async () => {
  setVisibility('hidden');
  const throwing = class {
    static permission: NotificationPermission = 'granted';
    onclick = null;
    constructor() {
      throw new TypeError('Illegal constructor');
    }
    close() {}
  };
  const denied = recordingNotification('default');
  for (const Notification of [null, denied.Recorded, throwing]) {
    document.title = 'Dialer | Ringwise';
    const notice = createIncomingNotice(env({ Notification }).env);
    notice.ring('+442079460958');
    await flush();
    expect(document.title).toBe(incomingTitle('+44 20 7946 0958'));
    expect(() => notice.stop()).not.toThrow();
    expect(document.title).toBe('Dialer | Ringwise');
  }
  expect(denied.made).toHaveLength(0);
});

test('followIncomingCalls rings while the store has a pending incoming call, and stops on its answer, end or the unsubscribe', () => {
  const state = createCallingState();
  const store = { getSnapshot: state.get, subscribe: state.subscribe };
  const events: string[] = [];
  const notice = { ring: (caller: string | null) => events.push(`ring ${caller}`), stop: () => events.push('stop') };
  const stop = followIncomingCalls(store, notice);
  const ringing = { ...idleCall, hasActiveCall: true, isConnecting: true, direction: 'inbound' as const, incomingPending: true, to: '+442079460958', callSid: 'CA1' };
  state.set({ call: ringing });
  // the call's other changes while it rings are no new ring
  state.setCall({ twilioStatus: 'ringing' });
  state.setCall({ incomingPending: false, twilioStatus: 'canceled' });
  state.set({ call: idleCall });
  state.set({ call: { ...ringing, callSid: 'CA2' } });
  stop();
  state.set({ call: idleCall });
  expect(events).toEqual(['ring +442079460958', 'stop', 'ring +442079460958', 'stop']);
});

test("the page's own notice where the browser has no Notification (happy-dom, Safari iOS) still names the caller", async () => {
  const had = 'Notification' in globalThis;
  const saved = (globalThis as { Notification?: unknown }).Notification;
  delete (globalThis as { Notification?: unknown }).Notification;
  try {
    setVisibility('hidden');
    document.title = 'Dialer | Ringwise';
    const notice = browserIncomingNotice();
    notice.ring('+442079460958');
    // the phone package's display loads on first use
    for (let i = 0; i < 100 && document.title === 'Dialer | Ringwise'; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.title).toBe(incomingTitle('+44 20 7946 0958'));
    notice.stop();
    expect(document.title).toBe('Dialer | Ringwise');
  } finally {
    if (had) (globalThis as { Notification?: unknown }).Notification = saved;
  }
});
