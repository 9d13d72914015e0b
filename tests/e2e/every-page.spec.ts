/**
 * Every route of the sitemap, visited once, as a reader opens it: it answers 200 and stays at its own
 * address (SPEC.md §2), shows its own heading and content, has a sidebar unless it is the home page,
 * logs no console error or warning, and axe finds no WCAG 2.1 A/AA violation in light mode. Operation
 * pages are checked by axe with their explorer open (reference-accessibility.spec.ts); dark mode runs
 * on a share of the routes (accessibility.spec.ts).
 */
import {expect, test} from '@playwright/test';

import {accessibilityProblems} from '../support/axe';
import {collectConsoleProblems, docSidebar, notFoundHeading, waitForHydration} from '../support/page';
import {operationPages} from '../support/reference';
import {routesWithoutSidebar} from '../support/routes';
import {sitemapRoutes} from '../support/sitemap';

const operationPaths = new Set(operationPages().map(({path}) => path));

for (const route of sitemapRoutes()) {
  const own = route.replace(/\/$/, '') || '/';
  test(`${route}: its own page, no console problem, no WCAG 2.1 A/AA violation in light mode`, async ({page}) => {
    // axe walks every node: on the API pages that takes 10-20 s on a busy 2-core machine.
    test.setTimeout(90_000);
    const problems = collectConsoleProblems(page);
    const response = await page.goto(route);
    expect(response?.status(), 'HTTP status').toBe(200);
    await waitForHydration(page);
    // The page ends up at the route itself (no redirect to elsewhere) and is not the not-found page.
    expect(new URL(page.url()).pathname.replace(/\/$/, '') || '/').toBe(own);
    await expect(page.locator('h1').first()).toBeVisible();
    await expect(page.locator('h1').first()).not.toHaveText(notFoundHeading);
    await expect(page.locator('main')).toContainText(/\w{3,}/);
    if (routesWithoutSidebar.includes(own)) await expect(docSidebar(page)).toHaveCount(0);
    else await expect(docSidebar(page)).toBeVisible();
    if (!operationPaths.has(own)) expect(await accessibilityProblems(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
}
