/**
 * Docs interface rules of SPEC.md §1 and §4: remembered code tab groups, the table of contents'
 * heading levels, and doc sidebars that cannot be hidden and do not auto-collapse.
 */
import {expect, test} from '@playwright/test';

import {docSidebar, gotoHydrated, storedItem, waitForHydration} from '../support/page';

test('a code language chosen in one tab group is selected in that group on another page after a reload', async ({
  page,
}) => {
  await gotoHydrated(page, '/docs/quickstart');
  const tab = (name: string) => page.getByRole('tab', {name, exact: true});
  // curl is the first tab, selected until the reader picks another language.
  await expect(tab('curl')).toHaveAttribute('aria-selected', 'true');
  await tab('Python').click();
  await expect(tab('Python')).toHaveAttribute('aria-selected', 'true');
  expect(await storedItem(page, 'docusaurus.tab.code-samples')).toBe('python');
  await page.reload();
  await waitForHydration(page);
  await expect(tab('Python')).toHaveAttribute('aria-selected', 'true');
  // Another page with several sample groups: every one of them shows Python.
  await gotoHydrated(page, '/api/orchard-ai-predictor/requests');
  const pythonTabs = tab('Python');
  expect(await pythonTabs.count()).toBeGreaterThan(1);
  for (const pythonTab of await pythonTabs.all()) await expect(pythonTab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel').first()).toContainText('requests.post(');
  // The API reference's samples share the group, so the choice carries there too.
  await gotoHydrated(page, '/api/api-reference/orchard-ai-predictor/predict-with-pre-trained-model');
  await expect(page.locator('.openapi-code-samples').getByRole('tab', {name: 'Python', exact: true})).toHaveAttribute(
    'aria-selected',
    'true',
  );
});

test('the table of contents lists the h2 and h3 headings of a page, and no h4', async ({page}) => {
  await gotoHydrated(page, '/markdown-page');
  const article = page.locator('article .theme-doc-markdown');
  const toc = page.locator('.theme-doc-toc-desktop');
  await expect(article.locator('h4')).toHaveText(['A fourth-level heading']);
  const headingHrefs = await article
    .locator('h2[id], h3[id]')
    .evaluateAll((headings) => headings.map((heading) => `#${heading.id}`));
  expect(headingHrefs.length).toBeGreaterThan(3);
  const tocHrefs = await toc.locator('a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(tocHrefs).toEqual(headingHrefs);
  await expect(toc.getByRole('link', {name: 'Deeper headings'})).toBeVisible();
  await expect(toc.getByRole('link', {name: 'A fourth-level heading'})).toHaveCount(0);
});

test('no doc sidebar of any docs instance has a button to hide it (SPEC.md §1)', async ({page}) => {
  for (const path of ['/docs/intro', '/api', '/tutorials/api-key', '/faqs/faqs', '/markdown-page']) {
    await gotoHydrated(page, path);
    await expect(docSidebar(page)).toBeVisible();
    await expect(page.getByRole('button', {name: 'Collapse sidebar', exact: true})).toHaveCount(0);
  }
});

test('an expanded sidebar category stays expanded when another one opens (SPEC.md §1)', async ({page}) => {
  await gotoHydrated(page, '/api');
  // The reference categories start collapsed (docusaurus.config.ts); the guides above them share labels.
  const reference = docSidebar(page)
    .locator('li.theme-doc-sidebar-item-category')
    .filter({has: page.getByRole('link', {name: 'API reference', exact: true})});
  const caret = (action: 'Expand' | 'Collapse', label: string) =>
    reference.getByRole('button', {name: `${action} sidebar category '${label}'`, exact: true});
  await caret('Expand', 'Orchard AI Trainer').click();
  await expect(caret('Collapse', 'Orchard AI Trainer')).toHaveAttribute('aria-expanded', 'true');
  // The opening category slides the ones below it down: a person clicks the next caret once the
  // sidebar is still (on a busy machine a click mid-slide once landed on what slid under it).
  await expect
    .poll(() => page.evaluate(() => document.getAnimations().filter(({playState}) => playState === 'running').length))
    .toBe(0);
  await caret('Expand', 'Orchard AI Medley').click();
  await expect(caret('Collapse', 'Orchard AI Medley')).toHaveAttribute('aria-expanded', 'true');
  await expect(caret('Collapse', 'Orchard AI Trainer')).toHaveAttribute('aria-expanded', 'true');
});
