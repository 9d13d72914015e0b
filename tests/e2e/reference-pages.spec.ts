/**
 * The operation pages of the reference, checked the way a reader meets them, for every operation of
 * openapi/*.yaml: the header shows the path as it is called, every field has an anchor a link can
 * reach (through collapsed fields and hidden tabs), enum lists do not run into the text after them,
 * the success response keeps its colour, and a 390 px phone shows it all. The same visit checks what
 * every route shows (its own page and sidebar, no console problem: every-page.spec.ts leaves these
 * pages to this spec), the page's first-load JavaScript budget, the API explorer ("Try it"): with it
 * open, axe finds no WCAG 2.1 A/AA violation in light mode, and it sends what a reader would expect:
 * the body starts as the operation's first named example, the key field's key, and the Accept header
 * of the success range (2XX); then every sample tab, copied and run against a sandbox
 * (tests/support/samples.ts); and on every third operation page and those among the dark-mode routes,
 * axe again with the explorer open after the navbar's switch turns dark mode on. Calls to the API host
 * from the page are answered by the test's routes: nothing leaves the machine. Opening a page is most
 * of a browser test's time, so each operation page is opened once for all of this. That every field is
 * in the server-rendered HTML is checked on the build: tests/build/reference-html.test.ts.
 */
import {expect, type Page} from '@playwright/test';

import {apiBaseUrl} from '../../src/provider';
import {accessibilityProblems} from '../support/axe';
import {
  answerCalls,
  keyField,
  openExplorer,
  pathWithExamples,
  productionOrigin,
  send,
  testKey,
} from '../support/explorer';
import {expectOwnPage} from '../support/own-page';
import {collectConsoleProblems, gotoHydrated, switchToDarkMode, textUnder12px} from '../support/page';
import {expectWithinBudget} from '../support/page-weight';
import {expectedAnchors, firstBodyExample, operationPages, successCode} from '../support/reference';
import {allowClipboard, expectReferenceSamplesRun, test} from '../support/samples';
import {darkModeRoutes, sitemapRoutes, withoutSlash} from '../support/sitemap';
import {jsBudgets, templatePages} from '../support/templates';

const pages = operationPages();
const templates = new Set(templatePages.map(({path}) => path));
// Dark mode: every third operation page, and those the dark-mode routes name (one per template and
// every sixth route of the sitemap).
const darkPaths = new Set([
  ...pages.filter((_, index) => index % 3 === 0).map(({path}) => path),
  ...[...darkModeRoutes()].filter((path) => pages.some((reference) => reference.path === path)),
]);

test('the sitemap lists exactly the operation pages this spec visits', () => {
  const listed = sitemapRoutes()
    .map(withoutSlash)
    .filter((route) => /^\/api\/api-reference\/[^/]+\/[^/]+$/.test(route));
  expect(listed.sort()).toEqual(pages.map(({path}) => path).sort());
  expect(pages).toHaveLength(15);
});
// On a phone: each API's operation with the longest path (the header that must wrap) and the one with
// the largest request form (create-training-job). What holds for them holds for the shorter ones.
const phonePages = pages.filter(
  (candidate) =>
    candidate.path.endsWith('/create-training-job') ||
    pages
      .filter((other) => other.operation.spec.id === candidate.operation.spec.id)
      .every((other) => other.operation.fullPath.length <= candidate.operation.fullPath.length),
);

/** The background colour the theme gives a selected success tab, read from a copy of `tab` styled as one. */
async function successTabColours(page: Page, tabId: string): Promise<{tab: string; success: string; info: string}> {
  return page.evaluate((id) => {
    const tab = document.getElementById(id)!;
    const colourAs = (kind: string) => {
      const probe = document.createElement('li');
      probe.className = `tabs__item openapi-tabs__response-code-item ${kind} active`;
      tab.parentElement!.append(probe);
      const colour = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return colour;
    };
    return {tab: getComputedStyle(tab).backgroundColor, success: colourAs('success'), info: colourAs('info')};
  }, tabId);
}

