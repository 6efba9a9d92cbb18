import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { act } from '@testing-library/react';
import { ApiError } from '@ringwise/api-client';
import { SID, flush, started, testCalling, TestCall, type TestCalling } from '../test-support.tsx';
import { MICROPHONE_TITLE, microphoneMessages, CALL_CONNECTION_LOST } from './notices.ts';
import { callToasts } from './notices.ts';

const realWarn = console.warn;
beforeEach(() => {
  console.warn = () => {};
});
afterEach(() => {
  console.warn = realWarn;
});

const call = (c: TestCalling) => c.store.getSnapshot().call;
const place = async (c: TestCalling, destinationNumber = '+447700900123') => {
  let ok = false;
  await act(async () => {
    ok = await c.store.startCall({ destinationNumber, fromNumber: null });
    await flush();
  });
  return ok;
};
const emit = async (target: TestCall, event: 'ringing' | 'accept' | 'disconnect' | 'cancel') =>
  act(async () => {
    if (event === 'ringing') target.emit('ringing', false);
    else target.emit(event);
    await flush();
  });
/** The device hangs up; the api's status is read until final (here it never is: the local values stand). */
async function hungUp(c: TestCalling) {
  await emit(c.device().call, 'disconnect');
  for (let i = 0; i < 4; i++) await c.clock.advance(400);
}
async function answered(c: TestCalling) {
  await c.ready();
  await place(c);
  await emit(c.device().call, 'ringing');
  await emit(c.device().call, 'accept');
}

describe('calling device', () => {
  test('ready on registered, not ready on unregistered and offline; the token is fetched once', async () => {
    const c = testCalling();
    expect(c.store.getSnapshot().device).toBe('idle');
    await c.ready();
    expect(c.store.getSnapshot().device).toBe('ready');
    expect(c.requests.token.calls.length).toBe(1);
    expect(c.device().token).toBe('jwt-1');
    await act(async () => c.device().emit('unregistered'));
    expect(c.store.getSnapshot().device).toBe('not-ready');
    await act(async () => c.device().emit('registered'));
    await act(async () => void window.dispatchEvent(new Event('offline')));
    expect(c.store.getSnapshot().device).toBe('not-ready');
    c.store.destroy();
  });

  test("a failed token fetch: 'Device Initialization Failed', not ready; init again later tries again", async () => {
    const c = testCalling();
    c.requests.token.reply = () => {
      throw new ApiError(500, '', 'Internal Server Error');
    };
    await c.ready();
    expect(c.store.getSnapshot().device).toBe('not-ready');
    expect(c.lastNotice()?.title).toBe('Device Initialization Failed');
    c.requests.token.reply = () => ({ token: 'jwt-2', identity: 'u', expiresAt: 'x', device: 'twilio', signalling: null });
    await c.ready();
    expect(c.store.getSnapshot().device).toBe('ready');
  });

  test('tokenWillExpire fetches a new token and hands it to the device (updateToken)', async () => {
    const c = testCalling();
    await c.ready();
    c.requests.token.reply = () => ({ token: 'jwt-2', identity: 'u', expiresAt: 'x', device: 'simulator', signalling: { chunderw: 'localhost/sim/twilio/voice' } });
    await act(async () => {
      c.device().emit('tokenWillExpire');
      await flush();
    });
    expect(c.device().tokens).toEqual(['jwt-2']);
  });

  test('the old and new token codes (31204 / 20101, 31205 / 20104) give the same Device Error notice', async () => {
    const texts: string[] = [];
    for (const code of [31204, 20101, 31205, 20104]) {
      const c = testCalling();
      await c.ready();
      await act(async () => {
        c.device().emit('error', { code, name: 'TokenError', message: 'raw' });
        await flush();
      });
      expect(c.notices[0]?.title).toBe('Device Error');
      texts.push(c.notices[0]?.description ?? '');
    }
    expect(texts[0]).toBe(texts[1]!);
    expect(texts[2]).toBe(texts[3]!);
  });
});

