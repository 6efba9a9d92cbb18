import { afterEach, expect, test } from 'bun:test';
import { withSignallingSocket } from './signalling-socket.ts';

const happyDOM = (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM;
const original = globalThis.WebSocket;
afterEach(() => {
  globalThis.WebSocket = original;
  happyDOM.setURL('about:blank');
});

/** A WebSocket that only remembers where it was asked to connect. */
class Recorder {
  static readonly OPEN = 1;
  readonly url: string;
  constructor(url: string | URL) {
    this.url = String(url);
  }
}

const chunderw = 'localhost:3000/sim/twilio/voice';
/** What the SDK's transport would take as `globalThis.WebSocket` while its module loads. */
const loadedWith = (page: string, host: string | null) => {
  happyDOM.setURL(page);
  globalThis.WebSocket = Recorder as unknown as typeof WebSocket;
  return withSignallingSocket(host, async () => globalThis.WebSocket as unknown as typeof Recorder);
};

test("on an http page the simulator's wss://<chunderw>/signal opens as ws://, every other address as given; restored after", async () => {
  const Taken = await loadedWith('http://localhost:3000/home', chunderw);
  expect(new Taken(`wss://${chunderw}/signal`).url).toBe(`ws://${chunderw}/signal`);
  expect(new Taken('wss://localhost:3000/sim/twilio/voice/other').url).toBe('wss://localhost:3000/sim/twilio/voice/other');
  expect(new Taken('ws://localhost:3001/rspack-hmr').url).toBe('ws://localhost:3001/rspack-hmr');
  // the SDK compares readyState with WebSocket.OPEN of the class it took
  expect(Taken.OPEN).toBe(1);
  expect(new Taken(`wss://${chunderw}/signal`)).toBeInstanceOf(Recorder);
  expect(globalThis.WebSocket).toBe(Recorder as unknown as typeof WebSocket);
});

test('on an https page, or against Twilio itself, the WebSocket is left alone', async () => {
  expect(await loadedWith('https://app.example.com/home', chunderw)).toBe(Recorder);
  expect(await loadedWith('http://localhost:3000/home', null)).toBe(Recorder);
});

for (const order of ['the first', 'the second'] as const) {
  test(`two loads at once, ${order} done first: both take the rewriting class, and the page gets its own back after both`, async () => {
    happyDOM.setURL('http://localhost:3000/home');
    globalThis.WebSocket = Recorder as unknown as typeof WebSocket;
    const taken = () => globalThis.WebSocket as unknown as typeof Recorder;
    const finish: Array<() => void> = [];
    const loads = [0, 1].map(() => withSignallingSocket(chunderw, () => new Promise<typeof Recorder>((resolve) => finish.push(() => resolve(taken())))));
    const [early, late] = order === 'the first' ? [0, 1] : [1, 0];
    finish[early]!();
    const EarlyTook = await loads[early]!;
    expect(globalThis.WebSocket).not.toBe(Recorder as unknown as typeof WebSocket);
    finish[late]!();
    const LateTook = await loads[late]!;
    expect(LateTook).toBe(EarlyTook);
    expect(new LateTook(`wss://${chunderw}/signal`).url).toBe(`ws://${chunderw}/signal`);
    expect(globalThis.WebSocket).toBe(Recorder as unknown as typeof WebSocket);
  });
}
