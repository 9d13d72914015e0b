/**
 * The not-found and search pages (no routes of the sitemap) have no WCAG 2.1 A/AA violation in either
 * colour mode and no text under 12px, and the search page keeps its JavaScript budget; the axe check
 * itself finds what it should. Every other page is checked as it loads, with text
 * sizes on one page per template and dark mode on some: every-page.spec.ts, and the operation pages
 * with their explorer open in reference-pages.spec.ts.
 */
import {expect, test} from '@playwright/test';

import {accessibilityProblems} from '../support/axe';
import {gotoHydrated, switchToDarkMode, textUnder12px} from '../support/page';
import {expectWithinBudget} from '../support/page-weight';
import {templatePages} from '../support/templates';

test('the not-found page has no WCAG 2.1 A/AA violation in light or dark mode, and no text under 12px', async ({
  page,
}) => {
  await gotoHydrated(page, '/no-such-page');
  expect(await accessibilityProblems(page), 'light mode').toEqual([]);
  expect(await textUnder12px(page), 'text under 12px').toEqual([]);
  await switchToDarkMode(page);
  expect(await accessibilityProblems(page), 'dark mode').toEqual([]);
});

test('the search page, results shown, keeps its JavaScript budget and has no WCAG 2.1 A/AA violation in light or dark mode', async ({
  page,
}) => {
  const {path, maxGzipJs} = templatePages.find(({template}) => template === 'search')!;
  await expectWithinBudget(page, `${path}?q=${encodeURIComponent('learning rate')}`, maxGzipJs!);
  // The results are what a reader reads: axe checks the page once they are shown.
  await expect(page.locator('article').first()).toBeVisible({timeout: 30_000});
  expect(await accessibilityProblems(page), 'light mode').toEqual([]);
  expect(await textUnder12px(page), 'text under 12px').toEqual([]);
  await switchToDarkMode(page);
  expect(await accessibilityProblems(page), 'dark mode').toEqual([]);
  // A description for search engines' snippets and Lighthouse's SEO audit: in the served HTML and the live page.
  const description = /^Search the .+ documentation/;
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', description);
  const html = await (await page.request.get(path)).text();
  // Minified HTML (SPEED_OFF=unminified-html) leaves out the quotes a value needs none of.
  expect(html).toMatch(/<meta[^>]*name="?description"?[^>]*content="Search the [^"]+ documentation/);
});

test("the navbar's search box, its hits listed: a combobox a keyboard drives, announced, with no WCAG 2.1 A/AA violation in light or dark mode", async ({
  page,
}) => {
  await gotoHydrated(page, '/docs/intro');
  for (const mode of ['light', 'dark'] as const) {
    if (mode === 'dark') await switchToDarkMode(page);
    await page.keyboard.press('Control+k');
    const box = page.getByRole('combobox', {name: 'Search'});
    await expect(box).toBeFocused();
    await box.fill('');
    await page.keyboard.type('api key', {delay: 60});
    const list = page.getByRole('listbox', {name: 'Search results'});
    await expect(list).toHaveAttribute('data-answered-query', 'api key', {timeout: 30_000});
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    // Screen readers hear how many hits there are.
    await expect(page.getByRole('status').filter({hasText: /\d+ results?$/})).toHaveCount(1);
    const options = list.getByRole('option');
    const activeOption = async () =>
      page.locator(`[id="${await box.getAttribute('aria-activedescendant')}"]`).getAttribute('aria-selected');
    // The first hit is the one Enter opens; the arrows move the choice, and the box keeps the focus.
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(options.first()).toHaveAttribute('aria-selected', 'false');
    expect(await activeOption()).toBe('true');
    await expect(box).toBeFocused();
    // Each hit shows its page, its section where it has one, and the matched words marked.
    await expect(options.first().locator('mark').first()).toBeVisible();
    expect(await accessibilityProblems(page), `${mode} mode, hits listed`).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(list).toBeHidden();
  }
});

test('the axe check finds what it is there to find: a nameless button and faint text', async ({page}) => {
  await gotoHydrated(page, '/docs/intro');
  await page.locator('main').evaluate((main) => {
    main.insertAdjacentHTML(
      'afterbegin',
      '<button id="axe-probe-button"></button><p id="axe-probe-text" style="color:#eee;background:#fff">Faint</p>',
    );
  });
  const problems = await accessibilityProblems(page);
  expect(problems.some((line) => line.startsWith('button-name') && line.includes('#axe-probe-button'))).toBe(true);
  expect(problems.some((line) => line.startsWith('color-contrast') && line.includes('#axe-probe-text'))).toBe(true);
  expect(await accessibilityProblems(page, 'footer')).toEqual([]);
});
