/**
 * Page actions (issue "Docs for agents", src/components/PageActions, rendered by the breadcrumbs
 * wrapper src/theme/DocBreadcrumbs): on one page of each kind, each action does what it says, under
 * the Content-Security-Policy and without a console problem; the menu works from the keyboard,
 * announces its copies, moves nothing while the page loads, fits a 390 px phone and passes axe in
 * dark mode. tests/build/page-actions.test.ts checks that every page carries it.
 */
import {expect, test, type Page} from '@playwright/test';

import {markdownPath} from '../../src/markdown-twin';
import {provider} from '../../src/provider';
import {accessibilityProblems} from '../support/axe';
import {collectConsoleProblems, gotoHydrated, recordViolations} from '../support/page';

const siteUrl = provider.docsUrl.replace(/\/$/, '');

// One page of each kind the menu is on.
const pages = [
  {kind: 'doc', route: '/docs/quickstart'},
  {kind: 'tutorial', route: '/tutorials/api-key'},
  {kind: 'FAQ', route: '/faqs/faqs'},
  {kind: 'category index', route: '/docs/category/use-cases'},
  {kind: 'reference operation', route: '/api/api-reference/orchard-ai-trainer/create-training-job'},
  {kind: 'reference landing', route: '/api/api-reference/orchard-ai-predictor'},
] as const;

const menu = (page: Page) => page.locator('.page-actions');
const toggle = (page: Page) => menu(page).getByRole('button', {name: 'Page actions'});
const list = (page: Page) => menu(page).locator('ul');
const status = (page: Page) => menu(page).getByRole('status');

/** Opens the menu (a click right after hydration is retried, as a person would click again). */
async function openMenu(page: Page): Promise<void> {
  await expect(async () => {
    if ((await toggle(page).getAttribute('aria-expanded')) !== 'true') await toggle(page).click();
    await expect(list(page)).toBeVisible({timeout: 3_000});
  }, 'the menu opens').toPass({timeout: 30_000});
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');
}

/** Puts a marker on the clipboard, so that a copy is seen to replace it. */
async function clearClipboard(page: Page): Promise<string> {
  const marker = '(clipboard cleared by the test)';
  await page.evaluate((text) => navigator.clipboard.writeText(text), marker);
  return marker;
}

/** The clipboard once something replaced `marker` there. */
async function copied(page: Page, marker: string): Promise<string> {
  const read = () => page.evaluate(() => navigator.clipboard.readText());
  await expect.poll(read, {message: 'the clipboard changes'}).not.toBe(marker);
  return read();
}

/**
 * Records, from before the first byte is parsed, the layout shifts in the page's main column (their
 * sum, as CLS counts them) and where the title and the menu's toggle are when the server's HTML is parsed,
 * before any script of the app runs.
 */
async function recordLayout(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const layout = {shift: 0, entries: [] as string[], before: ''};
    Object.assign(window, {pageActionsLayout: layout});
    new PerformanceObserver((list) => {
      type Shift = PerformanceEntry & {value: number; hadRecentInput: boolean; sources: {node?: Node | null}[]};
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        const moved = entry.sources.map(({node}) => (node instanceof Element ? node : (node?.parentElement ?? null)));
        const names = moved.map((element) =>
          element ? `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}` : '?',
        );
        // The page's column (breadcrumbs, menu, title, content). The navbar moves a few pixels when the
        // web font arrives (0.0004 of CLS, on some loads), which is not the menu's doing.
        if (moved.some((element) => element?.closest('main'))) {
          layout.shift += entry.value;
          layout.entries.push(`${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms (${names.join(', ')})`);
        }
      }
    }).observe({type: 'layout-shift', buffered: true});
    document.addEventListener('DOMContentLoaded', () => {
      layout.before = JSON.stringify(positions());
    });
    function positions() {
      const box = (selector: string) => {
        const rect = document.querySelector(selector)?.getBoundingClientRect();
        return rect && [rect.x, rect.y, rect.width, rect.height].map(Math.round);
      };
      return {title: box('h1'), toggle: box('.page-actions > button')};
    }
    Object.assign(layout, {positions});
  });
}

type Layout = {shift: number; entries: string[]; before: string; positions: () => unknown};

