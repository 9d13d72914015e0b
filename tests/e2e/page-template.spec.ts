/**
 * How pages start the app (the page template of speed/boot-after-paint.ts): once the content is on
 * screen, not before, and still when the browser reports no paint at all.
 */
import {expect, test, type Page} from '@playwright/test';

import {waitForHydration} from '../support/page';

/** Records when main.js starts: Docusaurus' entry sets window.docusaurus first thing. */
async function recordBoot(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'docusaurus', {
      configurable: true,
      set(value) {
        Object.defineProperty(window, 'docusaurus', {value, configurable: true, writable: true});
        (window as {bootedAt?: number}).bootedAt = performance.now();
      },
    });
  });
}

for (const path of ['/', '/api/api-reference/orchard-ai-trainer/create-training-job']) {
  test(`${path}: the app starts after the first contentful paint`, async ({page}) => {
    await recordBoot(page);
    await page.goto(path);
    await waitForHydration(page);
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

test('the app still starts when the browser reports no paint (a hidden tab)', async ({page}) => {
  await recordBoot(page);
  // The boot script then never hears of a paint and falls back to its three-second timer.
  await page.addInitScript(() => {
    PerformanceObserver.prototype.observe = () => undefined;
  });
  await page.goto('/docs/intro');
  await waitForHydration(page);
  const bootedAt = await page.evaluate(() => (window as {bootedAt?: number}).bootedAt);
  expect(bootedAt, 'main.js ran before the fallback timer').toBeGreaterThanOrEqual(3000);
});
