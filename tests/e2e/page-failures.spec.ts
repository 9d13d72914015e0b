/**
 * SPEC.md §2 and §8: a page that fails to load, a failed route preload, and a page that crashes.
 * The faults are provoked in the browser (request interception, a hook on the bundler's chunk queue):
 * the production site has no route or code for them.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';

import {expect, test} from '@playwright/test';

import {repoRoot} from '../../lib/openapi';
import {crashNextPage, scriptsRunBy} from '../support/faults';
import {waitForHydration} from '../support/page';

test('a page that fails to load shows the error and a Retry button that recovers once its requests succeed', async ({
  page,
}) => {
  // Every file a sibling page runs (runtime, main bundle, the docs layout) keeps loading; the
  // chunks only /docs/models needs fail until the test lets them through.
  const shared = await scriptsRunBy(page, '/docs/intro');
  let failing = true;
  await page.route('**/assets/js/**', (route) =>
    failing && !shared.has(route.request().url()) ? route.abort() : route.continue(),
  );
  // Docusaurus loads a route before rendering it, and on a failure during client navigation it
  // reloads the page (next test): the Retry screen shows when a route renders before its chunks
  // arrived. That happens when a reader opens the page by its file address, as plain static hosts
  // serve it; `docusaurus serve` redirects that address, so the test serves the built file itself.
  await page.route('**/docs/models/index.html', (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: readFileSync(path.join(repoRoot, 'build/docs/models/index.html'), 'utf8'),
    }),
  );
  await page.goto('/docs/models/index.html');
  await waitForHydration(page);
  const retry = page.getByRole('button', {name: 'Retry'});
  await expect(retry).toBeVisible();
  await expect(page.locator('main, #__docusaurus_skipToContent_fallback').first()).toContainText(
    /Loading chunk \S+ failed/,
  );
  failing = false;
  await retry.click();
  await expect(page.locator('h1')).toHaveText('Models');
  await expect(retry).toHaveCount(0);
});

test('a route whose chunks fail during client navigation reloads the page (SPEC.md §2)', async ({page}) => {
  const shared = await scriptsRunBy(page, '/docs/intro');
  // Only the client navigation fails: once the browser reloads the page, every request succeeds.
  let failing = true;
  await page.route('**/docs/models', (route) => {
    failing = false;
    return route.continue();
  });
  await page.route('**/assets/js/**', (route) =>
    failing && !shared.has(route.request().url()) ? route.abort() : route.continue(),
  );
  await page.evaluate(() => ((window as unknown as {beforeReload?: boolean}).beforeReload = true));
  await page.locator('.theme-doc-sidebar-container').getByRole('link', {name: 'Models', exact: true}).click();
  await expect(page).toHaveURL('/docs/models');
  await waitForHydration(page);
  await expect(page.locator('h1')).toHaveText('Models');
  // A new document: the flag set in the old one is gone.
  expect(await page.evaluate(() => (window as unknown as {beforeReload?: boolean}).beforeReload)).toBeUndefined();
});

test('a page that crashes shows "This page crashed.", the message, "Try again", and ways on', async ({page}) => {
  await page.goto('/docs/intro');
  await waitForHydration(page);
  const fault = await crashNextPage(page);
  await page.locator('.theme-doc-sidebar-container').getByRole('link', {name: 'Models', exact: true}).click();
  await expect(page).toHaveURL('/docs/models');
  await expect(page.getByRole('heading', {level: 1})).toHaveText('This page crashed.');
  await expect(page.locator('main')).toContainText('Simulated rendering failure');
  // The error page wrapper (src/theme/ErrorPageContent) adds where to go from here.
  const errorPage = page.locator('#__docusaurus_skipToContent_fallback');
  await expect(errorPage.getByRole('link', {name: 'home page'})).toHaveAttribute('href', '/');
  await expect(errorPage.getByRole('link', {name: 'Troubleshooting'})).toHaveAttribute('href', '/docs/troubleshooting');
  // The layout around the page still works, and "Try again" renders the page once the fault is gone.
  await expect(page.getByRole('navigation', {name: 'Main'})).toBeVisible();
  await fault.recover();
  await page.getByRole('button', {name: 'Try again'}).click();
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Models');
});
