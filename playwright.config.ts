import {defineConfig, devices} from '@playwright/test';

import {chromiumLaunchOptions} from './tests/support/chromium';

export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  // Sized for a busy 2-core CI machine: a test that takes minutes or an expectation that holds only
  // after 15 s is still a failure, but not because another process had the CPU for a while.
  timeout: 60_000,
  expect: {timeout: 15_000},
  reporter: process.env.CI ? [['list']] : [['list'], ['html', {open: 'never'}]],
  // Serves build/ on a free port (E2E_PORT to choose one) and sets E2E_BASE_URL for the workers.
  globalSetup: './tests/support/e2e-global-setup.ts',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // No trace by default: recording one (DOM snapshots, network, console) on every test costs a fifth
    // of the suite's CPU time, and CI keeps only the log. To see a failure step by step, rerun it with
    // `npx playwright test <spec> --trace on` and open test-results/ with `npx playwright show-trace`.
    trace: 'off',
    screenshot: 'only-on-failure',
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        // Debian's Chromium, as every browser test launches it (tests/support/chromium.ts).
        launchOptions: chromiumLaunchOptions,
      },
    },
  ],
});
