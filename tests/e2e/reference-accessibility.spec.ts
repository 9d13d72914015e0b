/**
 * axe finds no violation of the WCAG 2.1 A and AA rules in dark mode on every third operation page with
 * its explorer opened through "Try it". Light mode, on every operation page: reference-pages.spec.ts,
 * in the same page load as its explorer checks; every route as it loads: every-page.spec.ts.
 */
import {expect, test} from '@playwright/test';

import {accessibilityProblems} from '../support/axe';
import {gotoHydrated} from '../support/page';
import {operationPages} from '../support/reference';

// Every third operation page with its explorer open in dark mode.
const paths = operationPages().map(({path}) => path);
const runs = paths.filter((_, index) => index % 3 === 0).map((path) => ({path, mode: 'dark' as const}));

for (const {path, mode} of runs) {
  test(`${path} with its explorer open in ${mode} mode has no WCAG 2.1 A/AA violation`, async ({page}) => {
    // axe walks every node: on the API pages that takes 10-20 s on a busy 2-core machine.
    test.setTimeout(90_000);
    await gotoHydrated(page, `${path}?docusaurus-theme=${mode}`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    await page.getByRole('button', {name: 'Try it'}).click();
    await expect(page.getByRole('button', {name: 'Send API Request'})).toBeVisible({timeout: 20_000});
    expect(await accessibilityProblems(page)).toEqual([]);
  });
}
