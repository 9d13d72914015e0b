/**
 * How pages load their scripts (plugins/page-scripts.ts): everything the first load runs is
 * named in the HTML, so it downloads with main.js; and the app starts once the content is on screen.
 */
import {expect, test} from '@playwright/test';

import {budgetedPages} from '../support/templates';
import {measurePageWeight} from '../support/page-weight';

for (const {template, path} of budgetedPages) {
  test(`${template} ${path}: the HTML names every script of the first load, and no other`, async ({page}) => {
    const html = await (await page.request.get(path)).text();
    const weight = await measurePageWeight(page, path);
    const named = await page.evaluate(
      (source) =>
        Array.from(
          new DOMParser()
            .parseFromString(source, 'text/html')
            .querySelectorAll('script[src], link[rel=preload][as=script]'),
        ).map(
          (element) =>
            new URL(element.getAttribute('src') ?? element.getAttribute('href') ?? '', location.href).pathname,
        ),
      html,
    );
    const loaded = weight.resources.filter((resource) => resource.type === 'script').map((resource) => resource.url);
    expect(
      loaded.filter((url) => !named.includes(url)),
      `${path} fetches these scripts only once main.js has run: its HTML should preload them`,
    ).toEqual([]);
    expect(
      named.filter((url) => !loaded.includes(url)),
      `${path} announces scripts its first load does not use`,
    ).toEqual([]);
  });
}

for (const {template, path} of budgetedPages) {
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
