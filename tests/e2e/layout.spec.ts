/**
 * The global layout of SPEC.md §2 and the interface states of §4, in the production build: skip link,
 * announcement bar, mobile sidebar, hide-on-scroll navbar, progress bar and prefetching.
 */
import {expect, test, type Page} from '@playwright/test';

import {announcementBar} from '../../src/announcement';
import {gotoHydrated, storageKey, storedItem, waitForHydration} from '../support/page';

test('the first Tab focuses "Skip to main content", and Enter moves the focus to the content', async ({page}) => {
  await gotoHydrated(page, '/docs/quickstart');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', {name: 'Skip to main content'})).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});

test.describe('announcement bar (SPEC.md §4)', () => {
  const bar = (page: Page) => page.locator('.theme-announcement-bar');

  test('points new readers at the quickstart, closes on dismiss and stays closed after a reload', async ({page}) => {
    await gotoHydrated(page, '/docs/intro');
    await expect(bar(page).getByRole('link', {name: 'Make your first call with the quickstart'})).toHaveAttribute(
      'href',
      '/docs/quickstart',
    );
    await bar(page).getByRole('button', {name: 'Close'}).click();
    await expect(bar(page)).toHaveCount(0);
    expect(await storedItem(page, 'docusaurus.announcement.dismiss')).toBe('true');
    expect(await storedItem(page, 'docusaurus.announcement.id')).toBe(announcementBar.id);
    await page.reload();
    await waitForHydration(page);
    await expect(bar(page)).toHaveCount(0);
    await gotoHydrated(page, '/api');
    await expect(bar(page)).toHaveCount(0);
  });

  test('shows again when the id of the dismissed announcement differs from the current one', async ({page}) => {
    await gotoHydrated(page, '/docs/intro');
    await bar(page).getByRole('button', {name: 'Close'}).click();
    await expect(bar(page)).toHaveCount(0);
    // The reader dismissed an older announcement: its id is the one in storage.
    const idKey = await storageKey(page, 'docusaurus.announcement.id');
    expect(idKey).toBeDefined();
    await page.evaluate((key) => localStorage.setItem(key, 'an-older-announcement'), idKey!);
    await page.reload();
    await waitForHydration(page);
    await expect(bar(page)).toBeVisible();
    expect(await storedItem(page, 'docusaurus.announcement.id')).toBe(announcementBar.id);
    expect(await storedItem(page, 'docusaurus.announcement.dismiss')).toBe('false');
  });
});

test.describe('mobile navbar sidebar (below 996 px, SPEC.md §4, §9)', () => {
  test.use({viewport: {width: 800, height: 900}});

  const navbar = (page: Page) => page.getByRole('navigation', {name: 'Main'});
  const sidebar = (page: Page) => page.locator('.navbar-sidebar');
  const openSidebar = async (page: Page) => {
    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    await expect(navbar(page)).toHaveClass(/navbar-sidebar--show/);
    await expect(sidebar(page)).toBeVisible();
  };

  test('opens, and closes on back navigation without leaving the page', async ({page}) => {
    await gotoHydrated(page, '/docs/intro');
    await openSidebar(page);
    // A client-side navigation from the sidebar gives the history an entry to go back from.
    await sidebar(page).getByRole('link', {name: 'Models', exact: true}).click();
    await expect(page).toHaveURL('/docs/models');
    await expect(navbar(page)).not.toHaveClass(/navbar-sidebar--show/);
    await openSidebar(page);
    await page.goBack();
    await expect(navbar(page)).not.toHaveClass(/navbar-sidebar--show/);
    await expect(sidebar(page)).toBeHidden();
    // The back action closed the sidebar instead of navigating.
    await expect(page).toHaveURL('/docs/models');
  });

  test('closes when the window grows wider than 996 px', async ({page}) => {
    await gotoHydrated(page, '/docs/intro');
    await openSidebar(page);
    // 996 px is still the mobile layout.
    await page.setViewportSize({width: 996, height: 900});
    await expect(navbar(page)).toHaveClass(/navbar-sidebar--show/);
    await page.setViewportSize({width: 997, height: 900});
    await expect(navbar(page)).not.toHaveClass(/navbar-sidebar--show/);
    // Back to a narrow window, the sidebar stays closed until it is opened again.
    await page.setViewportSize({width: 800, height: 900});
    await expect(page.getByRole('button', {name: 'Toggle navigation bar'})).toBeVisible();
    await expect(sidebar(page)).toBeHidden();
  });
});

test('the navbar hides when scrolling down, reappears when scrolling up, and hides on hash navigation', async ({
  page,
}) => {
  await gotoHydrated(page, '/docs/models');
  const navbar = page.getByRole('navigation', {name: 'Main'});
  await expect(navbar).toBeInViewport();
  // Two steps: the navbar hides when a scroll position is further down than the previous one.
  await page.mouse.move(600, 400);
  await page.mouse.wheel(0, 600);
  await page.mouse.wheel(0, 600);
  await expect(navbar).not.toBeInViewport();
  await page.mouse.wheel(0, -200);
  await expect(navbar).toBeInViewport();
  // A table-of-contents link changes only the hash: the navbar gets out of the heading's way.
  const tocLink = page.locator('.theme-doc-toc-desktop a').last();
  const hash = new URL((await tocLink.getAttribute('href'))!, page.url()).hash;
  await tocLink.click();
  await expect(page).toHaveURL(new RegExp(`${hash}$`));
  await expect(navbar).not.toBeInViewport();
});

test.describe('progress bar (SPEC.md §2, §9)', () => {
  /** Records, in the page, when a click happens and when the progress bar is first inserted. */
  async function recordProgressBar(page: Page): Promise<void> {
    await page.evaluate(() => {
      const state = window as unknown as {clickAt?: number; progressAt?: number};
      document.addEventListener('click', () => (state.clickAt ??= performance.now()), true);
      new MutationObserver(() => {
        if (state.progressAt === undefined && document.getElementById('nprogress'))
          state.progressAt = performance.now();
      }).observe(document.body, {childList: true});
    });
  }
  const progressTimes = (page: Page) =>
    page.evaluate(() => {
      const {clickAt, progressAt} = window as unknown as {clickAt?: number; progressAt?: number};
      return {clickAt, progressAt};
    });

  test('on a slow route change, appears only after 200 ms, and goes when the page is there', async ({page}) => {
    await gotoHydrated(page, '/docs/intro');
    // Throttle: the next page's chunks are held until the test has seen the progress bar.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/js/**', async (route) => {
      await released;
      await route.continue();
    });
    await recordProgressBar(page);
    await page.locator('.theme-doc-sidebar-container').getByRole('link', {name: 'Models', exact: true}).click();
    await expect(page.locator('#nprogress')).toBeAttached();
    const {clickAt, progressAt} = await progressTimes(page);
    const delay = progressAt! - clickAt!;
    expect(delay, 'ms from the click to the progress bar').toBeGreaterThanOrEqual(200);
    release();
    await expect(page.locator('h1')).toHaveText('Models');
    await expect(page.locator('#nprogress')).toHaveCount(0);
  });

  test('does not appear on a route change that takes less than 200 ms', async ({page}) => {
    await gotoHydrated(page, '/docs/intro');
    const sidebar = page.locator('.theme-doc-sidebar-container');
    await sidebar.getByRole('link', {name: 'Quickstart'}).click();
    await expect(page.locator('h1')).toHaveText('Quickstart');
    // Back to the first page, whose chunks are loaded: the change is instant.
    await recordProgressBar(page);
    await sidebar.getByRole('link', {name: 'Introduction'}).click();
    await expect(page.locator('h1')).toHaveText('Introduction');
    expect((await progressTimes(page)).progressAt).toBeUndefined();
  });
});

