/**
 * The search box under a pasted long text: the search takes its first words only
 * (src/search/limits.ts), answers at once and is free for the next query. Unbounded, Pagefind would
 * fetch an index chunk for every word of the text and match each against it.
 */
import {expect, test} from '@playwright/test';

import {maxQueryChars} from '../../src/search/limits';
import {gotoHydrated} from '../support/page';

test('a pasted 20,000-character query is cut: an answer in seconds, and the box searches again at once', async ({
  page,
}) => {
  await gotoHydrated(page, '/docs/intro');
  const box = page.getByRole('combobox', {name: 'Search'});
  await box.click();
  // The search loaded and ready, so what follows times the search alone.
  await box.fill('spam');
  const options = page.getByRole('option');
  await expect(options.first()).toContainText('Detect spam with a custom classifier', {timeout: 30_000});

  const pasted = `spam ${'q'.repeat(20_000)}`;
  expect(pasted.length).toBeGreaterThan(maxQueryChars * 50);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  const started = Date.now();
  await box.fill(pasted);
  // Pagefind leaves out a word no page has: the 64 characters of "qqq…" the search keeps find nothing, "spam" does.
  await expect(page.getByRole('listbox')).toHaveAttribute('data-answered-query', pasted, {timeout: 10_000});
  await expect(options.first()).toContainText('Detect spam with a custom classifier');
  await expect(box).toHaveValue(pasted);
  await box.fill('spam');
  await expect(page.getByRole('listbox')).toHaveAttribute('data-answered-query', 'spam', {timeout: 10_000});
  await expect(options.first()).toContainText('Detect spam with a custom classifier');
  expect(Date.now() - started, 'the long query and the next one, in ms').toBeLessThan(10_000);
  // One index chunk per word at most, for the two words searched.
  expect(requests.filter((path) => path.startsWith('/pagefind/index/')).length).toBeLessThanOrEqual(2);
});

test('the search page under a pasted long query: its heading stays three lines, and the results come', async ({
  page,
}) => {
  await gotoHydrated(page, `/search?q=${encodeURIComponent('learning rate '.repeat(200))}`);
  await expect(page.getByText(/pages? found/)).toBeVisible({timeout: 30_000});
  await expect(page.locator('article').first()).toBeVisible();
  const heading = page.getByRole('heading', {level: 1});
  const {height, lineHeight} = await heading.evaluate((element) => ({
    height: element.getBoundingClientRect().height,
    lineHeight: Number.parseFloat(getComputedStyle(element).lineHeight),
  }));
  expect(height, 'the heading is cut to three lines').toBeLessThanOrEqual(lineHeight * 3 + 1);
});