describe('starting a call', () => {
  test("'Device Not Ready' (the dialer's words) before the device is registered", async () => {
    const c = testCalling();
    expect(await place(c)).toBe(false);
    expect(c.lastNotice()).toMatchObject({ title: 'Device Not Ready', description: 'Please wait for the calling service to initialize' });
    expect(c.requests.start.calls.length).toBe(0);
  });

  test("an empty number: 'Please enter a phone number'", async () => {
    const c = testCalling();
    await c.ready();
    expect(await place(c, '')).toBe(false);
    expect(c.lastNotice()?.description).toBe('Please enter a phone number');
  });

  test("one call at a time: a second start gives 'Call in Progress'", async () => {
    const c = testCalling();
    await c.ready();
    expect(await place(c)).toBe(true);
    expect(call(c)).toMatchObject({ hasActiveCall: true, isConnecting: true, twilioStatus: 'queued', to: '+447700900123' });
    expect(c.device().connects).toEqual([{ To: '+447700900123', callId: started().callId }]);
    expect(await place(c, '+14155550100')).toBe(false);
    expect(c.lastNotice()).toMatchObject({ title: 'Call in Progress', description: 'Please end the current call first' });
    expect(c.requests.start.calls.length).toBe(1);
  });

  test("the api refuses: 'Call Failed' with its message; a device that cannot connect: 'Failed to initialize call'", async () => {
    const c = testCalling();
    await c.ready();
    c.requests.start.reply = () => {
      throw new ApiError(402, JSON.stringify({ error: { code: 'insufficient_balance', message: 'Insufficient balance' } }), 'Payment Required');
    };
    expect(await place(c)).toBe(false);
    expect(c.lastNotice()).toMatchObject({ title: 'Call Failed', description: 'Insufficient balance' });

    c.requests.start.reply = () => started();
    c.device().connectError = new Error('boom');
    await place(c);
    expect(c.lastNotice()).toMatchObject({ title: 'Call Failed', description: 'Failed to initialize call. Please try again.' });
    expect(call(c).twilioStatus).toBe('failed');
  });

  test('the SID is linked to the call once known (PATCH /api/calls/{id}/sid)', async () => {
    const c = testCalling();
    await c.ready();
    await place(c);
    expect(c.requests.setSid.calls).toEqual([[started().callId, SID]]);
    expect(call(c).callSid).toBe(SID);
  });
});

