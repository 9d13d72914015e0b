/**
 * Page actions (issue "Docs for agents", src/components/PageActions): every page of the sitemap that
 * has a Markdown twin, but the home page, carries the menu in its server-rendered HTML, before its
 * title: a closed disclosure button, "View as Markdown" linking the page's own twin, ChatGPT and
 * Claude links asking to read its absolute twin URL, the two copy buttons and a live region. Neither
 * the home page nor the search page has one, and no twin holds it. Run `npm run build` first.
 */
import assert from 'node:assert/strict';
import {existsSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';

import {load} from 'cheerio';

import {markdownPath} from '../../src/markdown-twin';
import {provider} from '../../src/provider';
import {sitemapRoutes, withoutSlash} from '../support/sitemap';
import {buildDir, readBuilt, requireBuild, twinFile} from '../support/twins';

const siteUrl = provider.docsUrl.replace(/\/$/, '');

/** The built HTML of a route (`/` → build/index.html). */
const htmlOf = (route: string) => readBuilt(path.join(buildDir, route, 'index.html'));

/** What is wrong with the page actions in `html`, the page of `route`; none when all is right. */
function menuProblems(route: string, html: string): string[] {
  const $ = load(html);
  const roots = $('.page-actions');
  if (roots.length !== 1) return [`${route}: ${roots.length} page action menus, not 1`];
  const problems: string[] = [];
  const expect = (ok: boolean, what: string) => {
    if (!ok) problems.push(what);
  };
  const toggle = roots.find('button[aria-expanded]');
  const listId = toggle.attr('aria-controls') ?? '';
  const list = listId ? roots.find(`[id="${listId}"]`) : roots.find(":not(*)");
  expect(toggle.length === 1 && toggle.text().trim() === 'Page actions', 'no toggle button named "Page actions"');
  expect(toggle.attr('aria-expanded') === 'false', 'the toggle is not closed (aria-expanded="false")');
  expect(list.length === 1, `aria-controls names no list in the menu (${listId})`);
  expect(list.is('[hidden]'), 'the list is not hidden before a click');
  const twin = markdownPath(route);
  const link = (name: string) => list.find('a').filter((_, a) => $(a).text().trim().startsWith(name));
  expect(link('View as Markdown').attr('href') === twin, `"View as Markdown" does not link ${twin}`);
  // The assistants get a prompt, in their `q` parameter, that names the twin's absolute URL.
  const twinUrl = `${siteUrl}${twin}`;
  for (const [name, start] of [
    ['Open in ChatGPT', 'https://chatgpt.com/?'],
    ['Open in Claude', 'https://claude.ai/new?'],
  ] as const) {
    const a = link(name);
    const href = a.attr('href') ?? '';
    const prompt = href.startsWith(start) ? new URL(href).searchParams.get('q') : null;
    expect(Boolean(prompt?.includes(` ${twinUrl} `)), `"${name}" links ${href}, not ${start}…q=<a prompt naming ${twinUrl}>`);
    expect(a.attr('target') === '_blank' && a.attr('rel') === 'noopener noreferrer', `"${name}": no new tab with noopener`);
  }
  const buttons = list.find('button').map((_, button) => $(button).text().trim()).get();
  expect(buttons.join(', ') === 'Copy page, Copy MCP config', `buttons: ${buttons.join(', ')}`);
  expect(roots.find('[role="status"]').length === 1, 'no live region');
  expect(
    roots.find('*').filter((_, element) => Object.keys(element.attribs).some((name) => name.startsWith('on'))).length === 0,
    'an inline event handler (the Content-Security-Policy blocks it)',
  );
  const title = html.indexOf('<h1');
  expect(title > html.indexOf('page-actions'), 'the menu is not above the title');
  return problems.map((problem) => `${route}: ${problem}`);
}

test('every page with a twin but the home page carries the menu, linking its own twin', () => {
  requireBuild();
  const routes = sitemapRoutes().filter((route) => route !== '/' && existsSync(twinFile(route)));
  assert.ok(routes.length >= 50, `only ${routes.length} pages with a twin in the sitemap`);
  for (const kind of ['/docs/', '/api/api-reference/', '/api/category/', '/tutorials/', '/faqs/', '/markdown-page']) {
    assert.ok(routes.some((route) => route.startsWith(kind)), `no ${kind} page in the sitemap`);
  }
  assert.deepEqual(
    routes.flatMap((route) => menuProblems(withoutSlash(route), htmlOf(route))),
    [],
  );
});

test('the home page and the search page have no menu, and no twin holds one', () => {
  requireBuild();
  for (const route of ['/', '/search']) assert.equal(load(htmlOf(route))('.page-actions').length, 0, route);
  const leaks = sitemapRoutes().filter((route) => /Page actions|View as Markdown|Copy MCP config/.test(readBuilt(twinFile(route))));
  assert.deepEqual(leaks, []);
});

test('the checks find a broken menu', () => {
  requireBuild();
  const html = htmlOf('/docs/intro');
  assert.deepEqual(menuProblems('/docs/intro', html), []);
  const broken = load(html);
  broken('.page-actions a[href="/docs/intro.md"]').attr('href', '/docs/models.md');
  broken('.page-actions ul').removeAttr('hidden');
  broken('.page-actions a[href^="https://claude.ai/"]').attr('href', 'https://claude.ai/new?q=Read%20this');
  broken('.page-actions a[target]').first().removeAttr('rel');
  assert.deepEqual(menuProblems('/docs/intro', broken.html()), [
    '/docs/intro: the list is not hidden before a click',
    '/docs/intro: "View as Markdown" does not link /docs/intro.md',
    '/docs/intro: "Open in ChatGPT": no new tab with noopener',
    `/docs/intro: "Open in Claude" links https://claude.ai/new?q=Read%20this, not https://claude.ai/new?…q=<a prompt naming ${siteUrl}/docs/intro.md>`,
  ]);
  broken('.page-actions').removeClass('page-actions');
  assert.deepEqual(menuProblems('/docs/intro', broken.html()), [
    '/docs/intro: 0 page action menus, not 1',
  ]);
});
