/** No page of the site logs an error or a warning in the browser console (storage failures aside). */
import {expect, test} from '@playwright/test';

import {collectConsoleProblems, gotoHydrated} from '../support/page';

test('no route of the sitemap logs a console error or warning', async ({page, request}) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc!).pathname);
  expect(paths.length).toBeGreaterThan(40);
  // About a second per page, more for the API reference: allow 5 s each.
  test.setTimeout(paths.length * 5_000);
  const problems = collectConsoleProblems(page);
  const byPage: string[] = [];
  for (const path of paths) {
    const before = problems.length;
    await gotoHydrated(page, path);
    byPage.push(...problems.slice(before).map((problem) => `${path}: ${problem}`));
  }
  expect(byPage).toEqual([]);
});