describe('call events', () => {
  test('ringing ends connecting; accept starts the 1 s timer and the running cost, what the call would be charged', async () => {
    const c = testCalling();
    c.requests.start.reply = () => started({ pricing: { pricePerMinute: '0.032000', connectionFee: '0.014000', initialIncrement: 60, increment: 60 } });
    await c.ready();
    await place(c);
    await emit(c.device().call, 'ringing');
    expect(call(c)).toMatchObject({ twilioStatus: 'ringing', isConnecting: false, isActive: false, cost: 0n });
    await emit(c.device().call, 'accept');
    // answered: the connection fee ($0.014 → 1 cent)
    expect(call(c)).toMatchObject({ twilioStatus: 'in-progress', isActive: true, connected: true, duration: 0, cost: 1n });
    // from the first second, the fee and the first minute, rounded once ($0.046 → 5 cents)
    await c.clock.advance(1000);
    expect(call(c)).toMatchObject({ duration: 1, cost: 5n });
    await c.clock.advance(59_000);
    expect(call(c)).toMatchObject({ duration: 60, cost: 5n });
    // the second minute starts: $0.014 + $0.064 → 8 cents
    await c.clock.advance(1000);
    expect(call(c)).toMatchObject({ duration: 61, cost: 8n });
  });

  test('disconnect: timers stop, the backend status is fetched once, its duration and cost win when above 0', async () => {
    const c = testCalling();
    await answered(c);
    await c.clock.advance(4000);
    c.requests.status.reply = () => ({ status: 'completed', duration: 7, cost: '0.05' });
    const before = c.requests.status.calls.length;
    await emit(c.device().call, 'disconnect');
    expect(c.requests.status.calls.length).toBe(before + 1);
    expect(call(c)).toMatchObject({ twilioStatus: 'completed', isActive: false, duration: 7, cost: 5n });
    await c.clock.advance(5000);
    expect(c.requests.status.calls.length).toBe(before + 1);
  });

  test('disconnect with backend zeros keeps the local duration and cost', async () => {
    const c = testCalling();
    await answered(c);
    await c.clock.advance(2000);
    c.requests.status.reply = () => ({ status: 'in-progress', duration: 0, cost: '0.00' });
    await emit(c.device().call, 'disconnect');
    // the api is asked a few times for its final word, then the local values stand
    for (let i = 0; i < 4; i++) await c.clock.advance(400);
    // the first minute at $0.032
    expect(call(c)).toMatchObject({ twilioStatus: 'completed', duration: 2, cost: 3n });
  });

  test('a call hung up within its first second: reported as 0 s, charged nothing but the fee, and shown so', async () => {
    const c = testCalling();
    await answered(c);
    c.requests.status.reply = () => ({ status: 'completed', duration: 0, cost: '0.00' });
    await emit(c.device().call, 'disconnect');
    expect(call(c)).toMatchObject({ twilioStatus: 'completed', duration: 0, cost: 0n });
    await c.clock.advance(1000);
    expect(c.lastNotice()).toMatchObject({ title: 'Call Ended', description: 'Duration 0:00 · Charged: $0.00' });
  });

  test('after the disconnect the api is asked again until it has the final status and charge', async () => {
    const c = testCalling();
    await answered(c);
    await c.clock.advance(10_000);
    const replies = [{ status: 'in-progress' as const, duration: 0, cost: '0.00' }, { status: 'completed' as const, duration: 10, cost: '0.03' }];
    c.requests.status.reply = () => replies.shift()!;
    await emit(c.device().call, 'disconnect');
    await c.clock.advance(400);
    expect(call(c)).toMatchObject({ twilioStatus: 'completed', duration: 10, cost: 3n });
  });

  test('a call never answered: after the disconnect the api is asked again until it has the final status', async () => {
    const c = testCalling();
    await c.ready();
    await place(c);
    await emit(c.device().call, 'ringing');
    const replies = [{ status: 'ringing' as const }, { status: 'ringing' as const }, { status: 'failed' as const }];
    c.requests.status.reply = () => ({ ...replies.shift()!, duration: 0, cost: '0.00' });
    await emit(c.device().call, 'disconnect');
    await c.clock.advance(400);
    await c.clock.advance(400);
    expect(call(c)).toMatchObject({ twilioStatus: 'failed', isActive: false });
  });

  test('the backup poll asks every 5 s and gives up after 5 failures', async () => {
    const c = testCalling();
    await answered(c);
    c.requests.status.reply = () => {
      throw new ApiError(404, '', 'Not Found');
    };
    await c.clock.advance(5000);
    expect(c.requests.status.calls.length).toBe(1);
    await c.clock.advance(40_000);
    expect(c.requests.status.calls.length).toBe(5);
    expect(call(c).isActive).toBe(true);
  });

  test('a terminal status from the poll ends the call', async () => {
    const c = testCalling();
    await c.ready();
    await place(c);
    await emit(c.device().call, 'ringing');
    c.requests.status.reply = () => ({ status: 'busy', duration: 0, cost: '0.00' });
    await c.clock.advance(5000);
    expect(call(c)).toMatchObject({ twilioStatus: 'busy', isActive: false, isConnecting: false });
    expect(c.device().call.disconnected).toBe(1);
  });

  test("after the end: queries refreshed, 'Call Ended' with m:ss and 'Charged: $x.xx' after 1 s, modal closed after 2 s", async () => {
    const c = testCalling();
    await answered(c);
    await c.clock.advance(65_000);
    c.requests.status.reply = () => ({ status: 'completed', duration: 65, cost: '0.06' });
    await emit(c.device().call, 'disconnect');
    expect(c.invalidations).toBe(1);
    expect(c.notices.some((n) => n.title === 'Call Ended')).toBe(false);
    await c.clock.advance(1000);
    expect(c.lastNotice()).toMatchObject({ title: 'Call Ended', description: 'Duration 1:05 · Charged: $0.06' });
    expect(call(c).hasActiveCall).toBe(true);
    await c.clock.advance(1000);
    expect(call(c).hasActiveCall).toBe(false);
    expect(c.store.getSnapshot().feedback).toMatchObject({ callId: started().callId, duration: 65 });
  });

  test('cancel: canceled and inactive', async () => {
    const c = testCalling();
    await c.ready();
    await place(c);
    await emit(c.device().call, 'cancel');
    expect(call(c)).toMatchObject({ twilioStatus: 'canceled', isActive: false });
  });

  test("a call error that is not the microphone's: 'Call Error', failed; 31005 and token codes share one notice", async () => {
    const c = testCalling();
    await c.ready();
    await place(c);
    await act(async () => {
      c.device().call.emit('error', { code: 31000, name: 'GeneralError', message: 'Media failed' });
      await flush();
    });
    expect(c.lastNotice()).toMatchObject({ title: 'Call Error', description: 'Media failed' });
    expect(call(c).twilioStatus).toBe('failed');

    for (const code of [31005, 31204, 20101, 31205, 20104]) {
      const d = testCalling();
      await d.ready();
      await place(d);
      await act(async () => {
        d.device().call.emit('error', { code, name: 'E', message: 'raw' });
        await flush();
      });
      expect(d.lastNotice()).toMatchObject({ title: 'Call Error', description: CALL_CONNECTION_LOST });
    }
  });
});

