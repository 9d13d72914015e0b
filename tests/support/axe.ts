import AxeBuilder from '@axe-core/playwright';
import type {Page} from '@playwright/test';

const wcag21Tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

// Violations in markup of docusaurus-theme-openapi-docs that neither CSS nor content can fix: each
// rule is set aside on those elements only, and stays in force everywhere else.
const thirdPartyExceptions = [
  // The scroll arrows of the theme's tab lists are empty <button>s without a label.
  {rule: 'button-name', selector: 'button.openapi-tabs__arrow'},
];

/** axe's WCAG 2.1 A/AA violations on the page, and headings that skip a level, as readable lines. */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  const {violations} = await new AxeBuilder({page})
    // Headings that skip a level mislead screen-reader navigation (axe best practice, in Lighthouse).
    // options() replaces every option, so it comes before withTags(), which only sets runOnly.
    // resultTypes: only violations are read, so axe skips collecting every passing node (much faster
    // on the long reference and tutorial pages); violations are found and reported as before.
    .options({rules: {'heading-order': {enabled: true}}, resultTypes: ['violations']})
    .withTags(wcag21Tags)
    .analyze();
  const found: string[] = [];
  for (const {id, help, nodes} of violations) {
    for (const node of nodes) {
      const target = String(node.target[0]);
      const exception = thirdPartyExceptions.find(({rule}) => rule === id);
      if (
        exception &&
        (await page.locator(target).evaluate((element, selector) => element.matches(selector), exception.selector))
      ) {
        continue;
      }
      found.push(`${id} (${help}) at ${target}: ${node.failureSummary ?? ''}`);
    }
  }
  return found;
}
