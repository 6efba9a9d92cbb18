import { describe, expect, test } from 'bun:test';
import { remoteStylesheets } from './remote-assets.ts';

const remoteUrl = 'https://cdn.example.com/marketing';
const manifest = (css: string) => JSON.stringify({ exposes: [{ path: './app', assets: { css: { sync: [css] } } }] });

function remote() {
  let body: string | null = manifest('app.11111111.css');
  let reads = 0;
  let time = 0;
  const warnings: string[] = [];
  const stylesheets = remoteStylesheets(remoteUrl, {
    fetch: (async () => {
      reads++;
      return body === null ? new Response('down', { status: 503 }) : new Response(body);
    }) as unknown as typeof fetch,
    now: () => time,
    warn: (message) => warnings.push(message),
  });
  return {
    stylesheets,
    warnings,
    reads: () => reads,
    redeploy: (css: string | null) => (body = css === null ? null : manifest(css)),
    advance: (ms: number) => (time += ms),
  };
}

describe('remoteStylesheets', () => {
  test('follows a redeploy at the rhythm of the server bundle: at most one read every 10 s', async () => {
    const r = remote();
    expect(await r.stylesheets.get()).toEqual([`${remoteUrl}/app.11111111.css`]);
    r.redeploy('app.22222222.css');
    r.advance(9_999);
    expect(await r.stylesheets.get()).toEqual([`${remoteUrl}/app.11111111.css`]);
    expect(r.reads()).toBe(1);
    r.advance(1);
    await r.stylesheets.get();
    await Bun.sleep(0);
    expect(await r.stylesheets.get()).toEqual([`${remoteUrl}/app.22222222.css`]);
    expect(r.reads()).toBe(2);
  });

  test('a manifest that cannot be read keeps the last list, and is reported once', async () => {
    const r = remote();
    await r.stylesheets.get();
    r.redeploy(null);
    for (let i = 0; i < 3; i++) {
      r.advance(10_000);
      await r.stylesheets.get();
      await Bun.sleep(0);
    }
    expect(await r.stylesheets.get()).toEqual([`${remoteUrl}/app.11111111.css`]);
    expect(r.warnings).toEqual(['[marketing] the remote stylesheets could not be read']);
  });
});