for (const reference of pages) {
  const template = templates.has(reference.path);
  const dark = darkPaths.has(reference.path);
  test(`${reference.path}: its own page within its JavaScript budget, no console problem, full path in the header, live anchors, readable enums, success colour${template ? ', no text under 12px' : ''}; the explorer open has no WCAG 2.1 A/AA violation${dark ? ' in light and dark mode' : ''} and sends the first named example, the key and Accept; every sample tab runs as shown`, async ({
    page,
    sandbox,
  }) => {
    // axe walks every node: on the API pages that takes 10-20 s on a busy 2-core machine, and the
    // samples take 5 s more.
    test.setTimeout(150_000);
    const problems = collectConsoleProblems(page);
    const sent = await answerCalls(page, productionOrigin);
    // The first load, weighed against the reference pages' budget (bytes: the same build always gives
    // the same numbers); the explorer's own code loads later, on "Try it" (page-weight.spec.ts).
    const weight = await expectWithinBudget(page, reference.path, jsBudgets.reference);
    await expectOwnPage(page, reference.path, weight.response);
    const main = page.locator('main');
    // The path as readers call it: the server's /api prefix, and {name} for path parameters.
    await expect(main.locator('.openapi__method-endpoint-path')).toHaveText(reference.operation.fullPath);

    const {parameters, body, responses, responseCodes} = expectedAnchors(reference);
    const anchors = [...parameters, ...body, ...responseCodes, ...responses].map(({anchor}) => anchor);
    const present = await page.evaluate(
      (ids) => ids.filter((id) => document.querySelectorAll(`[id="${id}"]`).length === 1),
      anchors,
    );
    expect(present).toEqual(anchors);

    // "Possible values: […]" is a paragraph of its own, not run into the description after it.
    const runIn = await main.locator('strong', {hasText: /^Possible values:$/}).evaluateAll((labels) =>
      labels
        .map((label) => label.parentElement!)
        .filter((block) => getComputedStyle(block).display.startsWith('inline'))
        .map((block) => block.textContent),
    );
    expect(runIn).toEqual([]);

    // The success response's tab is selected first and has the theme's success colour, also for 2XX.
    const tabId = `response-${successCode(reference).toLowerCase()}`;
    await expect(page.locator(`[id="${tabId}"]`)).toHaveAttribute('aria-selected', 'true');
    const colours = await successTabColours(page, tabId);
    expect(colours.success).not.toBe(colours.info);
    expect(colours.tab).toBe(colours.success);
    if (template) expect(await textUnder12px(page), 'text under 12px').toEqual([]);

    // The explorer: one page state, one axe run, as it opens, in light mode (the default). The checks
    // above only read the page.
    await openExplorer(page, reference.path, {opened: true});
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await accessibilityProblems(page)).toEqual([]);
    const example = firstBodyExample(reference);
    if (example) {
      // The reader sees the example's own tab, chosen, with the example in the editor.
      const tab = page.locator('.openapi-explorer__request-form').getByRole('tab', {name: example.name, exact: true});
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      const editor = page.locator('.openapi-explorer__playground-editor').first();
      expect(JSON.parse(await editor.innerText())).toEqual(example.value);
    }
    await keyField(page).pressSequentially(testKey, {delay: 20});
    const request = await send(page, sent);
    expect(request.url()).toBe(`${apiBaseUrl}${pathWithExamples(reference)}`);
    // The media type of the success response (2XX); with no documented body, fetch's default.
    const success = reference.operation.responses[successCode(reference)];
    expect(request.headers().accept).toBe(Object.keys(success?.content ?? {})[0] ?? '*/*');
    for (const header of reference.operation.keyHeaders) expect(request.headers()[header]).toBe(testKey);
    if (example) expect(JSON.parse(request.postData() ?? 'null')).toEqual(example.value);
    else expect(request.postData()).toBeNull();

    await allowClipboard(page);
    await expectReferenceSamplesRun(page, reference.path, sandbox);
    if (dark) {
      await switchToDarkMode(page);
      await expect(page.getByRole('button', {name: 'Send API Request'})).toBeVisible();
      expect(await accessibilityProblems(page), 'dark mode, the explorer open').toEqual([]);
    }
    expect(problems).toEqual([]);
  });
}

