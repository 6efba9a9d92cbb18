// The skew matrix's browser run (skew/skew.e2e.ts), started by scripts/skew-matrix.ts for each pair of builds: the
// main config's browser and timeouts, and the app as `bun run start` serves it from the builds the run names.
import { defineConfig } from '@playwright/test';
import { remoteBuilds } from '@ringwise/apps';
import baseConfig from './playwright.config.ts';
import { e2eEnv, e2eOrigin } from './e2e-env.ts';

/** The run's builds (the shell's and each remote's folder) and its own database, as the skew script sets them. */
const runVariables = ['SHELL_DIST', ...remoteBuilds.map((build) => build.urlEnv!.replace(/_URL$/, '_DIST')), 'DATA_DIR'];
const runEnv = Object.fromEntries(
  runVariables.map((name) => {
    const value = process.env[name];
    if (!value) throw new Error(`${name} is not set: the skew browser run is started by \`bun run skew\``);
    return [name, value];
  }),
);

export default defineConfig({
  ...baseConfig,
  testDir: './skew',
  testIgnore: [],
  outputDir: '../test-results/skew',
  webServer: {
    command: 'bun scripts/start.ts',
    cwd: '..',
    url: `${e2eOrigin}/api/health`,
    env: { ...e2eEnv, ...runEnv, START_SKIP_BUILD: '1' },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
});
