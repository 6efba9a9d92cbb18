// Huge request bodies against a real api process, alone (no stand-ins), on PGlite and on PostgreSQL (issue: webhook
// bodies read whole before being refused): parallel chunked 100 MB POSTs (no Content-Length, so only what arrives
// tells their size) to the four Twilio webhooks, /webhooks/stripe and /api, unsigned. Each is refused with the
// route's own answer (413 and the error envelope; 401 on /api, whose session gate comes before its body) while the
// client is still sending, the api's memory (VmRSS of its process) grows by less than 100 MB and comes back, and
// /api/health answers 200 all along. The bodies are streams made as they are sent: this process holds 64 KB of them.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { routes } from '@ringwise/contract/routes';
import { webhooks } from '@ringwise/contract/webhooks';
import { createThrowawayDatabase, postgresReachable, type ThrowawayDatabase } from '@ringwise/test-postgres';
import { startApiProcesses, type ApiProcesses } from './testing/api-processes.ts';

const hasPostgres = await postgresReachable();
const MB = 1024 * 1024;
const bodyBytes = 100 * MB;
const chunk = new Uint8Array(64 * 1024).fill('a'.charCodeAt(0));

/** A change in MB, signed. */
const signed = (mb: number) => `${mb >= 0 ? '+' : '-'}${Math.abs(mb).toFixed(0)}`;

/** The resident memory of process `pid`, in MB. */
const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/** `total` bytes of `a` (after `prefix`), made chunk by chunk as the request pulls them; `sent` counts what was pulled. */
function streamedBody(total: number, prefix = '') {
  const counter = { sent: 0 };
  let first = true;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.sent >= total) return controller.close();
      const next = first && prefix ? new TextEncoder().encode(prefix) : chunk;
      first = false;
      counter.sent += next.byteLength;
      controller.enqueue(next);
    },
  });
  return { stream, counter };
}

