// The browser tests' servers: the production build on the e2e ports, the contacts remote from its deploy
// folder (a fresh copy of its build, which the redeploy test replaces).
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { contactsDeployDir, e2eDataDir, repoRoot } from './e2e-env.ts';

rmSync(e2eDataDir, { recursive: true, force: true });
rmSync(contactsDeployDir, { recursive: true, force: true });
cpSync(path.join(repoRoot, 'mfe-contacts/dist'), contactsDeployDir, { recursive: true });
// the app as `bun run start` serves it, as a child process (scripts are run, never imported)
const app = Bun.spawn(['bun', 'scripts/start.ts'], { cwd: repoRoot, stdio: ['inherit', 'inherit', 'inherit'] });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => app.kill(signal));
process.exit(await app.exited);
