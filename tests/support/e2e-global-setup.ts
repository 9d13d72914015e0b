/**
 * Playwright's global setup: serves build/ for the browser tests on a free loopback port (or on
 * E2E_PORT when it is set), so suites of several checkouts run side by side without a port clash.
 * The workers start after this and inherit E2E_BASE_URL, which playwright.config.ts makes the baseURL.
 */
import {existsSync} from 'node:fs';
import path from 'node:path';

import {buildDir, serveBuild} from './serve-build';

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(path.join(buildDir, 'sitemap.xml')))
    throw new Error(`${buildDir} has no production build: run npm run build before the browser tests`);
  const {url, server} = await serveBuild(Number(process.env.E2E_PORT ?? 0));
  process.env.E2E_BASE_URL = url;
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
