import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { act } from '@testing-library/react';
import { ApiError } from '@ringwise/api-client';
import { loadPhoneFormat } from '@ringwise/phone/display';
import { listedCall, SID, flush, sample, started, testCalling, token, TestCall, twilioError, type TestCalling } from '../test-support.tsx';
import { inMemoryCallMemory } from './call-memory.ts';
import { qualityHints } from './call-quality.ts';
import { dtmfToneSlotMs } from './dtmf-pacer.ts';
import { CALL_AUDIO_FAILED, CALL_CONNECTION_LOST, MICROPHONE_TITLE, MICROPHONE_UNUSABLE, callToasts, microphoneMessages, notAnsweredNotice } from './notices.ts';

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
/** The SDK's call does something (the far end rings, answers, hangs up; a sample, a warning, an error). */
const on = async (fn: () => void) =>
  act(async () => {
    fn();
    await flush();
  });
/** The device hangs up; the api's status is read until final (here it never is: the local values stand). */
async function hungUp(c: TestCalling) {
  await on(() => c.device().call.hangUp());
  for (let i = 0; i < 4; i++) await c.clock.advance(400);
}
async function answered(c: TestCalling) {
  await c.ready();
  await place(c);
  await on(() => c.device().call.ring());
  await on(() => c.device().call.answer());
}

