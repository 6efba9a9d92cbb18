import { defineConfig } from '@playwright/test';
import { e2eEnv, e2eOrigin } from './e2e-env.ts';

export default defineConfig({
  testDir: './tests',
  testMatch: /.*\.e2e\.ts$/,
  // the dev command's test has its own servers (playwright.dev.config.ts)
  testIgnore: /dev-command\.e2e\.ts$/,
  outputDir: '../test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // a whole journey's time on a loaded 2-core machine; each step still has its own (actions, expectations)
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: e2eOrigin,
    trace: 'retain-on-failure',
    // a step that cannot act fails on its own, naming itself, rather than eating the test's whole timeout
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        // calls: a fake microphone (a tone), allowed without a prompt
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    },
  },
  webServer: {
    command: 'bun e2e/serve.ts',
    cwd: '..',
    url: `${e2eOrigin}/api/health`,
    env: e2eEnv,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
  },
});
