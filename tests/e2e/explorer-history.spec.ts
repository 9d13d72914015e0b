/**
 * The explorer's history (src/theme/ApiExplorer/History.tsx), as a reader uses it: each send is kept,
 * the key masked wherever it went (header, answer, echoed header); "History" lists the sends newest
 * first; choosing one puts its request back in the form, so that Send sends it again, and shows its
 * answer; the history outlives a reload; "Clear history" empties it; an answer over 64 KB is kept cut
 * and says so; the limits hold in the browser. The API's host is answered by the test's route, which
 * echoes what it was sent (the key included, as a careless server would).
 */
import {expect, test, type Page, type Request} from '@playwright/test';

import {accessibilityProblems} from '../support/axe';
import {keyField, openExplorer, productionOrigin} from '../support/explorer';
import {collectConsoleProblems, waitForHydration} from '../support/page';

const operation = '/api/api-reference/orchard-ai-predictor/predict-with-pre-trained-model';
const historyKey = 'orchard-explorer-history';
const secret = 'orchard-history-key-7c3e91';

/** Answers each call with what it received, the key echoed in the body and a header; keeps the requests. */
async function echoCalls(page: Page, {padding = 0} = {}): Promise<Request[]> {
  const sent: Request[] = [];
  await page.route(`${productionOrigin}/**`, async (route) => {
    const request = route.request();
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': '*',
      'access-control-expose-headers': '*',
    };
    if (request.method() === 'OPTIONS') return route.fulfill({status: 204, headers: cors});
    sent.push(request);
    const received = request.postData() ? (JSON.parse(request.postData()!) as unknown) : null;
    const body = {
      call: sent.length,
      received,
      yourKey: request.headers()['x-public-key'],
      padding: 'x'.repeat(padding),
    };
    await route.fulfill({
      status: 200,
      headers: {...cors, 'content-type': 'application/json', 'x-echo-key': request.headers()['x-public-key'] ?? ''},
      body: JSON.stringify(body),
    });
  });
  return sent;
}

const historyButton = (page: Page) => page.getByRole('button', {name: /^History \(\d+\)$/});
const entries = (page: Page) => page.locator('.openapi-explorer__history-list li');
const answerPanel = (page: Page) => page.locator('.openapi-explorer__response-container');
const bodyEditor = (page: Page) => page.locator('.openapi-explorer__playground-container').first();

async function sendAndWait(page: Page, sent: Request[]): Promise<Request> {
  const count = sent.length;
  await page.getByRole('button', {name: 'Send API Request'}).click();
  await expect.poll(() => sent.length, {timeout: 20_000}).toBe(count + 1);
  await expect(answerPanel(page).getByRole('status')).toContainText('200', {timeout: 20_000});
  return sent[count]!;
}

/** Everything the page keeps where a credential could stay: both storages, cookies, the address. */
const keptAnywhere = (page: Page) =>
  page.evaluate(() =>
    [
      ...Object.entries(localStorage).map(([name, value]) => `${name}=${value}`),
      ...Object.entries(sessionStorage).map(([name, value]) => `${name}=${value}`),
      document.cookie,
      location.href,
      JSON.stringify(history.state),
    ].join('\n'),
  );

