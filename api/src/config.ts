// Runtime configuration of the api process (ARCHITECTURE.md §3), read once from the environment.
import { resolve } from 'node:path';
import { remoteKeys, type RemoteKey } from '@ringwise/routes';
import { remoteBuilds } from '@ringwise/apps';

export interface ApiConfig {
  /** Port the server listens on. */
  port: number;
  /** Public origin of the app (api + shell), without a trailing slash. */
  publicUrl: string;
  /** Base URL of each remote's static build, without a trailing slash (mf-manifest.json lives below it). */
  remotes: Record<RemoteKey, string>;
  /** Absolute path of the shell's production build (index.html + assets). */
  shellDist: string;
  /** Absolute path of the data directory of the embedded defaults. */
  dataDir: string;
  /** The hosted Supabase project the browser signs in with; null means this api serves /auth/v1 itself. */
  supabase: { url: string; anonKey: string } | null;
}

export type Env = Record<string, string | undefined>;

/** The monorepo root: relative SHELL_DIST and DATA_DIR are resolved against it, never against the cwd. */
export const repoRoot = resolve(import.meta.dir, '../..');

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export function loadConfig(env: Env = process.env): ApiConfig {
  const port = parsePort(read(env, 'PORT'));
  return {
    port,
    publicUrl: parseHttpUrl('PUBLIC_URL', read(env, 'PUBLIC_URL') ?? `http://localhost:${port}`),
    remotes: loadRemotes(env),
    shellDist: resolve(repoRoot, read(env, 'SHELL_DIST') ?? 'shell/dist'),
    dataDir: resolve(repoRoot, read(env, 'DATA_DIR') ?? '.data'),
    supabase: loadSupabase(env),
  };
}

function loadSupabase(env: Env): ApiConfig['supabase'] {
  const url = read(env, 'SUPABASE_URL');
  if (url === undefined) return null;
  const anonKey = read(env, 'SUPABASE_ANON_KEY');
  if (anonKey === undefined) throw new ConfigError('SUPABASE_ANON_KEY is required when SUPABASE_URL is set');
  return { url: parseHttpUrl('SUPABASE_URL', url), anonKey };
}

/** The distinct origins the remotes are served from, in remote order (for CSP and CORS). */
export function remoteOrigins(config: Pick<ApiConfig, 'remotes'>): string[] {
  return [...new Set(remoteKeys.map((key) => new URL(config.remotes[key]).origin))];
}

/** Where a remote's federation manifest lives. */
export function manifestUrl(remoteUrl: string): string {
  return `${remoteUrl}/mf-manifest.json`;
}

function loadRemotes(env: Env): Record<RemoteKey, string> {
  const entries = remoteKeys.map((key) => {
    const build = remoteBuilds.find((b) => b.key === key);
    if (!build?.urlEnv) throw new ConfigError(`@ringwise/apps has no remote build with key "${key}"`);
    const url = read(env, build.urlEnv) ?? `http://localhost:${build.port}`;
    return [key, parseHttpUrl(build.urlEnv, url)] as const;
  });
  return Object.fromEntries(entries) as Record<RemoteKey, string>;
}

/** An empty variable counts as unset. */
function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function parsePort(value: string | undefined): number {
  if (value === undefined) return 3000;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port < 1 || port > 65535) {
    throw new ConfigError(`PORT must be an integer between 1 and 65535, got "${value}"`);
  }
  return port;
}

/** Validates an absolute http(s) URL and returns it normalised, without trailing slashes. */
function parseHttpUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL such as http://localhost:3001, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${name} must use http: or https:, got "${value}"`);
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new ConfigError(`${name} must not contain credentials, a query or a fragment, got "${value}"`);
  }
  return url.href.replace(/\/+$/, '');
}
