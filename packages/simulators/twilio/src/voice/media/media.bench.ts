// CPU and memory of N = 50, 100, 200 answered echo calls. The far ends (MediaEnd, echoing after 250 ms as the echo
// destination does) run in one process, as in the simulator's; their browsers (the tests' werift BrowserPeer,
// 50 packets a second each with RFC 6464 levels) in another, so that the far ends' numbers are theirs alone. Each
// N gets fresh processes; SDP goes over HTTP on loopback. Over 5 s, after 2 s of warm-up, it prints: each
// process's CPU as a share of one core, the far ends' RSS before and with the calls, the share of the browsers'
// packets that reached the far ends and that came back, and how late a 10 ms timer fired in the far ends' process (its event loop's lag).
// Asserts nothing. `bun media.bench.ts` runs it all; the roles (`far-ends`, `browsers N port`) are its children.
import { BrowserPeer } from '../testing.ts';
import { MediaEnd } from './media-end.ts';

const sizes = [50, 100, 200];
const warmUpMs = 2000;
const measureMs = 5000;
const packetsPerSecond = 50;

/** A window of one process's CPU and its event loop's lag. */
function startWindow() {
  const lags: number[] = [];
  let expected = performance.now() + 10;
  const probe = setInterval(() => {
    const now = performance.now();
    lags.push(Math.max(0, now - expected));
    expected = now + 10;
  }, 10);
  const cpu = process.cpuUsage();
  const wall = performance.now();
  return () => {
    clearInterval(probe);
    const used = process.cpuUsage(cpu);
    lags.sort((a, b) => a - b);
    return {
      cpuShare: (used.user + used.system) / 1000 / (performance.now() - wall),
      lagP99Ms: lags[Math.floor(lags.length * 0.99)] ?? 0,
      lagMaxMs: lags.at(-1) ?? 0,
      rssMb: process.memoryUsage().rss / 2 ** 20,
    };
  };
}

type Window = ReturnType<ReturnType<typeof startWindow>>;

type Result = { calls: number; setUpS: number; echoedShare: number; far: Window & { rssBaseMb: number; received: number }; browsers: Window } | { crashed: string };

async function farEnds(): Promise<void> {
  const rssBaseMb = process.memoryUsage().rss / 2 ** 20;
  const ends: MediaEnd[] = [];
  const packets = () => ends.reduce((sum, end) => sum + end.report().received.packets, 0);
  let stop: (() => Window) | null = null;
  let receivedBefore = 0;
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      const path = new URL(request.url).pathname;
      if (path === '/offer') {
        const end = await MediaEnd.answering(await request.text(), { log: (message, error) => console.error(message, error) });
        end.play({ kind: 'echo', delayMs: 250 });
        ends.push(end);
        return new Response(end.localSdp);
      }
      if (path === '/start') {
        receivedBefore = packets();
        stop = startWindow();
      }
      if (path === '/stop' && stop) return Response.json({ ...stop(), rssBaseMb, received: packets() - receivedBefore });
      return new Response(null, { status: path === '/start' ? 204 : 404 });
    },
  });
  console.log(server.port);
}

async function browsers(calls: number, port: number): Promise<void> {
  const farEnd = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const peers: BrowserPeer[] = [];
  const answered = async () => {
    const browser = new BrowserPeer();
    peers.push(browser);
    const answer = await (await fetch(`${farEnd}/offer`, { method: 'POST', body: await browser.offer() })).text();
    await browser.accept(answer);
    await browser.connected(30_000);
    browser.talk();
  };
  // a few at a time, as calls arrive
  for (let i = 0; i < calls; i += 10) await Promise.all(Array.from({ length: Math.min(10, calls - i) }, answered));
  const setUpS = (performance.now() - started) / 1000;
  await Bun.sleep(warmUpMs);
  await fetch(`${farEnd}/start`);
  const receivedBefore = peers.reduce((sum, peer) => sum + peer.received, 0);
  const stop = startWindow();
  const wall = performance.now();
  await Bun.sleep(measureMs);
  const own = stop();
  const received = peers.reduce((sum, peer) => sum + peer.received, 0) - receivedBefore;
  const echoedShare = received / (calls * packetsPerSecond * ((performance.now() - wall) / 1000));
  const far = (await (await fetch(`${farEnd}/stop`)).json()) as Window & { rssBaseMb: number };
  console.log(JSON.stringify({ calls, setUpS, echoedShare, far, browsers: own }));
  process.exit(0);
}

const [role, first, second] = process.argv.slice(2);
const crashed = (error: unknown) => {
  console.log(JSON.stringify({ crashed: String(error) }));
  process.exit(1);
};
if (role === 'far-ends') {
  process.on('uncaughtException', crashed);
  await farEnds();
} else if (role === 'browsers') {
  process.on('uncaughtException', crashed);
  await browsers(Number(first), Number(second));
} else {
  const lastLine = async (stream: ReadableStream<Uint8Array>) => (await new Response(stream).text()).trim().split('\n').at(-1) ?? '';
  console.log(`answered echo calls: far ends in one process, their browsers in another; over ${measureMs / 1000} s`);
  console.log('calls  set-up │ far ends: CPU   RSS before → with calls (per call)   timer lag p99 / max │ browsers: CPU │ packets arrived  echoed back');
  for (const calls of sizes) {
    const far = Bun.spawn(['bun', import.meta.path, 'far-ends'], { stdout: 'pipe', stderr: 'inherit' });
    const reader = far.stdout.getReader();
    const port = Number(new TextDecoder().decode((await reader.read()).value).trim());
    const browserProcess = Bun.spawn(['bun', import.meta.path, 'browsers', String(calls), String(port)], { stdout: 'pipe', stderr: 'inherit' });
    const line = await lastLine(browserProcess.stdout);
    far.kill();
    let result: Result | null = null;
    try {
      result = JSON.parse(line) as Result;
    } catch {
      result = null;
    }
    if (!result || 'crashed' in result) {
      console.log(`${String(calls).padStart(5)}  failed: ${result?.crashed ?? (line || 'no result')}`);
      continue;
    }
    const perCallKb = ((result.far.rssMb - result.far.rssBaseMb) * 1024) / calls;
    const arrived = result.far.received / (calls * packetsPerSecond * (measureMs / 1000));
    const percent = (share: number, width: number) => `${(share * 100).toFixed(0)} %`.padStart(width);
    console.log(
      `${String(calls).padStart(5)}  ${result.setUpS.toFixed(1).padStart(4)} s │ ${percent(result.far.cpuShare, 13)}   ` +
        `${result.far.rssBaseMb.toFixed(0).padStart(4)} → ${result.far.rssMb.toFixed(0).padStart(4)} MB (${perCallKb.toFixed(0)} KB)` +
        `       ${result.far.lagP99Ms.toFixed(1).padStart(5)} / ${result.far.lagMaxMs.toFixed(1).padStart(5)} ms │ ${percent(result.browsers.cpuShare, 13)} │ ` +
        `${percent(arrived, 15)}  ${percent(result.echoedShare, 11)}`,
    );
  }
}