test('each send is kept, key masked; choosing one puts its request back and shows its answer; Clear history', async ({
  page,
}) => {
  const problems = collectConsoleProblems(page);
  const messages: string[] = [];
  page.on('console', (message) => messages.push(message.text()));
  const sent = await echoCalls(page);
  await openExplorer(page, operation);
  await keyField(page).fill(secret);
  await expect(historyButton(page)).toHaveText('History (0)');

  // Two sends: the first named example, then the second.
  const first = await sendAndWait(page, sent);
  await expect(historyButton(page)).toHaveText('History (1)');
  await page.locator('form').getByRole('tab', {name: 'namedEntities'}).click();
  const second = await sendAndWait(page, sent);
  expect(second.postData()).not.toBe(first.postData());
  await expect(historyButton(page)).toHaveText('History (2)');

  // Kept in localStorage with the key masked everywhere it went: the header sent, the echoes.
  const kept = await keptAnywhere(page);
  expect(kept).toContain(historyKey);
  expect(kept).toContain('••••••');
  expect(kept).not.toContain(secret);

  // Newest first; by keyboard, as a reader without a mouse would.
  await historyButton(page).focus();
  await page.keyboard.press('Enter');
  await expect(historyButton(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(entries(page)).toHaveCount(2);
  await expect(entries(page).first()).toContainText('POST');
  await expect(entries(page).first()).toContainText('200');
  expect(await accessibilityProblems(page, '.openapi-explorer__history')).toEqual([]);

  // The older one: its body back in the editor, its answer shown, marked as from the history.
  await entries(page).nth(1).getByRole('button').click();
  const firstBody = JSON.parse(first.postData()!) as {query: string};
  await expect(bodyEditor(page)).toContainText(firstBody.query);
  await expect(answerPanel(page)).toContainText('From the history');
  await expect(answerPanel(page)).toContainText('"call": 1');
  // The request as it was sent: its headers, the key masked, and its body.
  await answerPanel(page).locator('summary').filter({hasText: 'The request'}).click();
  await expect(answerPanel(page).getByRole('row', {name: /x-public-key/})).toContainText('••••••');
  await expect(answerPanel(page).locator('.openapi-explorer__history-note pre')).toContainText(firstBody.query);
  await expect(answerPanel(page)).not.toContainText(secret);
  expect(await accessibilityProblems(page, '.openapi-explorer__response-container')).toEqual([]);
  // Send sends it again, as it was.
  const again = await sendAndWait(page, sent);
  expect(JSON.parse(again.postData()!)).toEqual(firstBody);
  expect(again.url()).toBe(first.url());
  await expect(historyButton(page)).toHaveText('History (3)');

  // Kept across a reload, then cleared.
  await page.reload();
  await waitForHydration(page);
  await page.getByRole('button', {name: 'Try it'}).click();
  await expect(historyButton(page)).toHaveText('History (3)');
  await historyButton(page).click();
  await page.getByRole('button', {name: 'Clear history'}).click();
  await expect(historyButton(page)).toHaveText('History (0)');
  await expect(page.locator('.openapi-explorer__history')).toContainText('No call sent from this page yet');
  expect(await page.evaluate((name) => localStorage.getItem(name), historyKey)).toBeNull();
  expect(messages.join('\n')).not.toContain(secret);
  expect(problems).toEqual([]);
});

test('an answer over 64 KB is kept cut, and says so when shown from the history', async ({page}) => {
  const sent = await echoCalls(page, {padding: 100_000});
  await openExplorer(page, operation);
  await keyField(page).fill(secret);
  await sendAndWait(page, sent);
  await expect(answerPanel(page).getByRole('status')).toContainText('100.');
  const stored = await page.evaluate((name) => JSON.parse(localStorage.getItem(name) ?? '[]') as unknown[], historyKey);
  const answer = (stored[0] as {answer: {text: string; bytes: number; cut: boolean}}).answer;
  expect(answer.cut).toBe(true);
  expect(answer.bytes).toBeGreaterThan(100_000);
  expect(new TextEncoder().encode(answer.text).length).toBeLessThanOrEqual(64 * 1024);
  await historyButton(page).click();
  await entries(page).first().getByRole('button').click();
  await expect(answerPanel(page)).toContainText('cut at 64 KB');
});

test('the browser keeps 20 sends per operation and 200 in all: a new one drops the oldest', async ({page}) => {
  const sent = await echoCalls(page);
  await openExplorer(page, operation);
  // 180 sends of other operations and 20 of this one, older than any real send.
  await page.evaluate(
    ({name, path}) => {
      const entry = (operation: string, at: number) => ({
        id: `seed-${operation}-${at}`,
        operation,
        at,
        method: 'GET',
        url: `https://api.orchard.example${operation}`,
        requestHeaders: [],
        responseHeaders: [],
        status: 200,
        form: {parameters: []},
      });
      const seeded = [
        ...Array.from({length: 180}, (_, at) => entry(`/api/api-reference/other/op-${at % 9}`, at)),
        ...Array.from({length: 20}, (_, at) => entry(path, 1000 + at)),
      ];
      localStorage.setItem(name, JSON.stringify(seeded));
    },
    {name: historyKey, path: operation},
  );
  await page.reload();
  await waitForHydration(page);
  await page.getByRole('button', {name: 'Try it'}).click();
  await expect(historyButton(page)).toHaveText('History (20)');
  await keyField(page).fill(secret);
  await sendAndWait(page, sent);
  await expect(historyButton(page)).toHaveText('History (20)');
  const ids = await page.evaluate(
    (name) => (JSON.parse(localStorage.getItem(name) ?? '[]') as {id: string}[]).map((entry) => entry.id),
    historyKey,
  );
  expect(ids).toHaveLength(200);
  expect(ids).not.toContain(`seed-${operation}-1000`);
  expect(ids).toContain(`seed-${operation}-1001`);
  expect(ids).toContain('seed-/api/api-reference/other/op-0-0');
});

test.describe('on a 390 px phone', () => {
  test.use({viewport: {width: 390, height: 844}, isMobile: true, hasTouch: true});

  for (const mode of ['light', 'dark'] as const) {
    test(`in ${mode} mode: the answer and the history fit the screen, by touch, and are axe-clean`, async ({page}) => {
      const sent = await echoCalls(page, {padding: 300});
      await openExplorer(page, mode === 'dark' ? `${operation}?docusaurus-theme=dark` : operation);
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      await keyField(page).fill(secret);
      await sendAndWait(page, sent);
      await historyButton(page).tap();
      await expect(entries(page)).toHaveCount(1);
      await answerPanel(page).locator('summary').filter({hasText: 'Headers'}).tap();
      await expect(answerPanel(page).getByRole('row', {name: /x-echo-key/})).toBeVisible();
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(await overflow()).toBeLessThanOrEqual(0);
      expect(await accessibilityProblems(page, '.openapi-explorer__response-container')).toEqual([]);
      expect(await accessibilityProblems(page, '.openapi-explorer__history')).toEqual([]);
      await entries(page).first().getByRole('button').tap();
      await expect(answerPanel(page)).toContainText('From the history');
      expect(await overflow()).toBeLessThanOrEqual(0);
    });
  }
});
