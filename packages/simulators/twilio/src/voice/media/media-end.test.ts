// The far end at the scale of a busy simulator, how it measures a browser's audio (RFC 6464 levels, or the Opus
// flags without them), and what a failure in one of its timers does: it ends that end, and only that end.
import { afterEach, expect, spyOn, test } from 'bun:test';
import { RTCRtpSender } from 'werift';
import { BrowserPeer } from '../testing.ts';
import { silenceRms } from './audio-level.ts';
import { MediaEnd, type MediaEndOptions } from './media-end.ts';
import type { ToneKind } from './tones.ts';

const open: Array<{ close(): void }> = [];
afterEach(() => {
  for (const item of open.splice(0)) item.close();
});

async function until(condition: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(5);
  }
}

/** What an end reported through its options. */
function recorded() {
  const logs: Array<{ message: string; error: unknown }> = [];
  const failures: unknown[] = [];
  const options: MediaEndOptions = { log: (message, error) => logs.push({ message, error }), onFailure: (error) => failures.push(error) };
  return { logs, failures, options };
}

/** A far end answering a browser's offer, connected. */
async function pair(options: MediaEndOptions = {}, browser = new BrowserPeer()) {
  open.push(browser);
  const end = await MediaEnd.answering(await browser.offer(), options);
  open.push(end);
  await browser.accept(end.localSdp);
  await browser.connected();
  return { end, browser };
}

const ssrcOf = (end: MediaEnd) => Number(/^a=ssrc:(\d+)/m.exec(end.localSdp)?.[1]);

/** werift's sender throws for this end's packets only (the way a broken packet or socket would). */
function breakSending(end: MediaEnd) {
  const ssrc = ssrcOf(end);
  const original = RTCRtpSender.prototype.sendRtp;
  return spyOn(RTCRtpSender.prototype, 'sendRtp').mockImplementation(function (this: RTCRtpSender, ...args: Parameters<RTCRtpSender['sendRtp']>) {
    if (this.ssrc === ssrc) throw new Error('injected send failure');
    return original.apply(this, args);
  });
}

test('300 far ends play their tones side by side in one process (a codec each crashed it), 20 of them to a connected browser', async () => {
  const { logs, failures, options } = recorded();
  const kinds: ToneKind[] = ['ringback', 'tone', 'menu'];
  const ends: MediaEnd[] = [];
  for (let batch = 0; batch < 300; batch += 25) {
    ends.push(...(await Promise.all(Array.from({ length: 25 }, () => MediaEnd.offering(options)))));
  }
  open.push(...ends);
  ends.forEach((end, i) => end.play({ kind: kinds[i % 3] as ToneKind }));
  for (const end of ends.filter((_, i) => i % 3 === 2)) end.answerKey('5');
  const browsers = await Promise.all(
    ends.slice(0, 20).map(async (end) => {
      const browser = new BrowserPeer();
      open.push(browser);
      await end.accept(await browser.answer(end.localSdp));
      return browser;
    }),
  );
  for (const browser of browsers) await browser.connected();
  const sentBefore = ends.map((end) => end.report().sent.packets);
  await Bun.sleep(1000);
  expect(failures).toEqual([]);
  expect(logs).toEqual([]);
  ends.forEach((end, i) => {
    expect(end.report().state).not.toBe('closed');
    // about 50 packets a second each, on a loaded 2-core machine
    expect(end.report().sent.packets - (sentBefore[i] as number)).toBeGreaterThan(25);
  });
  await until(() => browsers.every((browser) => browser.received > 25), 'the tones at the browsers');
}, 60_000);

test('a browser that sends RFC 6464 audio levels: its tone is voiced, its muted microphone silent', async () => {
  const { end, browser } = await pair();
  browser.talk();
  await until(() => end.report().received.frames >= 30, 'the tone');
  const talking = end.report().received;
  expect(talking.measuredBy).toBe('audio-level');
  expect(talking.voicedFrames).toBe(talking.frames);
  // ringback's two sines at 6000: RMS 3000 (21 -dBov)
  expect(talking.peakRms).toBeGreaterThan(2500);
  expect(talking.peakRms).toBeLessThan(4000);
  browser.muted = true;
  await until(() => end.report().received.frames >= talking.frames + 40, 'silence');
  const muted = end.report().received;
  expect(muted.lastRms).toBe(0);
  // the frames already on their way when it muted are the only voiced ones since
  expect(muted.voicedFrames - talking.voicedFrames).toBeLessThan(5);
  const voicedWhileMuted = muted.voicedFrames;
  browser.muted = false;
  await until(() => end.report().received.voicedFrames > voicedWhileMuted + 10, 'the tone again');
});

test('a browser that sends no audio levels: the Opus flags tell its tone from its muted microphone', async () => {
  const { end, browser } = await pair({}, new BrowserPeer({ audioLevels: false }));
  expect(end.localSdp).not.toContain('ssrc-audio-level');
  browser.talk();
  await until(() => end.report().received.frames >= 30, 'the tone');
  const talking = end.report().received;
  expect(talking.measuredBy).toBe('opus-flags');
  expect(talking.voicedFrames).toBe(talking.frames);
  expect(talking.peakRms).toBe(silenceRms);
  browser.muted = true;
  await until(() => end.report().received.frames >= talking.frames + 40, 'silence');
  const muted = end.report().received;
  expect(muted.lastRms).toBe(0);
  expect(muted.voicedFrames - talking.voicedFrames).toBeLessThan(5);
});

test('an error in a timer or a subscription ends that far end, reported once, and no other', async () => {
  const cases: Array<{ what: RegExp; start: (victim: MediaEnd, browser: BrowserPeer) => Promise<void> | void; options?: Partial<MediaEndOptions> }> = [
    // the packet clock sends the tone at once
    { what: /the packet clock/, start: (victim) => void (victim.play({ kind: 'tone' }), breakSending(victim)) },
    // the echo sends each packet back 30 ms later
    {
      what: /a delayed send/,
      start: (victim, browser) => {
        victim.play({ kind: 'echo', delayMs: 30 });
        breakSending(victim);
        browser.talk();
      },
    },
    // a key arriving: the packet handler calls onKey
    {
      what: /receiving audio/,
      start: (_, browser) => browser.pressKey(5),
      options: {
        onKey: () => {
          throw new Error('injected key failure');
        },
      },
    },
    // the watchdog reports an idle browser
    {
      what: /the inactivity watchdog/,
      start: (victim) =>
        victim.watch(() => {
          throw new Error('injected watchdog failure');
        }, 30),
    },
  ];
  for (const { what, start, options } of cases) {
    const { logs, failures, options: reporting } = recorded();
    const { end: victim, browser } = await pair({ ...reporting, ...options });
    const { end: bystander, browser: listener } = await pair();
    bystander.play({ kind: 'ringback' });
    await start(victim, browser);
    await until(() => failures.length > 0, `the failure of ${String(what)}`);
    (RTCRtpSender.prototype.sendRtp as { mockRestore?: () => void }).mockRestore?.();
    expect(victim.report().state).toBe('closed');
    expect(logs).toEqual([{ message: expect.stringMatching(what), error: expect.any(Error) }]);
    // the other call goes on
    const heard = listener.received;
    await until(() => listener.received > heard + 10, 'the other call still playing');
    expect(bystander.report().state).toBe('connected');
    await Bun.sleep(60);
    expect(failures).toHaveLength(1);
    for (const item of open.splice(0)) item.close();
  }
}, 30_000);
