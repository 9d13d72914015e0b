/**
 * Every route of the sitemap, visited once, as a reader opens it: it answers 200 and stays at its own
 * address (SPEC.md §2), shows its own heading and content, has a sidebar unless it is the home page,
 * logs no console error or warning, reports no Content-Security-Policy violation (the suite's server
 * sends the production policy), and axe finds no WCAG 2.1 A/AA violation in light mode. On the same
 * visit (a page load is most of a browser test's cost): a route with a first-load JavaScript budget
 * (one page per template, the reference landings) is weighed against it; a template's page has no text
 * under 12px; a guide, tutorial or FAQ with request samples runs each of them (tests/support/samples.ts);
 * and one page per template and every sixth route are switched to dark mode with the navbar's switch
 * and checked by axe again. Operation pages get the same checks in reference-pages.spec.ts (same load
 * as their anchors, fields, samples and explorer); the not-found page in accessibility.spec.ts.
 */
import {expect} from '@playwright/test';

import {accessibilityProblems} from '../support/axe';
import {referencePages} from '../support/budgets';
import {expectOwnPage} from '../support/own-page';
import {
  collectConsoleProblems,
  recordViolations,
  switchToDarkMode,
  textUnder12px,
  waitForHydration,
} from '../support/page';
import {expectWithinBudget} from '../support/page-weight';
import {operationPages} from '../support/reference';
import {darkModeRoutes, sitemapRoutes, withoutSlash} from '../support/sitemap';
import {allowClipboard, expectGuideSamplesRun, guidesWithSamples, test} from '../support/samples';
import {budgetedPages, templatePages} from '../support/templates';

const operationPaths = new Set(operationPages().map(({path}) => path));
const routes = sitemapRoutes().filter((route) => !operationPaths.has(withoutSlash(route)));
const darkRoutes = darkModeRoutes();
const budgets = new Map([...referencePages, ...budgetedPages].map((budget) => [budget.path, budget]));
const templates = new Set(templatePages.map(({path}) => path));
const guides = guidesWithSamples();

test('the sitemap lists every operation page, which reference-pages.spec.ts visits', () => {
  const listed = new Set(sitemapRoutes().map(withoutSlash));
  expect([...operationPaths].filter((path) => !listed.has(path))).toEqual([]);
});

test('every budgeted, template and dark-mode page is a route this spec visits, or an operation page', () => {
  // Operation pages: reference-pages.spec.ts; the search and not-found pages: accessibility.spec.ts.
  const visited = new Set([...routes.map(withoutSlash), ...operationPaths, '/search', '/no-such-page']);
  expect([...budgets.keys(), ...templates, ...darkRoutes].filter((path) => !visited.has(path))).toEqual([]);
});

test('every guide with request samples is a route this spec visits, and there are more than 20', () => {
  const visited = new Set(routes.map(withoutSlash));
  expect([...guides.values()].filter(({route}) => !visited.has(route))).toEqual([]);
  expect(guides.size).toBeGreaterThan(20);
});

for (const route of routes) {
  const path = withoutSlash(route);
  const budget = budgets.get(path);
  const dark = darkRoutes.has(path);
  const guide = guides.get(path);
  const also = [
    budget && 'its first-load JavaScript budget',
    templates.has(path) && 'no text under 12px',
    guide && 'every request sample runs as shown',
    dark && 'WCAG in dark mode',
  ].filter(Boolean);
  test(`${route}: its own page, no console problem, no WCAG 2.1 A/AA violation in light mode${also.map((what) => `, ${what}`).join('')}`, async ({
    page,
    sandbox,
  }) => {
    // axe walks every node: on the long pages that takes 10-20 s on a busy 2-core machine; the
    // longest tutorials' samples take 10 s more.
    test.setTimeout(guide ? 150_000 : 90_000);
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
    if (templates.has(path)) expect(await textUnder12px(page), 'text under 12px').toEqual([]);
    if (guide) {
      await allowClipboard(page);
      await expectGuideSamplesRun(page, guide, sandbox);
    }
    if (dark) {
      await switchToDarkMode(page);
      expect(await accessibilityProblems(page), 'dark mode').toEqual([]);
      expect(await violations(), 'Content-Security-Policy, dark mode').toEqual([]);
    }
    expect(problems).toEqual([]);
  });
}
