/**
 * The site built with SPEED_OFF=all (Docusaurus and the OpenAPI plugin as they come, no trick of
 * speed/) works: a doc page, an operation page whose explorer sends a call and shows the answer, and
 * search. Each test also fails on any error the page logs.
 */
import {expect, test, type Page} from '@playwright/test';

import {gotoHydrated} from '../support/page';

/** Collects the page's console errors and uncaught exceptions, for the test to assert none came. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('a doc page renders with its sidebar, and a sidebar link navigates', async ({page}) => {
  const errors = pageErrors(page);
  await gotoHydrated(page, '/docs/intro');
  await expect(page.locator('article h1')).toBeVisible();
  const sidebar = page.locator('aside.theme-doc-sidebar-container');
  await sidebar.getByRole('link', {name: 'Quickstart'}).click();
  await expect(page).toHaveURL(/\/docs\/quickstart/);
  await expect(page.locator('article h1')).toContainText('Quickstart');
  expect(errors).toEqual([]);
});

test("an operation page's explorer sends the call and shows the answer", async ({page}) => {
  const errors = pageErrors(page);
  // The call is answered here: the smoke is about the page, not a server.
  await page.route('**/predictor/language/pre-trained/**', (route) =>
    route.fulfill({status: 200, contentType: 'application/json', body: JSON.stringify({labels: ['smoke-answer']})}),
  );
  await gotoHydrated(page, '/api/api-reference/orchard-ai-predictor/predict-with-pre-trained-model');
  await expect(page.locator('h1')).toBeVisible();
  await page.getByRole('button', {name: 'Try it'}).click();
  await page.locator('input[type="password"]').first().fill('smoke-key');
  const sent = page.waitForRequest((request) => request.url().includes('/predictor/language/pre-trained/'));
  await page.getByRole('button', {name: 'Send API Request'}).click();
  expect((await sent).headers()['x-public-key']).toBe('smoke-key');
  await expect(page.locator('main')).toContainText('smoke-answer');
  expect(errors.filter((error) => !error.includes('smoke-answer'))).toEqual([]);
});

test('search finds a page and opens it', async ({page}) => {
  const errors = pageErrors(page);
  await gotoHydrated(page, '/docs/intro');
  await page.keyboard.press('Control+k');
  const box = page.getByRole('combobox', {name: 'Search'}).or(page.getByRole('textbox', {name: 'Search'}));
  await expect(box).toBeFocused();
  await box.fill('spam');
  // The index loads on the first query: slow on a busy 2-core machine.
  await expect(page.getByRole('option').first()).toContainText('Detect spam with a custom classifier', {
    timeout: 30_000,
  });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/tutorials\/spam-detection/);
  await expect(page.locator('article h1')).toBeVisible();
  expect(errors).toEqual([]);
});
