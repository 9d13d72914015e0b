import {readFileSync} from 'node:fs';
import path from 'node:path';

import {expect, test, type Page} from '@playwright/test';

import {operationSlug} from '../../lib/openapi';
import {openApiSpecs, specDownloadPath, type OpenApiSpec} from '../../lib/openapi/specs';
import {apiBaseUrl} from '../../src/provider';
import {operationsOf, repoRoot} from '../../lib/openapi';
import {gotoHydrated, waitForHydration} from '../support/page';

function specById(id: OpenApiSpec['id']): OpenApiSpec {
  const spec = openApiSpecs.find((candidate) => candidate.id === id);
  if (!spec) throw new Error(`no spec ${id}`);
  return spec;
}

function operationPaths(spec: OpenApiSpec): string[] {
  return operationsOf(spec).map(
    ({operation}) => `/api/api-reference/${spec.referenceId}/${operationSlug(operation.operationId)}`,
  );
}

// Each reference landing page and the operations it must link to (SPEC.md §7; the batch predictor's
// operations are reached from the predictor's page).
const landingPages = [
  {spec: specById('predictor'), linked: [specById('predictor'), specById('batch-predictor')], header: 'x-public-key'},
  {spec: specById('trainer'), linked: [specById('trainer')], header: 'x-public-key'},
  {spec: specById('medley'), linked: [specById('medley')], header: 'x-public-key'},
];

for (const {spec, linked, header} of landingPages) {
  test(`/api/api-reference/${spec.referenceId} describes the API and lists every operation`, async ({page}) => {
    await gotoHydrated(page, `/api/api-reference/${spec.referenceId}`);
    // The page's own content (the cards), not the sidebar or the previous/next links.
    const article = page.locator('.theme-doc-markdown');
    await expect(article.locator('h1')).toHaveText(spec.title);
    await expect(article).toContainText(apiBaseUrl);
    await expect(article).toContainText(header);
    for (const href of linked.flatMap(operationPaths)) {
      await expect(article.locator(`a[href="${href}"]`), `links to ${href}`).toHaveCount(1);
    }
  });
}

test('/api/category/api-reference lists the three references', async ({page}) => {
  await gotoHydrated(page, '/api/category/api-reference');
  for (const {spec} of landingPages) {
    // Cards are <article>s; the pagination links below them are not.
    await expect(page.locator(`main article a[href="/api/api-reference/${spec.referenceId}"]`)).toBeVisible();
  }
});

test('every operation has its own page', async ({request}) => {
  for (const spec of openApiSpecs) {
    for (const route of operationPaths(spec)) {
      expect((await request.get(route)).status(), route).toBe(200);
    }
  }
});

test('an operation page shows its parameters, body schema, responses and code samples', async ({page}) => {
  await gotoHydrated(page, '/api/api-reference/orchard-ai-trainer/create-training-job');
  const main = page.locator('main');
  await expect(main.locator('h1')).toHaveText('Start a training job');
  await expect(main).toContainText(`${apiBaseUrl}/language/trainer/training-jobs`);
  // Body schema: the required fields of SPEC.md §5.
  for (const field of ['model_config', 'dataset_url', 'training_config']) {
    await expect(main.getByText(field, {exact: true}).first()).toBeVisible();
  }
  // Responses, including the 422 Validation Error.
  await expect(main.getByRole('tab', {name: '2XX'})).toBeVisible();
  await main.getByRole('tab', {name: '422'}).click();
  await expect(main.getByText('detail', {exact: true}).first()).toBeVisible();
  // Code samples in curl, Python, JavaScript and Go, written at build time; each reads the key from
  // ORCHARD_API_KEY and sends the documented header.
  const samples = main.locator('.openapi-code-samples');
  const expectations = [
    {tab: 'curl', text: `-H "x-public-key: $ORCHARD_API_KEY"`},
    {tab: 'Python', text: 'os.environ["ORCHARD_API_KEY"]'},
    {tab: 'JavaScript', text: 'process.env.ORCHARD_API_KEY'},
    {tab: 'Go', text: 'os.Getenv("ORCHARD_API_KEY")'},
  ];
  for (const {tab, text} of expectations) {
    await samples.getByRole('tab', {name: tab, exact: true}).click();
    const code = samples.locator('[role="tabpanel"]:not([hidden]) pre');
    await expect(code).toContainText(text);
    await expect(code).toContainText('/language/trainer/training-jobs');
    await expect(code).toContainText('review-sentiment');
  }
});

test('path and query parameters are listed on their operations', async ({page}) => {
  await gotoHydrated(page, '/api/api-reference/orchard-ai-predictor/predict-with-pre-trained-model');
  await expect(page.locator('main')).toContainText('model_id');
  await expect(page.locator('main')).toContainText('sentiment-classification');
  await gotoHydrated(page, '/api/api-reference/orchard-ai-trainer/get-usage');
  await expect(page.locator('main')).toContainText('date');
});

/** Everywhere a page could leave a credential behind: both storages, cookies, the address, history. */
async function wherever(page: Page): Promise<{local: string; session: string; elsewhere: string}> {
  return page.evaluate(() => {
    const dump = (storage: Storage) =>
      Object.keys(storage)
        .map((key) => `${key}=${storage.getItem(key) ?? ''}`)
        .join('\n');
    return {
      local: dump(localStorage),
      session: dump(sessionStorage),
      elsewhere: [document.cookie, location.href, JSON.stringify(history.state), String(history.length)].join('\n'),
    };
  });
}

const predictorPage = '/api/api-reference/orchard-ai-predictor/predict-with-pre-trained-model';
const keyField = (page: Page) => page.locator('input[type="password"]').first();

