/**
 * The API explorer ("Try it") on every operation page: the page's first load stays within the reference
 * pages' JavaScript budget; with the explorer open, axe finds no WCAG 2.1 A/AA violation in light mode
 * (dark mode: reference-accessibility.spec.ts), and it sends what a reader
 * would expect and says what happened: the body starts
 * as the operation's first named example, the Accept header is sent with the success range (2XX), an
 * empty key field sends no placeholder key and the form says a key is needed, the server choice is
 * on view, and a send that gets no answer says so in the response panel, with what to try.
 * Calls to the hosts are answered (or failed) by the test's routes: nothing leaves the machine.
 */
import {expect, test, type Page, type Request} from '@playwright/test';

import type {SchemaNode} from '../../lib/openapi';
import {apiBaseUrl} from '../../src/provider';
import {accessibilityProblems} from '../support/axe';
import {gotoHydrated} from '../support/page';
import {largestScripts, measurePageWeight} from '../support/page-weight';
import {jsBudgets} from '../support/templates';
import {firstBodyExample, operationPages, successCode, type ReferencePage} from '../support/reference';

const productionOrigin = new URL(apiBaseUrl).origin;
const sandboxOrigin = 'http://127.0.0.1:4010';
const testKey = 'explorer-honest-key';

/** Opens an operation page (unless it is open) and its explorer. */
async function openExplorer(page: Page, path: string, {opened = false} = {}): Promise<void> {
  if (!opened) await gotoHydrated(page, path);
  await page.getByRole('button', {name: 'Try it'}).click();
  await expect(page.getByRole('button', {name: 'Send API Request'})).toBeVisible({timeout: 20_000});
}

/** Answers every call to `origin` with an empty JSON object, and keeps the requests sent. */
async function answerCalls(page: Page, origin: string): Promise<Request[]> {
  const sent: Request[] = [];
  await page.route(`${origin}/**`, async (route) => {
    if (route.request().method() !== 'OPTIONS') sent.push(route.request());
    await route.fulfill({
      status: 200,
      contentType: 'application/json',
      headers: {'access-control-allow-origin': '*', 'access-control-allow-headers': '*'},
      body: '{}',
    });
  });
  return sent;
}

/** Clicks Send and waits for the call the explorer makes. */
async function send(page: Page, sent: Request[]): Promise<Request> {
  const count = sent.length;
  await page.getByRole('button', {name: 'Send API Request'}).click();
  await expect.poll(() => sent.length, {timeout: 20_000}).toBeGreaterThan(count);
  return sent[count]!;
}

const keyField = (page: Page) => page.locator('.openapi-explorer__request-form input[type="password"]').first();

for (const reference of operationPages()) {
  test(`${reference.path}: first-load JavaScript within budget; the explorer open has no WCAG 2.1 A/AA violation, and sends the first named example, the key and Accept`, async ({
    page,
  }) => {
    // axe walks every node: on the API pages that takes 10-20 s on a busy 2-core machine.
    test.setTimeout(90_000);
    const sent = await answerCalls(page, productionOrigin);
    // The first load, weighed against the reference pages' budget (bytes: the same build always gives
    // the same numbers); the explorer's own code loads later, on "Try it" (page-weight.spec.ts).
    const weight = await measurePageWeight(page, reference.path);
    const gzipJs = weight.total.script.gzip;
    expect(
      gzipJs,
      `${reference.path} loads ${(gzipJs / 1024).toFixed(1)} KB of gzipped JavaScript; largest: ${largestScripts(weight)}`,
    ).toBeLessThanOrEqual(jsBudgets.reference);
    await openExplorer(page, reference.path, {opened: true});
    // One page state, one axe run: the explorer as it opens, in light mode (the default).
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
  });
}

/** The operation's path with each path parameter replaced by its example, as the explorer fills it in. */
function pathWithExamples({operation}: ReferencePage): string {
  return operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const parameter = operation.parameters.find((candidate) => candidate.name === name);
    const schema = parameter?.schema as SchemaNode | undefined;
    return String(parameter?.example ?? schema?.example ?? `{${name}}`);
  });
}

const predictPage = '/api/api-reference/orchard-ai-predictor/predict-with-pre-trained-model';

test('with the key field empty, the form says a key is needed and no placeholder key is sent', async ({page}) => {
  const sent = await answerCalls(page, productionOrigin);
  await openExplorer(page, predictPage);
  const note = page.locator('.openapi-explorer__request-form').getByText('A key is needed');
  await expect(note).toBeVisible();
  await expect(note).toContainText('x-public-key');
  const request = await send(page, sent);
  const headers = await request.allHeaders();
  expect(headers['x-public-key']).toBeUndefined();
  expect(Object.entries(headers).filter(([, value]) => /<[^>]*>/.test(value))).toEqual([]);
  // Once a key is typed, the note goes and the key is sent.
  await keyField(page).pressSequentially(testKey, {delay: 20});
  await expect(note).toBeHidden();
  expect((await send(page, sent)).headers()['x-public-key']).toBe(testKey);
});

test('a send that gets no answer says what failed and what to try, in the response panel', async ({page}) => {
  // As when the production host cannot be reached from the reader's browser (offline, blocked, CORS).
  await page.route(`${productionOrigin}/**`, (route) => route.abort('internetdisconnected'));
  await openExplorer(page, predictPage);
  await keyField(page).pressSequentially(testKey, {delay: 20});
  await page.getByRole('button', {name: 'Send API Request'}).click();
  const panel = page.locator('.openapi-explorer__response-container');
  const alert = panel.getByRole('alert');
  await expect(alert).toContainText('The request failed', {timeout: 20_000});
  await expect(alert).toContainText(productionOrigin);
  await expect(alert).toContainText('npm run sandbox');
  await expect(alert).toContainText('Local sandbox');
  await expect(panel).not.toContainText('Click the');
  expect(await accessibilityProblems(page, '.openapi-explorer__response-container')).toEqual([]);
  // The docs' section about the sandbox is one click away.
  await alert.getByRole('link', {name: 'how to use the local sandbox'}).click();
  await expect(page.locator('h2#local-sandbox')).toBeVisible({timeout: 20_000});
  await expect(page.locator('main')).toContainText('npm run sandbox');
});

test('the server choice is on view, and choosing the local sandbox sends the call there', async ({page}) => {
  const sent = await answerCalls(page, sandboxOrigin);
  await openExplorer(page, predictPage);
  const production = page.getByRole('radio', {name: 'Orchard AI API'});
  const sandbox = page.getByRole('radio', {name: 'Local sandbox'});
  // Both choices are visible as the explorer opens: nothing to hover first.
  await expect(production).toBeVisible();
  await expect(production).toBeChecked();
  await expect(sandbox).toBeVisible();
  await expect(page.locator('.openapi-explorer__servers')).toContainText(`${sandboxOrigin}/api`);
  await sandbox.check();
  await keyField(page).pressSequentially(testKey, {delay: 20});
  const request = await send(page, sent);
  expect(request.url()).toBe(`${sandboxOrigin}/api/predictor/language/pre-trained/sentiment-classification`);
});