for (const {kind, route} of pages) {
  test(`${kind} ${route}: copy page, view as Markdown, ChatGPT and Claude links, copy MCP config; nothing moves`, async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // The assistants' sites are not on this machine's network: answer for them, to see the new tab open.
    await context.route(/^https:\/\/(chatgpt\.com|claude\.ai)\//, (request) =>
      request.fulfill({contentType: 'text/html', body: '<title>assistant</title>'}),
    );
    const problems = collectConsoleProblems(page);
    const violations = await recordViolations(page);
    await recordLayout(page);
    await gotoHydrated(page, route);
    const twinPath = markdownPath(route);
    const twinUrl = `${siteUrl}${twinPath}`;

    // Server-rendered in place: the title and the toggle sit where the HTML put them, and no layout shift.
    const layout = await page.evaluate(() => {
      const recorded = (window as unknown as {pageActionsLayout: Layout}).pageActionsLayout;
      return {
        shift: recorded.shift,
        entries: recorded.entries,
        before: recorded.before,
        after: JSON.stringify(recorded.positions()),
      };
    });
    expect(layout.before, 'the title and the toggle are in the served HTML').toMatch(/"title":\[.*"toggle":\[/);
    expect(layout.after, 'title and toggle positions: served HTML → hydrated').toBe(layout.before);
    expect(layout.shift, `layout shifts: ${layout.entries.join(', ')}`).toBe(0);

    // View as Markdown: the twin, which the server serves as Markdown.
    const twin = await page.request.get(twinPath);
    expect(twin.status()).toBe(200);
    expect(twin.headers()['content-type']).toMatch(/^text\/markdown/);
    const twinText = await twin.text();
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(list(page)).toBeHidden();
    await openMenu(page);
    await expect(list(page).getByRole('link', {name: 'View as Markdown'})).toHaveAttribute('href', twinPath);

    // Copy page: exactly the twin's text; the live region says so, the menu closes onto its toggle.
    let marker = await clearClipboard(page);
    await list(page).getByRole('button', {name: 'Copy page'}).click();
    expect(await copied(page, marker), 'Copy page copies the twin').toBe(twinText);
    await expect(status(page)).toHaveText('Page copied as Markdown');
    await expect(list(page)).toBeHidden();
    await expect(toggle(page)).toBeFocused();

    // The assistants: a prompt naming the twin's absolute URL, opened in a new tab without an opener.
    for (const [name, start] of [
      ['ChatGPT', 'https://chatgpt.com/?'],
      ['Claude', 'https://claude.ai/new?'],
    ] as const) {
      await openMenu(page);
      const link = list(page).getByRole('link', {name: new RegExp(`^Open in ${name}`)});
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /(^|\s)noopener(\s|$)/);
      const href = (await link.getAttribute('href')) ?? '';
      expect(href.startsWith(start), `${name}: ${href}`).toBe(true);
      expect(href, `${name}: the prompt is encoded`).toContain(`q=${encodeURIComponent('Read ')}`);
      const prompt = new URL(href).searchParams.get('q') ?? '';
      expect(prompt, `${name}: the prompt names the twin`).toMatch(
        new RegExp(`^Read ${twinUrl.replace(/[.?/]/g, '\\$&')} `),
      );
      const [tab] = await Promise.all([page.waitForEvent('popup'), link.click()]);
      await expect(tab).toHaveURL(href);
      expect(await tab.evaluate(() => window.opener), `${name}: the new tab has no opener`).toBeNull();
      await tab.close();
      await expect(list(page)).toBeHidden();
    }

    // Copy MCP config: JSON naming the deployed endpoint and the local command.
    await openMenu(page);
    marker = await clearClipboard(page);
    await list(page).getByRole('button', {name: 'Copy MCP config'}).click();
    const config = JSON.parse(await copied(page, marker)) as {
      mcpServers: Record<string, {url?: string; command?: string; args?: string[]}>;
    };
    const servers = Object.values(config.mcpServers);
    expect(servers.map((server) => server.url)).toContain(provider.mcpUrl);
    expect(servers.map((server) => [server.command, ...(server.args ?? [])].join(' '))).toContainEqual(
      expect.stringMatching(/^npm run (--silent )?mcp$/),
    );
    await expect(status(page)).toHaveText('MCP config copied');

    expect(await violations(), 'Content-Security-Policy').toEqual([]);
    expect(problems).toEqual([]);
  });
}

