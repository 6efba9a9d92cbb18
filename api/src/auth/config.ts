// Which Supabase Auth the api trusts (ARCHITECTURE.md §4): the hosted project when SUPABASE_URL is set,
// else the api's own local stand-in under /auth/v1 with an ES256 key kept in DATA_DIR.
import { join, resolve } from 'node:path';
import { ConfigError, repoRoot, type Env } from '../config.ts';

/** The only audience access tokens may carry (what Supabase Auth puts in `aud` for signed-in users). */
export const accessTokenAudience = 'authenticated';

interface AuthConfigBase {
  /** The `iss` every access token must carry: `<auth base URL>` (…/auth/v1), without a trailing slash. */
  issuer: string;
  audience: typeof accessTokenAudience;
  /** Where the public signing keys are published. */
  jwksUrl: string;
}

export interface HostedAuthConfig extends AuthConfigBase {
  mode: 'hosted';
  /** The Supabase project URL (SUPABASE_URL), without a trailing slash. */
  supabaseUrl: string;
  /** SUPABASE_ANON_KEY, for the browser; the api itself does not need it. */
  anonKey?: string;
  /** SUPABASE_JWT_SECRET: legacy HS256 secret. HS256 tokens are accepted only when it is set. */
  jwtSecret?: string;
}

export interface LocalAuthConfig extends AuthConfigBase {
  mode: 'local';
  /** `<DATA_DIR>/auth`: the local auth server's key material. */
  keyDir: string;
  /** `<DATA_DIR>/auth/signing-key.json`: the private ES256 JWK (mode 0600). */
  signingKeyFile: string;
}

export type AuthConfig = HostedAuthConfig | LocalAuthConfig;

/** Legacy Supabase JWT secrets are at least 32 characters long; a shorter one is a configuration mistake. */
const minJwtSecretLength = 32;

/**
 * Reads the auth settings. `publicUrl` is the app's public origin (ApiConfig.publicUrl); `dataDir` defaults
 * to DATA_DIR resolved the way loadConfig does it (against the repo root), so pass ApiConfig.dataDir when you have it.
 */
export function loadAuthConfig(env: Env, publicUrl: string, dataDir?: string): AuthConfig {
  const supabaseUrl = read(env, 'SUPABASE_URL');
  if (supabaseUrl !== undefined) {
    const base = parseHttpUrl('SUPABASE_URL', supabaseUrl);
    const jwtSecret = read(env, 'SUPABASE_JWT_SECRET');
    if (jwtSecret !== undefined && jwtSecret.length < minJwtSecretLength) {
      throw new ConfigError(`SUPABASE_JWT_SECRET must be at least ${minJwtSecretLength} characters long (the project's legacy JWT secret)`);
    }
    const anonKey = read(env, 'SUPABASE_ANON_KEY');
    const issuer = `${base}/auth/v1`;
    return {
      mode: 'hosted',
      supabaseUrl: base,
      issuer,
      audience: accessTokenAudience,
      jwksUrl: `${issuer}/.well-known/jwks.json`,
      ...(anonKey === undefined ? {} : { anonKey }),
      ...(jwtSecret === undefined ? {} : { jwtSecret }),
    };
  }

  const issuer = `${parseHttpUrl('PUBLIC_URL', publicUrl)}/auth/v1`;
  const keyDir = join(dataDir ?? resolve(repoRoot, read(env, 'DATA_DIR') ?? '.data'), 'auth');
  return {
    mode: 'local',
    issuer,
    audience: accessTokenAudience,
    jwksUrl: `${issuer}/.well-known/jwks.json`,
    keyDir,
    signingKeyFile: join(keyDir, 'signing-key.json'),
  };
}

/** An empty variable counts as unset. */
function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function parseHttpUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL such as https://abcd.supabase.co, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${name} must use http: or https:, got "${value}"`);
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new ConfigError(`${name} must not contain credentials, a query or a fragment, got "${value}"`);
  }
  return url.href.replace(/\/+$/, '');
}
