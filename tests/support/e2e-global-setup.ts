/**
 * Playwright's global setup: serves build/ for the browser tests as production serves it (the Node
 * server of `npm run serve`, hosting/server.ts: the Content-Security-Policy and every other hosting
 * header, precompressed answers, the real 404, the feedback API at /api/feedback), on a free loopback
 * port (or on E2E_PORT when it is set), so suites of several checkouts run side by side without a port
 * clash. Feedback goes to an SQLite file of its own, read back with the admin token in
 * E2E_FEEDBACK_TOKEN. The workers start after this and inherit E2E_BASE_URL, which
 * playwright.config.ts makes the baseURL.
 */
import {randomBytes} from 'node:crypto';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

import {serveSite} from '../../hosting/server';
import {openFeedbackStore} from '../../lib/feedback/store';
import {buildDir} from './twins';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const feedbackDir = mkdtempSync(path.join(tmpdir(), 'orchard-e2e-feedback-'));
  const adminToken = randomBytes(16).toString('hex');
  const store = await openFeedbackStore({FEEDBACK_DB: path.join(feedbackDir, 'feedback.sqlite')});
  // E2E_BUILD_DIR: another build to serve (tests/speed-off/playwright.config.ts sets it).
  const {url, server} = await serveSite(
    process.env.E2E_BUILD_DIR ?? buildDir,
    Number(process.env.E2E_PORT ?? 0),
    '127.0.0.1',
    undefined,
    // Each browser test sends from a client of its own address (127.0.0.1): the limits of one reader
    // would stop the suite, so the service trusts the X-Forwarded-For a test sets to be another reader.
    () => Promise.resolve({store, adminToken, trustProxy: true}),
  );
  process.env.E2E_BASE_URL = url;
  process.env.E2E_FEEDBACK_TOKEN = adminToken;
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await store.close();
    rmSync(feedbackDir, {recursive: true, force: true});
  };
}