test('a parameter with possible values reads as two sentences', async ({page}) => {
  await gotoHydrated(page, '/api/api-reference/orchard-ai-predictor/predict-with-pre-trained-model');
  const parameter = page.locator('[id="request-path-model_id"]');
  await expect(parameter).toBeVisible();
  expect(await parameter.innerText()).toMatch(/keyphrase-extraction\s*\]\s*\n\s*The name of the pre-trained model/);
});

const deepLinks = [
  // A field inside a collapsed field of the request body.
  {
    page: '/api/api-reference/orchard-ai-trainer/create-training-job',
    anchor: 'request-body-training_config-batch_size',
    text: 'batch_size',
  },
  // A field of an array item of a response that is not the tab shown first.
  {
    page: '/api/api-reference/orchard-ai-predictor/predict-with-pre-trained-model',
    anchor: 'response-422-detail-msg',
    text: 'msg',
  },
  // A response itself.
  {page: '/api/api-reference/orchard-ai-medley/medley-predict', anchor: 'response-422', text: '422'},
];

for (const link of deepLinks) {
  test(`a link to #${link.anchor} opens what hides it and scrolls to it`, async ({page}) => {
    await gotoHydrated(page, `${link.page}#${link.anchor}`);
    const target = page.locator(`[id="${link.anchor}"]`);
    await expect(target).toBeVisible({timeout: 15_000});
    await expect(target).toContainText(link.text);
    await expect(target).toBeInViewport();
    if (link.anchor.startsWith('response-')) {
      const tab = page.locator(`[id="${link.anchor.split('-').slice(0, 2).join('-')}"]`);
      await expect(tab).toHaveAttribute('aria-selected', 'true');
    }
  });
}

test('a field’s own link gives its anchor, and following it on the page opens the field', async ({page}) => {
  await gotoHydrated(page, '/api/api-reference/orchard-ai-trainer/get-usage');
  const field = page.locator('[id="response-2xx-inference_usage"]');
  await field.hover();
  const link = field.locator(':scope > .openapi-anchor__link');
  await expect(link).toHaveCSS('opacity', '1');
  await expect(link).toHaveAttribute('href', '#response-2xx-inference_usage');
  // A nested field, collapsed until its parents open: reached by an in-page link.
  await page.evaluate(() => {
    const anchor = document.createElement('a');
    anchor.href = '#response-2xx-inference_usage-num_queries_by_model_type';
    anchor.textContent = 'jump';
    document.querySelector('main')!.prepend(anchor);
    anchor.click();
  });
  const nested = page.locator('[id="response-2xx-inference_usage-num_queries_by_model_type"]');
  await expect(nested).toBeVisible({timeout: 15_000});
  await expect(nested).toBeInViewport();
});

test.describe('on a 390 px phone', () => {
  test.use({viewport: {width: 390, height: 844}, isMobile: true, hasTouch: true});

  for (const reference of phonePages) {
    test(`${reference.path}: nothing cut off, and Try it opens a usable explorer`, async ({page}) => {
      await gotoHydrated(page, reference.path);
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(await overflow()).toBeLessThanOrEqual(0);
      // The whole path is shown: it wraps inside its box rather than being clipped.
      const header = page.locator('.openapi__method-endpoint-path');
      await expect(header).toHaveText(reference.operation.fullPath);
      const clipped = await header.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return element.scrollWidth > element.clientWidth || box.right > window.innerWidth || box.left < 0;
      });
      expect(clipped).toBe(false);

      const tryIt = page.getByRole('button', {name: 'Try it'});
      await tryIt.scrollIntoViewIfNeeded();
      await tryIt.tap();
      const sandbox = page.getByRole('radio', {name: 'Local sandbox'});
      await expect(sandbox).toBeVisible({timeout: 15_000});
      await sandbox.check();
      await expect(sandbox).toBeChecked();
      const send = page.getByRole('button', {name: 'Send API Request'});
      await send.scrollIntoViewIfNeeded();
      await expect(send).toBeInViewport();
      expect(await overflow()).toBeLessThanOrEqual(0);
    });
  }
});
