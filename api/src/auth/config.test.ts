import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { ConfigError, repoRoot } from '../config.ts';
import { loadAuthConfig } from './config.ts';

describe('loadAuthConfig', () => {
  test('local mode without SUPABASE_URL: the stand-in at AUTH_STAND_IN_URL issues and publishes, its service_role key in <DATA_DIR>/auth', () => {
    expect(loadAuthConfig({}, '/srv/data')).toEqual({
      mode: 'local',
      standInUrl: 'http://localhost:3010',
      issuer: 'http://localhost:3010/auth/v1',
      audience: 'authenticated',
      jwksUrl: 'http://localhost:3010/auth/v1/.well-known/jwks.json',
      serviceRoleKeyFile: '/srv/data/auth/service-role-key',
    });
    expect(loadAuthConfig({ AUTH_STAND_IN_URL: 'http://127.0.0.1:4010/' }, '/srv/data')).toMatchObject({ issuer: 'http://127.0.0.1:4010/auth/v1' });
    expect(() => loadAuthConfig({ AUTH_STAND_IN_URL: 'http://127.0.0.1:4010/auth/v1' })).toThrow(ConfigError);
  });

  test('local mode resolves DATA_DIR against the repo root when no data dir is passed', () => {
    const config = loadAuthConfig({ DATA_DIR: 'tmp/d', SUPABASE_URL: '  ' });
    expect(config.mode).toBe('local');
    if (config.mode === 'local') expect(config.serviceRoleKeyFile).toBe(join(repoRoot, 'tmp/d/auth/service-role-key'));
  });

  test('hosted mode with SUPABASE_URL: issuer and JWKS of the project, optional secret and anon key', () => {
    const secret = 'x'.repeat(40);
    expect(
      loadAuthConfig({ SUPABASE_URL: 'https://abcd.supabase.co/', SUPABASE_JWT_SECRET: secret, SUPABASE_ANON_KEY: 'anon' }),
    ).toEqual({
      mode: 'hosted',
      supabaseUrl: 'https://abcd.supabase.co',
      issuer: 'https://abcd.supabase.co/auth/v1',
      audience: 'authenticated',
      jwksUrl: 'https://abcd.supabase.co/auth/v1/.well-known/jwks.json',
      anonKey: 'anon',
      jwtSecret: secret,
    });
    const bare = loadAuthConfig({ SUPABASE_URL: 'https://abcd.supabase.co' });
    expect(bare.mode === 'hosted' && bare.jwtSecret).toBe(undefined);
  });

  test('rejects a malformed SUPABASE_URL and a short SUPABASE_JWT_SECRET', () => {
    expect(() => loadAuthConfig({ SUPABASE_URL: 'abcd.supabase.co' })).toThrow(ConfigError);
    expect(() => loadAuthConfig({ SUPABASE_URL: 'ftp://abcd.supabase.co' })).toThrow(ConfigError);
    expect(() => loadAuthConfig({ SUPABASE_URL: 'https://a.supabase.co', SUPABASE_JWT_SECRET: 'short' })).toThrow(
      /at least 32 characters/,
    );
  });
});
