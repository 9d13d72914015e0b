/**
 * Samples run as shown (issue 11). For every operation page of the reference (curl, Python,
 * JavaScript and Go tabs) and every code block of the guides and tutorials that calls the API host,
 * the test reads the sample as the built page renders it (what a reader selecting the block gets)
 * and what its Copy button copies, requires both to be the same text, then runs that text with only
 * the host replaced by a local sandbox: curl through bash, Python with python3, JavaScript with
 * node, Go with `go run`. Every request the sample sends must get a 2xx, and what it prints must not
 * be a 422 detail. The samples of one page run in page order with one key, as a reader's would.
 */
import type {AddressInfo} from 'node:net';
import {isDeepStrictEqual} from 'node:util';

import {expect, test as base, type Locator, type Page} from '@playwright/test';

import {provider} from '../../src/provider';
import {createSandbox} from '../../sandbox/app';
import {createSandboxServer} from '../../sandbox/main';
import {contentFiles, parseContent, readContent} from '../../lib/content';
import {allOperations, operationRoute} from '../../lib/openapi';
import {sampleLanguages} from '../../src/code-samples';
import {gotoHydrated} from '../support/page';
import {assertSampleToolsInstalled, runSample, type SampleLanguage} from '../support/run-sample';

/** One request the sandbox answered, with the key it carried (each page runs with its own key). */
type Exchange = {key: string; method: string; url: string; status: number; body: unknown};
type SandboxFixture = {url: string; exchanges: Exchange[]};