describe('calling device', () => {
  test('the SDK is set up for the signalling the token names: the simulator host (no ICE servers), or Twilio (null)', async () => {
    const c = testCalling();
    await c.ready();
    expect(c.setups).toEqual([{ token: 'jwt-1', chunderw: 'localhost/sim/twilio/voice' }]);
    await place(c);
    expect(c.device().connects[0]).toEqual({ params: { To: '+447700900123', callId: started().callId }, rtcConfiguration: { iceServers: [] } });

    const d = testCalling();
    d.requests.token.reply = () => token('twilio');
    await d.ready();
    expect(d.setups).toEqual([{ token: 'jwt-1', chunderw: null }]);
    await place(d);
    expect(d.device().connects[0]).toEqual({ params: { To: '+447700900123', callId: started().callId } });
  });

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
    c.requests.token.reply = () => token('twilio');
    await c.ready();
    expect(c.store.getSnapshot().device).toBe('ready');
  });

  test('init again registers a device that lost its registration (the dialer\'s Try again)', async () => {
    const c = testCalling();
    await c.ready();
    await act(async () => c.device().unregister());
    expect(c.store.getSnapshot().device).toBe('not-ready');
    await c.ready();
    expect(c.store.getSnapshot().device).toBe('ready');
    expect(c.requests.token.calls.length).toBe(1);
    c.store.destroy();
  });

  test('tokenWillExpire fetches a new token and hands it to the device (updateToken), the call going on', async () => {
    const c = testCalling();
    await answered(c);
    c.requests.token.reply = () => ({ ...token(), token: 'jwt-2' });
    await on(() => c.device().emit('tokenWillExpire', c.device()));
    expect(c.device().tokens).toEqual(['jwt-2']);
    expect(c.device().call.disconnected).toBe(0);
    expect(call(c)).toMatchObject({ isActive: true, twilioStatus: 'in-progress' });
  });

  test('the old and new token codes (31204 / 20101, 31205 / 20104) give the same Device Error notice', async () => {
    const texts: string[] = [];
    for (const code of [31204, 20101, 31205, 20104]) {
      const c = testCalling();
      await c.ready();
      await on(() => c.device().emit('error', twilioError(code, 'raw')));
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
    expect(c.device().connects.map((o) => o?.params)).toEqual([{ To: '+447700900123', callId: started().callId }]);
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
    c.device().connectError = new Error('A Call is already active');
    await place(c);
    expect(c.lastNotice()).toMatchObject({ title: 'Call Failed', description: 'Failed to initialize call. Please try again.' });
    expect(call(c).twilioStatus).toBe('failed');
  });

  test('the SID is linked to the call once the carrier gives it (PATCH /api/calls/{id}/sid)', async () => {
    const c = testCalling();
    await c.ready();
    await place(c);
    expect(c.device().call.parameters.CallSid).toBeUndefined();
    await on(() => c.device().call.ring());
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
    await on(() => c.device().call.ring());
    expect(call(c)).toMatchObject({ twilioStatus: 'ringing', isConnecting: false, isActive: false, cost: 0n });
    await on(() => c.device().call.answer());
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
    await on(() => c.device().call.hangUp());
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
    await hungUp(c);
    // the first minute at $0.032
    expect(call(c)).toMatchObject({ twilioStatus: 'completed', duration: 2, cost: 3n });
  });

  test('a call hung up within its first second: reported as 0 s, charged nothing but the fee, and shown so', async () => {
    const c = testCalling();
    await answered(c);
    c.requests.status.reply = () => ({ status: 'completed', duration: 0, cost: '0.00' });
    await on(() => c.device().call.hangUp());
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
    await on(() => c.device().call.hangUp());
    await c.clock.advance(400);
    expect(call(c)).toMatchObject({ twilioStatus: 'completed', duration: 10, cost: 3n });
  });

  test('a call never answered: after the disconnect the api is asked again until it has the final status', async () => {
    const c = testCalling();
    await c.ready();
    await place(c);
    await on(() => c.device().call.ring());
    const replies = [{ status: 'ringing' as const }, { status: 'ringing' as const }, { status: 'failed' as const }];
    c.requests.status.reply = () => ({ ...replies.shift()!, duration: 0, cost: '0.00' });
    await on(() => c.device().call.hangUp());
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
    await on(() => c.device().call.ring());
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
    await on(() => c.device().call.hangUp());
    expect(c.invalidations).toBe(1);
    expect(c.notices.some((n) => n.title === 'Call Ended')).toBe(false);
    await c.clock.advance(1000);
    expect(c.lastNotice()).toMatchObject({ title: 'Call Ended', description: 'Duration 1:05 · Charged: $0.06' });
    expect(call(c).hasActiveCall).toBe(true);
    await c.clock.advance(1000);
    expect(call(c).hasActiveCall).toBe(false);
    expect(c.store.getSnapshot().feedback).toMatchObject({ callId: started().callId, duration: 65, suggestedIssue: null });
  });

  test("an outgoing call the callee never took: its end notice says what happened and 'Not charged', never 'Charged: $0.00'", async () => {
    for (const [status, title] of [
      ['busy', 'Busy'],
      ['no-answer', 'No Answer'],
      ['failed', 'Call Failed'],
      ['canceled', 'Canceled'],
    ] as const) {
      const c = testCalling();
      await c.ready();
      await place(c);
      await on(() => c.device().call.ring());
      c.requests.status.reply = () => ({ status, duration: 0, cost: '0.00' });
      await on(() => c.device().call.hangUp());
      expect(call(c).twilioStatus).toBe(status);
      await c.clock.advance(1000);
      expect(c.notices).toEqual([{ title, description: 'Not charged' }]);
    }
  });

  test('cancel: canceled and inactive', async () => {
    const c = testCalling();
    await c.ready();
    await place(c);
    await on(() => c.device().call.cancel());
    expect(call(c)).toMatchObject({ twilioStatus: 'canceled', isActive: false });
  });

  test("reconnecting: 'Reconnecting…' while the SDK restores the media, the call and its meter going on", async () => {
    const c = testCalling();
    await answered(c);
    await on(() => c.device().call.emit('reconnecting', twilioError(53405, 'Media connection failed')));
    expect(call(c)).toMatchObject({ reconnecting: true, isActive: true });
    await c.clock.advance(3000);
    expect(call(c).duration).toBe(3);
    await on(() => c.device().call.emit('reconnected'));
    expect(call(c).reconnecting).toBe(false);
  });
});

