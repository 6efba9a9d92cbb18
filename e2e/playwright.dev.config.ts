// The dev command in the browser (tests/dev-command.e2e.ts): `bun run dev` on ports of its own (dev-env.ts), with
// its development builds and React's StrictMode. `bun run test` runs it after the production browser tests.
import { defineConfig } from '@playwright/test';
import baseConfig from './playwright.config.ts';
import { devEnv, devOrigin } from './dev-env.ts';

export default defineConfig({
  ...baseConfig,
  testMatch: /dev-command\.e2e\.ts$/,
  testIgnore: [],
  outputDir: '../test-results/dev-command',
  use: { ...baseConfig.use, baseURL: devOrigin },
  webServer: {
    command: 'bun e2e/serve-dev.ts',
    cwd: '..',
    // the api starts once the first development build has landed (scripts/dev.ts)
    url: `${devOrigin}/api/health`,
    env: devEnv,
    reuseExistingServer: false,
    // the first development build of six apps on a loaded 2-core machine
    timeout: 150_000,
    stdout: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
});
