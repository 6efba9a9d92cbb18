// The browser tests run the production build on their own ports, so a running `bun run dev` is untouched.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The first of the 13 ports the browser tests use (3100-3112); E2E_PORT_BASE moves them, so that two checkouts on
 *  one machine can run their browser tests at once. */
const base = portBase(process.env.E2E_PORT_BASE, 3100);
export const e2eOrigin = `http://localhost:${base}`;
export const e2eRemotePorts = { dialer: base + 1, contacts: base + 2, billing: base + 3, numbers: base + 4, marketing: base + 5 } as const;
/** The provider stand-ins' origins: each its own process, as the providers are elsewhere. */
export const e2eAuthOrigin = `http://localhost:${base + 10}`;
export const e2eCarrierOrigin = `http://localhost:${base + 11}`;
export const e2ePaymentsOrigin = `http://localhost:${base + 12}`;
/** The carrier simulator's test phones. */
export const phonePageUrl = `${e2eCarrierOrigin}/sim/twilio/phone`;
/** The contacts and marketing remotes are served from deploy folders, so a test can redeploy them like a CDN upload. */
export const contactsDeployDir = path.join(repoRoot, '.e2e-tmp/deploy/mfe-contacts');
export const marketingDeployDir = path.join(repoRoot, '.e2e-tmp/deploy/mfe-marketing');
export const e2eDataDir = path.join(repoRoot, '.e2e-tmp/data');

export function portBase(given: string | undefined, fallback: number): number {
  if (given === undefined || given === '') return fallback;
  const port = Number(given);
  if (!Number.isInteger(port) || port < 1024 || port > 65_000) throw new Error(`E2E_PORT_BASE must be a port from 1024 to 65000, not "${given}"`);
  return port;
}

export const e2eEnv: Record<string, string> = {
  PORT: String(base),
  PUBLIC_URL: e2eOrigin,
  REMOTE_DIALER_URL: `http://localhost:${e2eRemotePorts.dialer}`,
  REMOTE_CONTACTS_URL: `http://localhost:${e2eRemotePorts.contacts}`,
  REMOTE_BILLING_URL: `http://localhost:${e2eRemotePorts.billing}`,
  REMOTE_NUMBERS_URL: `http://localhost:${e2eRemotePorts.numbers}`,
  REMOTE_MARKETING_URL: `http://localhost:${e2eRemotePorts.marketing}`,
  AUTH_STAND_IN_URL: e2eAuthOrigin,
  TWILIO_SIMULATOR_URL: e2eCarrierOrigin,
  STRIPE_SIMULATOR_URL: e2ePaymentsOrigin,
  REMOTE_CONTACTS_DIST: contactsDeployDir,
  REMOTE_MARKETING_DIST: marketingDeployDir,
  // the test command builds right before the browser tests
  START_SKIP_BUILD: '1',
  // the embedded database of the browser tests, emptied at every start
  DATA_DIR: e2eDataDir,
  // every test signs up its own user from 127.0.0.1
  AUTH_SIGNUP_LIMIT: '1000',
  AUTH_SIGNIN_LIMIT: '1000',
  // calling tokens that run out during a test: the dialer renews them 10 s before, on every page open 30 s
  TWILIO_TOKEN_TTL_SECONDS: '40',
};