describe('microphone', () => {
  const micError = async (error: { code: number; name: string; message: string; cause?: unknown }) => {
    const c = testCalling();
    await c.ready();
    await place(c);
    await act(async () => {
      c.device().call.emit('error', error);
      await flush();
    });
    return c;
  };

  test("31401 (and the spec's 31208): 'Microphone Access Required' asking to allow access; the call fails", async () => {
    for (const code of [31401, 31208]) {
      const c = await micError({ code, name: 'PermissionDeniedError', message: 'denied' });
      expect(c.lastNotice()).toMatchObject({ title: MICROPHONE_TITLE, description: microphoneMessages.denied });
      expect(call(c).twilioStatus).toBe('failed');
    }
  });

  test('no microphone: connect one and refresh; no browser support: use a modern browser', async () => {
    const c = await micError({ code: 31402, name: 'AcquisitionFailedError', message: 'x', cause: { name: 'NotFoundError' } });
    expect(c.lastNotice()).toMatchObject({ title: MICROPHONE_TITLE, description: microphoneMessages.notFound });
    expect(microphoneMessages.notFound).toContain('connect a microphone and refresh');

    const d = testCalling({ microphoneSupported: () => false });
    await d.ready();
    expect(await place(d)).toBe(false);
    expect(d.lastNotice()).toMatchObject({ title: MICROPHONE_TITLE, description: microphoneMessages.unsupported });
    expect(microphoneMessages.unsupported).toContain('modern browser');
    expect(microphoneMessages.denied).toContain('allow microphone access');
  });

  test("a quiet microphone warning: 'Microphone Issue Detected', and the call goes on", async () => {
    const c = testCalling();
    await answered(c);
    await act(async () => c.device().call.emit('warning', 'constant-audio-input-level'));
    expect(c.lastNotice()?.title).toBe('Microphone Issue Detected');
    expect(call(c).isActive).toBe(true);
  });
});

