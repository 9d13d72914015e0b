/**
 * axe finds no violation of the WCAG 2.1 A and AA rules on any page of the reference, light and dark:
 * the four landing pages, and every operation page with its explorer opened through "Try it".
 * (tests/e2e/accessibility.spec.ts checks one page per template across the site.)
 */
import AxeBuilder from '@axe-core/playwright';
import {expect, test, type Page} from '@playwright/test';

import {gotoHydrated} from '../support/page';
import {landingPaths, operationPages} from '../support/reference';

const wcag21AandAA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

// Elements of docusaurus-theme-openapi-docs that neither CSS nor content can fix: each rule is set
// aside on those elements only (as in accessibility.spec.ts).
const thirdPartyExceptions = [
  // The scroll arrows of the theme's tab lists are empty <button>s without a label.
  {rule: 'button-name', selector: 'button.openapi-tabs__arrow'},
];

async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({page})
    .withTags(wcag21AandAA)
    // Headings that skip a level mislead screen-reader navigation (axe best practice, in Lighthouse).
    .options({rules: {'heading-order': {enabled: true}}})
    .analyze();
  const found: string[] = [];
  for (const {id, help, nodes} of results.violations) {
    for (const node of nodes) {
      const target = String(node.target[0]);
      const exception = thirdPartyExceptions.find(({rule}) => rule === id);
      if (exception && (await page.locator(target).evaluate((element, selector) => element.matches(selector), exception.selector))) continue;
      found.push(`${id} (${help}) at ${target}: ${node.failureSummary ?? ''}`);
    }
  }
  return found;
}

const pages = [
  ...landingPaths.map((path) => ({path, explorer: false})),
  ...operationPages().map(({path}) => ({path, explorer: true})),
];

for (const mode of ['light', 'dark'] as const) {
  for (const {path, explorer} of pages) {
    test(`${path}${explorer ? ' with its explorer open' : ''} in ${mode} mode has no WCAG 2.1 A/AA violation`, async ({page}) => {
      // axe walks every node: on the API pages that takes 10-20 s on a busy 2-core machine.
      test.setTimeout(90_000);
      await gotoHydrated(page, `${path}?docusaurus-theme=${mode}`);
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      if (explorer) {
        await page.getByRole('button', {name: 'Try it'}).click();
        await expect(page.getByRole('button', {name: 'Send API Request'})).toBeVisible({timeout: 20_000});
      }
      expect(await violations(page)).toEqual([]);
    });
  }
}
