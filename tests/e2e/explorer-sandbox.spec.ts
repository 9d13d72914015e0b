import type {AddressInfo} from 'node:net';

import {expect, test} from '@playwright/test';

import {createSandbox} from '../../sandbox/app';
import {defaultSandboxPort} from '../../lib/sandbox/servers';
import {createSandboxServer} from '../../sandbox/server';
import {gotoHydrated} from '../support/page';

// The address the descriptions give readers for the sandbox (`npm run sandbox`).
const documentedOrigin = `http://127.0.0.1:${defaultSandboxPort}`;
const sandboxUrl = `${documentedOrigin}/api`;
let server: ReturnType<typeof createSandboxServer>;
let testOrigin: string;

// The test's sandbox takes a free port (suites run side by side); the browser's calls to the
// documented address are passed on to it (see the route below).
test.beforeAll(async () => {
  server = createSandboxServer(await createSandbox());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  testOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('the API explorer lists the local sandbox and sends a call to it', async ({page}) => {
  await page.route(`${documentedOrigin}/**`, async (route) => {
    const request = route.request();
    const response = await route.fetch({url: request.url().replace(documentedOrigin, testOrigin)});
    await route.fulfill({response});
  });
  await gotoHydrated(page, '/api/api-reference/orchard-ai-predictor/predict-with-pre-trained-model');
  const section = (name: string) => page.locator('details').filter({has: page.locator('summary', {hasText: name})});
  // The explorer loads on first use.
  await page.getByRole('button', {name: 'Try it'}).click();

  await page.getByRole('radio', {name: 'Local sandbox'}).check();
  await expect(section('Base URL')).toContainText(sandboxUrl);

  await section('Parameters').locator('select').selectOption('sentiment-classification');
  await page.locator('input[type="password"]').first().fill('explorer-test-key');
  const sent = page.waitForRequest((request) => request.url().startsWith(sandboxUrl));
  const answered = page.waitForResponse(
    (response) => response.url().startsWith(sandboxUrl) && response.request().method() === 'POST',
  );
  await page.getByRole('button', {name: 'Send API Request'}).click();

  const request = await sent;
  expect(request.url()).toBe(`${sandboxUrl}/predictor/language/pre-trained/sentiment-classification`);
  expect(request.headers()['x-public-key']).toBe('explorer-test-key');
  const response = await answered;
  // Any success status: the reference documents success as the range 2XX.
  expect(response.status()).toBeGreaterThanOrEqual(200);
  expect(response.status()).toBeLessThan(300);
  // The explorer shows the answer: status and the result's labels.
  await expect(page.locator('main')).toContainText('"labels"');
});
