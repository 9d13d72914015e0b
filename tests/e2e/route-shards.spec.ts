/**
 * The browser's route table without the reference's pages (speed/route-shards.ts): the API docs'
 * pages are in shards of the route table, each a chunk loaded before a path of it is matched. The
 * site's 36 API routes make two shards, so every path a reader takes crosses from one to the other:
 * opening a page, following a link into the other shard, prefetching (and not on a slow connection),
 * a shard that fails to load. Which page is in which shard is read from the built shards.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';

import {expect, test, type Page} from '@playwright/test';

import {repoRoot} from '../../lib/openapi';
import {collectConsoleProblems, docSidebar, gotoHydrated, waitForHydration} from '../support/page';

const scriptsDir = path.join(repoRoot, 'build/assets/js');
/** Each shard's file, by the paths of its routes. */
const shardOf = new Map<string, string>();
for (const file of readdirSync(scriptsDir).filter((name) => /^routes-[0-9a-f]{8}\.[0-9a-f]{8}\.js$/.test(name)))
  for (const [, routePath] of readFileSync(path.join(scriptsDir, file), 'utf8').matchAll(/path:"([^"]+)"/g))
    shardOf.set(routePath!, `/assets/js/${file}`);
const shardFiles = [...new Set(shardOf.values())];
/** A docs version's whole props (every sidebar and doc), which the entry bundle has lean. */
const wholeVersionFile = /^\/assets\/js\/version-[0-9a-f]{8}\.[0-9a-f]{8}\.js$/;

const start = '/api/api-reference/orchard-ai-trainer/create-training-job';

/**
 * From now on: the shard files the page runs as scripts or prefetches, and how often it runs the
 * whole version props.
 */
function shardRequests(page: Page): {ran: string[]; prefetched: string[]; wholeVersion: number} {
  const requests = {ran: [] as string[], prefetched: [] as string[], wholeVersion: 0};
  page.on('request', (request) => {
    const file = new URL(request.url()).pathname;
    if (wholeVersionFile.test(file) && request.resourceType() === 'script') requests.wholeVersion += 1;
    if (!shardFiles.includes(file)) return;
    (request.resourceType() === 'script' ? requests.ran : requests.prefetched).push(file);
  });
  return requests;
}

/** A link of the page's sidebar to a page in another shard than `from`'s. */
async function linkToOtherShard(page: Page, from: string) {
  const hrefs = await docSidebar(page)
    .locator('a.menu__link[href^="/api/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
  const href = hrefs.find((candidate) => shardOf.has(candidate) && shardOf.get(candidate) !== shardOf.get(from));
  expect(href, `a sidebar link of ${from} into another shard`).toBeDefined();
  return {href: href!, link: docSidebar(page).locator(`a.menu__link[href="${href}"]`)};
}

test('the API pages are in two shards, none of them in the entry bundle', () => {
  expect(shardFiles).toHaveLength(2);
  expect(shardOf.has(start)).toBe(true);
  const main = readdirSync(scriptsDir).find((name) => /^main\.[0-9a-f]{8}\.js$/.test(name))!;
  expect(readFileSync(path.join(scriptsDir, main), 'utf8')).not.toContain(`ComponentCreator)("${start}"`);
});

test('an API page opened directly runs its own shard only, then hydrates without a console problem', async ({page}) => {
  const problems = collectConsoleProblems(page);
  const requests = shardRequests(page);
  await gotoHydrated(page, start);
  await expect(page.locator('h1')).toHaveText('Start a training job');
  expect(requests.ran).toEqual([shardOf.get(start)]);
  expect(problems).toEqual([]);
});

test('a link into a shard not yet loaded opens its page in place, and Back returns', async ({page}) => {
  const problems = collectConsoleProblems(page);
  await gotoHydrated(page, start);
  const requests = shardRequests(page);
  // The other shard's page chunks are named by the hashes that shard brings (speed/shard-chunk-hashes.ts).
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(`${response.status()} ${response.url()}`);
  });
  const {href, link} = await linkToOtherShard(page, start);
  await page.evaluate(() => Object.assign(window, {sameDocument: true}));
  await link.click();
  await expect(page).toHaveURL(href);
  await expect(page.locator('h1')).toHaveText((await link.textContent())!.trim());
  await expect(page.locator('.theme-doc-sidebar-container a.menu__link--active')).toHaveAttribute('href', href);
  expect(requests.ran).toEqual([shardOf.get(href)]);
  expect(scripts.length).toBeGreaterThan(1);
  expect(scripts.filter((line) => !line.startsWith('200 '))).toEqual([]);
  // Followed in place: the flag set before the click is still there.
  expect(await page.evaluate(() => (window as unknown as {sameDocument?: boolean}).sameDocument)).toBe(true);
  await page.goBack();
  await expect(page.locator('h1')).toHaveText('Start a training job');
  expect(problems).toEqual([]);
});

