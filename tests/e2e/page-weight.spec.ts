import {expect, test} from '@playwright/test';

import {referencePages} from '../support/budgets';
import {budgetedPages} from '../support/templates';
import {largestScripts, measurePageWeight} from '../support/page-weight';

// Bytes, not times: the same build always gives the same numbers.
for (const {template, path, maxGzipJs} of [
  ...budgetedPages,
  ...referencePages.filter((page) => !budgetedPages.some((t) => t.path === page.path)),
]) {
  test(`${template} ${path}: first-load JavaScript within ${(maxGzipJs / 1024).toFixed(0)} KB gzipped`, async ({
    page,
  }) => {
    const weight = await measurePageWeight(page, path);
    const gzipJs = weight.total.script.gzip;
    expect(
      gzipJs,
      `${path} loads ${(gzipJs / 1024).toFixed(1)} KB of gzipped JavaScript; largest: ${largestScripts(weight)}`,
    ).toBeLessThanOrEqual(maxGzipJs);
  });
}

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
