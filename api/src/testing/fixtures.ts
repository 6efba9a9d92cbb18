// Test fixtures: a config with fixed remote origins and a throwaway SHELL_DIST.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createApp } from '../app.ts';
import { loadConfig, type ApiConfig, type Env } from '../config.ts';
import type { ApiServices } from '../services.ts';
import { liveReleases, type LiveReleases } from '../lib/live-release.ts';
import { remoteManifests, type RemoteManifests } from '../modules/web/first-load.ts';

export const testIndexHtml = '<head><title>Ringwise</title></head><body><div id="root"></div></body>';
export const hashedAssetName = 'main.1a2b3c4d.js';
export const hashedAssetBody = `console.log(${JSON.stringify('ringwise '.repeat(200))});\n`;

export const testRemoteEnv: Env = {
  REMOTE_DIALER_URL: 'http://localhost:4101',
  REMOTE_CONTACTS_URL: 'http://localhost:4102/',
  REMOTE_BILLING_URL: 'https://billing.cdn.example',
  REMOTE_NUMBERS_URL: 'https://cdn.example.com/numbers/',
  REMOTE_MARKETING_URL: 'https://cdn.example.com/marketing',
};

/** A fresh SHELL_DIST with the given files (path → content); remove it with `cleanup()`. */
export function makeDist(files: Record<string, string> = defaultDistFiles()): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'ringwise-dist-'));
  for (const [name, content] of Object.entries(files)) {
    const path = join(dir, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  }
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export function defaultDistFiles(): Record<string, string> {
  return {
    'index.html': testIndexHtml,
    [hashedAssetName]: hashedAssetBody,
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
    'logo.png': '\x89PNG not really',
  };
}

export function testConfig(env: Env = {}): ApiConfig {
  return loadConfig({ ...testRemoteEnv, DATA_DIR: join(tmpdir(), 'ringwise-test-data'), ...env });
}

/** Stand-ins of every service, for an app whose routes are mounted (every module and the auth plugin) but not called. */
export const idleServices = {
  db: { privileged: async () => {} },
  auth: { config: { mode: 'hosted', issuer: 'https://auth.example' }, verifier: {} },
  rates: {},
  payments: { stripe: {}, webhookSecret: 'whsec_unused' },
  billingJobs: { kick() {} },
  telephony: { twilio: {}, authToken: 'unused', publicUrl: 'http://localhost' },
} as unknown as ApiServices;

/** The remotes' manifests as a test without remote servers sees them: none can be read (no request leaves the machine). */
export function unreachableManifests(config: ApiConfig): RemoteManifests {
  return remoteManifests(unreleasedRemotes(config), { fetch: notDeployed, warn: () => {} });
}

const notDeployed = (async () => new Response('not deployed', { status: 404 })) as unknown as typeof fetch;

/** The remotes as a test without remote servers sees them: no release made (each origin's root build is live). */
export function unreleasedRemotes(config: ApiConfig): LiveReleases {
  return liveReleases(config.remotes, { fetch: notDeployed, warn: () => {} });
}

export function testApp(env: Env = {}, options: { remoteManifests?: RemoteManifests; liveReleases?: LiveReleases } = {}) {
  const config = testConfig(env);
  return createApp(config, {
    logError: () => {},
    liveReleases: options.liveReleases ?? unreleasedRemotes(config),
    remoteManifests: options.remoteManifests ?? unreachableManifests(config),
  });
}

export function get(app: { handle(request: Request): Promise<Response> }, path: string, init: RequestInit = {}) {
  return app.handle(new Request(`http://localhost${path}`, init));
}
