/**
 * `npm start` keeps the reference in step with openapi/*.yaml: in a temporary copy of the site, the
 * development server runs on a free port with an operation page open in Chromium; an edit of that
 * operation's summary in the YAML reaches the open page (regenerated and reloaded, nobody navigates), so
 * does an edit of its description alone (only its page generated again), and an edit to a file that the root of a description split over many files reaches,
 * and a description broken while it runs is reported by name while the last good pages stay served.
 * A real development server (a minute or two on a busy machine), so it runs in `npm run test:slow`.
 */
import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, test} from 'node:test';

import {chromium, type Page} from '@playwright/test';

import {trackedSiteCopy} from '../support/scale';
import {addToSite} from '../support/corpus-site';
import {describeLeafTag, multifileDescriptions} from '../support/corpus';
import {chromiumLaunchOptions} from '../support/chromium';
import {freePort} from '../support/hosts';

const root = mkdtempSync(path.join(tmpdir(), 'orchard-start-watch-'));
const cleanups: (() => Promise<void> | void)[] = [() => rmSync(root, {recursive: true, force: true})];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Polls `condition` until it holds, or fails after `timeoutMs` saying what was awaited. */
async function waitFor(
  what: string,
  condition: () => Promise<boolean> | boolean,
  timeoutMs: number,
  output = () => '',
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`waited ${timeoutMs / 1000} s for ${what}; the server said:\n${output().slice(-4000)}`);
}

/** The text of the page's article, or '' while it reloads. */
const articleText = (page: Page) =>
  page
    .locator('article')
    .textContent({timeout: 2_000})
    .then((text) => text ?? '')
    .catch(() => '');

/** The page's h1, or '' while it reloads. */
const headingOf = (page: Page) =>
  page
    .locator('article h1')
    .first()
    .textContent({timeout: 2_000})
    .then((text) => text?.trim() ?? '')
    .catch(() => '');

test('npm start regenerates an edited description and reloads the open page', {timeout: 600_000}, async () => {
  const site = trackedSiteCopy(path.join(root, 'site'));
  // A description split over many files, in a folder of its own as published (its leaves are edited below).
  const [separate] = addToSite(
    site,
    multifileDescriptions().filter(({name}) => name === 'oai-petstore-separate-yaml'),
  );
  const port = await freePort();
  // As `npm start` runs it.
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/start.ts', '--port', String(port), '--host', '127.0.0.1', '--no-open'],
    // Its own process group, so that stopping it stops the development server it started too.
    {cwd: site, env: {...process.env, BROWSER: 'none'}, stdio: ['ignore', 'pipe', 'pipe'], detached: true},
  );
  let output = '';
  server.stdout.on('data', (chunk: Buffer) => (output += chunk));
  server.stderr.on('data', (chunk: Buffer) => (output += chunk));
  cleanups.push(async () => {
    if (server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    process.kill(-server.pid!, 'SIGTERM');
    await exited;
  });

  const pageUrl = `http://127.0.0.1:${port}/api/api-reference/orchard-ai-trainer/list-models`;
  await waitFor(
    'the development server to answer',
    async () => {
      if (server.exitCode !== null) throw new Error(`npm start exited (${server.exitCode}):\n${output}`);
      return fetch(pageUrl, {signal: AbortSignal.timeout(5_000)}).then(
        (response) => response.ok,
        () => false,
      );
    },
    300_000,
    () => output,
  );

  const browser = await chromium.launch(chromiumLaunchOptions);
  cleanups.push(() => browser.close());
  const page = await browser.newPage();
  await page.goto(pageUrl);
  await waitFor('the operation page', async () => (await headingOf(page)) === 'List custom models', 60_000);

  // The reader edits the YAML while the page is open.
  const trainer = path.join(site, 'openapi/trainer.yaml');
  const original = readFileSync(trainer, 'utf8');
  assert.match(original, /summary: List custom models\n/);
  writeFileSync(trainer, original.replace('summary: List custom models\n', 'summary: List every custom model\n'));
  await waitFor(
    'the open page to show the edited summary',
    async () => (await headingOf(page)) === 'List every custom model',
    180_000,
    () => output,
  );
  assert.match(output, /openapi\/trainer\.yaml changed: regenerating its reference pages/);

  // An edit of the operation's description alone: only its page is generated again, and shown.
  const described = 'Described again while the page is open.';
  const renamed = readFileSync(trainer, 'utf8');
  const descriptionStart = '      summary: List every custom model\n      description: |\n';
  assert.ok(renamed.includes(descriptionStart));
  writeFileSync(trainer, renamed.replace(descriptionStart, `${descriptionStart}        ${described}\n`));
  await waitFor(
    'the open page to show the edited description',
    async () => (await articleText(page)).includes(described),
    180_000,
    () => output,
  );
  assert.match(output, /openapi\/trainer\.yaml: only (one operation|\d+ operations) changed/);

  // An edit to a file the root of a description split over many reaches, not the root: its open page follows.
  const separatePage = await browser.newPage();
  await separatePage.goto(`http://127.0.0.1:${port}/api/api-reference/${separate!.spec.referenceId}/find-pets`);
  await waitFor(
    'the page of the description split over many files',
    async () => (await headingOf(separatePage)) !== '',
    120_000,
  );
  const pet = path.join(site, path.dirname(path.dirname(separate!.spec.file)), 'spec/Pet.yaml');
  const sentence = 'Edited in a leaf while npm start runs.';
  describeLeafTag(pet, sentence);
  await waitFor(
    'the open page to show the edit of a leaf file',
    async () => (await articleText(separatePage)).includes(sentence),
    180_000,
    () => output,
  );
  assert.match(
    output,
    new RegExp(`${separate!.spec.file.replaceAll('.', '\\.')} changed: regenerating its reference pages`),
  );

  // A broken description is named; the pages of its last good version stay served.
  writeFileSync(trainer, original.replace('summary: List custom models\n', 'summary: [List custom models\n'));
  await waitFor(
    'the broken description to be reported',
    () => output.includes('openapi/trainer.yaml has a problem'),
    120_000,
    () => output,
  );
  assert.match(output, /openapi\/trainer\.yaml/);
  assert.equal(server.exitCode, null, 'the development server still runs');
  await page.reload();
  await waitFor(
    'the last good page after a reload',
    async () => (await headingOf(page)) === 'List every custom model',
    60_000,
  );
});
