/**
 * What changed and when, as a reader finds it: the API changelog (/api/changelog) in the API section's
 * sidebar with a section per API, its Atom feed, each operation page's "Changelog" linking its entries,
 * and the last-updated date on hand-written and reference pages and their Markdown twins. The dates and
 * entries expected are read from git and openapi/published.yaml, as the build read them.
 */
import {execFileSync} from 'node:child_process';
import path from 'node:path';

import {expect, test} from '@playwright/test';

import {readChangelogs} from '../../lib/openapi/changelog';
import {gitHistory} from '../../lib/git-history';
import {openApiSpecs} from '../../lib/openapi/specs';
import {gotoHydrated} from '../support/page';

const siteDir = path.resolve(__dirname, '../..');
const logs = readChangelogs(siteDir) ?? [];
/** The date of a file's last commit. */
const lastCommit = (file: string) =>
  new Date(execFileSync('git', ['log', '-1', '--format=%cI', '--', file], {cwd: siteDir, encoding: 'utf8'}).trim());
/** As the page shows it (en-US, UTC: "Nov 22, 2026"). */
const shownDate = (file: string) =>
  lastCommit(file).toLocaleDateString('en-US', {year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC'});

test('the API changelog is in the API sidebar, with a section per API and its first publication', async ({page}) => {
  expect(logs.map((log) => log.spec.id)).toEqual(openApiSpecs.map((spec) => spec.id));
  await gotoHydrated(page, '/api/changelog');
  await expect(page.getByRole('heading', {level: 1, name: 'API changelog'})).toBeVisible();
  await expect(
    page.locator('.theme-doc-sidebar-menu a.menu__link--active', {hasText: 'API changelog'}),
  ).toHaveAttribute('href', '/api/changelog');
  for (const {spec, history} of logs) {
    await expect(page.locator(`h2#${spec.id}`)).toHaveText(spec.title);
    if (!history.available) continue;
    const published = page.locator(`h3#${spec.id}-first-published`);
    await expect(published).toContainText(`${history.published.date.slice(0, 10)}: first published`);
    for (const entry of history.entries)
      await expect(page.locator(`h3#${spec.id}-${entry.commit.slice(0, 7)}`)).toBeVisible();
  }
});

test('the changelog has an Atom feed, linked from the page, with an entry per change and publication', async ({
  page,
  request,
}) => {
  await gotoHydrated(page, '/api/changelog');
  const href = await page.getByRole('link', {name: 'Atom feed'}).getAttribute('href');
  expect(href).toBe('/api/changelog/atom.xml');
  const response = await request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/xml/);
  const feed = await response.text();
  const expected = logs.reduce((sum, {history}) => sum + (history.available ? history.entries.length + 1 : 0), 0);
  expect(feed.match(/<entry>/g)?.length ?? 0).toBe(expected);
  expect(feed).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
});

test('an operation page links its changelog entries, and the link lands on the API changelog', async ({page}) => {
  const trainer = logs.find((log) => log.spec.id === 'trainer')!;
  expect(trainer.history.available, 'the build read the git history').toBe(true);
  await gotoHydrated(page, '/api/api-reference/orchard-ai-trainer/list-models');
  await expect(page.locator('main h2#changelog')).toHaveText('Changelog');
  const link = page.locator('main').getByRole('link', {name: /^first published on \d{4}-\d{2}-\d{2}$/});
  await link.click();
  await expect(page).toHaveURL(/\/api\/changelog#trainer-first-published$/);
  await expect(page.locator('h3#trainer-first-published')).toBeInViewport();
});

test('hand-written and reference pages show the date they last changed, and their twins say it too', async ({
  page,
  request,
}) => {
  expect(gitHistory(siteDir).complete, 'the build read the git history').toBe(true);
  const pages = [
    {route: '/docs/intro', file: 'docs/intro.md'},
    {route: '/tutorials/ner', file: 'tutorials/ner.md'},
    {route: '/api/api-reference/orchard-ai-trainer/list-models', file: 'openapi/trainer.yaml'},
  ];
  for (const {route, file} of pages) {
    await gotoHydrated(page, route);
    await expect(page.locator('main .theme-last-updated')).toHaveText(`Last updated on ${shownDate(file)}`);
    const twin = await (await request.get(`${route}.md`)).text();
    expect(twin, route).toMatch(new RegExp(`^last_updated: "${lastCommit(file).toISOString().slice(0, 10)}"$`, 'm'));
  }
});
