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
  // The served HTML is minified: attribute values without quotes where they need none.
  expect(html).toMatch(/<meta[^>]*name="?description"?[^>]*content="Search the [^"]+ documentation/);
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
