/**
 * Every route of the sitemap, visited once, as a reader opens it: it answers 200 and stays at its own
 * address (SPEC.md §2), shows its own heading and content, has a sidebar unless it is the home page,
 * logs no console error or warning, and axe finds no WCAG 2.1 A/AA violation in light mode. Operation
 * pages get the same checks in reference-pages.spec.ts (same load as their anchors and fields), and axe
 * with their explorer open in explorer-honest.spec.ts; dark mode runs on a share of the routes
 * (accessibility.spec.ts, reference-accessibility.spec.ts).
 */
import {expect, test} from '@playwright/test';

import {accessibilityProblems} from '../support/axe';
import {expectOwnPage} from '../support/own-page';
import {collectConsoleProblems, waitForHydration} from '../support/page';
import {operationPages} from '../support/reference';
import {sitemapRoutes} from '../support/sitemap';

const operationPaths = new Set(operationPages().map(({path}) => path));

test('the sitemap lists every operation page, which reference-pages.spec.ts visits', () => {
  const listed = new Set(sitemapRoutes().map((route) => route.replace(/\/$/, '')));
  expect([...operationPaths].filter((path) => !listed.has(path))).toEqual([]);
});

for (const route of sitemapRoutes().filter((candidate) => !operationPaths.has(candidate.replace(/\/$/, '')))) {
  test(`${route}: its own page, no console problem, no WCAG 2.1 A/AA violation in light mode`, async ({page}) => {
    // axe walks every node: on the long pages that takes 10-20 s on a busy 2-core machine.
    test.setTimeout(90_000);
    const problems = collectConsoleProblems(page);
    const response = await page.goto(route);
    await waitForHydration(page);
    await expectOwnPage(page, route, response);
    expect(await accessibilityProblems(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
}
