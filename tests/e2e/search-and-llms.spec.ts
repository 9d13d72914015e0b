import {expect, test, type Page} from '@playwright/test';

import {markdownPath} from '../../plugins/llms-txt';
import {openApiSpecs, specDownloadPath} from '../../lib/openapi/specs';
import {provider} from '../../src/provider';
import {measureFirstSearch} from '../support/first-search';
import {collectConsoleProblems, gotoHydrated, openFirstHitFromSearchBox} from '../support/page';
import {buildDir} from '../support/twins';

/** Links of the search page's results for a query. */
async function searchResultLinks(page: Page, query: string): Promise<string[]> {
  await gotoHydrated(page, `/search?q=${encodeURIComponent(query)}`);
  const results = page.locator('article a[href]');
  // The search page loads its index before it shows results: slow on a busy 2-core machine.
  await expect(results.first()).toBeVisible({timeout: 30_000});
  return results.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
}

test.describe('offline search', () => {
  test('Ctrl+K focuses the search box and Enter opens the best match', async ({page}) => {
    await openFirstHitFromSearchBox(page, 'spam', 'Detect spam with a custom classifier');
    await expect(page).toHaveURL(/\/tutorials\/spam-detection/);
  });

  // Enter pressed before the hits of the whole query came opens that query's best hit, not one of an earlier prefix.
  test('Enter pressed right after the last key opens the best match of the whole query', async ({page}) => {
    await gotoHydrated(page, '/docs/intro');
    await page.keyboard.press('Control+k');
    // "spa", a prefix the box searches on the way, has another best match than "spam".
    await page.keyboard.type('spam', {delay: 60});
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/tutorials\/spam-detection/, {timeout: 30_000});
  });

  // A person types right after opening the box; no keystroke may be lost while the search loads.
  for (const open of ['Ctrl+K', 'a click on the box'] as const) {
    test(`typing at once after ${open} keeps every keystroke and shows results`, async ({page}) => {
      await gotoHydrated(page, '/docs/intro');
      const box = page.getByRole('combobox', {name: 'Search'}).or(page.getByRole('textbox', {name: 'Search'}));
      if (open === 'Ctrl+K') await page.keyboard.press('Control+k');
      else await box.click();
      await page.keyboard.type('authentication', {delay: 60});
      await expect(box).toHaveValue('authentication');
      await expect(page.getByRole('option').first()).toBeVisible({timeout: 30_000});
      await expect(box).toHaveValue('authentication');
    });
  }

  // What the first search costs a reader (issue 35), bounded so it cannot grow unnoticed: the 239 KB
  // the search it replaced fetched at this size. Pagefind loads its module, its WebAssembly, the index
  // chunks of the query's words and the pages it ranks (bench/README.md, "Search engines compared").
  test('the first search, typed right after Ctrl+K on an operation page, downloads at most 239 KB (brotli)', async ({
    page,
  }) => {
    const search = await measureFirstSearch(page, {
      buildDir,
      url: '/api/api-reference/orchard-ai-trainer/create-training-job',
      query: 'learning rate',
    });
    const loaded = search.files.map(({path, brotliBytes}) => `${path} ${(brotliBytes / 1024).toFixed(1)} KB`);
    expect(search.brotliBytes, loaded.join(', ')).toBeLessThanOrEqual(239 * 1024);
    // What was weighed is the search: its index chunks and pages among it (measureFirstSearch waited
    // for the hits of the whole query).
    for (const part of ['/pagefind/pagefind.js', '/pagefind/index/', '/pagefind/fragment/'])
      expect(
        search.files.some(({path}) => path.startsWith(part)),
        `${part} in ${loaded.join(', ')}`,
      ).toBe(true);
  });

  test('the search page: a new query typed in its form, more results on demand, and the box\'s "See all results" lands there', async ({
    page,
  }) => {
    await gotoHydrated(page, '/docs/intro');
    const box = page.getByRole('combobox', {name: 'Search'});
    await box.click();
    await page.keyboard.type('model', {delay: 60});
    await expect(page.getByRole('listbox')).toHaveAttribute('data-answered-query', 'model', {timeout: 30_000});
    await page.getByRole('link', {name: 'See all results for “model”'}).click();
    await expect(page).toHaveURL(/\/search\?q=model$/);
    const results = page.locator('article');
    await expect(results.first()).toBeVisible({timeout: 30_000});
    // "model" is on more pages than the first 20 shown: the rest come with "More results".
    await expect(results).toHaveCount(20);
    const total = Number((await page.getByText(/\d+ pages found/).textContent())!.match(/\d+/)![0]);
    expect(total).toBeGreaterThan(20);
    await page.getByRole('button', {name: 'More results'}).click();
    await expect(results).toHaveCount(Math.min(total, 40));
    // Another query from the page's own form: the address and the results follow.
    const form = page.getByRole('searchbox', {name: 'Search the documentation'});
    await form.fill('spam');
    await form.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=spam$/);
    await expect(results.first().getByRole('link')).toHaveAttribute('href', /^\/tutorials\/spam-detection/);
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Search results for “spam”');
  });

  // The query is in the address, which the server never sees: the page's first render in the browser
  // must still match its server HTML (React error #418 otherwise), and only then show the query.
  test('the search page opened with a query logs no error and shows its hits', async ({page}) => {
    const errors = collectConsoleProblems(page);
    await gotoHydrated(page, '/search?q=batch');
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Search results for “batch”');
    await expect(page.getByRole('searchbox', {name: 'Search the documentation'})).toHaveValue('batch');
    await expect(page.locator('article a[href]').first()).toBeVisible({timeout: 30_000});
    await expect(page).toHaveTitle(/^Search: batch/);
    expect(errors).toEqual([]);
  });

  test("the contributors' writing guide stays out of readers' results", async ({page}) => {
    // "admonition" and "front matter" are words of the writing guide (/markdown-page) only.
    for (const query of ['admonition', 'front matter']) {
      await gotoHydrated(page, `/search?q=${encodeURIComponent(query)}`);
      await expect(page.locator('article').first().or(page.getByText('No pages found'))).toBeVisible({
        timeout: 30_000,
      });
      const links = await page
        .locator('article a[href]')
        .evaluateAll((found) => found.map((link) => link.getAttribute('href') ?? ''));
      expect(
        links.filter((href) => href.startsWith('/markdown-page')),
        query,
      ).toEqual([]);
    }
  });

  test('batch_size finds the customize-training page', async ({page}) => {
    const links = await searchResultLinks(page, 'batch_size');
    expect(links.some((href) => href.startsWith('/api/orchard-ai-trainer/customize-training'))).toBe(true);
  });

  test('x-public-key finds an API reference page', async ({page}) => {
    const links = await searchResultLinks(page, 'x-public-key');
    expect(links.some((href) => href.startsWith('/api/api-reference/'))).toBe(true);
  });

  // Nested schema fields that only the reference names: in each operation page's HTML, so searchable.
  for (const [field, operation] of [
    ['token_start_positions', '/api/api-reference/orchard-ai-predictor/predict-with-pre-trained-model'],
    ['num_pre_trained_queries_by_model_id', '/api/api-reference/orchard-ai-trainer/get-usage'],
  ] as const) {
    test(`${field}, a nested schema field, finds its operation page`, async ({page}) => {
      const links = await searchResultLinks(page, field);
      expect(links.map((href) => href.split('#')[0])).toContain(operation);
    });
  }

  test('spam finds the spam-detection tutorial first', async ({page}) => {
    const [first] = await searchResultLinks(page, 'spam');
    expect(first).toMatch(/^\/tutorials\/spam-detection/);
  });
});

