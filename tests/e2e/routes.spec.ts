import {expect, test} from '@playwright/test';

import {provider} from '../../src/provider';
import {madeUpPaths, specRoutes} from '../support/routes';
import {gotoHydrated, notFoundHeading, waitForHydration} from '../support/page';

test('SPEC.md §2 lists 42 routes', () => {
  expect(new Set(specRoutes).size).toBe(42);
});

// Each route's own page, sidebar and console: every-page.spec.ts, over the sitemap, which lists them all (below).

for (const path of madeUpPaths) {
  test(`made-up path ${path} shows the not-found page`, async ({page}) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    await expect(page.locator('h1')).toHaveText(notFoundHeading);
  });
}

test.describe('navbar (SPEC.md §1)', () => {
  const sectionItems = [
    {label: 'Home', target: '/docs/intro'},
    {label: 'API', target: '/api/orchard-ai-predictor/overview'},
    {label: 'Tutorials', target: '/tutorials/api-key'},
    {label: 'FAQs', target: '/faqs/faqs'},
  ];

  for (const {label, target} of sectionItems) {
    test(`${label} opens ${target}`, async ({page}) => {
      await gotoHydrated(page, '/');
      await page.getByRole('navigation', {name: 'Main'}).getByRole('link', {name: label, exact: true}).click();
      await expect(page).toHaveURL(target);
      await expect(page.locator('h1').first()).not.toHaveText(notFoundHeading);
      // The item stays highlighted as the reader's current section.
      await expect(
        page.getByRole('navigation', {name: 'Main'}).getByRole('link', {name: label, exact: true}),
      ).toHaveClass(/navbar__link--active/);
    });
  }

  test('links to the developer portal and the company website on the right', async ({page}) => {
    await gotoHydrated(page, '/docs/intro');
    const right = page.locator('.navbar__items--right');
    await expect(right.locator(`a[href="${provider.portalUrl}"]`)).toHaveText('Developer portal');
    await expect(right.locator(`a[href="${provider.websiteUrl}"]`)).toHaveText(provider.name);
  });
});

test('footer carries the 2023 copyright line on every template', async ({page}) => {
  for (const route of ['/', '/docs/intro', '/api', '/tutorials', '/faqs/faqs', '/no-such-page']) {
    await page.goto(route);
    await expect(page.locator('footer .footer__copyright')).toHaveText('Copyright © 2023 Orchard AI.');
  }
});

test('the sitemap lists every route and pages are indexable (SPEC.md §1)', async ({page, request}) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const listed = new Set(
    [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc!).pathname.replace(/\/$/, '') || '/'),
  );
  for (const route of specRoutes) expect(listed, `sitemap lists ${route}`).toContain(route);
  await gotoHydrated(page, '/docs/intro');
  await expect(page.locator('meta[name="robots"][content*="noindex"]')).toHaveCount(0);
});
