/**
 * The site works under its Content-Security-Policy, as each host serves it. From the Node server of
 * `npm run serve` (the suite's server): the not-found page, search typed at a person's speed, and an
 * operation page with "Try it" sending a typed body to a sandbox, each in light and dark mode; then one
 * operation page from Caddy and from nginx with their generated configurations. Zero violations
 * reported, zero console errors. every-page.spec.ts records violations the same way on every route in
 * light mode and one page per template in dark mode; every other spec runs under the policy too (a
 * violation is a console error, which they check). Last, the scripts pages load in a browser against
 * the assets the hosting step compresses as one page's.
 */
import type {AddressInfo} from 'node:net';
import path from 'node:path';

import {expect, test, type Page} from '@playwright/test';

import {assetsOfOnePage} from '../../hosting/page-assets';
import {createSandbox} from '../../sandbox/app';
import {defaultSandboxPort} from '../../lib/sandbox/servers';
import {createSandboxServer} from '../../sandbox/server';
import {startCaddy, startNginx, type Host} from '../support/hosts';
import {collectConsoleProblems, recordViolations, waitForHydration} from '../support/page';

/** Opens `url` in a colour mode; checks the page came with the policy and reports no violation. */
async function openUnderPolicy(page: Page, url: string, mode: 'light' | 'dark', violations: () => Promise<string[]>) {
  // Docusaurus reads the initial colour mode from this query parameter, before anything renders.
  const response = await page.goto(
    mode === 'dark' ? `${url}${url.includes('?') ? '&' : '?'}docusaurus-theme=dark` : url,
  );
  expect(response?.headers()['content-security-policy'], 'the page is served with the policy').toMatch(
    /script-src 'self' 'wasm-unsafe-eval' 'sha256-/,
  );
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
  expect(await violations(), `${url} in ${mode} mode`).toEqual([]);
}

const operationPath = '/api/api-reference/orchard-ai-predictor/predict-with-pre-trained-model';
const documentedSandbox = `http://127.0.0.1:${defaultSandboxPort}`;

/** Opens "Try it" on the operation page, picks the local sandbox and sends a call: it answers 2xx. */
async function sendToSandbox(page: Page, {typedBody}: {typedBody?: string} = {}): Promise<void> {
  const sandbox = createSandboxServer(await createSandbox());
  await new Promise<void>((resolve) => sandbox.listen(0, '127.0.0.1', resolve));
  const testSandbox = `http://127.0.0.1:${(sandbox.address() as AddressInfo).port}`;
  try {
    // The explorer calls the sandbox's documented address (which the policy allows); the test's sandbox
    // listens on a free port, so the call is passed on to it.
    await page.route(`${documentedSandbox}/**`, async (route) => {
      const response = await route.fetch({url: route.request().url().replace(documentedSandbox, testSandbox)});
      await route.fulfill({response});
    });
    await page.getByRole('button', {name: 'Try it'}).click();
    await page.getByRole('radio', {name: 'Local sandbox'}).check();
    await page
      .locator('details')
      .filter({has: page.locator('summary', {hasText: 'Parameters'})})
      .locator('select')
      .selectOption('sentiment-classification');
    await page.locator('input[type="password"]').first().fill('hosting-test-key');
    if (typedBody !== undefined) {
      // The body editor (src/theme/ApiExplorer/LiveEditor), edited as a person does: select, type.
      const editor = page.locator('.openapi-explorer__playground-editor').first();
      await editor.click();
      await page.keyboard.press('Control+A');
      await page.keyboard.type(typedBody, {delay: 30});
      await expect(editor).toHaveText(typedBody);
    }
    const sent = page.waitForRequest(
      (request) => request.url().startsWith(documentedSandbox) && request.method() === 'POST',
    );
    const answered = page.waitForResponse(
      (response) => response.url().startsWith(documentedSandbox) && response.request().method() === 'POST',
    );
    await page.getByRole('button', {name: 'Send API Request'}).click();
    if (typedBody !== undefined) expect((await sent).postData()).toBe(typedBody);
    expect((await answered).status()).toBe(200);
    await expect(page.locator('main')).toContainText('"labels"');
  } finally {
    await new Promise<void>((resolve) => sandbox.close(() => resolve()));
  }
}

