import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { ConfigError, repoRoot } from '../config.ts';
import { loadAuthConfig } from './config.ts';

describe('loadAuthConfig', () => {
  test('local mode without SUPABASE_URL: issuer below PUBLIC_URL, key in <DATA_DIR>/auth', () => {
    expect(loadAuthConfig({}, 'http://localhost:3000/', '/srv/data')).toEqual({
      mode: 'local',
      issuer: 'http://localhost:3000/auth/v1',
      audience: 'authenticated',
      jwksUrl: 'http://localhost:3000/auth/v1/.well-known/jwks.json',
      keyDir: '/srv/data/auth',
      signingKeyFile: '/srv/data/auth/signing-key.json',
    });
  });

  test('local mode resolves DATA_DIR against the repo root when no data dir is passed', () => {
    const config = loadAuthConfig({ DATA_DIR: 'tmp/d', SUPABASE_URL: '  ' }, 'https://app.example');
    expect(config.mode).toBe('local');
    if (config.mode === 'local') expect(config.keyDir).toBe(join(repoRoot, 'tmp/d/auth'));
  });

  test('hosted mode with SUPABASE_URL: issuer and JWKS of the project, optional secret and anon key', () => {
    const secret = 'x'.repeat(40);
    expect(
      loadAuthConfig({ SUPABASE_URL: 'https://abcd.supabase.co/', SUPABASE_JWT_SECRET: secret, SUPABASE_ANON_KEY: 'anon' }, 'http://localhost:3000'),
    ).toEqual({
      mode: 'hosted',
      supabaseUrl: 'https://abcd.supabase.co',
      issuer: 'https://abcd.supabase.co/auth/v1',
      audience: 'authenticated',
      jwksUrl: 'https://abcd.supabase.co/auth/v1/.well-known/jwks.json',
      anonKey: 'anon',
      jwtSecret: secret,
    });
    const bare = loadAuthConfig({ SUPABASE_URL: 'https://abcd.supabase.co' }, 'http://localhost:3000');
    expect(bare.mode === 'hosted' && bare.jwtSecret).toBe(undefined);
  });

  test('rejects a malformed SUPABASE_URL and a short SUPABASE_JWT_SECRET', () => {
    expect(() => loadAuthConfig({ SUPABASE_URL: 'abcd.supabase.co' }, 'http://localhost')).toThrow(ConfigError);
    expect(() => loadAuthConfig({ SUPABASE_URL: 'ftp://abcd.supabase.co' }, 'http://localhost')).toThrow(ConfigError);
    expect(() => loadAuthConfig({ SUPABASE_URL: 'https://a.supabase.co', SUPABASE_JWT_SECRET: 'short' }, 'http://localhost')).toThrow(
      /at least 32 characters/,
    );
  });
});
