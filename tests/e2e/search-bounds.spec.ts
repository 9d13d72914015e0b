/**
 * The search box under a pasted long text: its worker searches the first words only
 * (src/search-limits.ts), answers at once and stays free for the next query. Unbounded, a
 * 20,000-character word kept the worker busy for over a minute, and every later query waited behind it.
 */
import {expect, test} from '@playwright/test';

import {maxQueryChars} from '../../src/search-limits';
import {gotoHydrated} from '../support/page';

test('a pasted 20,000-character query is cut: an answer in seconds, and the box searches again at once', async ({
  page,
}) => {
  await gotoHydrated(page, '/docs/intro');
  const box = page.getByRole('combobox', {name: 'Search'}).or(page.getByRole('textbox', {name: 'Search'}));
  await box.click();
  // The index loaded and the worker ready, so what follows times the search alone.
  await box.fill('spam');
  const options = page.getByRole('option');
  await expect(options.first()).toContainText('Detect spam with a custom classifier', {timeout: 30_000});

  const pasted = `spam ${'q'.repeat(20_000)}`;
  expect(pasted.length).toBeGreaterThan(maxQueryChars * 50);
  const started = Date.now();
  await box.fill(pasted);
  // Every word is required: "spam" with a 64-character "qqq…" finds nothing, and says so.
  await expect(page.getByText('No results')).toBeVisible({timeout: 10_000});
  await expect(box).toHaveValue(pasted);
  await box.fill('spam');
  await expect(options.first()).toContainText('Detect spam with a custom classifier', {timeout: 10_000});
  expect(Date.now() - started, 'the long query and the next one, in ms').toBeLessThan(10_000);
});

test('the search page under a pasted long query: its heading stays three lines, and the results come', async ({
  page,
}) => {
  await gotoHydrated(page, `/search?q=${encodeURIComponent('learning rate '.repeat(200))}`);
  await expect(page.getByText(/documents? found/)).toBeVisible({timeout: 30_000});
  const heading = page.getByRole('heading', {level: 1});
  const {height, lineHeight} = await heading.evaluate((element) => ({
    height: element.getBoundingClientRect().height,
    lineHeight: Number.parseFloat(getComputedStyle(element).lineHeight),
  }));
  expect(height, 'the heading is cut to three lines').toBeLessThanOrEqual(lineHeight * 3 + 1);
});
