/**
 * The API explorer ("Try it") says what happened and offers what a reader needs: an empty key field
 * sends no placeholder key and the form says a key is needed, the server choice is on view, and a send
 * that gets no answer says so in the response panel, with what to try. On every operation page, what
 * it sends (the first named example, the key, Accept) and axe with it open: reference-pages.spec.ts,
 * on the same visit as the page's other checks. Calls to the hosts are answered (or failed) by the
 * test's routes: nothing leaves the machine.
 */
import {expect, test} from '@playwright/test';

import {accessibilityProblems} from '../support/axe';
import {answerCalls, keyField, openExplorer, productionOrigin, sandboxOrigin, send, testKey} from '../support/explorer';

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
