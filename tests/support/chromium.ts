/**
 * The Chromium every browser test drives, for the Playwright suite (playwright.config.ts) and the Node
 * suites that open a page themselves. Browsers cannot be downloaded on CI machines: the Chromium in
 * CHROMIUM_PATH, else Debian's headless build of Chromium (chromium-headless-shell, which
 * scripts/test-tools.sh installs: the same engine without the window machinery, a third faster to
 * drive, like the shell Playwright itself runs headless), else Debian's full chromium, and Playwright's
 * own browser where none is installed.
 */
import {existsSync} from 'node:fs';
import path from 'node:path';

import type {LaunchOptions} from '@playwright/test';

const onPath = (name: string) =>
  (process.env.PATH ?? '')
    .split(path.delimiter)
    .map((dir) => path.join(dir, name))
    .find((candidate) => existsSync(candidate));

export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: (process.env.CHROMIUM_PATH || onPath('chromium-headless-shell')) ?? onPath('chromium'),
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
};
