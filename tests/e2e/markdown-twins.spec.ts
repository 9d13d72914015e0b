import {expect, test} from '@playwright/test';

import {markdownPath} from '../../src/markdown-twin';
import {provider} from '../../src/provider';
import {gotoHydrated} from '../support/page';

const siteUrl = provider.docsUrl.replace(/\/$/, '');
const twinLink = 'head link[rel="alternate"][type="text/markdown"]';

// One page of each template: home, doc, category page, API guide, reference landing, operation.
const pages = [
  '/',
  '/docs/quickstart',
  '/docs/category/use-cases',
  '/api/orchard-ai-predictor/requests',
  '/api/api-reference/orchard-ai-trainer',
  '/api/api-reference/orchard-ai-trainer/create-training-job',
];

test.describe('each page links its Markdown twin', () => {
  for (const route of pages) {
    test(`${route}: the served HTML's head links the twin, which serves Markdown that starts with the page's H1`, async ({
      page,
      request,
    }) => {
      const html = await (await request.get(route)).text();
      const head = html.slice(0, html.indexOf('</head>'));
      const href = `${siteUrl}${markdownPath(route)}`;
      expect(head).toMatch(
        new RegExp(
          `<link[^>]*rel="?alternate"?[^>]*type="?text/markdown"?[^>]*href="?${href.replace(/[.?/]/g, '\\$&')}"?`,
        ),
      );

      await gotoHydrated(page, route);
      await expect(page.locator(twinLink)).toHaveCount(1);
      await expect(page.locator(twinLink)).toHaveAttribute('href', href);
      const twin = await request.get(new URL(href).pathname);
      expect(twin.status()).toBe(200);
      expect(twin.headers()['content-type']).toMatch(/^text\/markdown/);
      const h1 = (await page.locator('h1').first().innerText()).trim();
      expect((await twin.text()).replace(/^---\n[\s\S]*?\n---\n\n/, '').split('\n')[0]).toBe(`# ${h1}`);
    });
  }

  test('the link follows client-side navigation, and the search page has none', async ({page}) => {
    await gotoHydrated(page, '/docs/intro');
    await expect(page.locator(twinLink)).toHaveAttribute('href', `${siteUrl}/docs/intro.md`);
    await page
      .locator('aside.theme-doc-sidebar-container')
      .getByRole('link', {name: 'Quickstart', exact: true})
      .click();
    await expect(page).toHaveURL(/\/docs\/quickstart$/);
    await expect(page.locator(twinLink)).toHaveAttribute('href', `${siteUrl}/docs/quickstart.md`);
    await gotoHydrated(page, '/search?q=spam');
    await expect(page.locator('article a[href]').first()).toBeVisible({timeout: 20_000});
    await expect(page.locator(twinLink)).toHaveCount(0);
  });
});
