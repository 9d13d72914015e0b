/**
 * Every route of the sitemap, visited once, as a reader opens it: it answers 200 and stays at its own
 * address (SPEC.md §2), shows its own heading and content, has a sidebar unless it is the home page,
 * logs no console error or warning, reports no Content-Security-Policy violation (the suite's server
 * sends the production policy), and axe finds no WCAG 2.1 A/AA violation in light mode. On the same
 * visit, a route with a first-load JavaScript budget (one page per template, the reference landings)
 * is weighed against it, and one page per template and every sixth route are checked again by axe in
 * dark mode. Operation pages get the same checks in reference-pages.spec.ts (same load as their anchors
 * and fields), and axe and their budget with their explorer open in the same spec and
 * reference-accessibility.spec.ts.
 */
import {expect, test} from '@playwright/test';

import {accessibilityProblems} from '../support/axe';
import {referencePages} from '../support/budgets';
import {expectOwnPage} from '../support/own-page';
import {collectConsoleProblems, gotoHydrated, recordViolations, waitForHydration} from '../support/page';
import {expectWithinBudget} from '../support/page-weight';
import {operationPages} from '../support/reference';
import {darkModeRoutes, sitemapRoutes, withoutSlash} from '../support/sitemap';
import {budgetedPages} from '../support/templates';

const operationPaths = new Set(operationPages().map(({path}) => path));
const routes = sitemapRoutes().filter((route) => !operationPaths.has(withoutSlash(route)));
const darkRoutes = darkModeRoutes();
const budgets = new Map([...referencePages, ...budgetedPages].map((budget) => [budget.path, budget]));

test('the sitemap lists every operation page, which reference-pages.spec.ts visits', () => {
  const listed = new Set(sitemapRoutes().map(withoutSlash));
  expect([...operationPaths].filter((path) => !listed.has(path))).toEqual([]);
});

test('every budgeted page and every dark-mode page is a route this spec visits, or an operation page', () => {
  // Operation pages: their budget in reference-pages.spec.ts, dark mode in accessibility.spec.ts.
  const visited = new Set([...routes.map(withoutSlash), ...operationPaths, '/no-such-page']);
  expect([...budgets.keys(), ...darkRoutes].filter((path) => !visited.has(path))).toEqual([]);
});

for (const route of routes) {
  const path = withoutSlash(route);
  const budget = budgets.get(path);
  const dark = darkRoutes.has(path);
  const also = [budget && 'its first-load JavaScript budget', dark && 'WCAG in dark mode'].filter(Boolean);
  test(`${route}: its own page, no console problem, no WCAG 2.1 A/AA violation in light mode${also.map((what) => `, ${what}`).join('')}`, async ({
    page,
  }) => {
    // axe walks every node: on the long pages that takes 10-20 s on a busy 2-core machine.
    test.setTimeout(90_000);
    const problems = collectConsoleProblems(page);
    const violations = await recordViolations(page);
    let response;
    if (budget) {
      const weight = await expectWithinBudget(page, route, budget.maxGzipJs);
      response = weight.response;
    } else {
      response = await page.goto(route);
      await waitForHydration(page);
    }
    await expectOwnPage(page, route, response);
    expect(await accessibilityProblems(page), 'light mode').toEqual([]);
    expect(await violations(), 'Content-Security-Policy, light mode').toEqual([]);
    if (dark) {
      // Docusaurus reads the initial colour mode from this query parameter, before anything renders.
      await gotoHydrated(page, `${route}?docusaurus-theme=dark`);
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      expect(await accessibilityProblems(page), 'dark mode').toEqual([]);
      expect(await violations(), 'Content-Security-Policy, dark mode').toEqual([]);
    }
    expect(problems).toEqual([]);
  });
}
