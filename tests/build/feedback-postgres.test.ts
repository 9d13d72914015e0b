/**
 * "Was this page helpful?" as a reader uses it, on the production build served by `npm run serve`'s
 * server with its feedback in PostgreSQL (a server of the test's own, from Debian's package): sent and
 * received; then PostgreSQL stopped, the form says it could not send and keeps the reader's text;
 * PostgreSQL started again, "Try again" sends that text, and the service recovered without a restart.
 * Run `npm run build` first.
 */
import assert from 'node:assert/strict';
import {after, test} from 'node:test';

import {chromium} from '@playwright/test';

import {serveSite} from '../../hosting/server';
import {openFeedbackStore} from '../../lib/feedback/store';
import {chromiumLaunchOptions} from '../support/chromium';
import {startPostgres} from '../support/postgres';
import {buildDir, requireBuild} from '../support/twins';

requireBuild();
const cleanups: (() => Promise<void> | void)[] = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

test('PostgreSQL stopped: the form says it could not send and keeps the text; started again, Try again sends it', {timeout: 180_000}, async () => {
  const postgres = await startPostgres();
  cleanups.push(() => postgres.destroy());
  const store = await openFeedbackStore({DATABASE_URL: postgres.url});
  cleanups.push(() => store.close());
  const {url, server} = await serveSite(buildDir, 0, '127.0.0.1', undefined, () => Promise.resolve({store}));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const browser = await chromium.launch(chromiumLaunchOptions);
  cleanups.push(() => browser.close());
  const page = await browser.newPage();
  page.setDefaultTimeout(30_000);

  const vote = async (comment: string) => {
    await page.goto(`${url}/docs/quickstart`);
    await page.locator('html[data-has-hydrated="true"]').waitFor({timeout: 60_000});
    await page.getByRole('button', {name: 'No', exact: true}).click();
    await page.getByRole('textbox').last().fill(comment);
    await page.getByRole('button', {name: 'Send'}).click();
  };
  const received = page.getByRole('status').filter({hasText: 'your feedback was received'});

  await vote('Sent while PostgreSQL is up');
  await received.waitFor();

  await postgres.stop();
  await vote('Sent while PostgreSQL is down');
  const alert = page.getByRole('alert').filter({hasText: 'could not be sent'});
  await alert.waitFor();
  assert.match((await alert.textContent()) ?? '', /HTTP 503/);
  // The reader's words are still in the box, and nothing claims they arrived.
  assert.equal(await page.getByRole('textbox').last().inputValue(), 'Sent while PostgreSQL is down');
  assert.equal(await received.count(), 0);

  await postgres.start();
  await page.getByRole('button', {name: 'Try again'}).click();
  await received.waitFor();
  assert.deepEqual(
    (await store.list()).map(({page: route, helpful, comment, source}) => ({route, helpful, comment, source})),
    [
      {route: '/docs/quickstart', helpful: false, comment: 'Sent while PostgreSQL is up', source: 'reader'},
      {route: '/docs/quickstart', helpful: false, comment: 'Sent while PostgreSQL is down', source: 'reader'},
    ],
  );
});