test('keyboard only: Tab to the toggle, Enter and Space open, Tab walks the items, Escape closes onto the toggle', async ({
  page,
}) => {
  await gotoHydrated(page, '/docs/intro');
  // The element before the toggle in tab order: the breadcrumbs' home link.
  await page.locator('.theme-doc-breadcrumbs a').first().focus();
  await page.keyboard.press('Tab');
  await expect(toggle(page)).toBeFocused();
  await expect(toggle(page)).toHaveAttribute('aria-controls', (await list(page).getAttribute('id')) ?? '(no id)');

  for (const key of ['Enter', 'Space']) {
    await page.keyboard.press(key);
    await expect(toggle(page), `${key} opens`).toHaveAttribute('aria-expanded', 'true');
    await expect(list(page)).toBeVisible();
    for (const name of ['Copy page', 'View as Markdown', 'Open in ChatGPT', 'Open in Claude', 'Copy MCP config']) {
      await page.keyboard.press('Tab');
      await expect(page.locator(':focus'), `Tab reaches ${name}`).toHaveText(new RegExp(`^${name}`));
    }
    await page.keyboard.press('Escape');
    await expect(toggle(page), 'Escape closes').toHaveAttribute('aria-expanded', 'false');
    await expect(list(page)).toBeHidden();
    await expect(toggle(page), 'Escape returns the focus to the toggle').toBeFocused();
  }

  // Tab past the last item and a click outside close it too.
  await page.keyboard.press('Enter');
  await expect(list(page)).toBeVisible();
  for (let item = 0; item < 6; item++) await page.keyboard.press('Tab');
  await expect(list(page), 'tabbing out closes').toBeHidden();
  await openMenu(page);
  await page.locator('h1').click();
  await expect(list(page), 'a click outside closes').toBeHidden();
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
});

test('a copy that fails is announced; after a client-side navigation the menu is closed and links the new twin', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // The twin cannot be fetched (as on a dropped connection): the menu says so, and copies nothing.
  await page.route('**/docs/models.md', (request) => request.fulfill({status: 503, body: 'unavailable'}));
  await gotoHydrated(page, '/docs/models');
  const marker = await clearClipboard(page);
  await openMenu(page);
  await list(page).getByRole('button', {name: 'Copy page'}).click();
  await expect(status(page)).toHaveText('Copy failed');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(marker);

  await openMenu(page);
  await page.locator('aside.theme-doc-sidebar-container').getByRole('link', {name: 'Quickstart', exact: true}).click();
  await expect(page).toHaveURL(/\/docs\/quickstart$/);
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(list(page).getByRole('link', {name: 'View as Markdown', includeHidden: true})).toHaveAttribute(
    'href',
    '/docs/quickstart.md',
  );
  await expect(menu(page)).toHaveCount(1);
});

test.describe('on a 390 px phone', () => {
  test.use({viewport: {width: 390, height: 844}, isMobile: true, hasTouch: true});

  for (const route of ['/docs/intro', '/api/api-reference/orchard-ai-trainer/create-training-job']) {
    test(`${route}: the open menu lies wholly inside the viewport`, async ({page}) => {
      await gotoHydrated(page, route);
      await openMenu(page);
      const viewport = page.viewportSize()!;
      for (const element of [toggle(page), list(page), ...(await list(page).getByRole('listitem').all())]) {
        const box = (await element.boundingBox())!;
        expect(box.x, 'left edge').toBeGreaterThanOrEqual(0);
        expect(box.y, 'top edge').toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, 'right edge').toBeLessThanOrEqual(viewport.width);
        expect(box.y + box.height, 'bottom edge').toBeLessThanOrEqual(viewport.height);
      }
      // Nothing wider than the phone: the page does not scroll sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });
  }
});

test('dark mode: no axe violation with the menu open, nor in its announcement', async ({page, context}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await gotoHydrated(page, '/docs/intro?docusaurus-theme=dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await openMenu(page);
  expect(await accessibilityProblems(page), 'the page with the menu open').toEqual([]);
  await list(page).getByRole('button', {name: 'Copy MCP config'}).click();
  await expect(status(page)).toHaveText('MCP config copied');
  expect(await accessibilityProblems(page, '.page-actions'), 'the announcement').toEqual([]);
});
