import { describe, expect, test } from 'bun:test';
import { createApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { get, testApp } from '../../testing/fixtures.ts';


describe('GET /remotes.json', () => {
  test('defaults: each remote on its local port', async () => {
    const res = await get(createApp(loadConfig({})), '/remotes.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({
      dialer: 'http://localhost:3001/mf-manifest.json',
      contacts: 'http://localhost:3002/mf-manifest.json',
      billing: 'http://localhost:3003/mf-manifest.json',
      numbers: 'http://localhost:3004/mf-manifest.json',
      marketing: 'http://localhost:3005/mf-manifest.json',
    });
  });

  test('reflects REMOTE_*_URL overrides (trailing slashes stripped)', async () => {
    const res = await get(testApp({ REMOTE_BILLING_URL: 'https://billing.example.net/v7/' }), '/remotes.json');
    expect(await res.json()).toEqual({
      dialer: 'http://localhost:4101/mf-manifest.json',
      contacts: 'http://localhost:4102/mf-manifest.json',
      billing: 'https://billing.example.net/v7/mf-manifest.json',
      numbers: 'https://cdn.example.com/numbers/mf-manifest.json',
      marketing: 'https://cdn.example.com/marketing/mf-manifest.json',
    });
  });
});
