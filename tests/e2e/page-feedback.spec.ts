/**
 * "Was this page helpful?" (issue 56, src/components/PageFeedback, rendered by the DocItem/Footer
 * wrapper src/theme/DocItem/Footer) and the code sample reports of the operation pages
 * (src/theme/ApiExplorer/CodeSnippets), used as a reader uses them, against the feedback API that the
 * browser tests' server answers (tests/support/e2e-global-setup.ts): what the page says is checked
 * against what the service stored, read back with the admin token. Each test is a reader of its own
 * (X-Forwarded-For), so the service's limit of 10 submissions a minute per client holds for each test
 * alone. The one answer made up here is a 503, as no real request can make the service fail; the build
 * without a feedback service (FEEDBACK_API_URL=none) shows none of this: tests/speed-off/smoke.spec.ts.
 */
import {randomInt, randomUUID} from 'node:crypto';

import {expect, test, type APIRequestContext, type Page} from '@playwright/test';

import {accessibilityProblems} from '../support/axe';
import {collectConsoleProblems, gotoHydrated} from '../support/page';

/** An entry as `GET /api/feedback` lists it (lib/feedback/service.ts). */
type Entry = {
  page: string;
  helpful: boolean | null;
  comment: string;
  sample: string | null;
  source: string;
  at: string;
};

const received = 'Thank you: your feedback was received.';
const operationRoute = '/api/api-reference/orchard-ai-trainer/create-training-job';

// One page of each kind the question is on.
const pages = [
  {kind: 'guide', route: '/docs/quickstart'},
  {kind: 'tutorial', route: '/tutorials/api-key'},
  {kind: 'FAQ', route: '/faqs/faqs'},
  {kind: 'API guide', route: '/api'},
  {kind: 'category index', route: '/docs/category/use-cases'},
  {kind: 'operation', route: operationRoute},
] as const;

const widget = (page: Page) => page.getByRole('region', {name: 'Was this page helpful?'});
const vote = (page: Page, name: 'Yes' | 'No') => widget(page).getByRole('button', {name, exact: true});
const commentBox = (page: Page) => widget(page).getByRole('textbox', {name: 'Tell us more (optional)'});
const sendButton = (page: Page) => widget(page).locator('form').getByRole('button');

/** Makes the page a reader of its own address (the service trusts X-Forwarded-For in the tests); returns it. */
async function ownReader(page: Page): Promise<string> {
  const address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  await page.setExtraHTTPHeaders({'X-Forwarded-For': address});
  return address;
}

/** A comment no other test (nor repeat) sends: the service's entries are told apart by it. */
const uniqueComment = (what: string) => `${what} (${randomUUID()})`;

/** The entries the service stored with exactly this comment, read with the admin token. */
async function storedWith(request: APIRequestContext, comment: string): Promise<Entry[]> {
  const token = process.env.E2E_FEEDBACK_TOKEN;
  expect(token, 'E2E_FEEDBACK_TOKEN (tests/support/e2e-global-setup.ts)').toBeTruthy();
  const response = await request.get('/api/feedback', {headers: {Authorization: `Bearer ${token}`}});
  expect(response.status(), await response.text()).toBe(200);
  const {items} = (await response.json()) as {items: Entry[]};
  return items.filter((item) => item.comment === comment);
}

/** Votes with a click once the page has hydrated (a click before is retried, as a person clicks again). */
async function voteWithClick(page: Page, name: 'Yes' | 'No'): Promise<void> {
  await expect(async () => {
    await vote(page, name).click();
    await expect(vote(page, name)).toHaveAttribute('aria-pressed', 'true', {timeout: 2_000});
  }, `${name} is chosen`).toPass({timeout: 20_000});
}

/** The widget's status once it says received, with the focus on it and the form gone. */
async function expectReceived(page: Page): Promise<void> {
  await expect(widget(page).getByRole('status')).toHaveText(received);
  await expect(widget(page).getByRole('status')).toBeFocused();
  await expect(widget(page).locator('form')).toHaveCount(0);
  await expect(vote(page, 'No')).toHaveCount(0);
}

for (const {kind, route} of pages) {
  test(`${kind} ${route}: No, a comment, Send: received, and stored as this page's reader feedback`, async ({
    page,
    request,
  }) => {
    const problems = collectConsoleProblems(page);
    await ownReader(page);
    await gotoHydrated(page, route);
    await expect(widget(page).getByRole('heading', {level: 2})).toHaveText('Was this page helpful?');
    await expect(vote(page, 'Yes')).toHaveAttribute('aria-pressed', 'false');
    await expect(vote(page, 'No')).toHaveAttribute('aria-pressed', 'false');
    // No form before a vote.
    await expect(commentBox(page)).toHaveCount(0);

    await voteWithClick(page, 'No');
    await expect(vote(page, 'Yes')).toHaveAttribute('aria-pressed', 'false');
    await expect(commentBox(page), 'the vote moves the focus to the comment box').toBeFocused();
    await expect(commentBox(page)).toHaveAttribute('maxlength', '1000');
    await expect(widget(page)).toContainText('0 / 1000');
    const comment = uniqueComment(`The ${kind} page skips a step`);
    await commentBox(page).pressSequentially(comment);
    await expect(widget(page), 'the count follows the typing').toContainText(`${comment.length} / 1000`);
    await expect(sendButton(page)).toHaveText('Send');
    await sendButton(page).click();
    await expectReceived(page);

    const stored = await storedWith(request, comment);
    expect(stored).toEqual([
      expect.objectContaining({page: route, helpful: false, comment, sample: null, source: 'reader'}),
    ]);
    expect(problems).toEqual([]);
  });
}

