/**
 * axe finds no violation of the WCAG 2.1 A and AA rules in dark mode on one page of every template and
 * a share of the other routes, and on the not-found page in light mode (every route in light mode:
 * every-page.spec.ts); no text under 12px on any template.
 */
import {expect, test} from '@playwright/test';

import {accessibilityProblems} from '../support/axe';
import {gotoHydrated} from '../support/page';
import {sitemapRoutes} from '../support/sitemap';
import {templatePages} from '../support/templates';

// In dark mode, one page per template and every sixth route besides; the not-found page in light mode.
const routes = sitemapRoutes();
const runs = [
  {path: '/no-such-page', mode: 'light' as const},
  ...[...new Set([...templatePages.map(({path}) => path), ...routes.filter((_, index) => index % 6 === 0)])].map(
    (path) => ({path, mode: 'dark' as const}),
  ),
];

for (const {path, mode} of runs) {
  test(`${path} in ${mode} mode has no WCAG 2.1 A/AA violation`, async ({page}) => {
    // axe walks every node: on the API pages that takes 10-20 s on a busy 2-core machine.
    test.setTimeout(90_000);
    // Docusaurus reads the initial colour mode from this query parameter, before anything renders.
    await gotoHydrated(page, `${path}?docusaurus-theme=${mode}`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    expect(await accessibilityProblems(page)).toEqual([]);
  });
}

// Lighthouse's "legible font sizes": text under 12px is hard to read on a phone. Every text node
// counts, also those in closed <details> and hidden tabs, which open later.
for (const {template: name, path} of templatePages) {
  test(`${name} (${path}) has no text under 12px`, async ({page}) => {
    await gotoHydrated(page, path);
    const small = await page.evaluate(() => {
      const found: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const element = node.parentElement;
        const text = node.textContent?.trim();
        if (!element || !text || element.closest('script, style, noscript')) continue;
        const size = parseFloat(getComputedStyle(element).fontSize);
        if (size < 12)
          found.push(
            `${size}px: "${text.slice(0, 30)}" in <${element.tagName.toLowerCase()} class="${element.className}">`,
          );
      }
      return found;
    });
    expect(small).toEqual([]);
  });
}
