/**
 * What the page benches (pages.mts, tricks.mts) share: the Chromium they drive, its flags, and one
 * Lighthouse run. The benches drive Debian's full chromium (CHROMIUM_PATH to choose another), the
 * browser readers have, not the headless shell the browser tests use.
 */
import {existsSync} from 'node:fs';

import {chromium, type Browser} from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

const chromePath = process.env.CHROMIUM_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
// Root needs --no-sandbox; the rest keeps Chromium off the (closed) network and quiet.
const chromeFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The Chromium the benches drive, or a line saying how to get it (not Playwright's own, which is not installed). */
function fullChromium(): string {
  if (chromePath) return chromePath;
  throw new Error(
    "the page benches drive Debian's full Chromium, and there is none at /usr/bin/chromium: install it (apt-get install chromium) or set CHROMIUM_PATH",
  );
}

/** Chromium driven by Playwright: for weighing pages (tests/support/page-weight.ts). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({executablePath: fullChromium(), args: chromeFlags});
}

/** One Lighthouse run (mobile, simulated throttling) of `url`, optionally limited to some categories. */
export type Audit = (url: string, onlyCategories?: string[]) => Promise<LighthouseResult>;

/** Starts Chromium for Lighthouse, hands `use` a way to audit pages with it, and stops it afterwards. */
export async function withLighthouse<T>(use: (audit: Audit) => Promise<T>): Promise<T> {
  const chrome = await chromeLauncher.launch({
    chromePath: fullChromium(),
    chromeFlags: ['--headless=new', ...chromeFlags],
  });
  try {
    return await use(async (url, onlyCategories) => {
      const result = await lighthouse(url, {port: chrome.port, output: 'json', logLevel: 'error', onlyCategories});
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      return result.lhr;
    });
  } finally {
    chrome.kill();
  }
}

/** Bytes as KB with one decimal. */
export const kb = (bytes: number) => (bytes / 1024).toFixed(1);
