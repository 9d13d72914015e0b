/**
 * Faults provoked in the browser only, to show how the production build behaves when a page fails to
 * load or crashes (SPEC.md §2, §8). Nothing here adds a route or any code to the site.
 */
import type {Page} from '@playwright/test';

import {gotoHydrated} from './page';

/**
 * The JavaScript files a page runs when opened directly: the runtime, the main bundle and its route's
 * chunks. A file of another page that is not in this set is a chunk only that page needs.
 */
export async function scriptsRunBy(page: Page, path: string): Promise<Set<string>> {
  const scripts = new Set<string>();
  // Prefetched files are downloaded but not run: only requests made for <script> elements count.
  const record = (request: {url(): string; resourceType(): string}) => {
    if (request.resourceType() === 'script') scripts.add(request.url());
  };
  page.on('requestfinished', record);
  await gotoHydrated(page, path);
  page.off('requestfinished', record);
  return scripts;
}

type ChunkQueue = {push: (chunk: ChunkData) => unknown};
type ModuleRecord = {exports: unknown};
type ModuleFactory = (this: unknown, module: ModuleRecord, ...rest: unknown[]) => void;
type ChunkData = [unknown, Record<string, ModuleFactory>, ...unknown[]];

/**
 * Makes the next page crash while rendering: every component that a chunk loaded from now on exports
 * as its default throws "Simulated rendering failure" until `recover()` is called. This hooks the
 * bundler's chunk queue in the page (the page's own code is not changed); React's error boundaries
 * then do what they would do for a real bug in a page.
 */
export async function crashNextPage(page: Page): Promise<{recover: () => Promise<void>}> {
  await page.evaluate(() => {
    const state = window as unknown as {__crashPages?: boolean} & Record<string, unknown>;
    const queueName = Object.keys(window).find((name) => name.startsWith('webpackChunk'));
    if (!queueName) throw new Error('no bundler chunk queue on this page');
    const queue = state[queueName] as ChunkQueue;
    const push = queue.push.bind(queue);
    state.__crashPages = true;
    queue.push = (chunk: ChunkData) => {
      const modules = chunk[1];
      for (const [id, factory] of Object.entries(modules)) {
        modules[id] = function crashingFactory(this: unknown, module: ModuleRecord, ...rest: unknown[]) {
          factory.call(this, module, ...rest);
          const original = module.exports as {default?: unknown} | null;
          const component = original?.default;
          if (typeof component !== 'function') return;
          function Crashing(this: unknown, ...args: unknown[]): unknown {
            if (state.__crashPages) throw new Error('Simulated rendering failure');
            return (component as (...a: unknown[]) => unknown).apply(this, args);
          }
          // Same exports, with the default one replaced (ES module exports are read-only getters).
          module.exports = Object.defineProperties(
            {},
            {
              ...Object.getOwnPropertyDescriptors(original),
              __esModule: {value: true},
              default: {value: Crashing, enumerable: true},
            },
          );
        };
      }
      return push(chunk);
    };
  });
  return {
    recover: () =>
      page.evaluate(() => {
        (window as unknown as {__crashPages?: boolean}).__crashPages = false;
      }),
  };
}
