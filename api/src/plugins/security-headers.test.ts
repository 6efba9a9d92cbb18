import { afterAll, describe, expect, test } from 'bun:test';
import { get, makeDist, testApp, testConfig } from '../testing/fixtures.ts';
import { contentSecurityPolicy, isHttps } from './security-headers.ts';


const remoteList =
  'http://localhost:4101 http://localhost:4102 https://billing.cdn.example https://cdn.example.com';

describe('contentSecurityPolicy', () => {
  const csp = contentSecurityPolicy(testConfig());

  test('allows exactly self and the remote origins (deduplicated, no paths); connects to the Auth stand-in and the carrier simulator\'s signalling', () => {
    expect(csp).toBe(
      [
        `default-src 'self'`,
        `script-src 'self' ${remoteList}`,
        `style-src 'self' ${remoteList}`,
        `img-src 'self' data: ${remoteList}`,
        `font-src 'self' ${remoteList}`,
        `connect-src 'self' http://localhost:3010 http://localhost:3011 ws://localhost:3011 ${remoteList}`,
        `media-src 'self' blob: ${remoteList}`,
        `object-src 'none'`,
        `base-uri 'self'`,
        `form-action 'self'`,
        `frame-ancestors 'none'`,
      ].join('; '),
    );
  });

  test('never allows eval, inline code or wildcards', () => {
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('*');
    expect(csp).not.toMatch(/(^|\s)https?:(\s|;|$)/);
    // blob: only for media: the page's own recordings and voicemails, played after a fetch with the session's token
    expect(csp.split('; ').filter((directive) => / blob:(\s|$)/.test(directive)).map((directive) => directive.split(' ')[0])).toEqual(['media-src']);
  });

  test('follows the configured remotes', () => {
    const moved = contentSecurityPolicy(testConfig({ REMOTE_DIALER_URL: 'https://dialer.example.org/v2/' }));
    expect(moved).toContain(`script-src 'self' https://dialer.example.org http://localhost:4102`);
    expect(moved).not.toContain('localhost:4101');
  });
});

describe('isHttps', () => {
  const http = testConfig();
  const https = testConfig({ PUBLIC_URL: 'https://ringwise.example' });
  test('https public URL, X-Forwarded-Proto https, or an https request', () => {
    expect(isHttps(new Request('http://localhost/'), https)).toBe(true);
    expect(isHttps(new Request('http://localhost/', { headers: { 'x-forwarded-proto': 'https' } }), http)).toBe(true);
    expect(isHttps(new Request('http://localhost/', { headers: { 'x-forwarded-proto': 'HTTPS, http' } }), http)).toBe(
      true,
    );
    expect(isHttps(new Request('https://localhost/'), http)).toBe(true);
  });
  test('plain http otherwise', () => {
    expect(isHttps(new Request('http://localhost/'), http)).toBe(false);
    expect(isHttps(new Request('http://localhost/', { headers: { 'x-forwarded-proto': 'http' } }), http)).toBe(false);
  });
});

describe('security headers on every response', () => {
  const dist = makeDist();
  afterAll(dist.cleanup);
  const app = testApp({ SHELL_DIST: dist.dir });
  const csp = contentSecurityPolicy(testConfig());

  // Every case has all three elements: with fewer, bun:test passes a `done` callback as the last argument.
  const cases: [string, string, RequestInit][] = [
    ['HTML page', '/home', {}],
    ['404 HTML page', '/nope', {}],
    ['static file', '/main.1a2b3c4d.js', {}],
    ['gzipped static file', '/main.1a2b3c4d.js', { headers: { 'accept-encoding': 'gzip' } }],
    ['missing file', '/missing.js', {}],
    ['JSON', '/api/health', {}],
    ['remotes.json', '/remotes.json', {}],
    ['api 404', '/api/nope', {}],
    ['error (malformed body)', '/api/nope', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' }],
    ['no route', '/home', { method: 'DELETE' }],
    ['HEAD', '/home', { method: 'HEAD' }],
    [
      'CORS preflight',
      '/api/health',
      { method: 'OPTIONS', headers: { origin: 'http://localhost:4101', 'access-control-request-method': 'POST' } },
    ],
  ];

  test.each(cases)('%s', async (_name, path, init) => {
    const res = await get(app, path, init);
    const header = res.headers.get('content-security-policy') ?? '';
    // HTML pages carry their own style nonce; everything else is the same as the base policy
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(header)?.[1];
    expect(header).toBe(contentSecurityPolicy(testConfig(), nonce));
    const isPage = (init.method ?? 'GET') !== 'DELETE' && ['/home', '/nope'].includes(path);
    expect(nonce !== undefined).toBe(isPage);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(res.headers.has('strict-transport-security')).toBe(false);
  });

  test('the 503 page (shell not built) has them too', async () => {
    const res = await get(testApp({ SHELL_DIST: `${dist.dir}/does-not-exist` }), '/home');
    expect(res.status).toBe(503);
    expect(res.headers.get('content-security-policy')).toBe(csp);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  test('HSTS only over https', async () => {
    const hsts = 'max-age=63072000; includeSubDomains';
    expect((await get(app, '/home')).headers.get('strict-transport-security')).toBeNull();
    const forwarded = await get(app, '/home', { headers: { 'x-forwarded-proto': 'https' } });
    expect(forwarded.headers.get('strict-transport-security')).toBe(hsts);
    const httpsApp = testApp({ SHELL_DIST: dist.dir, PUBLIC_URL: 'https://ringwise.example' });
    for (const path of ['/home', '/api/nope', '/main.1a2b3c4d.js']) {
      expect((await get(httpsApp, path)).headers.get('strict-transport-security')).toBe(hsts);
    }
  });
});

describe('hosted Supabase Auth', () => {
  test('the project origin is allowed for connections only', () => {
    const policy = contentSecurityPolicy({
      ...testConfig(),
      supabase: { url: 'https://abcdefgh.supabase.co', anonKey: 'anon', serviceRoleKey: 'sb_secret_x' },
    });
    const directive = (name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('connect-src')).toContain('https://abcdefgh.supabase.co');
    expect(directive('script-src')).not.toContain('supabase');
    expect(contentSecurityPolicy(testConfig())).not.toContain('supabase');
  });
});

describe('the carrier simulator', () => {
  test('its own origin is where the Voice SDK signals: its http and ws sources (wss for an https one) in connect-src only', () => {
    const policy = contentSecurityPolicy(testConfig({ TWILIO_SIMULATOR_URL: 'https://carrier.dev.example:8443' }));
    const directive = (name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('connect-src')).toContain('https://carrier.dev.example:8443 wss://carrier.dev.example:8443');
    expect(directive('script-src')).not.toContain('carrier');
  });
});

describe('a real Twilio account', () => {
  test("the Voice SDK may reach Twilio's WebSockets and sounds; with the simulator nothing of Twilio is allowed", () => {
    const simulator = testConfig();
    const policy = contentSecurityPolicy({ ...simulator, twilio: { ...simulator.twilio, live: true } });
    const directive = (name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('connect-src')).toContain('wss://*.twilio.com');
    expect(directive('connect-src')).toContain('https://*.twilio.com');
    expect(directive('media-src')).toBe(`media-src 'self' blob: https://sdk.twilio.com ${remoteList}`);
    expect(directive('script-src')).not.toContain('twilio');
    expect(contentSecurityPolicy(simulator)).not.toContain('twilio');
  });
});