async function openExplorer(page: Page, path: string): Promise<void> {
  await gotoHydrated(page, path);
  await page.getByRole('button', {name: 'Try it'}).click();
  await expect(keyField(page)).toBeVisible();
}

/** Every console message of the page, for a test to check that none holds a credential. */
function consoleLog(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => messages.push(message.text()));
  page.on('pageerror', (error) => messages.push(error.message));
  return messages;
}

test('a key typed into the explorer is kept nowhere unless the reader asks, and never shown', async ({page}) => {
  const secret = 'orchard-test-key-4f2a9c';
  const log = consoleLog(page);
  await openExplorer(page, predictorPage);
  await keyField(page).fill(secret);
  await expect(keyField(page)).toHaveValue(secret);
  // The explorer has taken the key (it would persist it now, if it persisted anything).
  await keyField(page).press('Tab');
  await expect(page.getByRole('checkbox', {name: /Remember for this tab/})).not.toBeChecked();
  const kept = await wherever(page);
  expect(`${kept.local}\n${kept.session}\n${kept.elsewhere}`).not.toContain(secret);
  await expect(page.locator('main')).not.toContainText(secret);
  await page.reload();
  await waitForHydration(page);
  await page.getByRole('button', {name: 'Try it'}).click();
  await expect(keyField(page)).toHaveValue('');
  expect(log.join('\n')).not.toContain(secret);
});

test('"Remember for this tab" keeps the key in sessionStorage alone, for that API\'s pages, until Forget', async ({
  page,
}) => {
  const secret = 'orchard-remembered-key-8d1e';
  const log = consoleLog(page);
  await openExplorer(page, predictorPage);
  await keyField(page).fill(secret);
  // By keyboard, as a reader without a mouse would.
  await page.getByRole('checkbox', {name: /Remember for this tab/}).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', {name: /Remember for this tab/})).toBeChecked();
  await expect.poll(async () => (await wherever(page)).session).toContain(secret);
  let kept = await wherever(page);
  expect(kept.local).not.toContain(secret);
  expect(kept.elsewhere).not.toContain(secret);

  // Another operation page of the same API, in the same tab: the key is filled in.
  await openExplorer(page, '/api/api-reference/orchard-ai-predictor/predict-with-custom-model');
  await expect(keyField(page)).toHaveValue(secret);
  await expect(page.getByRole('checkbox', {name: /Remember for this tab/})).toBeChecked();
  // Another API's page: not.
  await openExplorer(page, '/api/api-reference/orchard-ai-trainer/list-models');
  await expect(keyField(page)).toHaveValue('');
  await expect(page.getByRole('checkbox', {name: /Remember for this tab/})).not.toBeChecked();

  // Forget: the tab's copy and the field are cleared, and a new page of the API starts empty.
  await openExplorer(page, predictorPage);
  await expect(keyField(page)).toHaveValue(secret);
  await page.getByRole('button', {name: 'Forget'}).click();
  await expect(keyField(page)).toHaveValue('');
  kept = await wherever(page);
  expect(`${kept.local}\n${kept.session}\n${kept.elsewhere}`).not.toContain(secret);
  await openExplorer(page, '/api/api-reference/orchard-ai-predictor/predict-with-custom-model');
  await expect(keyField(page)).toHaveValue('');
  expect(log.join('\n')).not.toContain(secret);
});

/** The curl sample's tab panel the page shows (the samples' first tab), and its code. */
const curlPanel = (page: Page) =>
  page.locator('.openapi-code-samples [role="tabpanel"]:not([hidden])').filter({hasText: 'curl'});
const curlSample = (page: Page) => curlPanel(page).locator('pre');

test('the server chosen in the explorer is remembered for its API, and the samples copied call it', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openExplorer(page, predictorPage);
  await expect(curlSample(page)).toContainText("curl 'https://api.orchard.example/api/predictor/");
  await page.getByRole('radio', {name: 'Local sandbox'}).check();
  await expect(curlSample(page)).toContainText("curl 'http://127.0.0.1:4010/api/predictor/");
  await expect(curlSample(page)).not.toContainText('api.orchard.example');
  // What the Copy button gives the reader calls the sandbox too.
  await curlSample(page).hover();
  await curlPanel(page).getByRole('button', {name: 'Copy code to clipboard'}).click();
  await expect
    .poll(() => page.evaluate(() => navigator.clipboard.readText()))
    .toContain("curl 'http://127.0.0.1:4010/api/predictor/");

  // Another page of the API: its samples call the sandbox before the explorer is even opened.
  await gotoHydrated(page, '/api/api-reference/orchard-ai-predictor/predict-with-custom-model');
  await expect(curlSample(page)).toContainText("curl 'http://127.0.0.1:4010/api/predictor/");
  await page.getByRole('button', {name: 'Try it'}).click();
  await expect(page.getByRole('radio', {name: 'Local sandbox'})).toBeChecked();
  // Another API keeps its own choice: none yet, so its own server.
  await gotoHydrated(page, '/api/api-reference/orchard-ai-trainer/list-models');
  await expect(curlSample(page)).toContainText("curl 'https://api.orchard.example/api/");
  // Back to the API's server: remembered as well.
  await openExplorer(page, predictorPage);
  await page.getByRole('radio', {name: 'Orchard AI API'}).check();
  await gotoHydrated(page, '/api/api-reference/orchard-ai-predictor/predict-with-custom-model');
  await expect(curlSample(page)).toContainText("curl 'https://api.orchard.example/api/predictor/");
});

test('each OpenAPI description can be downloaded from the site', async ({request}) => {
  for (const spec of openApiSpecs) {
    const response = await request.get(specDownloadPath(spec));
    expect(response.status(), spec.file).toBe(200);
    expect(await response.text()).toBe(readFileSync(path.join(repoRoot, spec.file), 'utf8'));
  }
});
