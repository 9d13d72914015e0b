import {existsSync} from 'node:fs';
import {defineConfig, devices} from '@playwright/test';

// Browsers cannot be downloaded on CI machines: use Debian's Chromium (or the path in CHROMIUM_PATH),
// and fall back to Playwright's own browser where none is installed.
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const executablePath = existsSync(chromiumPath) ? chromiumPath : undefined;

// Port of the local server that serves the production build for the tests.
const port = Number(process.env.E2E_PORT ?? 3210);

export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', {open: 'never'}]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
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
  // Serve the production build (npm run build) on loopback.
  webServer: {
    command: `npx docusaurus serve --no-open --host 127.0.0.1 --port ${port}`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
