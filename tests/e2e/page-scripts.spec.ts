/**
 * How pages start the app (the page template of plugins/boot-after-paint.ts): once the content is on
 * screen, not before.
 */
import {expect, test} from '@playwright/test';

import {templatePages} from '../support/budgets';

for (const {template, path} of templatePages) {
  test(`${template} ${path}: the app starts after the first contentful paint`, async ({page}) => {
    // No script the parser would run on its own (a `defer` script may run before the first paint)...
    const html = await (await page.request.get(path)).text();
    expect(html.match(/<script[^>]* src=[^>]*>/g) ?? [], `${path} still has parser-run scripts`).toEqual([]);
    // ...and main.js indeed runs once the browser has painted.
    // Docusaurus' entry sets window.docusaurus first thing when main.js runs.
    await page.addInitScript(() => {
      Object.defineProperty(window, 'docusaurus', {
        configurable: true,
        set(value) {
          Object.defineProperty(window, 'docusaurus', {value, configurable: true, writable: true});
          (window as {bootedAt?: number}).bootedAt = performance.now();
        },
      });
    });
    await page.goto(path);
    await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
    const {bootedAt, paintedAt} = await page.evaluate(() => ({
      bootedAt: (window as {bootedAt?: number}).bootedAt,
      paintedAt: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    }));
    expect(paintedAt, 'no first-contentful-paint entry').toBeDefined();
    expect(bootedAt, 'main.js never ran').toBeDefined();
    expect(
      bootedAt!,
      `main.js ran at ${bootedAt} ms, before the first contentful paint at ${paintedAt} ms`,
    ).toBeGreaterThan(paintedAt!);
  });
}
