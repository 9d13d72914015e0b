import {expect, test} from '@playwright/test';

import {createSandbox} from '../../src/sandbox/app';
import {createSandboxServer, defaultSandboxPort} from '../../src/sandbox/main';
import {gotoHydrated} from '../support/page';

const sandboxUrl = `http://127.0.0.1:${defaultSandboxPort}/api`;
let server: ReturnType<typeof createSandboxServer>;

// The sandbox listens where the descriptions' second server says, as it does under `npm run sandbox`.
test.beforeAll(async () => {
  server = createSandboxServer(await createSandbox());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(defaultSandboxPort, '127.0.0.1', resolve);
  });
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('the API explorer lists the local sandbox and sends a call to it', async ({page}) => {
  await gotoHydrated(page, '/api/api-reference/orchard-ai-predictor/predict-with-pre-trained-model');
  const section = (name: string) => page.locator('details').filter({has: page.locator('summary', {hasText: name})});
  // The explorer loads on first use.
  await page.getByRole('button', {name: 'Try it'}).click();

  const baseUrl = section('Base URL');
  await baseUrl.locator('.openapi-explorer__floating-btn').hover();
  await baseUrl.getByRole('button', {name: 'Edit'}).click();
  await baseUrl.locator('select').selectOption(sandboxUrl);
  await expect(page.locator('main')).toContainText('Local sandbox');

  await section('Parameters').locator('select').selectOption('sentiment-classification');
  await page.locator('input[type="password"]').first().fill('explorer-test-key');
  const sent = page.waitForRequest((request) => request.url().startsWith(sandboxUrl));
  const answered = page.waitForResponse((response) => response.url().startsWith(sandboxUrl) && response.request().method() === 'POST');
  await page.getByRole('button', {name: 'Send API Request'}).click();

  const request = await sent;
  expect(request.url()).toBe(`${sandboxUrl}/predictor/language/pre-trained/sentiment-classification`);
  expect(request.headers()['x-public-key']).toBe('explorer-test-key');
  const response = await answered;
  expect(response.status()).toBe(200);
  // The explorer shows the answer: status and the result's labels.
  await expect(page.locator('main')).toContainText('"labels"');
});
