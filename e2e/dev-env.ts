// The dev command's browser test (tests/dev-command.e2e.ts, playwright.dev.config.ts): `bun run dev` on ports of its
// own, so neither a developer's running `bun run dev` (3000-3012) nor the production run's servers (3100-3112) are
// touched. Its builds land in the apps' dist folders, as every `bun run dev` does.
import path from 'node:path';
import { portBase, repoRoot } from './e2e-env.ts';

/** 3200-3212 unless E2E_DEV_PORT_BASE moves them (as E2E_PORT_BASE moves the production run's). */
const base = portBase(process.env.E2E_DEV_PORT_BASE, 3200);
export const devOrigin = `http://localhost:${base}`;
export const devRemotePorts = { dialer: base + 1, contacts: base + 2, billing: base + 3, numbers: base + 4, marketing: base + 5 } as const;
export const devAuthOrigin = `http://localhost:${base + 10}`;
export const devCarrierOrigin = `http://localhost:${base + 11}`;
export const devPaymentsOrigin = `http://localhost:${base + 12}`;
/** The carrier simulator's test phones. */
export const devPhonePageUrl = `${devCarrierOrigin}/sim/twilio/phone`;
/** The dev run's embedded database, emptied at every start (serve-dev.ts). */
export const devDataDir = path.join(repoRoot, '.e2e-tmp/dev-data');

export const devEnv: Record<string, string> = {
  PORT: String(base),
  PUBLIC_URL: devOrigin,
  REMOTE_DIALER_URL: `http://localhost:${devRemotePorts.dialer}`,
  REMOTE_CONTACTS_URL: `http://localhost:${devRemotePorts.contacts}`,
  REMOTE_BILLING_URL: `http://localhost:${devRemotePorts.billing}`,
  REMOTE_NUMBERS_URL: `http://localhost:${devRemotePorts.numbers}`,
  REMOTE_MARKETING_URL: `http://localhost:${devRemotePorts.marketing}`,
  AUTH_STAND_IN_URL: devAuthOrigin,
  TWILIO_SIMULATOR_URL: devCarrierOrigin,
  STRIPE_SIMULATOR_URL: devPaymentsOrigin,
  DATA_DIR: devDataDir,
  AUTH_SIGNUP_LIMIT: '1000',
  AUTH_SIGNIN_LIMIT: '1000',
  // the shortest token the api issues: the dialer renews it 10 s before it runs out, 20 s into the test
  TWILIO_TOKEN_TTL_SECONDS: '30',
};
