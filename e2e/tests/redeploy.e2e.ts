import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '../fixtures.ts';
import { contactsDeployDir, repoRoot } from '../e2e-env.ts';

const workDir = path.join(repoRoot, '.e2e-tmp/mfe-contacts-release-2');

function shellFingerprint(): Record<string, number> {
  const dist = path.join(repoRoot, 'shell/dist');
  return Object.fromEntries(readdirSync(dist).map((file) => [file, statSync(path.join(dist, file)).mtimeMs]));
}

/** Copies the contacts remote, changes what it shows, and builds it with the same recipe as always. */
function buildReleaseTwo(): string {
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  for (const item of ['package.json', 'src']) {
    cpSync(path.join(repoRoot, 'mfe-contacts', item), path.join(workDir, item), { recursive: true });
  }
  const exposed = path.join(workDir, 'src/exposed');
  renameSync(path.join(exposed, 'app.tsx'), path.join(exposed, 'app-release-1.tsx'));
  writeFileSync(
    path.join(exposed, 'app.tsx'),
    `import '../styles.css';
import ReleaseOne from './app-release-1.tsx';

export default function ReleaseTwo() {
  return (
    <>
      <p role="note" className="ct:rounded-md ct:bg-accent ct:p-2">Release 2 is live</p>
      <ReleaseOne />
    </>
  );
}
`,
  );
  const outDir = path.join(workDir, 'dist');
  execFileSync(
    'node',
    [
      'node_modules/@rspack/cli/bin/rspack.js',
      'build',
      '--mode',
      'production',
      '-c',
      'rspack.config.ts',
      '--env',
      'app=mfe-contacts',
      '--env',
      `appDir=${workDir}`,
      '--env',
      `outDir=${outDir}`,
    ],
    { cwd: repoRoot, stdio: 'pipe' },
  );
  return outDir;
}

/** Uploads like a CDN deploy: chunks first, then the entry and the manifest that point at them. */
function deploy(from: string, to: string) {
  const last = ['remoteEntry.js', 'mf-manifest.json'];
  for (const file of readdirSync(from).filter((f) => !last.includes(f))) cpSync(path.join(from, file), path.join(to, file));
  for (const file of last) cpSync(path.join(from, file), path.join(to, file));
}

test('a remote rebuilt and served again appears on reload, with the shell untouched', async ({ page, signedIn: _user }) => {
  const original = path.join(repoRoot, '.e2e-tmp/mfe-contacts-release-1');
  rmSync(original, { recursive: true, force: true });
  cpSync(contactsDeployDir, original, { recursive: true });
  try {
    await page.goto('/home/contacts');
    await expect(page.getByRole('heading', { name: 'Contacts', exact: true })).toBeVisible();
    await expect(page.getByText('Release 2 is live')).toHaveCount(0);
    const shellBefore = shellFingerprint();
    const shellScriptsBefore = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.startsWith(location.origin) && n.endsWith('.js')),
    );

    deploy(buildReleaseTwo(), contactsDeployDir);
    await page.reload();

    await expect(page.getByRole('note').filter({ hasText: 'Release 2 is live' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Contacts', exact: true })).toBeVisible();
    const shellScriptsAfter = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.startsWith(location.origin) && n.endsWith('.js')),
    );
    expect(shellScriptsAfter.sort()).toEqual(shellScriptsBefore.sort());
    expect(shellFingerprint()).toEqual(shellBefore);
  } finally {
    rmSync(contactsDeployDir, { recursive: true, force: true });
    cpSync(original, contactsDeployDir, { recursive: true });
  }
});
