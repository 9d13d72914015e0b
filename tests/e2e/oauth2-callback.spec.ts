/**
 * The page the explorer's OAuth2 sign-in window returns to (`/oauth2-callback`): with the authorization
 * server's answer in its address it hands it to the site's other pages (a BroadcastChannel, which the
 * operation page that opened the window listens on: src/theme/ApiExplorer/OAuth2.tsx) and says so;
 * opened on its own it says what it is for. The whole flow against the sandbox's authorization server
 * runs in tests/corpus/site.test.ts, on a description that declares OAuth2.
 */
import {expect, test} from '@playwright/test';

import {accessibilityProblems} from '../support/axe';
import {collectConsoleProblems, gotoHydrated} from '../support/page';

test('with a code and its state, the sign-in page hands them to the page that waits for them', async ({
  page,
  context,
}) => {
  await gotoHydrated(page, '/docs/intro');
  await page.evaluate(() => {
    const channel = new BroadcastChannel('orchard-explorer-oauth2');
    (window as unknown as {received: unknown[]}).received = [];
    channel.onmessage = ({data}) => (window as unknown as {received: unknown[]}).received.push(data);
  });
  const callback = await context.newPage();
  const problems = collectConsoleProblems(callback);
  await callback.goto(
    `/oauth2-callback?code=code-123&state=state-456&iss=${encodeURIComponent('http://127.0.0.1:4010/oauth2')}`,
  );
  await expect
    .poll(() => page.evaluate(() => (window as unknown as {received: unknown[]}).received))
    .toEqual([
      {
        type: 'oauth2-callback',
        params: {code: 'code-123', state: 'state-456', iss: 'http://127.0.0.1:4010/oauth2'},
      },
    ]);
  // A window the explorer opened closes itself (tests/corpus/site.test.ts); this tab was not, so it says so.
  await expect(callback.locator('main').getByRole('status')).toContainText('Signed in');
  expect(problems).toEqual([]);
});

test('opened on its own, it says what it is for, and passes nothing on', async ({page}) => {
  const problems = collectConsoleProblems(page);
  await gotoHydrated(page, '/oauth2-callback');
  await expect(page.getByRole('heading', {level: 1})).toHaveText('API explorer sign-in');
  await expect(page.locator('main').getByRole('status')).toContainText('started from the API explorer');
  expect(await accessibilityProblems(page)).toEqual([]);
  expect(problems).toEqual([]);
});