describe('call errors (spec §8, the SDK numbering both ways)', () => {
  const failWith = async (code: number, message = 'raw', originalError?: object) => {
    const c = testCalling();
    await c.ready();
    await place(c);
    await on(() => c.device().call.fail(twilioError(code, message, originalError)));
    return c;
  };

  test("a fatal call error: 'Call Error', status failed; 31005 and the token codes: the connection was lost", async () => {
    for (const code of [31003, 31005, 31009, 53000, 31204, 20101, 31205, 20104]) {
      const c = await failWith(code);
      expect(c.notices[0]).toMatchObject({ title: 'Call Error', description: CALL_CONNECTION_LOST });
      expect(call(c)).toMatchObject({ twilioStatus: 'failed', isActive: false });
    }
  });

  test("31000 and media errors: the audio could not be connected; an unknown code: the gateway's own words", async () => {
    for (const code of [31000, 53405]) expect((await failWith(code)).notices[0]).toMatchObject({ title: 'Call Error', description: CALL_AUDIO_FAILED });
    const c = await failWith(31999, 'GeneralError (31999): Error sent from gateway in HANGUP', { code: 31999, message: 'You already have a call in progress' });
    expect(c.notices[0]).toMatchObject({ title: 'Call Error', description: 'You already have a call in progress' });
  });

  test('busy (31486) is an outcome the status tells, not an error notice', async () => {
    const c = testCalling();
    await c.ready();
    await place(c);
    await on(() => c.device().call.ring());
    c.requests.status.reply = () => ({ status: 'busy', duration: 0, cost: '0.00' });
    await on(() => c.device().call.fail(twilioError(31486, 'Busy')));
    expect(c.notices.some((n) => n.title === 'Call Error')).toBe(false);
    expect(call(c).twilioStatus).toBe('busy');
    // the end's notice says what happened
    await c.clock.advance(1000);
    expect(c.lastNotice()).toMatchObject({ title: 'Busy', description: 'Not charged' });
  });

  test('an error notice on a call never answered stays: no end notice replaces it', async () => {
    const c = await failWith(31000);
    await c.clock.advance(2000);
    expect(c.notices).toEqual([expect.objectContaining({ title: 'Call Error', description: CALL_AUDIO_FAILED })]);

    const d = testCalling();
    await d.ready();
    d.device().connectError = new Error('A Call is already active');
    await place(d);
    await d.clock.advance(2000);
    expect(d.notices).toEqual([expect.objectContaining({ title: 'Call Failed', description: 'Failed to initialize call. Please try again.' })]);
  });

  test('an error the call survives is told, and the call goes on', async () => {
    const c = testCalling();
    await answered(c);
    await on(() => c.device().call.emit('error', twilioError(31000, 'ICE candidate failed')));
    expect(c.lastNotice()?.title).toBe('Call Error');
    expect(call(c)).toMatchObject({ isActive: true, twilioStatus: 'in-progress' });
    await hungUp(c);
    expect(call(c).twilioStatus).toBe('completed');
  });
});

describe('microphone', () => {
  test("31401 (and the spec's 31208): 'Microphone Access Required' asking to allow access; the call fails", async () => {
    for (const code of [31401, 31208]) {
      const c = testCalling();
      await c.ready();
      await place(c);
      await on(() => c.device().call.fail(twilioError(code, 'denied')));
      expect(c.notices[0]).toMatchObject({ title: MICROPHONE_TITLE, description: microphoneMessages.denied });
      expect(call(c).twilioStatus).toBe('failed');
    }
  });

  test('31402 without a microphone: connect one and refresh; with one (busy elsewhere): Audio Device Issue', async () => {
    for (const [found, notice] of [
      [false, { title: MICROPHONE_TITLE, description: microphoneMessages.notFound }],
      [true, { title: 'Audio Device Issue', description: MICROPHONE_UNUSABLE }],
    ] as const) {
      const c = testCalling({ hasMicrophone: async () => found });
      await c.ready();
      await place(c);
      await on(() => c.device().call.fail(twilioError(31402, 'AcquisitionFailedError')));
      expect(c.notices[0]).toMatchObject(notice);
      expect(call(c).twilioStatus).toBe('failed');
    }
    expect(microphoneMessages.notFound).toContain('connect a microphone and refresh');
  });

  test('no browser support: use a modern browser', async () => {
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
    await on(() => c.device().call.emit('warning', 'constant-audio-input-level', null));
    expect(c.lastNotice()?.title).toBe('Microphone Issue Detected');
    expect(call(c).isActive).toBe(true);
  });
});

