// Which Supabase Auth the api trusts (ARCHITECTURE.md §4): the hosted project when SUPABASE_URL is set, else the
// local stand-in, a process of its own at AUTH_STAND_IN_URL. Either way the api checks tokens with the server's
// published keys (its JWKS) and reaches its admin API through the official client.
import { join, resolve } from 'node:path';
import { standInUrl } from '@ringwise/apps/stand-ins';
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
  /** AUTH_STAND_IN_URL: the stand-in's origin, where the browser signs in (default http://localhost:3010). */
  standInUrl: string;
  /** `<DATA_DIR>/auth/service-role-key`: the service_role key the stand-in leaves for the api's admin client. */
  serviceRoleKeyFile: string;
}

export type AuthConfig = HostedAuthConfig | LocalAuthConfig;

/** Legacy Supabase JWT secrets are at least 32 characters long; a shorter one is a configuration mistake. */
const minJwtSecretLength = 32;

/**
 * Reads the auth settings. `dataDir` defaults to DATA_DIR resolved the way loadConfig does it (against the repo
 * root), so pass ApiConfig.dataDir when you have it.
 */
export function loadAuthConfig(env: Env, dataDir?: string): AuthConfig {
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

  const url = parseHttpUrl('AUTH_STAND_IN_URL', standInUrl('auth', env));
  if (new URL(url).pathname !== '/') throw new ConfigError(`AUTH_STAND_IN_URL must be an origin such as http://localhost:3010, without a path (got "${url}")`);
  const issuer = `${url}/auth/v1`;
  return {
    mode: 'local',
    standInUrl: url,
    issuer,
    audience: accessTokenAudience,
    jwksUrl: `${issuer}/.well-known/jwks.json`,
    serviceRoleKeyFile: join(dataDir ?? resolve(repoRoot, read(env, 'DATA_DIR') ?? '.data'), 'auth', 'service-role-key'),
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
