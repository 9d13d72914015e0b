/**
 * SPEC.md §4: browser storage failures are logged to the console and otherwise ignored. Here
 * localStorage.getItem and setItem throw, as they do under strict privacy settings.
 */
import {expect, test} from '@playwright/test';

import {collectConsoleProblems, colorModeToggle, gotoHydrated} from '../support/page';

// One page of each template.
const templates = [
  {name: 'home', path: '/'},
  {name: 'doc', path: '/docs/quickstart'},
  {name: 'API page', path: '/api/api-reference/orchard-ai-predictor/predict-with-pre-trained-model'},
  {name: 'tutorial', path: '/tutorials/api-key'},
  {name: 'FAQ', path: '/faqs/faqs'},
];

// What Docusaurus logs when a storage call fails (theme-common's storage utilities).
const storageFailureLog = /^(error: Docusaurus storage error|warning: Docusaurus browser storage is not available)/;

test.describe('when localStorage throws', () => {
  test.beforeEach(async ({page}) => {
    await page.addInitScript(() => {
      for (const method of ['getItem', 'setItem'] as const) {
        const original = Storage.prototype[method] as (...args: string[]) => unknown;
        Storage.prototype[method] = function (this: Storage, ...args: string[]) {
          if (this === window.localStorage) throw new DOMException('The operation is insecure.', 'SecurityError');
          return original.apply(this, args);
        } as never;
      }
    });
  });

  for (const {name, path} of templates) {
    test(`the ${name} template (${path}) renders and the colour toggle works; the failure is only logged`, async ({
      page,
    }) => {
      const problems = collectConsoleProblems(page);
      await gotoHydrated(page, path);
      await expect(page.locator('h1').first()).toBeVisible();
      await expect(page.locator('h1').first()).not.toHaveText('This page crashed.');
      const html = page.locator('html');
      await expect(html).toHaveAttribute('data-theme', 'light');
      await colorModeToggle(page).click();
      await expect(html).toHaveAttribute('data-theme', 'dark');
      await colorModeToggle(page).click();
      await expect(html).toHaveAttribute('data-theme', 'light');
      // Logged (saving the choice failed), and nothing but storage failures was logged.
      expect(problems.length).toBeGreaterThan(0);
      expect(problems.filter((problem) => !storageFailureLog.test(problem))).toEqual([]);
    });
  }
});
