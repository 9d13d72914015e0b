import AxeBuilder from '@axe-core/playwright';
import type {Page} from '@playwright/test';

const wcag21Tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

// Violations in markup of docusaurus-theme-openapi-docs that neither CSS nor content can fix: each
// rule is set aside on those elements only, and stays in force everywhere else.
const thirdPartyExceptions = [
  // The scroll arrows of the theme's tab lists are empty <button>s without a label.
  {rule: 'button-name', selector: 'button.openapi-tabs__arrow'},
];

/**
 * axe's WCAG 2.1 A/AA violations on the page (or only in the elements `include` selects), and headings
 * that skip a level, as readable lines.
 */
export async function accessibilityProblems(page: Page, include?: string): Promise<string[]> {
  // Legacy mode (below) does not test cross-origin frames: a page that gets one needs the default mode.
  const frames = page
    .frames()
    .filter((frame) => new URL(frame.url(), page.url()).origin !== new URL(page.url()).origin);
  if (frames.length > 0)
    throw new Error(
      `${page.url()} has cross-origin frames (${frames.map((frame) => frame.url()).join(', ')}): drop setLegacyMode in tests/support/axe.ts`,
    );
  const builder = new AxeBuilder({page})
    // Legacy mode runs axe in the page itself. The default opens a blank page after every run to merge
    // the results of cross-origin frames, which the site has none of: that costs 40% of each run.
    .setLegacyMode(true)
    // Headings that skip a level mislead screen-reader navigation (axe best practice, in Lighthouse).
    // options() replaces every option, so it comes before withTags(), which only sets runOnly.
    // resultTypes: only violations are read, so axe skips collecting every passing node (much faster
    // on the long reference and tutorial pages); violations are found and reported as before.
    .options({rules: {'heading-order': {enabled: true}}, resultTypes: ['violations']})
    .withTags(wcag21Tags);
  const {violations} = await (include ? builder.include(include) : builder).analyze();
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