interface Attack {
  path: string;
  headers: Record<string, string>;
  /** What the route answers: the status and the envelope's code. */
  status: number;
  code: string;
}

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const twilio = (path: string, signed: boolean): Attack => ({
  path,
  headers: { ...form, ...(signed ? { 'x-twilio-signature': 'bm90IGEgc2lnbmF0dXJl' } : {}) },
  status: 413,
  code: 'payload_too_large',
});
const stripe = (signed: boolean): Attack => ({
  path: webhooks.stripeEvents.path,
  headers: { 'content-type': 'application/json', ...(signed ? { 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` } : {}) },
  status: 413,
  code: 'payload_too_large',
});
// two to each webhook (one with a signature header that would not verify: the size is refused first, whatever the
// signature), and one to a JSON route of /api (its session gate refuses it before anything of the body is read)
const attacks: Attack[] = [
  twilio(webhooks.twilioVoice.path, false),
  twilio(webhooks.twilioVoice.path, true),
  twilio(webhooks.twilioCallStatus.path, false),
  twilio(webhooks.twilioCallStatus.path, true),
  twilio(webhooks.twilioIncoming.path, false),
  twilio(webhooks.twilioIncoming.path, true),
  twilio(webhooks.twilioCallerId.path, false),
  twilio(webhooks.twilioCallerId.path, true),
  stripe(false),
  stripe(true),
  { path: routes.createContact.path, headers: { 'content-type': 'application/json' }, status: 401, code: 'unauthorized' },
];

for (const engine of ['PGlite', 'PostgreSQL'] as const) {
  describe.skipIf(engine === 'PostgreSQL' && !hasPostgres)(`100 MB bodies against one api process on ${engine}`, () => {
    let database: ThrowawayDatabase | undefined;
    let api: ApiProcesses;
    let origin: string;
    let pid: number;

    beforeAll(async () => {
      if (engine === 'PostgreSQL') database = await createThrowawayDatabase();
      api = await startApiProcesses(1, { ...(database ? { databaseUrl: database.url } : {}), standIns: false });
      origin = api.origins[0]!;
      pid = api.pids[0]!;
    }, 120_000);
    afterAll(async () => {
      await api?.stop();
      await database?.drop();
    });

    test(`${attacks.length} parallel chunked 100 MB POSTs: each refused while it streams, the api's memory grows < 100 MB and comes back, /api/health 200 throughout`, async () => {
      // every route once with a small unsigned body first, so that what the first requests load is in the baseline
      for (const attack of attacks) await fetch(`${origin}${attack.path}`, { method: 'POST', headers: attack.headers, body: 'a=1' }).then((r) => r.arrayBuffer());
      await Bun.sleep(500);
      const before = rssOf(pid);
      let peak = before;
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          peak = Math.max(peak, rssOf(pid));
          await Bun.sleep(10);
        }
      })();
      const health: { status: number; ms: number }[] = [];
      let probing = true;
      const prober = (async () => {
        while (probing) {
          const started = performance.now();
          const status = await fetch(`${origin}/api/health`).then((r) => r.status, () => 0);
          health.push({ status, ms: performance.now() - started });
          await Bun.sleep(50);
        }
      })();

      const started = performance.now();
      const results = await Promise.all(
        attacks.map(async (attack) => {
          const { stream, counter } = streamedBody(bodyBytes, attack.headers['content-type'] === 'application/json' ? '{"a":"' : 'a=');
          const res = await fetch(`${origin}${attack.path}`, { method: 'POST', headers: attack.headers, body: stream, duplex: 'half' } as RequestInit);
          const sentWhenAnswered = counter.sent;
          const body = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
          return { attack, status: res.status, body, sentWhenAnswered, ms: performance.now() - started };
        }),
      );
      const elapsed = performance.now() - started;
      // a few seconds more of probing, then the memory after
      await Bun.sleep(3000);
      probing = false;
      await prober;
      sampling = false;
      await sampler;
      const after = rssOf(pid);

      const sentMb = results.map((r) => r.sentWhenAnswered / MB);
      console.log(
        `[oversized-bodies] ${engine}: api RSS before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB (${signed(peak - before)}), ` +
          `after ${after.toFixed(0)} MB (${signed(after - before)}); ${results.length} requests answered in ${elapsed.toFixed(0)} ms, ` +
          `each after at most ${Math.max(...sentMb).toFixed(1)} MB of its 100 MB had been sent; ` +
          `/api/health ${health.length} probes, ${health.filter((h) => h.status === 200).length} answered 200, slowest ${Math.max(...health.map((h) => h.ms)).toFixed(0)} ms`,
      );
      for (const { attack, status, body } of results) {
        expect({ path: attack.path, status, code: body?.error?.code }).toEqual({ path: attack.path, status: attack.status, code: attack.code });
        expect(body?.error?.message?.length ?? 0).toBeGreaterThan(10);
      }
      // refused while streaming: none of them was read (or sent) whole
      expect(Math.max(...sentMb)).toBeLessThan(50);
      expect(peak - before).toBeLessThan(100);
      expect(after - before).toBeLessThan(50);
      expect(health.length).toBeGreaterThan(10);
      expect(health.every((h) => h.status === 200)).toBe(true);
    }, 120_000);

    test('declared sizes: 5 MB is refused by the route by its Content-Length, with its envelope; 100 MB by Bun itself', async () => {
      for (const attack of attacks) {
        for (const declared of [5 * MB, bodyBytes]) {
          const { stream, counter } = streamedBody(declared);
          const res = await fetch(`${origin}${attack.path}`, {
            method: 'POST',
            headers: { ...attack.headers, 'content-length': String(declared) },
            body: stream,
            duplex: 'half',
          } as RequestInit);
          const text = await res.text();
          const label = `${attack.path} declaring ${declared / MB} MB`;
          if (declared === bodyBytes) {
            // past serverMaxBodyBytes: Bun's own refusal, before the app runs (so not our envelope)
            expect({ label, status: res.status, envelope: text.includes('"error"') }).toEqual({ label, status: 413, envelope: false });
            expect(counter.sent).toBeLessThan(declared / 2);
          } else {
            expect({ label, status: res.status, code: (JSON.parse(text) as { error: { code: string } }).error.code }).toEqual({ label, status: attack.status, code: attack.code });
          }
        }
      }
    }, 60_000);
  });
}
