/**
 * The site built with SPEED_OFF=all (Docusaurus and the OpenAPI plugin as they come, no trick of
 * speed/) works: a doc page, an operation page whose explorer sends a call and shows the answer, and
 * search. Each test also fails on any console error or warning, or uncaught error. It is built with
 * FEEDBACK_API_URL=none, so its pages show no feedback form (src/components/PageFeedback).
 */
import {expect, test} from '@playwright/test';

import {collectConsoleProblems, gotoHydrated, openFirstHitFromSearchBox} from '../support/page';

test('a doc page renders with its sidebar, and a sidebar link navigates', async ({page}) => {
  const errors = collectConsoleProblems(page);
  await gotoHydrated(page, '/docs/intro');
  await expect(page.locator('article h1')).toBeVisible();
  const sidebar = page.locator('aside.theme-doc-sidebar-container');
  await sidebar.getByRole('link', {name: 'Quickstart'}).click();
  await expect(page).toHaveURL(/\/docs\/quickstart/);
  await expect(page.locator('article h1')).toContainText('Quickstart');
  expect(errors).toEqual([]);
});

test("an operation page's explorer sends the call and shows the answer", async ({page}) => {
  const errors = collectConsoleProblems(page);
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
  expect(errors).toEqual([]);
});

test('search finds a page and opens it', async ({page}) => {
  const errors = collectConsoleProblems(page);
  await openFirstHitFromSearchBox(page, 'spam', 'Detect spam with a custom classifier');
  await expect(page).toHaveURL(/\/tutorials\/spam-detection/);
  await expect(page.locator('article h1')).toBeVisible();
  expect(errors).toEqual([]);
});

test('built without a feedback service: no "Was this page helpful?" and no sample report button', async ({page}) => {
  const errors = collectConsoleProblems(page);
  await gotoHydrated(page, '/docs/quickstart');
  await expect(page.locator('article h1')).toContainText('Quickstart');
  await expect(page.locator('article .theme-doc-footer')).toBeVisible();
  await expect(page.getByText('Was this page helpful?')).toHaveCount(0);
  await expect(page.locator('.page-feedback')).toHaveCount(0);

  await gotoHydrated(page, '/api/api-reference/orchard-ai-trainer/create-training-job');
  // The samples are drawn in the browser: each tab shown, its code there, and no button under it.
  const samples = page.locator('.openapi-code-samples');
  for (const label of ['curl', 'Python', 'JavaScript', 'Go']) {
    await samples.getByRole('tab', {name: label, exact: true}).click();
    await expect(samples.locator('[role="tabpanel"]:not([hidden]) .theme-code-block')).toBeVisible();
  }
  await expect(page.getByRole('button', {name: /^Report this .* sample as not working$/})).toHaveCount(0);
  await expect(page.getByText('Was this page helpful?')).toHaveCount(0);
  expect(errors).toEqual([]);
});
