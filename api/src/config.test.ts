import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { ConfigError, loadConfig, manifestUrl, remoteOrigins, repoRoot } from './config.ts';

describe('loadConfig', () => {
  test('defaults: port 3000, local remotes on 3001-3005, dist and data dir under the repo root', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      remotes: {
        dialer: 'http://localhost:3001',
        contacts: 'http://localhost:3002',
        billing: 'http://localhost:3003',
        numbers: 'http://localhost:3004',
        marketing: 'http://localhost:3005',
      },
      shellDist: join(repoRoot, 'shell', 'dist'),
      dataDir: join(repoRoot, '.data'),
      supabase: null,
      authStandInUrl: 'http://localhost:3010',
      stripe: { secretKey: null, simulatorUrl: 'http://localhost:3012', webhookSecret: 'whsec_dev', publishableKey: null },
      twilio: {
        live: false,
        simulatorUrl: 'http://localhost:3011',
        accountSid: 'AC00000000000000000000000000000000',
        authToken: 'dev-twilio-auth-token',
        apiKeySid: 'SK00000000000000000000000000000000',
        apiKeySecret: 'dev-twilio-api-key-secret',
        twimlAppSid: 'AP00000000000000000000000000000000',
        publicNumber: '+12025550100',
        tokenTtlSeconds: 600,
      },
      limits: {
        trustedProxyHops: 0,
        redisUrl: null,
        rates: { limit: 120, windowSeconds: 10 },
      },
      requestDeadlineMs: 5000,
      callQuietSeconds: 60,
    });
  });

  test('CALL_QUIET_SECONDS: how long an open call goes unheard of before the carrier is asked, 1 to 3600 s', () => {
    expect(loadConfig({ CALL_QUIET_SECONDS: '5' }).callQuietSeconds).toBe(5);
    for (const bad of ['0', '-1', 'soon', '7200']) expect(() => loadConfig({ CALL_QUIET_SECONDS: bad })).toThrow('CALL_QUIET_SECONDS');
  });

  test('the stand-ins\' URLs are origins: TWILIO_SIMULATOR_URL and STRIPE_SIMULATOR_URL without a path', () => {
    expect(loadConfig({ TWILIO_SIMULATOR_URL: 'http://127.0.0.1:4011/' }).twilio.simulatorUrl).toBe('http://127.0.0.1:4011');
    expect(() => loadConfig({ TWILIO_SIMULATOR_URL: 'http://127.0.0.1:4011/sim/twilio' })).toThrow('must be an origin');
    expect(() => loadConfig({ STRIPE_SIMULATOR_URL: 'ftp://payments' })).toThrow('STRIPE_SIMULATOR_URL');
  });

  test('Twilio: both keys or neither; the simulator account is refused as a real one', () => {
    const sid = `AC${'a'.repeat(32)}`;
    expect(loadConfig({ TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: 'secret' }).twilio).toMatchObject({ live: true, accountSid: sid, authToken: 'secret' });
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: sid })).toThrow('TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN go together');
    expect(() => loadConfig({ TWILIO_AUTH_TOKEN: 'secret' })).toThrow(ConfigError);
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000', TWILIO_AUTH_TOKEN: 'x' })).toThrow("carrier simulator's own account");
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: 'nope', TWILIO_AUTH_TOKEN: 'x' })).toThrow('Account SID');
    expect(() => loadConfig({ TWILIO_PUBLIC_NUMBER: '0207 946 0000' })).toThrow('E.164');
    expect(() => loadConfig({ TWILIO_API_KEY_SID: `SK${'1'.repeat(32)}` })).toThrow('go together');
  });

  test('a hosted Supabase project needs its anon key and its service_role key', () => {
    const project = { SUPABASE_URL: 'https://abc.supabase.co', SUPABASE_ANON_KEY: 'anon', SUPABASE_SERVICE_ROLE_KEY: 'sb_secret_abc' };
    expect(loadConfig(project).supabase).toEqual({ url: 'https://abc.supabase.co', anonKey: 'anon', serviceRoleKey: 'sb_secret_abc' });
    expect(() => loadConfig({ SUPABASE_URL: 'https://abc.supabase.co' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...project, SUPABASE_ANON_KEY: ' ' })).toThrow('SUPABASE_ANON_KEY is required when SUPABASE_URL is set');
    // an empty variable is unset; the error names the variable
    for (const missing of [undefined, '', '  ']) {
      expect(() => loadConfig({ ...project, SUPABASE_SERVICE_ROLE_KEY: missing })).toThrow(ConfigError);
      expect(() => loadConfig({ ...project, SUPABASE_SERVICE_ROLE_KEY: missing })).toThrow('SUPABASE_SERVICE_ROLE_KEY is required when SUPABASE_URL is set');
    }
    // the public key given by mistake: the anon key itself, a publishable key, or a legacy JWT whose role is anon
    const legacy = (role: string) => `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify({ iss: 'supabase', role })).toString('base64url')}.sig`;
    for (const publicKey of ['anon', 'sb_publishable_abc', legacy('anon')]) {
      expect(() => loadConfig({ ...project, SUPABASE_SERVICE_ROLE_KEY: publicKey })).toThrow("is the project's public (anon/publishable) key");
    }
    expect(loadConfig({ ...project, SUPABASE_SERVICE_ROLE_KEY: legacy('service_role') }).supabase?.serviceRoleKey).toBe(legacy('service_role'));
    // without SUPABASE_URL the key is not read: the local stand-in issues its own
    expect(loadConfig({ SUPABASE_SERVICE_ROLE_KEY: 'sb_secret_abc' }).supabase).toBeNull();
  });

  test('the repo root is the monorepo root, whatever the cwd', async () => {
    expect(await Bun.file(join(repoRoot, 'api', 'package.json')).exists()).toBe(true);
  });

  test('TWILIO_TOKEN_TTL_SECONDS: whole seconds from 30 (the dialer renews 10 s before the end) to 24 hours', () => {
    expect(loadConfig({ TWILIO_TOKEN_TTL_SECONDS: '45' }).twilio.tokenTtlSeconds).toBe(45);
    expect(loadConfig({ TWILIO_TOKEN_TTL_SECONDS: '86400' }).twilio.tokenTtlSeconds).toBe(86_400);
    for (const value of ['29', '86401', '1.5', 'soon']) {
      expect(() => loadConfig({ TWILIO_TOKEN_TTL_SECONDS: value })).toThrow(ConfigError);
    }
  });

  test('REQUEST_DEADLINE_SECONDS: seconds, fractions allowed, from 0.1 to 300', () => {
    expect(loadConfig({ REQUEST_DEADLINE_SECONDS: '2.5' }).requestDeadlineMs).toBe(2500);
    for (const value of ['0', '-1', 'soon', '301', '0.01']) {
      expect(() => loadConfig({ REQUEST_DEADLINE_SECONDS: value })).toThrow(ConfigError);
    }
  });

  test('PUBLIC_URL defaults to the configured port', () => {
    expect(loadConfig({ PORT: '3999' }).publicUrl).toBe('http://localhost:3999');
  });

  test('reads every variable and strips trailing slashes', () => {
    const config = loadConfig({
      PORT: '8080',
      PUBLIC_URL: 'https://app.ringwise.example/',
      REMOTE_DIALER_URL: 'https://cdn.example.com/dialer/',
      REMOTE_CONTACTS_URL: 'https://contacts.example.com//',
      SHELL_DIST: '/srv/shell',
      DATA_DIR: 'tmp/data',
    });
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('https://app.ringwise.example');
    expect(config.remotes.dialer).toBe('https://cdn.example.com/dialer');
    expect(config.remotes.contacts).toBe('https://contacts.example.com');
    expect(config.remotes.billing).toBe('http://localhost:3003');
    expect(config.shellDist).toBe('/srv/shell');
    expect(config.dataDir).toBe(join(repoRoot, 'tmp', 'data'));
  });

  test('relative SHELL_DIST is resolved against the repo root, not the cwd', () => {
    expect(loadConfig({ SHELL_DIST: 'shell/other-dist' }).shellDist).toBe(join(repoRoot, 'shell', 'other-dist'));
  });

  test('empty variables count as unset', () => {
    expect(loadConfig({ PORT: '', REMOTE_DIALER_URL: ' ' }).remotes.dialer).toBe('http://localhost:3001');
  });

  test.each([
    ['REMOTE_DIALER_URL', 'localhost:3001'],
    ['REMOTE_NUMBERS_URL', 'ftp://files.example.com'],
    ['REMOTE_BILLING_URL', 'not a url'],
    ['REMOTE_MARKETING_URL', 'javascript:alert(1)'],
    ['PUBLIC_URL', 'ws://localhost:3000'],
  ])('%s=%s is rejected with a clear error', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });

  test.each(['abc', '0', '70000', '3000.5', '-1'])('PORT=%s is rejected', (port) => {
    expect(() => loadConfig({ PORT: port })).toThrow(/PORT must be an integer/);
  });
});

