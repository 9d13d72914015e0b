/**
 * Details a reader notices: sidebar labels that match page titles, honest counts on the reference's
 * index, a contact line that reads as one, a not-found page with a way on, the announcement bar in
 * dark mode, the search box on a phone, and a robots.txt without internal notes.
 */
import {load} from 'cheerio';
import {expect, test} from '@playwright/test';

import {openApiSpecs} from '../../lib/openapi/specs';
import {loadSpec, operationsOf} from '../../lib/openapi';
import {gotoHydrated} from '../support/page';
import {sitemapRoutes} from '../support/sitemap';

test('every page\'s sidebar label is its title (or "Overview" for a section\'s overview)', async ({request}) => {
  const mismatches: string[] = [];
  for (const route of sitemapRoutes().filter((path) => path !== '/')) {
    const $ = load(await (await request.get(route)).text());
    const title = $('main h1').first().text().trim();
    // The deepest active entry that links to this page (a tag group may link to its first page too).
    const own = $('.theme-doc-sidebar-menu a.menu__link--active')
      .filter((_, link) => ($(link).attr('href') ?? '').replace(/\/$/, '') === route.replace(/\/$/, ''))
      .last();
    const label = own.text().trim();
    if (!label) mismatches.push(`${route}: no sidebar entry links to the page`);
    else if (label !== title && label !== 'Overview') mismatches.push(`${route}: sidebar "${label}", title "${title}"`);
  }
  expect(mismatches).toEqual([]);
});

test("the API reference index counts each API's operations", async ({page}) => {
  await gotoHydrated(page, '/api/category/api-reference');
  const count = (id: (typeof openApiSpecs)[number]['id']) =>
    operationsOf(openApiSpecs.find((spec) => spec.id === id)!).length;
  for (const spec of openApiSpecs.filter(({id}) => id !== 'batch-predictor')) {
    const card = page
      .locator('main a.card')
      .filter({has: page.getByRole('heading', {name: new RegExp(`${spec.title}$`)})});
    await expect(card).toContainText(`${count(spec.id)} operations`);
  }
  const predictor = page
    .locator('main a.card')
    .filter({has: page.getByRole('heading', {name: new RegExp(`${openApiSpecs[0].title}$`)})});
  await expect(predictor).toContainText(`Batch Predictor's ${count('batch-predictor')}`);
});

test("a reference landing page's contact line links the contact of its description", async ({page}) => {
  for (const spec of openApiSpecs) {
    const {contact} = loadSpec(spec).info as {contact?: {name?: string; url?: string}};
    await gotoHydrated(page, `/api/api-reference/${spec.referenceId}`);
    const section = page.locator('main');
    await expect(section.getByRole('heading', {name: 'Contact'})).toBeVisible();
    // The paragraph right after the Contact heading holds the link.
    const line = section.locator('h2:has-text("Contact") + p');
    await expect(line.getByRole('link', {name: contact?.name ?? ''})).toHaveAttribute('href', contact?.url ?? '');
    await expect(section).not.toContainText(/Orchard AI:\s*(\n|$)/);
  }
});

test.describe('the not-found page', () => {
  test('answers 404 and offers search and the main pages, each of which exists', async ({page, request}) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', {level: 1, name: 'Page Not Found'})).toBeVisible();
    const links = page.getByRole('navigation', {name: 'Main pages'}).getByRole('link');
    expect(await links.count()).toBeGreaterThanOrEqual(5);
    for (const href of await links.evaluateAll((found) => found.map((link) => link.getAttribute('href') ?? ''))) {
      expect((await request.get(href)).status(), href).toBe(200);
    }
    await page.getByRole('searchbox', {name: 'Search the docs'}).fill('batch_size');
    await page.getByRole('button', {name: 'Search', exact: true}).click();
    await expect(page).toHaveURL(/\/search\?q=batch_size/);
    await expect(page.locator('article a[href]').first()).toBeVisible({timeout: 20_000});
  });
});

/** Relative luminance of a CSS rgb() colour (WCAG 2.1). */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((part) => {
    const channel = Number(part) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

test('the announcement bar follows dark mode with readable text', async ({page}) => {
  await gotoHydrated(page, '/docs/intro?docusaurus-theme=dark');
  const bar = page.locator('.theme-announcement-bar');
  const {background, color} = await bar.evaluate((element) => ({
    background: getComputedStyle(element).backgroundColor,
    color: getComputedStyle(element).color,
  }));
  expect(luminance(background), `background ${background}`).toBeLessThan(0.1);
  const [light, dark] = [luminance(color), luminance(background)].sort((a, b) => b - a);
  expect((light! + 0.05) / (dark! + 0.05), `contrast of ${color} on ${background}`).toBeGreaterThanOrEqual(4.5);
});

test('on a 390 px phone the search box is one line with its placeholder whole, takes a query, and lists the hits under itself', async ({
  page,
}) => {
  await page.setViewportSize({width: 390, height: 844});
  await gotoHydrated(page, '/docs/intro');
  const box = page.getByRole('combobox', {name: 'Search'});
  await expect(box).toBeVisible();
  const height = await box.evaluate((element) => element.getBoundingClientRect().height);
  expect(height).toBeLessThan(48);
  // No keyboard shortcut to hint at on a phone, and the placeholder is not cut.
  await expect(page.locator('nav kbd').filter({visible: true})).toHaveCount(0);
  expect(
    await box.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return context.measureText(input.placeholder).width <= room;
    }),
    'the placeholder fits',
  ).toBe(true);
  await box.click();
  await page.keyboard.type('spam', {delay: 60});
  const first = page.getByRole('option').first();
  await expect(first).toBeVisible({timeout: 20_000});
  // The list is under the box and within the screen, the box still in sight above it.
  const boxBottom = await box.evaluate((element) => element.getBoundingClientRect().bottom);
  const list = await page
    .getByRole('listbox')
    .evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect);
  expect(list.top).toBeGreaterThanOrEqual(boxBottom);
  expect(list.left).toBeGreaterThanOrEqual(0);
  expect(list.right).toBeLessThanOrEqual(390);
  await expect(box).toBeInViewport();
});

test('robots.txt allows everything and carries no internal notes', async ({request}) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/^User-agent: \*$/m);
  expect(robots).toMatch(/^Allow: \/$/m);
  expect(robots).not.toMatch(/^#/m);
});
