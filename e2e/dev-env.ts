// The dev command's browser test (tests/dev-command.e2e.ts, playwright.dev.config.ts): `bun run dev` on ports of its
// own, so neither a developer's running `bun run dev` (3000-3012) nor the production run's servers (3100-3112) are
// touched. Its builds land in the apps' dist folders, as every `bun run dev` does.
import path from 'node:path';
import { portBase, repoRoot, serversAt } from './e2e-env.ts';

/** 3200-3212 unless E2E_DEV_PORT_BASE moves them (as E2E_PORT_BASE moves the production run's). */
const servers = serversAt(portBase('E2E_DEV_PORT_BASE', 3200));
export const devOrigin = servers.origin;
export const devRemotePorts = servers.remotePorts;
export const devAuthOrigin = servers.authOrigin;
export const devCarrierOrigin = servers.carrierOrigin;
export const devPaymentsOrigin = servers.paymentsOrigin;
/** The carrier simulator's test phones. */
export const devPhonePageUrl = `${devCarrierOrigin}/sim/twilio/phone`;
/** The dev run's embedded database, emptied at every start (serve-dev.ts). */
export const devDataDir = path.join(repoRoot, '.e2e-tmp/dev-data');

export const devEnv: Record<string, string> = {
  ...servers.env,
  DATA_DIR: devDataDir,
  // the shortest token the api issues: the dialer renews it 10 s before it runs out, 20 s into the test
  TWILIO_TOKEN_TTL_SECONDS: '30',
};
