import {existsSync} from 'node:fs';
import path from 'node:path';

import {defineConfig, devices} from '@playwright/test';

// Browsers cannot be downloaded on CI machines: use the Chromium in CHROMIUM_PATH, else Debian's headless
// build of Chromium (chromium-headless-shell, which scripts/test-tools.sh installs: the same engine
// without the window machinery, a third faster to drive, like the shell Playwright itself runs headless),
// else Debian's full chromium, and fall back to Playwright's own browser where none is installed.
const onPath = (name: string) =>
  (process.env.PATH ?? '')
    .split(path.delimiter)
    .map((dir) => path.join(dir, name))
    .find((candidate) => existsSync(candidate));
const executablePath = (process.env.CHROMIUM_PATH || onPath('chromium-headless-shell')) ?? onPath('chromium');

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
        launchOptions: {
          executablePath,
          // Root on CI needs --no-sandbox; the rest keeps Chromium off the (closed) network.
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
});
