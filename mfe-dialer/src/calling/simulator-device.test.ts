// The simulator device over fakes: an EventSource the test drives, a recording fetch, a fake microphone and audio.
import { beforeEach, describe, expect, test } from 'bun:test';
import type { SimulatorEvent } from '@ringwise/contract/simulator-voice';
import type { CallHandle, CallingDevice, CallingError } from './device.ts';
import { defaultDeviceOptions } from './device.ts';
import { createSimulatorDeviceWith, echoDelaySeconds, tokenExpiryMs, type AudioLike, type EventSourceLike, type SimulatorDeviceEnvironment } from './simulator-device.ts';

class FakeSource implements EventSourceLike {
  readonly listeners = new Map<string, Array<(event: { data?: unknown }) => void>>();
  closed = false;
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: { data?: unknown }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(event: SimulatorEvent) {
    for (const listener of this.listeners.get(event.type) ?? []) listener({ data: JSON.stringify(event) });
  }
}

function jwt(expSeconds: number): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256', typ: 'JWT', cty: 'twilio-fpa;v=1' })}.${part({ exp: expSeconds, grants: { identity: 'alice' } })}.sig`;
}

interface Harness {
  device: CallingDevice;
  sources: FakeSource[];
  requests: Array<{ url: string; auth: string | null; body: unknown }>;
  audio: string[];
  tracks: Array<{ enabled: boolean; stopped: boolean }>;
  timers: Array<{ at: number; run: () => void; done: boolean }>;
  runTimers(untilMs: number): void;
  respond: (url: string) => Response;
  media: { fail: unknown };
  now: { ms: number };
}

async function ticks(n = 5) {
  for (let i = 0; i < n; i++) await Promise.resolve();
}

function harness(token = jwt(3600), options: { noMedia?: boolean } = {}): Harness {
  const h = {
    sources: [] as FakeSource[],
    requests: [] as Harness['requests'],
    audio: [] as string[],
    tracks: [] as Harness['tracks'],
    timers: [] as Harness['timers'],
    media: { fail: null as unknown },
    now: { ms: 0 },
    respond: (url: string) =>
      url.endsWith('/calls') ? new Response(JSON.stringify({ callSid: 'CA1', parameters: { CallSid: 'CA1', To: '+14155551234' } }), { status: 201 }) : new Response(null, { status: 204 }),
  } as Harness;
  const fakeAudio = (): AudioLike => ({
    ringback: () => (h.audio.push('ringback'), () => h.audio.push('ringback-stop')),
    echo: (_stream, delay) => (h.audio.push(`echo ${delay}`), () => h.audio.push('echo-stop')),
    close: () => h.audio.push('close'),
  });
  const environment: SimulatorDeviceEnvironment = {
    fetch: async (url, init) => {
      h.requests.push({ url, auth: new Headers(init.headers).get('authorization'), body: JSON.parse(String(init.body)) });
      return h.respond(url);
    },
    openEventSource: (url) => {
      const source = new FakeSource(url);
      h.sources.push(source);
      return source;
    },
    mediaDevices: options.noMedia
      ? undefined
      : {
          getUserMedia: async () => {
            if (h.media.fail) throw h.media.fail;
            const track = { enabled: true, stopped: false, stop: () => (track.stopped = true) };
            h.tracks.push(track);
            return { getAudioTracks: () => [track], getTracks: () => [track] } as unknown as MediaStream;
          },
        },
    createAudio: fakeAudio,
    setTimeout: (run, ms) => {
      const timer = { at: h.now.ms + ms, run, done: false };
      h.timers.push(timer);
      return timer;
    },
    clearTimeout: (handle) => {
      (handle as { done: boolean }).done = true;
    },
    now: () => h.now.ms,
    origin: 'https://app.example',
  };
  h.runTimers = (untilMs) => {
    h.now.ms = untilMs;
    for (const timer of h.timers) {
      if (timer.done || timer.at > untilMs) continue;
      timer.done = true;
      timer.run();
    }
  };
  h.device = createSimulatorDeviceWith(() => environment)(token, { ...defaultDeviceOptions, origin: 'https://app.example' });
  return h;
}

async function registered(h: Harness) {
  const registering = h.device.register();
  h.sources.at(-1)?.emit({ type: 'registered', identity: 'alice' });
  await registering;
}

async function placed(h: Harness): Promise<CallHandle> {
  const call = await h.device.connect({ params: { To: '+14155551234', callId: 'c1' } });
  h.runTimers(h.now.ms);
  await ticks(10);
  return call;
}