test('keyboard only: Tab to Yes, Enter, type, Tab to Send, Enter: received', async ({page, request}) => {
  await ownReader(page);
  await gotoHydrated(page, '/docs/quickstart');
  // The last element of the page's content that Tab reaches: the question comes right after it.
  await page.locator('.theme-doc-markdown').evaluate((content) => {
    const focusable = content.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]');
    const reachable = [...focusable].filter((element) => element.tabIndex >= 0 && element.getClientRects().length > 0);
    reachable.at(-1)?.focus();
  });
  await page.keyboard.press('Tab');
  await expect(vote(page, 'Yes'), 'Tab reaches Yes').toBeFocused();
  await page.keyboard.press('Enter');
  await expect(vote(page, 'Yes')).toHaveAttribute('aria-pressed', 'true');
  await expect(commentBox(page), 'the focus moves to the comment box').toBeFocused();
  const comment = uniqueComment('Typed without a mouse');
  await page.keyboard.type(comment);
  await page.keyboard.press('Tab');
  await expect(sendButton(page), 'Tab reaches Send').toBeFocused();
  await expect(sendButton(page)).toHaveText('Send');
  // The focus ring shows where the keyboard is.
  expect(await sendButton(page).evaluate((button) => getComputedStyle(button).outlineStyle)).not.toBe('none');
  await page.keyboard.press('Enter');
  await expectReceived(page);
  expect(await storedWith(request, comment)).toEqual([
    expect.objectContaining({page: '/docs/quickstart', helpful: true, comment, source: 'reader'}),
  ]);
});

test('a failed send (503) says why and keeps the text; Try again sends that text once, and it is received', async ({
  page,
  request,
}) => {
  await ownReader(page);
  await gotoHydrated(page, '/tutorials/api-key');
  await voteWithClick(page, 'No');
  const comment = uniqueComment('The key page fails for me');
  await commentBox(page).fill(comment);

  // The service fails once (held until the test has seen the sending state), then answers for real.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    '**/api/feedback',
    async (route) => {
      await held;
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        headers: {'Retry-After': '30'},
        body: JSON.stringify({
          error: 'Feedback cannot be stored right now: its database does not answer. Try again in a minute.',
        }),
      });
    },
    {times: 1},
  );
  await sendButton(page).click();
  await expect(sendButton(page)).toHaveText('Sending…');
  await expect(sendButton(page)).toBeDisabled();
  // A second Enter on the button while it sends sends nothing more (the count of stored entries below).
  await expect(sendButton(page)).toBeFocused();
  await page.keyboard.press('Enter');
  release();

  const alert = widget(page).getByRole('alert');
  await expect(alert).toHaveText(
    'Your feedback could not be sent: the feedback service failed (HTTP 503). Try again in a minute.',
  );
  await expect(commentBox(page), 'the text stays in the box').toHaveValue(comment);
  await expect(vote(page, 'No')).toHaveAttribute('aria-pressed', 'true');
  await expect(sendButton(page)).toHaveText('Try again');
  await expect(sendButton(page)).toBeEnabled();
  expect(await storedWith(request, comment), 'nothing stored').toEqual([]);

  await page.unrouteAll();
  await widget(page).getByRole('button', {name: 'Try again'}).click();
  await expectReceived(page);
  await expect(widget(page).getByRole('alert'), 'the form and its alert are gone').toHaveCount(0);
  expect(await storedWith(request, comment), 'the same text, stored once').toEqual([
    expect.objectContaining({page: '/tutorials/api-key', helpful: false, comment, source: 'reader'}),
  ]);
});

test("over the service's limit (10 a minute): the widget shows the limit message and keeps the text", async ({
  page,
  request,
}) => {
  const address = await ownReader(page);
  // Ten submissions from the reader's address, as a script would send them.
  for (let count = 1; count <= 10; count++) {
    const response = await request.post('/api/feedback', {
      headers: {'X-Forwarded-For': address},
      data: {page: '/faqs/faqs', helpful: true},
    });
    expect(response.status(), `submission ${count}: ${await response.text()}`).toBe(201);
  }
  await gotoHydrated(page, '/faqs/faqs');
  await voteWithClick(page, 'Yes');
  const comment = uniqueComment('One more than the limit');
  await commentBox(page).fill(comment);
  await sendButton(page).click();
  await expect(widget(page).getByRole('alert')).toHaveText(
    /^Your feedback could not be sent: More than 10 submissions a minute: try again in \d+ s\.$/,
  );
  await expect(commentBox(page)).toHaveValue(comment);
  await expect(sendButton(page)).toHaveText('Try again');
  await expect(widget(page).getByRole('status')).toHaveText('');
  expect(await storedWith(request, comment)).toEqual([]);
});