describe('Stripe settings', () => {
  const live = { STRIPE_SECRET_KEY: 'sk_live_51Abc', STRIPE_WEBHOOK_SECRET: 'whsec_live123' };

  test('without a secret key the simulator is used, its events signed with STRIPE_WEBHOOK_SECRET or whsec_dev', () => {
    expect(loadConfig({}).stripe).toEqual({ secretKey: null, simulatorUrl: 'http://localhost:3012', webhookSecret: 'whsec_dev', publishableKey: null });
    expect(loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_local', STRIPE_SECRET_KEY: ' ', STRIPE_SIMULATOR_URL: 'http://127.0.0.1:4012/' }).stripe).toEqual({
      secretKey: null,
      simulatorUrl: 'http://127.0.0.1:4012',
      webhookSecret: 'whsec_local',
      publishableKey: null,
    });
  });

  test('a secret key with its webhook secret and a publishable key of the same mode', () => {
    expect(loadConfig({ ...live, STRIPE_PUBLISHABLE_KEY: 'pk_live_51Xyz' }).stripe).toEqual({
      secretKey: 'sk_live_51Abc',
      simulatorUrl: null,
      webhookSecret: 'whsec_live123',
      publishableKey: 'pk_live_51Xyz',
    });
    expect(loadConfig({ STRIPE_SECRET_KEY: 'rk_test_51Abc', STRIPE_WEBHOOK_SECRET: 'whsec_x' }).stripe.secretKey).toBe('rk_test_51Abc');
  });

  test.each([
    [{ STRIPE_SECRET_KEY: 'sk_live_51Abc' }, /STRIPE_WEBHOOK_SECRET is required/],
    [{ ...live, STRIPE_WEBHOOK_SECRET: 'secret' }, /STRIPE_WEBHOOK_SECRET must be a webhook signing secret/],
    [{ STRIPE_WEBHOOK_SECRET: 'dev' }, /STRIPE_WEBHOOK_SECRET must be a webhook signing secret/],
    [{ ...live, STRIPE_SECRET_KEY: 'pk_live_51Abc' }, /STRIPE_SECRET_KEY must be a Stripe secret key/],
    [{ ...live, STRIPE_SECRET_KEY: 'sk_test_simulator' }, /leave STRIPE_SECRET_KEY unset/],
    [{ ...live, STRIPE_PUBLISHABLE_KEY: 'pk_test_51Xyz' }, /a test key but STRIPE_SECRET_KEY is a live key/],
    [{ ...live, STRIPE_PUBLISHABLE_KEY: 'sk_live_51Xyz' }, /STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key/],
    [{ STRIPE_PUBLISHABLE_KEY: 'pk_test_51Xyz' }, /STRIPE_PUBLISHABLE_KEY is set but STRIPE_SECRET_KEY is not/],
  ])('%o is refused', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('remote helpers', () => {
  test('remoteOrigins lists each distinct origin once, in remote order', () => {
    const config = loadConfig({
      REMOTE_DIALER_URL: 'https://cdn.example.com/dialer',
      REMOTE_CONTACTS_URL: 'https://cdn.example.com/contacts',
    });
    expect(remoteOrigins(config)).toEqual([
      'https://cdn.example.com',
      'http://localhost:3003',
      'http://localhost:3004',
      'http://localhost:3005',
    ]);
  });

  test('manifestUrl appends mf-manifest.json', () => {
    expect(manifestUrl('https://cdn.example.com/dialer')).toBe('https://cdn.example.com/dialer/mf-manifest.json');
  });
});
