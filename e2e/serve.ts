// The browser tests' servers: the production build on the e2e ports, the contacts and marketing remotes from
// their deploy folders (fresh copies of their builds, which the redeploy tests replace).
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { contactsDeployDir, e2eDataDir, e2eReleasesDir, marketingDeployDir, repoRoot } from './e2e-env.ts';

rmSync(e2eDataDir, { recursive: true, force: true });
rmSync(e2eReleasesDir, { recursive: true, force: true });
for (const [app, deployDir] of [['mfe-contacts', contactsDeployDir], ['mfe-marketing', marketingDeployDir]] as const) {
  rmSync(deployDir, { recursive: true, force: true });
  cpSync(path.join(repoRoot, app, 'dist'), deployDir, { recursive: true });
}
// the app as `bun run start` serves it, as a child process (scripts are run, never imported)
const app = Bun.spawn(['bun', 'scripts/start.ts'], { cwd: repoRoot, stdio: ['inherit', 'inherit', 'inherit'] });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => app.kill(signal));
process.exit(await app.exited);