describe('in the call', () => {
  test('mute and speaker toggle with their toasts; the end resets both', async () => {
    const c = testCalling();
    await answered(c);
    act(() => c.store.toggleMute());
    expect(call(c).isMuted).toBe(true);
    expect(c.device().call.muted).toBe(true);
    expect(c.lastNotice()).toEqual(callToasts.muted);
    act(() => c.store.toggleMute());
    expect(c.lastNotice()).toMatchObject({ title: 'Unmuted', description: 'Microphone is now on' });
    act(() => c.store.toggleSpeaker());
    expect(c.lastNotice()).toMatchObject({ title: 'Speaker On', description: 'Audio through speaker' });
    act(() => c.store.toggleMute());
    act(() => c.store.toggleSpeaker());
    expect(c.lastNotice()).toMatchObject({ title: 'Speaker Off', description: 'Audio through earpiece' });
    act(() => c.store.toggleSpeaker());
    await hungUp(c);
    expect(call(c)).toMatchObject({ isMuted: false, isSpeaker: false });
  });

  test('digits: only 0-9, *, # and w reach the call', async () => {
    const c = testCalling();
    await answered(c);
    expect(c.store.sendDigits('1')).toBe(true);
    expect(c.store.sendDigits('*#w9')).toBe(true);
    expect(c.store.sendDigits('a')).toBe(false);
    expect(c.store.sendDigits('1+')).toBe(false);
    expect(c.device().call.digits).toEqual(['1', '*#w9']);
    expect(c.lastNotice()?.title).toBe('Error');
  });

  test('a warning one minute before the credit runs out (maxDurationSeconds)', async () => {
    const c = testCalling();
    c.requests.start.reply = () => started({ maxDurationSeconds: 90 });
    await answered(c);
    await c.clock.advance(29_000);
    expect(call(c).lowCredit).toBe(false);
    await c.clock.advance(1000);
    expect(call(c).lowCredit).toBe(true);
  });

  test('feedback is sent once', async () => {
    const c = testCalling();
    await answered(c);
    await c.clock.advance(10_000);
    await hungUp(c);
    await c.clock.advance(2000);
    await act(async () => {
      await c.store.sendFeedback({ score: 4, issue: 'echo' });
      await c.store.sendFeedback({ score: 5 });
    });
    expect(c.requests.feedback.calls).toEqual([[started().callId, { score: 4, issue: 'echo' }]]);
    expect(c.store.getSnapshot().feedback).toBeNull();
  });
});

describe('incoming calls', () => {
  test('connecting with the caller as "to"; Accept answers it, Reject drops it', async () => {
    const c = testCalling();
    await c.ready();
    const incoming = new TestCall('INCOMING', { CallSid: SID, From: '+447700900999' });
    await act(async () => c.device().emit('incoming', incoming));
    expect(call(c)).toMatchObject({ hasActiveCall: true, isConnecting: true, incomingPending: true, to: '+447700900999', direction: 'inbound' });
    act(() => c.store.acceptIncoming());
    expect(incoming.accepted).toBe(true);
    expect(call(c)).toMatchObject({ isActive: true, twilioStatus: 'in-progress', incomingPending: false });

    const d = testCalling();
    await d.ready();
    const other = new TestCall('INCOMING', { CallSid: SID, From: '+15550001111' });
    await act(async () => d.device().emit('incoming', other));
    act(() => d.store.rejectIncoming());
    expect(other.rejected).toBe(true);
    expect(call(d).hasActiveCall).toBe(false);
  });

  test('an incoming call during a call is rejected (one call at a time)', async () => {
    const c = testCalling();
    await answered(c);
    const incoming = new TestCall('INCOMING', { CallSid: 'CA1', From: '+15550001111' });
    await act(async () => c.device().emit('incoming', incoming));
    expect(incoming.rejected).toBe(true);
    expect(call(c).to).toBe('+447700900123');
  });
});