test.describe('llms.txt and Markdown pages', () => {
  test('every route of the sitemap has its Markdown version and is listed in /llms.txt', async ({request}) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    const routes = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc!).pathname);
    expect(routes.length).toBeGreaterThanOrEqual(42);
    const llms = await (await request.get('/llms.txt')).text();
    expect(llms).toMatch(new RegExp(`^# ${provider.name}\\n`));
    for (const route of routes) {
      const mdPath = markdownPath(route);
      const markdown = await request.get(mdPath);
      expect(markdown.status(), mdPath).toBe(200);
      const text = await markdown.text();
      expect(text, mdPath).toMatch(/^---\ntitle: ".+"\nsource: /);
      expect(text.length, `${mdPath} has content`).toBeGreaterThan(200);
      expect(llms, `llms.txt lists ${mdPath}`).toContain(`](${provider.docsUrl}${mdPath})`);
    }
  });

  test('an operation page in Markdown carries its contract: URL, header, fields, limits and the 422', async ({
    request,
  }) => {
    const text = await (await request.get('/api/api-reference/orchard-ai-trainer/create-training-job.md')).text();
    expect(text).toContain('`POST https://api.orchard.example/api/language/trainer/training-jobs`');
    expect(text).toContain('`x-public-key`');
    expect(text).toContain('| `training_config.batch_size` | integer | no |');
    expect(text).toContain('≤ 256');
    expect(text).toContain('### 422');
  });

  test('/llms.txt links every OpenAPI description, and they download', async ({request}) => {
    const llms = await (await request.get('/llms.txt')).text();
    for (const spec of openApiSpecs) {
      expect(llms).toContain(`${provider.docsUrl}${specDownloadPath(spec)}`);
      expect((await request.get(specDownloadPath(spec))).status()).toBe(200);
    }
  });
});