test.describe('prefetching (SPEC.md §2)', () => {
  /**
   * Requests for JavaScript chunks, and the prefetch links added, once the page is hydrated and the
   * browser has been idle: prefetches wait for idle time (speed/shims/prefetch-once-when-idle.ts).
   * `prefetchedWhileRunning` lists the links added for a file the page had already run as a script
   * at that moment (a file the page loads later, say on hover, may well have been prefetched first).
   */
  async function prefetchActivity(
    page: Page,
  ): Promise<{chunks: string[]; prefetched: string[]; prefetchedWhileRunning: string[]}> {
    await page.addInitScript(() => {
      // DOM mutations reach the observer in order, so `running` is exact when each link arrives.
      const running = new Set<string>();
      const record: {href: string; running: boolean}[] = [];
      (window as unknown as {prefetchRecord: typeof record}).prefetchRecord = record;
      new MutationObserver((mutations) => {
        for (const node of mutations.flatMap((mutation) => [...mutation.addedNodes])) {
          if (node instanceof HTMLScriptElement && node.getAttribute('src')) running.add(node.getAttribute('src')!);
          if (node instanceof HTMLLinkElement && node.rel === 'prefetch') {
            const href = node.getAttribute('href')!;
            record.push({href, running: running.has(href)});
          }
        }
      }).observe(document, {childList: true, subtree: true});
    });
    const chunks: string[] = [];
    await gotoHydrated(page, '/docs/intro');
    page.on('request', (request) => {
      if (request.url().includes('/assets/js/')) chunks.push(request.url());
    });
    // Links in view are prefetched once observed; a hovered link is preloaded at once.
    await page.locator('.theme-doc-sidebar-container').getByRole('link', {name: 'Troubleshooting'}).hover();
    // Two animation frames (every intersection observer has reported by then), then an idle callback:
    // idle callbacks run in order, so the prefetches queued before it have run when it does.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(() => resolve()))),
        ),
    );
    const {prefetched, record} = await page.evaluate(() => ({
      prefetched: [...document.querySelectorAll('link[rel="prefetch"]')].map((link) => link.getAttribute('href')!),
      record: (window as unknown as {prefetchRecord: {href: string; running: boolean}[]}).prefetchRecord,
    }));
    // The observer must have seen every link, or its verdict says nothing.
    expect(record.map(({href}) => href).sort()).toEqual([...prefetched].sort());
    const prefetchedWhileRunning = record.filter(({running}) => running).map(({href}) => href);
    return {chunks, prefetched, prefetchedWhileRunning};
  }

  test('linked routes are prefetched on an ordinary connection, each file once', async ({page}) => {
    const {chunks, prefetched, prefetchedWhileRunning} = await prefetchActivity(page);
    expect(prefetched.length).toBeGreaterThan(0);
    expect(chunks.length).toBeGreaterThan(0);
    // Upstream Docusaurus adds one link per chunk per linked route (172 links for 18 files here).
    expect(prefetched, 'a file prefetched twice').toEqual([...new Set(prefetched)]);
    expect(prefetchedWhileRunning, 'prefetched files the page already runs').toEqual([]);
  });

  const slowConnections = [
    {name: 'save-data', connection: {effectiveType: '4g', saveData: true}},
    {name: '2g', connection: {effectiveType: '2g', saveData: false}},
    {name: 'slow-2g', connection: {effectiveType: 'slow-2g', saveData: false}},
  ];
  for (const {name, connection} of slowConnections) {
    test(`linked routes are not prefetched when the connection reports ${name}`, async ({page}) => {
      await page.addInitScript((reported) => {
        Object.defineProperty(Navigator.prototype, 'connection', {configurable: true, get: () => reported});
      }, connection);
      const {chunks, prefetched} = await prefetchActivity(page);
      expect(prefetched).toEqual([]);
      expect(chunks).toEqual([]);
      // Navigation itself still works: the page's chunks load when the reader clicks.
      await page.locator('.theme-doc-sidebar-container').getByRole('link', {name: 'Troubleshooting'}).click();
      await expect(page.locator('h1')).toHaveText('Troubleshooting');
    });
  }
});