describe('in the call', () => {
  test('mute goes through the SDK (call.mute) with its toasts; the end resets mute and speaker', async () => {
    const c = testCalling();
    await answered(c);
    act(() => c.store.toggleMute());
    expect(c.device().call.isMuted()).toBe(true);
    expect(call(c).isMuted).toBe(true);
    expect(c.lastNotice()).toEqual(callToasts.muted);
    act(() => c.store.toggleMute());
    expect(c.device().call.isMuted()).toBe(false);
    expect(c.lastNotice()).toMatchObject({ title: 'Unmuted', description: 'Microphone is now on' });
    act(() => c.store.toggleMute());
    await act(() => c.store.toggleSpeaker());
    await hungUp(c);
    expect(call(c)).toMatchObject({ isMuted: false, isSpeaker: false });
    // the output goes back to the default for the next call
    expect(c.setups.length).toBe(1);
  });

  test("speaker: the SDK's speaker output switches to a loudspeaker and back to the default, with the spec's toasts", async () => {
    const c = testCalling();
    await answered(c);
    const audio = c.device().audio!;
    await act(() => c.store.toggleSpeaker());
    expect(audio.selected).toEqual(['speaker']);
    expect(call(c).isSpeaker).toBe(true);
    expect(c.lastNotice()).toMatchObject({ title: 'Speaker On', description: 'Audio through speaker' });
    await act(() => c.store.toggleSpeaker());
    expect(audio.selected).toEqual(['speaker', 'default']);
    expect(c.lastNotice()).toMatchObject({ title: 'Speaker Off', description: 'Audio through earpiece' });
    await act(() => c.store.toggleSpeaker());
    await hungUp(c);
    expect(audio.selected.at(-1)).toBe('default');
  });

  test('speaker where the browser cannot choose the output, or has no other: it says so and nothing toggles', async () => {
    const c = testCalling();
    await answered(c);
    c.device().audio!.isOutputSelectionSupported = false;
    await act(() => c.store.toggleSpeaker());
    expect(c.lastNotice()).toEqual(callToasts.speakerUnsupported);
    expect(call(c).isSpeaker).toBe(false);

    c.device().audio!.isOutputSelectionSupported = true;
    c.device().audio!.availableOutputDevices.delete('speaker');
    c.device().audio!.availableOutputDevices.delete('headset');
    await act(() => c.store.toggleSpeaker());
    expect(c.lastNotice()).toEqual(callToasts.noOtherOutput);
    expect(c.device().audio!.selected).toEqual([]);
  });

  test('digits: only 0-9, *, # and w reach the call (call.sendDigits)', async () => {
    const c = testCalling();
    await answered(c);
    expect(c.store.sendDigits('1')).toBe(true);
    expect(c.store.sendDigits('*#w9')).toBe(true);
    expect(c.store.sendDigits('a')).toBe(false);
    expect(c.store.sendDigits('1+')).toBe(false);
    expect(c.device().call.digits).toEqual(['1']);
    // the second waits for the first key's tone: insertDTMF would drop the keys still to play
    await c.clock.advance(dtmfToneSlotMs);
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

describe('call quality', () => {
  test('good from the samples; a warning turns it fair or poor with a hint; cleared, good again', async () => {
    const c = testCalling();
    await answered(c);
    expect(call(c).quality).toBeNull();
    await on(() => c.device().call.emit('sample', sample({ mos: 4.3, rtt: 45, jitter: 3, packetsLostFraction: 0 })));
    expect(call(c).quality).toEqual({ level: 'good', hint: null, mos: 4.3, rttMs: 45, jitterMs: 3, packetLossPercent: 0 });
    await on(() => c.device().call.emit('warning', 'high-rtt', null));
    expect(call(c).quality).toMatchObject({ level: 'fair', hint: qualityHints.fair });
    await on(() => c.device().call.emit('warning', 'high-packet-loss', null));
    expect(call(c).quality).toMatchObject({ level: 'poor', hint: qualityHints.poor });
    await on(() => c.device().call.emit('warning', 'constant-audio-input-level', null));
    expect(call(c).quality).toMatchObject({ level: 'poor', hint: 'We cannot hear you: check your microphone.' });
    for (const name of ['constant-audio-input-level', 'high-packet-loss', 'high-rtt']) await on(() => c.device().call.emit('warning-cleared', name));
    expect(call(c).quality).toMatchObject({ level: 'good', hint: null });
  });

  test('a low MOS over a few samples without a warning is fair', async () => {
    const c = testCalling();
    await answered(c);
    for (const mos of [3.4, 3.3]) await on(() => c.device().call.emit('sample', sample({ mos })));
    expect(call(c).quality?.level).toBe('good');
    await on(() => c.device().call.emit('sample', sample({ mos: 3.4 })));
    expect(call(c).quality?.level).toBe('fair');
  });

  test("a MOS below the SDK's low-mos threshold is poor before the SDK's warnings start", async () => {
    const c = testCalling();
    await answered(c);
    for (const mos of [1.3, 1.4, 1.2]) await on(() => c.device().call.emit('sample', sample({ mos, packetsLostFraction: 28 })));
    expect(call(c).quality).toMatchObject({ level: 'poor', hint: qualityHints.poor, mos: 1.2 });
    for (const mos of [4.3, 4.4, 4.3]) await on(() => c.device().call.emit('sample', sample({ mos })));
    expect(call(c).quality?.level).toBe('good');
  });

  test('the summary (worst MOS, each warning once) goes to PATCH /api/calls/{id}/quality; the prompt pre-selects the issue', async () => {
    const c = testCalling();
    await answered(c);
    for (const mos of [4.4, 2.87, 3.9]) await on(() => c.device().call.emit('sample', sample({ mos })));
    for (const name of ['high-jitter', 'high-packet-loss', 'high-jitter']) await on(() => c.device().call.emit('warning', name, null));
    await c.clock.advance(5000);
    await hungUp(c);
    expect(c.requests.quality.calls).toEqual([[started().callId, { worstMos: 2.87, warnings: ['high-jitter', 'high-packet-loss'] }]]);
    await c.clock.advance(2000);
    expect(c.store.getSnapshot().feedback?.suggestedIssue).toBe('choppy-audio');
  });

  test('a silent microphone points to one-way audio; a call dropped while reconnecting to a dropped call', async () => {
    const c = testCalling();
    await answered(c);
    await on(() => c.device().call.emit('warning', 'constant-audio-input-level', null));
    await c.clock.advance(3000);
    await hungUp(c);
    await c.clock.advance(2000);
    expect(c.store.getSnapshot().feedback?.suggestedIssue).toBe('one-way-audio');

    const d = testCalling();
    await answered(d);
    await d.clock.advance(3000);
    await on(() => d.device().call.emit('reconnecting', twilioError(53405)));
    await hungUp(d);
    await d.clock.advance(2000);
    expect(d.store.getSnapshot().feedback?.suggestedIssue).toBe('dropped-call');
  });

  test('a call that was never measured sends no summary', async () => {
    const c = testCalling();
    await c.ready();
    await place(c);
    await hungUp(c);
    expect(c.requests.quality.calls).toEqual([]);
  });
});

describe('incoming calls', () => {
  const ringing = async (c: TestCalling, incoming = new TestCall('INCOMING', { CallSid: SID, From: '+447700900999' })) => {
    await c.ready();
    await act(async () => c.device().emit('incoming', incoming));
    return incoming;
  };

  test('connecting with the caller as "to"; Accept answers it (no ICE servers against the simulator), Reject drops it', async () => {
    const c = testCalling();
    const incoming = await ringing(c);
    expect(call(c)).toMatchObject({ hasActiveCall: true, isConnecting: true, incomingPending: true, to: '+447700900999', direction: 'inbound' });
    act(() => c.store.acceptIncoming());
    expect(incoming.acceptOptions).toEqual([{ rtcConfiguration: { iceServers: [] } }]);
    expect(call(c)).toMatchObject({ isActive: true, twilioStatus: 'in-progress', incomingPending: false });

    const d = testCalling();
    const other = await ringing(d, new TestCall('INCOMING', { CallSid: SID, From: '+15550001111' }));
    act(() => d.store.rejectIncoming());
    expect(other.rejected).toBe(true);
    expect(call(d).hasActiveCall).toBe(false);
  });

  test('missed (rung out) or declined: Recent Calls and the missed count are read at once and again 3 s later, when the carrier has told the api', async () => {
    const c = testCalling();
    const incoming = await ringing(c);
    await on(() => incoming.cancel());
    expect(c.invalidations).toBe(1);
    await c.clock.advance(3000);
    expect(c.invalidations).toBe(2);

    const d = testCalling();
    await ringing(d);
    act(() => d.store.rejectIncoming());
    expect(d.invalidations).toBe(0);
    await d.clock.advance(3000);
    expect(d.invalidations).toBe(1);
  });

  test('an incoming call during a call is ignored, not rejected: it is recorded unanswered (missed), not declined', async () => {
    const c = testCalling();
    await answered(c);
    const incoming = new TestCall('INCOMING', { CallSid: 'CA1', From: '+15550001111' });
    await act(async () => c.device().emit('incoming', incoming));
    expect(incoming.rejected).toBe(false);
    expect(incoming.status()).toBe('closed');
    expect(call(c)).toMatchObject({ to: '+447700900123', incomingPending: false, isActive: true });
  });

  test('an Accept that cannot proceed says why: the caller already hung up, or the call ended before it connected', async () => {
    const c = testCalling();
    const gone = await ringing(c);
    gone.state = 'closed';
    await on(() => c.store.acceptIncoming());
    expect(c.lastNotice()).toEqual(notAnsweredNotice);
    expect(call(c).twilioStatus).toBe('canceled');

    const d = testCalling();
    const incoming = await ringing(d);
    // the SDK opens the media after the answer: here the caller leaves first
    incoming.accept = () => void (incoming.state = 'connecting');
    await on(() => d.store.acceptIncoming());
    await on(() => incoming.cancel());
    expect(d.lastNotice()).toEqual(notAnsweredNotice);
    expect(call(d)).toMatchObject({ twilioStatus: 'canceled', isActive: false });

    const e = testCalling();
    const refused = await ringing(e);
    refused.accept = () => void (refused.state = 'connecting');
    await on(() => e.store.acceptIncoming());
    await on(() => refused.fail(twilioError(31005, 'ConnectionError (31005)', { code: 31005, message: 'You already have a call in progress' })));
    for (let i = 0; i < 5; i++) await e.clock.advance(400);
    expect(e.notices).toEqual([{ title: 'Call Not Answered', description: 'You already have a call in progress', variant: 'destructive' }]);
    expect(call(e).twilioStatus).toBe('failed');
  });

  test("asked about by the api's id (the user's call in progress), never by its leg's SID, which the api may not have", async () => {
    const c = testCalling();
    const id = '40000000-0000-4000-8000-0000000000a1';
    const inbound = listedCall({ id, callDirection: 'inbound', destinationNumber: '+12125550199', fromNumber: '+447700900999', status: 'ringing', duration: 0, cost: '0.00', contactName: null });
    c.requests.status.reply = () => {
      throw new ApiError(404, '', 'Not Found');
    };
    await ringing(c);
    // the incoming webhook recorded the call before the browser rang
    c.requests.current.reply = () => inbound;
    await on(() => c.store.acceptIncoming());
    expect(call(c)).toMatchObject({ callId: id, direction: 'inbound', isActive: true });
    expect(c.memory.get()).toBe(id);
    // the backup poll: the current call while it is this one
    c.requests.current.reply = () => ({ ...inbound, status: 'in-progress' });
    await c.clock.advance(5000);
    expect(call(c).isActive).toBe(true);
    // then no longer in progress: its settled figures end it
    c.requests.current.reply = () => null;
    c.requests.recent.reply = () => ({ items: [{ ...inbound, status: 'completed', duration: 12, cost: '0.00' }], nextCursor: null });
    await c.clock.advance(5000);
    expect(call(c)).toMatchObject({ twilioStatus: 'completed', duration: 12, isActive: false });
    expect(c.requests.status.calls).toEqual([]);
    // told here: forgotten once the modal has closed
    await c.clock.advance(2000);
    expect(c.memory.get()).toBeNull();
  });

  test('the final figures of an incoming call the device hung up come by its id', async () => {
    const c = testCalling();
    const id = '40000000-0000-4000-8000-0000000000a2';
    const inbound = listedCall({ id, callDirection: 'inbound', destinationNumber: '+12125550199', fromNumber: '+447700900999', status: 'in-progress', duration: 0, cost: '0.00' });
    const incoming = await ringing(c);
    c.requests.current.reply = () => inbound;
    await on(() => c.store.acceptIncoming());
    c.requests.recent.reply = () => ({ items: [{ ...inbound, status: 'completed', duration: 31, cost: '0.00' }], nextCursor: null });
    await on(() => incoming.hangUp());
    await c.clock.advance(400);
    expect(call(c)).toMatchObject({ twilioStatus: 'completed', duration: 31 });
    expect(c.requests.status.calls).toEqual([]);
  });

  test("another caller's call in progress, or none: the id stays unknown and nothing is polled", async () => {
    const c = testCalling();
    await ringing(c);
    c.requests.current.reply = () => listedCall({ id: '40000000-0000-4000-8000-0000000000a3', callDirection: 'inbound', destinationNumber: '+12125550199', fromNumber: '+15550001111', status: 'ringing' });
    await on(() => c.store.acceptIncoming());
    expect(call(c).callId).toBeNull();
    const asked = c.requests.current.calls.length;
    await c.clock.advance(10_000);
    expect(c.requests.current.calls.length).toBe(asked);
    expect(c.requests.status.calls).toEqual([]);
  });
});

describe('a call in progress after a reload (GET /api/calls/current)', () => {
  const inProgress = listedCall({ id: '40000000-0000-4000-8000-000000000009', destinationNumber: '+447700900123', status: 'in-progress', duration: 0, cost: '0.00', startTime: new Date(-42_000).toISOString(), endTime: null });

  test('is shown with the time since it was answered and no running cost; End Call asks the api, then the settled figures', async () => {
    const c = testCalling();
    c.requests.current.reply = () => inProgress;
    await c.ready();
    expect(call(c)).toMatchObject({ hasActiveCall: true, resumed: true, callId: inProgress.id, to: '+447700900123', twilioStatus: 'in-progress', isActive: true, duration: 42, cost: 0n });
    // one call at a time: the stuck call is in the way, and now on screen
    expect(await place(c)).toBe(false);
    expect(c.lastNotice()?.title).toBe('Call in Progress');
    await c.clock.advance(3000);
    expect(call(c).duration).toBe(45);

    c.requests.recent.reply = () => ({ items: [{ ...inProgress, status: 'completed', duration: 46, cost: '0.02' }], nextCursor: null });
    await on(() => c.store.hangUp());
    expect(c.requests.end.calls).toEqual([[inProgress.id]]);
    expect(call(c)).toMatchObject({ twilioStatus: 'completed', duration: 46, cost: 2n });
    await c.clock.advance(1000);
    expect(c.lastNotice()).toMatchObject({ title: 'Call Ended', description: 'Duration 0:46 · Charged: $0.02' });
    await c.clock.advance(1000);
    expect(call(c).hasActiveCall).toBe(false);
    expect(c.store.getSnapshot().feedback).toBeNull();
  });

  test('ends when the api no longer has it in progress; a charge not settled yet is not guessed', async () => {
    const c = testCalling();
    c.requests.current.reply = () => inProgress;
    await c.ready();
    c.requests.current.reply = () => null;
    await c.clock.advance(5000);
    for (let i = 0; i < 5; i++) await c.clock.advance(400);
    expect(call(c).twilioStatus).toBe('completed');
    await c.clock.advance(1000);
    expect(c.lastNotice()?.description).toContain('The charge will show in Recent Calls');
  });

  test("End Call that fails says so and keeps the call; a 404 (it ended already) ends it", async () => {
    const c = testCalling();
    c.requests.current.reply = () => inProgress;
    await c.ready();
    c.requests.end.reply = () => {
      throw new ApiError(500, '', 'Internal Server Error');
    };
    await on(() => c.store.hangUp());
    expect(c.lastNotice()).toEqual(callToasts.endFailed);
    expect(call(c)).toMatchObject({ hasActiveCall: true, twilioStatus: 'in-progress' });
    c.requests.end.reply = () => {
      throw new ApiError(404, '', 'Not Found');
    };
    await on(() => c.store.hangUp());
    for (let i = 0; i < 5; i++) await c.clock.advance(400);
    expect(call(c).twilioStatus).toBe('completed');
  });

  test('nothing in progress, or a call already on the page: nothing is shown', async () => {
    const c = testCalling();
    await c.ready();
    expect(c.requests.current.calls.length).toBe(1);
    expect(call(c).hasActiveCall).toBe(false);
  });
});

describe('a call that ended while the page was away (a reload mid-call)', () => {
  const id = '40000000-0000-4000-8000-000000000077';
  const ended = listedCall({ id, destinationNumber: '+447700900123', status: 'completed', duration: 65, cost: '0.04', contactName: 'Ada Lovelace' });

  test('the page remembers its call from the start until its end is told here; a session that ends forgets it', async () => {
    const c = testCalling();
    await answered(c);
    expect(c.memory.get()).toBe(started().callId);
    await hungUp(c);
    // the end is on screen ('Call Ended', the notice at 1 s): remembered until the modal closes at 2 s
    expect(c.memory.get()).toBe(started().callId);
    await c.clock.advance(2000);
    expect(call(c).hasActiveCall).toBe(false);
    expect(c.memory.get()).toBeNull();

    const d = testCalling();
    await answered(d);
    expect(d.memory.get()).toBe(started().callId);
    act(() => d.store.destroy());
    expect(d.memory.get()).toBeNull();
  });

  test('a page that goes away ends its call as it unloads (the SDK destroys its device on pagehide): that end, never seen, stays remembered', async () => {
    const c = testCalling();
    await answered(c);
    await on(() => c.device().destroy());
    for (let i = 0; i < 5; i++) await c.clock.advance(400);
    expect(call(c).twilioStatus).toBe('completed');
    // the page is gone before its modal closes
    expect(c.memory.get()).toBe(started().callId);
  });

  test('is told once after the reload, with the contact and the figures the api settled; not again on the next one', async () => {
    await loadPhoneFormat();
    const before = testCalling();
    before.requests.start.reply = () => started({ callId: id });
    await answered(before);
    // the page reloads mid-call: its leg goes with it, and the api ends and bills the call
    const after = testCalling({ memory: before.memory });
    after.requests.recent.reply = () => ({ items: [ended], nextCursor: null });
    await after.ready();
    expect(after.notices).toEqual([{ description: 'Your call to Ada Lovelace ended when the page was closed · 1:05 · Charged $0.04', duration: 10_000 }]);
    expect(call(after).hasActiveCall).toBe(false);
    expect(after.memory.get()).toBeNull();

    const again = testCalling({ memory: after.memory });
    again.requests.recent.reply = () => ({ items: [ended], nextCursor: null });
    await again.ready();
    expect(again.notices).toEqual([]);
  });

  test('the party as the dialer shows it: a number without a contact as every screen formats it, an incoming call its caller', async () => {
    await loadPhoneFormat();
    const outgoing = testCalling({ memory: inMemoryCallMemory(id) });
    outgoing.requests.recent.reply = () => ({ items: [{ ...ended, contactName: null, duration: 5, cost: '0.03' }], nextCursor: null });
    await outgoing.ready();
    expect(outgoing.lastNotice()?.description).toBe('Your call to +44 7700 900123 ended when the page was closed · 0:05 · Charged $0.03');

    const incoming = testCalling({ memory: inMemoryCallMemory(id) });
    incoming.requests.recent.reply = () => ({
      items: [{ ...ended, callDirection: 'inbound', destinationNumber: '+12125550199', fromNumber: '+14155550123', contactName: null, duration: 130, cost: '0.00' }],
      nextCursor: null,
    });
    await incoming.ready();
    expect(incoming.lastNotice()?.description).toBe('Your call to +1 (415) 555-0123 ended when the page was closed · 2:10 · Charged $0.00');
  });

  test('still in progress after the reload: shown as such (its end is told as any end is), nothing else', async () => {
    const c = testCalling({ memory: inMemoryCallMemory(id) });
    c.requests.current.reply = () => ({ ...ended, status: 'in-progress', duration: 0, cost: '0.00', startTime: new Date(-5_000).toISOString(), endTime: null });
    await c.ready();
    expect(call(c)).toMatchObject({ resumed: true, callId: id });
    expect(c.notices).toEqual([]);
    expect(c.memory.get()).toBe(id);
  });

  test('a remembered call the api does not list as ended (another account since): nothing is told, and it is forgotten', async () => {
    const c = testCalling({ memory: inMemoryCallMemory(id) });
    let checked = false;
    await act(async () => {
      void c.store.prepare().then(() => (checked = true));
      await flush();
    });
    // the newest calls are looked at a few times for it
    for (let i = 0; i < 5; i++) await c.clock.advance(400);
    expect(checked).toBe(true);
    expect(c.notices).toEqual([]);
    expect(c.memory.get()).toBeNull();
  });
});