describe('the simulator device', () => {
  let h: Harness;
  beforeEach(() => {
    h = harness();
  });

  test('register opens the event stream with the token and resolves on registered', async () => {
    const states: string[] = [];
    h.device.on('registering', () => states.push('registering'));
    h.device.on('registered', () => states.push('registered'));
    await registered(h);
    expect(h.sources[0]?.url).toBe(`https://app.example/sim/twilio/voice/events?token=${encodeURIComponent(jwt(3600))}`);
    expect(h.device.state).toBe('registered');
    expect(states).toEqual(['registering', 'registered']);
  });

  test('a refused token is a device error (20104) and unregisters', async () => {
    const errors: CallingError[] = [];
    h.device.on('error', (error) => errors.push(error));
    const registering = h.device.register();
    h.sources[0]?.emit({ type: 'error', code: 20104, message: 'expired' });
    await expect(registering).rejects.toMatchObject({ code: 20104 });
    expect(errors[0]).toMatchObject({ code: 20104, name: 'AccessTokenExpired' });
    expect(h.device.state).toBe('unregistered');
    expect(h.sources[0]?.closed).toBe(true);
  });

  test('tokenWillExpire fires tokenRefreshMs before exp; updateToken reconnects the stream', async () => {
    expect(tokenExpiryMs(jwt(3600))).toBe(3_600_000);
    let fired = 0;
    h.device.on('tokenWillExpire', () => fired++);
    await registered(h);
    h.runTimers(3_600_000 - 10_001);
    expect(fired).toBe(0);
    h.runTimers(3_600_000 - 10_000);
    expect(fired).toBe(1);
    h.device.updateToken(jwt(7200));
    expect(h.sources[0]?.closed).toBe(true);
    expect(h.sources[1]?.url).toContain(encodeURIComponent(jwt(7200)));
    h.sources[1]?.emit({ type: 'registered', identity: 'alice' });
    expect(h.device.state).toBe('registered');
    h.runTimers(7_200_000 - 10_000);
    expect(fired).toBe(2);
  });

  test('an outgoing call: microphone, POST calls, ringback while ringing, echo once answered, mute, digits, disconnect', async () => {
    await registered(h);
    const call = await placed(h);
    const events: string[] = [];
    call.on('ringing', () => events.push('ringing'));
    call.on('accept', () => events.push('accept'));
    call.on('mute', (muted) => events.push(`mute ${muted}`));
    call.on('disconnect', () => events.push('disconnect'));
    expect(h.requests[0]).toEqual({ url: 'https://app.example/sim/twilio/voice/calls', auth: `Bearer ${jwt(3600)}`, body: { params: { To: '+14155551234', callId: 'c1' } } });
    expect(call.sid()).toBe('CA1');
    expect(h.device.isBusy).toBe(true);
    await expect(h.device.connect({ params: {} })).rejects.toMatchObject({ name: 'InvalidStateError' });
    h.sources[0]?.emit({ type: 'call', callSid: 'CA1', status: 'ringing', direction: 'OUTGOING' });
    expect(call.status()).toBe('ringing');
    expect(h.audio).toEqual(['ringback']);
    h.sources[0]?.emit({ type: 'call', callSid: 'CA1', status: 'in-progress', direction: 'OUTGOING' });
    expect(call.status()).toBe('open');
    expect(h.audio).toEqual(['ringback', 'ringback-stop', `echo ${echoDelaySeconds}`]);
    call.mute(true);
    expect(call.isMuted()).toBe(true);
    expect(h.tracks[0]?.enabled).toBe(false);
    call.sendDigits('12#w*');
    expect(() => call.sendDigits('12a')).toThrow(expect.objectContaining({ name: 'InvalidArgumentError' }));
    call.disconnect();
    await ticks();
    expect(h.requests.slice(1).map((r) => [r.url.replace('https://app.example/sim/twilio/voice', ''), r.body])).toEqual([
      ['/calls/CA1/digits', { digits: '12#w*' }],
      ['/calls/CA1/hangup', {}],
    ]);
    expect(events).toEqual(['ringing', 'accept', 'mute true', 'disconnect']);
    expect(h.tracks[0]?.stopped).toBe(true);
    expect(h.audio.slice(-2)).toEqual(['echo-stop', 'close']);
    expect(h.device.isBusy).toBe(false);
  });

  test('the far end ending the call (busy) disconnects it; events that overtake the POST answer are kept', async () => {
    await registered(h);
    const call = await h.device.connect({ params: { To: '+14155550002' } });
    // the stream tells before the POST has answered
    h.sources[0]?.emit({ type: 'call', callSid: 'CA1', status: 'busy', direction: 'OUTGOING' });
    let disconnected = false;
    call.on('disconnect', () => (disconnected = true));
    h.runTimers(0);
    await ticks(10);
    expect(disconnected).toBe(true);
    expect(call.status()).toBe('closed');
  });

  for (const [name, code, errorName] of [
    ['NotAllowedError', 31401, 'PermissionDeniedError'],
    ['PermissionDeniedError', 31401, 'PermissionDeniedError'],
    ['NotFoundError', 31402, 'AcquisitionFailedError'],
  ] as const) {
    test(`getUserMedia's ${name} is ${code} and the call disconnects`, async () => {
      h.media.fail = new DOMException('no', name);
      const call = await h.device.connect({ params: { To: '+1' } });
      const seen: string[] = [];
      call.on('error', (error) => seen.push(`${error.code} ${error.name}`));
      call.on('disconnect', () => seen.push('disconnect'));
      h.runTimers(0);
      await ticks(10);
      expect(seen).toEqual([`${code} ${errorName}`, 'disconnect']);
      expect(h.requests).toEqual([]);
    });
  }

  test('without mediaDevices the call fails with 31402', async () => {
    h = harness(jwt(3600), { noMedia: true });
    const call = await h.device.connect({ params: { To: '+1' } });
    const codes: number[] = [];
    call.on('error', (error) => codes.push(error.code));
    h.runTimers(0);
    await ticks(10);
    expect(codes).toEqual([31402]);
    expect(call.status()).toBe('closed');
  });

  test('incoming calls: pending, accept (microphone, then POST accept), reject, ignore; another device answering cancels', async () => {
    await registered(h);
    const calls: CallHandle[] = [];
    h.device.on('incoming', (call) => calls.push(call));
    h.sources[0]?.emit({ type: 'incoming', callSid: 'CA2', parameters: { CallSid: 'CA2', From: '+14155550100', To: 'client:alice' } });
    const call = calls[0] as CallHandle;
    expect(call.status()).toBe('pending');
    expect(call.direction).toBe('INCOMING');
    expect(call.parameters.From).toBe('+14155550100');
    expect(h.device.isBusy).toBe(false);
    let accepted = false;
    call.on('accept', () => (accepted = true));
    call.accept();
    await ticks(10);
    expect(h.requests.at(-1)?.url).toBe('https://app.example/sim/twilio/voice/calls/CA2/accept');
    h.sources[0]?.emit({ type: 'call', callSid: 'CA2', status: 'in-progress', direction: 'INCOMING' });
    expect(accepted).toBe(true);
    expect(call.status()).toBe('open');
    h.sources[0]?.emit({ type: 'call', callSid: 'CA2', status: 'completed', direction: 'INCOMING' });
    expect(call.status()).toBe('closed');

    h.sources[0]?.emit({ type: 'incoming', callSid: 'CA3', parameters: { CallSid: 'CA3' } });
    let rejected = false;
    calls[1]?.on('reject', () => (rejected = true));
    calls[1]?.reject();
    await ticks();
    expect(rejected).toBe(true);
    expect(h.requests.at(-1)?.url).toBe('https://app.example/sim/twilio/voice/calls/CA3/reject');

    h.sources[0]?.emit({ type: 'incoming', callSid: 'CA4', parameters: { CallSid: 'CA4' } });
    const before = h.requests.length;
    calls[2]?.ignore();
    expect(calls[2]?.status()).toBe('closed');
    expect(h.requests.length).toBe(before);

    h.sources[0]?.emit({ type: 'incoming', callSid: 'CA5', parameters: { CallSid: 'CA5' } });
    let canceled = false;
    calls[3]?.on('cancel', () => (canceled = true));
    h.sources[0]?.emit({ type: 'call', callSid: 'CA5', status: 'in-progress', direction: 'INCOMING' });
    expect(canceled).toBe(true);
  });

  test('destroy closes the stream and the calls', async () => {
    await registered(h);
    const call = await placed(h);
    let destroyed = false;
    h.device.on('destroyed', () => (destroyed = true));
    h.device.destroy();
    expect(destroyed).toBe(true);
    expect(h.device.state).toBe('destroyed');
    expect(h.sources[0]?.closed).toBe(true);
    expect(call.status()).toBe('closed');
    await expect(h.device.connect({ params: {} })).rejects.toMatchObject({ name: 'InvalidStateError' });
  });
});
