import {expect, test} from '@playwright/test';

import {measurePageWeight} from '../support/page-weight';

// The byte budget of each page is checked on the visit that also checks the page itself:
// every-page.spec.ts (one page per template, the reference landings) and reference-pages.spec.ts
// (the operation pages).
test('the explorer code loads only when the reader asks for it', async ({page}) => {
  const path = '/api/api-reference/orchard-ai-predictor/predict-with-pre-trained-model';
  const before = await measurePageWeight(page, path);
  const lateScripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') lateScripts.push(response.url());
  });
  await page.getByRole('button', {name: 'Try it'}).click();
  await expect(page.getByRole('button', {name: 'Send API Request'})).toBeVisible();
  // Using the explorer fetched scripts that the first load did not include.
  const firstLoad = new Set(before.resources.map((resource) => resource.url));
  const fetchedOnUse = lateScripts.map((url) => new URL(url).pathname).filter((path) => !firstLoad.has(path));
  expect(fetchedOnUse.length).toBeGreaterThan(0);
});
