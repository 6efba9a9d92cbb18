// The browser tests run the production build on their own ports, so a running `bun run dev` is untouched.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The first of the 13 ports the browser tests use (3100-3112); E2E_PORT_BASE moves them, so that two checkouts on
 *  one machine can run their browser tests at once. */
const servers = serversAt(portBase('E2E_PORT_BASE', 3100));
export const e2eOrigin = servers.origin;
export const e2eRemotePorts = servers.remotePorts;
/** The provider stand-ins' origins: each its own process, as the providers are elsewhere. */
export const e2eAuthOrigin = servers.authOrigin;
export const e2eCarrierOrigin = servers.carrierOrigin;
export const e2ePaymentsOrigin = servers.paymentsOrigin;
/** The carrier simulator's test phones. */
export const phonePageUrl = `${e2eCarrierOrigin}/sim/twilio/phone`;
/** The contacts and marketing remotes are served from deploy folders, so a test can redeploy them like a CDN upload. */
export const contactsDeployDir = path.join(repoRoot, '.e2e-tmp/deploy/mfe-contacts');
export const marketingDeployDir = path.join(repoRoot, '.e2e-tmp/deploy/mfe-marketing');
export const e2eDataDir = path.join(repoRoot, '.e2e-tmp/data');
/** Where `bun run release` publishes during the browser tests (the remotes serve it as /releases/), emptied at every start. */
export const e2eReleasesDir = path.join(repoRoot, '.e2e-tmp/releases');

/** The port in the variable `name`, else `fallback`. */
export function portBase(name: string, fallback: number): number {
  const given = process.env[name];
  if (given === undefined || given === '') return fallback;
  const port = Number(given);
  if (!Number.isInteger(port) || port < 1024 || port > 65_000) throw new Error(`${name} must be a port from 1024 to 65000, not "${given}"`);
  return port;
}

/** A run's 13 ports from `base`: the api at base, the remotes at base + 1-5, the stand-ins at base + 10-12; and the
 *  environment that puts each there. */
export function serversAt(base: number) {
  const at = (port: number) => `http://localhost:${port}`;
  const remotePorts = { dialer: base + 1, contacts: base + 2, billing: base + 3, numbers: base + 4, marketing: base + 5 } as const;
  const servers = { origin: at(base), remotePorts, authOrigin: at(base + 10), carrierOrigin: at(base + 11), paymentsOrigin: at(base + 12) };
  const env: Record<string, string> = {
    PORT: String(base),
    PUBLIC_URL: servers.origin,
    REMOTE_DIALER_URL: at(remotePorts.dialer),
    REMOTE_CONTACTS_URL: at(remotePorts.contacts),
    REMOTE_BILLING_URL: at(remotePorts.billing),
    REMOTE_NUMBERS_URL: at(remotePorts.numbers),
    REMOTE_MARKETING_URL: at(remotePorts.marketing),
    AUTH_STAND_IN_URL: servers.authOrigin,
    TWILIO_SIMULATOR_URL: servers.carrierOrigin,
    STRIPE_SIMULATOR_URL: servers.paymentsOrigin,
    // every test signs up its own user from 127.0.0.1
    AUTH_SIGNUP_LIMIT: '1000',
    AUTH_SIGNIN_LIMIT: '1000',
  };
  return { ...servers, env };
}

export const e2eEnv: Record<string, string> = {
  ...servers.env,
  REMOTE_CONTACTS_DIST: contactsDeployDir,
  REMOTE_MARKETING_DIST: marketingDeployDir,
  // the test command builds right before the browser tests
  START_SKIP_BUILD: '1',
  // the embedded database of the browser tests, emptied at every start
  DATA_DIR: e2eDataDir,
  RELEASES_DIR: e2eReleasesDir,
  // calling tokens that run out during a test: the dialer renews them 10 s before, on every page open 30 s
  TWILIO_TOKEN_TTL_SECONDS: '40',
};