test('a link in view into another shard prefetches that shard’s file without running it; hovering runs it', async ({
  page,
}) => {
  const requests = shardRequests(page);
  await gotoHydrated(page, start);
  const {href, link} = await linkToOtherShard(page, start);
  await link.scrollIntoViewIfNeeded();
  await expect.poll(() => requests.prefetched, {timeout: 15_000}).toContain(shardOf.get(href));
  expect(requests.ran).toEqual([shardOf.get(start)]);
  await link.hover();
  await expect.poll(() => requests.ran, {timeout: 15_000}).toEqual([shardOf.get(start), shardOf.get(href)]);
});

test('on a 2g connection nothing of another shard is prefetched, and its pages still open', async ({page}) => {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'connection', {
      configurable: true,
      get: () => ({effectiveType: '2g', saveData: false}),
    });
  });
  const requests = shardRequests(page);
  await gotoHydrated(page, start);
  const {href, link} = await linkToOtherShard(page, start);
  await link.scrollIntoViewIfNeeded();
  // Two animation frames (the intersection observers have reported), then an idle callback (the
  // prefetches queued before it have run).
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(() => resolve()))),
      ),
  );
  expect(requests.prefetched).toEqual([]);
  await link.click();
  await expect(page).toHaveURL(href);
  await expect(page.locator('h1')).toHaveText((await link.textContent())!.trim());
});

test('a shard that fails to load during client navigation reloads the page (SPEC.md §2)', async ({page}) => {
  await gotoHydrated(page, start);
  const {href, link} = await linkToOtherShard(page, start);
  let failing = true;
  await page.route(`**${href}`, (route) => {
    failing = false;
    return route.continue();
  });
  await page.route(`**${shardOf.get(href)}`, (route) => (failing ? route.abort() : route.continue()));
  await page.evaluate(() => Object.assign(window, {beforeReload: true}));
  await link.click();
  await expect(page).toHaveURL(href);
  await waitForHydration(page);
  await expect(page.locator('h1')).toHaveText((await link.textContent())!.trim());
  expect(await page.evaluate(() => (window as unknown as {beforeReload?: boolean}).beforeReload)).toBeUndefined();
});

test("an operation page, a category index and an API's landing page render from the lean version props and what their shard brings (their cards' docs, the landing page's entries)", async ({
  page,
}) => {
  const problems = collectConsoleProblems(page);
  const requests = shardRequests(page);
  await gotoHydrated(page, start);
  await page.waitForLoadState('networkidle');
  expect(requests.wholeVersion).toBe(0);
  // The cards' descriptions as the server rendered them from the whole props.
  const served = (route: string) =>
    [
      ...readFileSync(path.join(repoRoot, 'build', route, 'index.html'), 'utf8').matchAll(
        /theme-doc-card-description[^>]*>([^<]*)</g,
      ),
    ].map(([, text]) => text!.replace(/&#x27;/g, "'").replace(/&amp;/g, '&'));
  await page.evaluate(() => Object.assign(window, {sameDocument: true}));
  const categoryPage = '/api/category/orchard-ai-trainer';
  expect(served(categoryPage).length).toBeGreaterThan(0);
  await docSidebar(page).locator(`a.menu__link[href="${categoryPage}"]`).click();
  await expect(page).toHaveURL(categoryPage);
  await expect(page.locator('.theme-doc-card-description')).toHaveText(served(categoryPage));
  expect(requests.wholeVersion).toBe(0);
  // The trainer's landing page lists a card per operation: every entry of its category, which the
  // lean props hold cut (its shard brings them whole).
  const landing = '/api/api-reference/orchard-ai-trainer';
  expect(served(landing).length).toBeGreaterThan(0);
  await page.goBack();
  await expect(page).toHaveURL(start);
  await docSidebar(page).locator(`a.menu__link[href="${landing}"]`).first().click();
  await expect(page).toHaveURL(landing);
  await expect(page.locator('.theme-doc-card-description')).toHaveText(served(landing));
  expect(requests.wholeVersion).toBe(0);
  expect(await page.evaluate(() => (window as unknown as {sameDocument?: boolean}).sameDocument)).toBe(true);
  expect(problems).toEqual([]);
});