// One sandbox per worker, on a free port; it records what it answers, so a sample that prints
// nothing useful (or exits 0 on an error, as the generated Go and JavaScript samples do) is still judged.
const test = base.extend<object, {sandbox: SandboxFixture}>({
  sandbox: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      assertSampleToolsInstalled();
      const sandbox = await createSandbox();
      const exchanges: Exchange[] = [];
      const server = createSandboxServer({
        ...sandbox,
        handle: async (request) => {
          const answer = await sandbox.handle(request);
          const key = String(request.headers['x-public-key'] ?? request.headers['x-api-key'] ?? '');
          exchanges.push({key, method: request.method, url: request.url, status: answer.status, body: answer.body});
          return answer;
        },
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      await use({url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, exchanges});
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    {scope: 'worker'},
  ],
});

const runnable: Record<string, SampleLanguage> = {bash: 'bash', python: 'python', javascript: 'javascript', go: 'go'};

type Sample = {where: string; language: SampleLanguage; code: string};

/**
 * Selects a code block's text as a reader does and returns what the selection holds. Not
 * `innerText`: Chromium counts both the block break and the `<br>` of each Docusaurus code line
 * (`<div class="token-line">…<br></div>`), so it doubles every newline that a reader never sees
 * and never copies.
 */
function renderedText(block: Locator): Promise<string> {
  return block.locator('pre').evaluate((pre) => {
    const selection = window.getSelection()!;
    const range = document.createRange();
    range.selectNodeContents(pre.querySelector('code') ?? pre);
    selection.removeAllRanges();
    selection.addRange(range);
    const text = selection.toString();
    selection.removeAllRanges();
    return text;
  });
}

/** Where a code block sits: its language, and the tab that shows it (when it sits in a tab group). */
function placeOf(block: Locator): Promise<{language: string; tab?: string}> {
  return block.evaluate((element) => {
    const panel = element.closest('[role="tabpanel"]');
    const index = panel?.parentElement ? Array.prototype.indexOf.call(panel.parentElement.children, panel) : -1;
    const tabs = panel?.closest('.tabs-container')?.querySelectorAll(':scope > [role="tablist"] > [role="tab"]');
    return {
      language: /\blanguage-(\w+)/.exec(element.className)?.[1] ?? '',
      tab: tabs?.[index]?.textContent ?? undefined,
    };
  });
}

/** Shows a block (clicking its tab unless a synced tab group already shows it) and reads it: as rendered, and as copied. */
async function readSample(page: Page, block: Locator, where: string): Promise<Sample> {
  const {language, tab} = await placeOf(block);
  const label = tab ? `${where} (${tab} tab)` : where;
  if (tab && !(await block.isVisible())) {
    const group = block.locator(
      'xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " tabs-container ")][1]',
    );
    // On a busy machine a click right after hydration was once not taken by the tab set (a person
    // would click again): click until the tab shows, within a generous limit.
    await expect(async () => {
      await group.getByRole('tab', {name: tab, exact: true}).click();
      await expect(block).toBeVisible({timeout: 3_000});
    }, `${label}: the ${tab} tab opens`).toPass({timeout: 30_000});
  }
  await expect(block, `${label} is shown`).toBeVisible();
  const rendered = await renderedText(block);

  const cleared = '(clipboard cleared by the test)';
  await page.evaluate((text) => navigator.clipboard.writeText(text), cleared);
  await block.hover();
  await block.getByRole('button', {name: 'Copy code to clipboard'}).click();
  await expect
    .poll(() => page.evaluate(() => navigator.clipboard.readText()), {message: `${label}: Copy copies something`})
    .not.toBe(cleared);
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect.soft(copied, `${label}: the Copy button copies the text the page shows`).toBe(rendered);

  const runAs = runnable[language];
  if (!runAs) throw new Error(`${label}: a sample in ${JSON.stringify(language)}, which this test cannot run`);
  return {where: label, language: runAs, code: copied};
}

/**
 * Reads blocks one tab at a time (tab groups with a groupId switch together, so a page needs one
 * click per language), and returns the samples in page order, the order they run in.
 */
async function readSamples(page: Page, blocks: Locator[], where: (position: number) => string): Promise<Sample[]> {
  const tabs = await Promise.all(blocks.map(async (block) => (await placeOf(block)).tab ?? ''));
  const order = blocks.map((_, position) => position).sort((a, b) => tabs[a]!.localeCompare(tabs[b]!) || a - b);
  const samples: Sample[] = [];
  for (const position of order) samples[position] = await readSample(page, blocks[position]!, where(position));
  return samples;
}

/** Runs the samples of one page in order with one key; returns every way a run failed. */
async function runSamples(
  samples: Sample[],
  sandbox: SandboxFixture,
  key: string,
  printsBody: boolean,
): Promise<string[]> {
  const problems: string[] = [];
  for (const sample of samples) {
    if (!sample.code.includes(provider.apiHost)) {
      problems.push(`${sample.where}: does not call ${provider.apiHost}`);
      continue;
    }
    const code = sample.code.replaceAll(provider.apiHost, sandbox.url);
    const first = sandbox.exchanges.length;
    const run = await runSample(sample.language, code, {ORCHARD_API_KEY: key});
    const exchanges = sandbox.exchanges.slice(first).filter((exchange) => exchange.key === key);
    const output = `\n--- stdout:\n${run.stdout.slice(-2000)}\n--- stderr:\n${run.stderr.slice(-2000)}`;
    const failed = (reason: string) =>
      problems.push(`${sample.where}: ${reason}${output}\n--- the sample as run:\n${code}`);
    if (run.timedOut) failed('timed out');
    else if (run.exitCode !== 0) failed(`exited with ${String(run.exitCode)}`);
    if (exchanges.length === 0) failed('sent no request to the sandbox with the key of ORCHARD_API_KEY');
    for (const {method, url, status, body} of exchanges) {
      if (status < 200 || status >= 300) failed(`${method} ${url} answered ${status} ${JSON.stringify(body)}`);
    }
    let printed: unknown;
    try {
      printed = JSON.parse(run.stdout);
    } catch {
      printed = undefined;
    }
    if (printed && typeof printed === 'object' && 'detail' in printed) failed('printed a validation error');
    // The reference's samples print the answer's body: it must be the body the sandbox sent.
    const answered = exchanges.at(-1)?.body;
    if (printsBody && answered !== undefined && !isDeepStrictEqual(printed, answered))
      failed('did not print the answer body');
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// The reference: every operation page, every language tab.

const sampleTabs = sampleLanguages.map(({label}) => label);
const operationPages = allOperations().map(operationRoute);

test('the sitemap lists exactly the operation pages this spec runs', async ({request}) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map(([, loc]) => new URL(loc!).pathname.replace(/\/$/, ''))
    .filter((route) => /^\/api\/api-reference\/[^/]+\/[^/]+$/.test(route));
  expect(listed.sort()).toEqual([...operationPages].sort());
  expect(operationPages).toHaveLength(15);
});

for (const route of operationPages) {
  test(`reference ${route}: every sample tab runs as shown`, async ({page, context, sandbox}) => {
    test.setTimeout(180_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await gotoHydrated(page, route);
    const blocks = page.locator('.openapi-code-samples .theme-code-block');
    await expect(page.locator('.openapi-code-samples [role="tab"]')).toHaveText(sampleTabs);
    await expect(blocks).toHaveCount(sampleTabs.length);
    const samples = await readSamples(page, await blocks.all(), () => route);
    expect(samples.map((sample) => sample.language)).toEqual(['bash', 'python', 'javascript', 'go']);
    const problems = await runSamples(samples, sandbox, `samples${route.replaceAll('/', '-')}`, true);
    expect(problems, problems.join('\n\n')).toEqual([]);
  });
}

// ---------------------------------------------------------------------------------------------
// Guides, tutorials and FAQs: every code block that calls the API host.

/** The route of a content page: `docs/use-cases/embed.md` → `/docs/use-cases/embed`; `slug: /` → `/docs`. */
function routeOf(file: string): string {
  const [dir] = file.split('/');
  if (/^slug:\s*\/\s*$/m.test(/^---\n([\s\S]*?)\n---/.exec(readContent(file))?.[1] ?? '')) return `/${dir}`;
  return `/${file.replace(/\.mdx?$/, '').replace(/\/index$/, '')}`;
}

type CodeNode = {type: string; lang?: string | null; value?: string; children?: CodeNode[]};

/** How many fenced blocks of a source page are in a language the test runs and call the API host. */
function requestBlocksInSource(file: string): number {
  let count = 0;
  const visit = (node: CodeNode) => {
    if (node.type === 'code' && runnable[node.lang ?? ''] && node.value?.includes(provider.apiHost)) count += 1;
    node.children?.forEach(visit);
  };
  visit(parseContent(readContent(file)) as CodeNode);
  return count;
}

const guidePages = contentFiles()
  .filter((file) => /^(docs|api|tutorials|faqs)\//.test(file))
  .map((file) => ({file, route: routeOf(file), blocks: requestBlocksInSource(file)}))
  .filter(({blocks}) => blocks > 0);

test('the guides have request samples to run', () => {
  expect(guidePages.length).toBeGreaterThan(20);
});

for (const {file, route, blocks: expected} of guidePages) {
  test(`guide ${route} (${file}): every request sample runs as shown`, async ({page, context, sandbox}) => {
    test.setTimeout(180_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await gotoHydrated(page, route);
    const all = page.locator('.theme-doc-markdown .theme-code-block');
    const indexes = await all.evaluateAll(
      (elements, {host, languages}) =>
        elements.flatMap((element, index) => {
          const language = /\blanguage-(\w+)/.exec(element.className)?.[1] ?? '';
          return languages.includes(language) && (element.textContent ?? '').includes(host) ? [index] : [];
        }),
      {host: provider.apiHost, languages: Object.keys(runnable)},
    );
    expect(indexes, `the built page shows every request sample of ${file}`).toHaveLength(expected);
    const samples = await readSamples(
      page,
      indexes.map((index) => all.nth(index)),
      (position) => `${route} block ${position + 1} of ${indexes.length}`,
    );
    const problems = await runSamples(samples, sandbox, `samples${route.replaceAll('/', '-')}`, false);
    expect(problems, problems.join('\n\n')).toEqual([]);
  });
}