test.describe('under the Content-Security-Policy, from the Node server', () => {
  test('the not-found page (status 404): no violation, no console error but the 404 itself, in light and dark mode', async ({
    page,
  }) => {
    const problems = collectConsoleProblems(page);
    const violations = await recordViolations(page);
    for (const mode of ['light', 'dark'] as const) await openUnderPolicy(page, '/no-such-page', mode, violations);
    // Chromium logs the page's own 404 status as a failed resource: that one is expected.
    expect(problems.filter((problem) => !/status of 404/.test(problem))).toEqual([]);
  });

  test('search: typed at a person’s speed, its results and the page it opens, in light and dark mode', async ({
    page,
  }) => {
    const problems = collectConsoleProblems(page);
    const violations = await recordViolations(page);
    for (const mode of ['light', 'dark'] as const) {
      await openUnderPolicy(page, '/docs/intro', mode, violations);
      await page
        .getByRole('combobox', {name: 'Search'})
        .or(page.getByRole('textbox', {name: 'Search'}))
        .click();
      await page.keyboard.type('spam', {delay: 80});
      await expect(page.getByRole('option').first()).toContainText('Detect spam', {timeout: 30_000});
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/tutorials\/spam-detection/);
      expect(await violations(), `search in ${mode} mode`).toEqual([]);
    }
    expect(problems).toEqual([]);
  });

  for (const mode of ['light', 'dark'] as const) {
    test(`an operation page in ${mode} mode: "Try it" opens, the body typed in its editor is sent to the sandbox and answered`, async ({
      page,
    }) => {
      const problems = collectConsoleProblems(page);
      const violations = await recordViolations(page);
      await openUnderPolicy(page, operationPath, mode, violations);
      await sendToSandbox(page, {typedBody: '{"query": "The service was quick and friendly."}'});
      expect(await violations()).toEqual([]);
      expect(problems).toEqual([]);
    });
  }
});

for (const start of [startCaddy, startNginx]) {
  test(`from ${start.name.replace(/^start/, '')} with its generated configuration: an operation page, "Try it" and a call to the sandbox`, async ({
    page,
  }) => {
    const host: Host = await start();
    try {
      const problems = collectConsoleProblems(page);
      const violations = await recordViolations(page);
      await openUnderPolicy(page, `${host.url}${operationPath}`, 'light', violations);
      await sendToSandbox(page);
      expect(await violations()).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await host.stop();
    }
  });
}

test("the assets precompressed as one page's (hosting/page-assets.ts) are the scripts one page alone loads in a browser", async ({
  browser,
}) => {
  const onePage = assetsOfOnePage(path.resolve(__dirname, '../../.docusaurus'));
  // Two operations of one API, its landing page, a guide, the home page: what each loads, opened alone.
  const pages = [
    operationPath,
    '/api/api-reference/orchard-ai-predictor/predict-with-custom-model',
    '/api/api-reference/orchard-ai-predictor',
    '/docs/intro',
    '/',
  ];
  const loadedBy = new Map<string, string[]>();
  for (const pathname of pages) {
    const context = await browser.newContext();
    const page = await context.newPage();
    // Scripts the page runs; a prefetch of a linked page's chunks is not a script request.
    page.on('request', (request) => {
      if (request.resourceType() !== 'script') return;
      const file = new URL(request.url()).pathname;
      loadedBy.set(file, [...(loadedBy.get(file) ?? []), pathname]);
    });
    await page.goto(pathname);
    await waitForHydration(page);
    await context.close();
  }
  const ownOf = (pathname: string) =>
    [...loadedBy].filter(([file, by]) => onePage.has(file) && by.includes(pathname)).map(([file]) => file);
  expect(ownOf(operationPath), 'an operation page loads a chunk of its own').not.toEqual([]);
  const sharedYetOnePage = [...loadedBy].filter(([file, by]) => onePage.has(file) && by.length > 1);
  expect(sharedYetOnePage, "no file counted as one page's is loaded by two of the pages").toEqual([]);
  const everyPage = [...loadedBy].filter(([, by]) => by.length === pages.length).map(([file]) => file);
  expect(
    everyPage.some((file) => /\/main\.[0-9a-f]+\.js$/.test(file)),
    'the main bundle is loaded by every page',
  ).toBe(true);
});
