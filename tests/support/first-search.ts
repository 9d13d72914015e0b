/**
 * The first search of a page, as a reader makes it: the page loaded, Ctrl+K, the query typed at once.
 * What it downloads from the keystroke on (every request of the page and its workers, weighed as the
 * host sends it: the build's `.br` file where precompression wrote one, hosting/precompress.ts), and
 * how long after the last keystroke the box lists the hits of the whole query, optionally with
 * the CPU slowed down as Lighthouse's mobile preset slows it (4×). For bench:scale and the browser tests.
 */
import {existsSync, statSync} from 'node:fs';
import path from 'node:path';

import type {Page, Request} from '@playwright/test';

export type FirstSearch = {
  /** Everything the search loaded, in bytes as sent with brotli. */
  brotliBytes: number;
  files: {path: string; brotliBytes: number}[];
  /** From the last keystroke to the box listing the hits of the whole query. */
  millisAfterLastKey: number;
};

/** A request's bytes as the host sends them with brotli: its `.br` beside the built file, else the file itself. */
function brotliBytesOf(buildDir: string, urlPath: string): number {
  const file = path.join(buildDir, decodeURIComponent(urlPath));
  const built = existsSync(file) && statSync(file).isFile() ? file : path.join(file, 'index.html');
  if (!existsSync(built)) throw new Error(`the search loaded ${urlPath}, which is not in ${buildDir}`);
  return existsSync(`${built}.br`) ? statSync(`${built}.br`).size : statSync(built).size;
}

type Timing = {lastKeyAt: number; answeredAt: number | undefined};

/**
 * Loads `url` (hydrated, network idle), then measures its first search for `query`. `cpuSlowdown`
 * slows the page's CPU from the keystroke on (Chromium's DevTools protocol), not its load.
 */
export async function measureFirstSearch(
  page: Page,
  {
    buildDir,
    url,
    query,
    cpuSlowdown = 1,
    timeout = 60_000,
  }: {
    buildDir: string;
    url: string;
    query: string;
    cpuSlowdown?: number;
    timeout?: number;
  },
): Promise<FirstSearch> {
  await page.goto(url, {waitUntil: 'networkidle'});
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached', timeout});
  const origin = new URL(page.url()).origin;
  const loaded: string[] = [];
  const onRequest = (request: Request) => {
    const requested = new URL(request.url());
    if (requested.origin === origin) loaded.push(requested.pathname);
  };
  // The context hears the page's requests and its workers' (the index may be fetched by one).
  page.context().on('request', onRequest);
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Emulation.setCPUThrottlingRate', {rate: cpuSlowdown});
    // The moment the box's list says it answers the whole query (src/theme/SearchBar); keys are stamped as they land.
    await page.evaluate((whole) => {
      const timing: Timing = {lastKeyAt: 0, answeredAt: undefined};
      Object.assign(window, {firstSearchTiming: timing});
      // Each key starts the wait anew: hits for the query as it was before do not count.
      document.addEventListener(
        'keydown',
        () => {
          timing.lastKeyAt = performance.now();
          timing.answeredAt = undefined;
        },
        true,
      );
      new MutationObserver(() => {
        if (timing.answeredAt !== undefined || timing.lastKeyAt === 0) return;
        const list = document.querySelector<HTMLElement>('[role="listbox"][data-answered-query]');
        const hasHit = list?.querySelector('[role="option"]');
        if (list?.dataset.answeredQuery === whole && hasHit) timing.answeredAt = performance.now();
      }).observe(document.body, {childList: true, subtree: true, attributes: true});
    }, query);
    await page.keyboard.press('Control+k');
    // As a person types: a key about every 60 ms.
    await page.keyboard.type(query, {delay: 60});
    await page.waitForFunction(
      (whole) => {
        const timing = (window as unknown as {firstSearchTiming: Timing}).firstSearchTiming;
        const box = document.activeElement as HTMLInputElement | null;
        return box?.value === whole && timing.answeredAt !== undefined && timing.answeredAt > timing.lastKeyAt;
      },
      query,
      {timeout},
    );
    await page.waitForLoadState('networkidle');
    const timing = await page.evaluate(() => (window as unknown as {firstSearchTiming: Timing}).firstSearchTiming);
    const files = [...new Set(loaded)].map((file) => ({path: file, brotliBytes: brotliBytesOf(buildDir, file)}));
    return {
      brotliBytes: files.reduce((sum, file) => sum + file.brotliBytes, 0),
      files,
      millisAfterLastKey: timing.answeredAt! - timing.lastKeyAt,
    };
  } finally {
    page.context().off('request', onRequest);
    await cdp.send('Emulation.setCPUThrottlingRate', {rate: 1}).catch(() => undefined);
    await cdp.detach().catch(() => undefined);
  }
}