test('an operation page: "Report this Python sample as not working", a comment, Send: stored with the sample', async ({
  page,
  request,
}) => {
  const problems = collectConsoleProblems(page);
  await ownReader(page);
  await gotoHydrated(page, operationRoute);
  const samples = page.locator('.openapi-code-samples');
  // Each sample has its own report button, under its code block.
  for (const label of ['curl', 'Python', 'JavaScript', 'Go']) {
    await samples.getByRole('tab', {name: label, exact: true}).click();
    const panel = samples.locator('[role="tabpanel"]:not([hidden])');
    await expect(panel.locator('.theme-code-block')).toBeVisible();
    await expect(panel.getByRole('button', {name: `Report this ${label} sample as not working`})).toBeVisible();
  }
  await samples.getByRole('tab', {name: 'Python', exact: true}).click();
  const panel = samples.locator('[role="tabpanel"]:not([hidden])');
  const report = panel.getByRole('button', {name: 'Report this Python sample as not working'});
  await expect(report).toHaveAttribute('aria-expanded', 'false');
  await report.click();
  await expect(report).toHaveAttribute('aria-expanded', 'true');
  const box = panel.getByRole('textbox', {name: 'What went wrong? (optional)'});
  await expect(box, 'the focus moves to the box').toBeFocused();
  const comment = uniqueComment('ImportError: no module named requests');
  await box.pressSequentially(comment);
  await panel.getByRole('button', {name: 'Send', exact: true}).click();
  await expect(panel.getByRole('status')).toHaveText(received);
  await expect(panel.getByRole('status')).toBeFocused();
  await expect(report).toHaveCount(0);
  // The page's own question is untouched.
  await expect(vote(page, 'No')).toHaveAttribute('aria-pressed', 'false');

  expect(await storedWith(request, comment)).toEqual([
    expect.objectContaining({page: operationRoute, helpful: false, comment, sample: 'Python', source: 'reader'}),
  ]);
  expect(problems).toEqual([]);
});

/** Opens the question's form (No), and the Python sample's report form on an operation page, for axe. */
async function openForms(page: Page, route: string): Promise<void> {
  await voteWithClick(page, 'No');
  await commentBox(page).fill('Checked by axe');
  if (route !== operationRoute) return;
  const samples = page.locator('.openapi-code-samples');
  await samples.getByRole('tab', {name: 'Python', exact: true}).click();
  await samples.getByRole('button', {name: 'Report this Python sample as not working'}).click();
  await expect(samples.getByRole('textbox', {name: 'What went wrong? (optional)'})).toBeVisible();
}

/** axe's violations in the question and in the code samples (their report buttons and forms). */
async function widgetProblems(page: Page, route: string): Promise<string[]> {
  const found = await accessibilityProblems(page, '.page-feedback');
  return route === operationRoute ? [...found, ...(await accessibilityProblems(page, '.openapi-code-samples'))] : found;
}

for (const mode of ['light', 'dark'] as const) {
  for (const route of ['/docs/quickstart', operationRoute]) {
    test(`${mode} mode, ${route}: no axe violation, closed, open, failed and received`, async ({page}) => {
      await ownReader(page);
      await gotoHydrated(page, `${route}?docusaurus-theme=${mode}`);
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      expect(await accessibilityProblems(page, '.page-feedback'), 'closed').toEqual([]);
      await openForms(page, route);
      expect(await widgetProblems(page, route), 'open').toEqual([]);
      // The failure's alert (made up: the service cannot be made to fail), then a real send.
      await page.route('**/api/feedback', (request) => request.fulfill({status: 503, body: ''}), {times: 1});
      await sendButton(page).click();
      await expect(widget(page).getByRole('alert')).toContainText('could not be sent');
      expect(await widgetProblems(page, route), 'failed').toEqual([]);
      await page.unrouteAll();
      await sendButton(page).click();
      await expectReceived(page);
      expect(await widgetProblems(page, route), 'received').toEqual([]);
    });
  }
}

test.describe('on a 390 px phone', () => {
  test.use({viewport: {width: 390, height: 844}, isMobile: true, hasTouch: true});

  for (const route of ['/docs/quickstart', operationRoute]) {
    test(`${route}: the open forms fit the width, and axe finds no violation`, async ({page}) => {
      await ownReader(page);
      await gotoHydrated(page, route);
      await openForms(page, route);
      const viewport = page.viewportSize()!;
      for (const element of [
        widget(page),
        commentBox(page),
        sendButton(page),
        ...(route === operationRoute
          ? [page.locator('.openapi-code-samples').getByRole('textbox', {name: 'What went wrong? (optional)'})]
          : []),
      ]) {
        const box = (await element.boundingBox())!;
        expect(box.x, 'left edge').toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, 'right edge').toBeLessThanOrEqual(viewport.width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      expect(await widgetProblems(page, route)).toEqual([]);
    });
  }
});
