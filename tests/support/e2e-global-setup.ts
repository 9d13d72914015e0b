/**
 * Playwright's global setup: serves build/ for the browser tests as production serves it (the Node
 * server of `npm run serve`, hosting/server.ts: the Content-Security-Policy and every other hosting
 * header, precompressed answers, the real 404), on a free loopback port (or on E2E_PORT when it is
 * set), so suites of several checkouts run side by side without a port clash. The workers start after
 * this and inherit E2E_BASE_URL, which playwright.config.ts makes the baseURL.
 */
import {serveSite} from '../../hosting/server';
import {buildDir} from './twins';

export default async function globalSetup(): Promise<() => Promise<void>> {
  // E2E_BUILD_DIR: another build to serve (tests/speed-off/playwright.config.ts sets it).
  const {url, server} = await serveSite(process.env.E2E_BUILD_DIR ?? buildDir, Number(process.env.E2E_PORT ?? 0));
  process.env.E2E_BASE_URL = url;
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
