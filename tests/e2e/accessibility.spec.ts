/**
 * axe finds no violation of the WCAG 2.1 A and AA rules on the not-found page (light mode) and, in dark
 * mode, on the operation pages among the dark-mode routes (every other route, in both modes as the
 * sitemap lists them: every-page.spec.ts); the axe check itself finds what it should; no text under
 * 12px on any template.
 */
import {expect, test} from '@playwright/test';

import {accessibilityProblems} from '../support/axe';
import {gotoHydrated} from '../support/page';
import {operationPages} from '../support/reference';
import {darkModeRoutes} from '../support/sitemap';
import {templatePages} from '../support/templates';

const operationPaths = new Set(operationPages().map(({path}) => path));
const runs = [
  {path: '/no-such-page', mode: 'light' as const},
  ...[...darkModeRoutes()].filter((path) => operationPaths.has(path)).map((path) => ({path, mode: 'dark' as const})),
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
