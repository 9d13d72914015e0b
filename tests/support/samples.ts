/**
 * Samples run as shown (issue 11), checked on the visit the page already gets (a page load is most of
 * a browser test's cost): every operation page in reference-pages.spec.ts (curl, Python, JavaScript
 * and Go tabs), every guide, tutorial and FAQ with a code block that calls the API host in
 * every-page.spec.ts. A sample is read as the built page renders it (what a reader selecting the block
 * gets); the first block a page shows is also copied with its Copy button, which must copy that same
 * text (the button is one component, the same on every block). The text then runs with only the host
 * replaced by a local sandbox: curl through bash, Python with python3, JavaScript with node, Go with
 * `go run`. Every request a sample sends must get a 2xx, and what it prints must not be a 422 detail.
 * The samples of one page run in page order with one key, as a reader's would.
 */
import type {AddressInfo} from 'node:net';
import {isDeepStrictEqual} from 'node:util';

import {expect, test as base, type Locator, type Page} from '@playwright/test';

import {provider} from '../../src/provider';
import {createSandbox} from '../../sandbox/app';
import {createSandboxServer} from '../../sandbox/server';
import {contentFiles, parseContent, readContent} from '../../lib/content';
import {sampleLanguages} from '../../src/code-samples';
import {renderedText} from './rendered-text';
import {assertSampleToolsInstalled, runSample, type SampleLanguage} from './run-sample';

/** One request the sandbox answered, with the key it carried (each page runs with its own key). */
type Exchange = {key: string; method: string; url: string; status: number; body: unknown};
export type SandboxFixture = {url: string; exchanges: Exchange[]};

/**
 * Playwright's `test` with a sandbox per worker, on a free port, started by the first test that asks
 * for it. It records what it answers, so a sample that prints nothing useful (or exits 0 on an error,
 * as the generated Go and JavaScript samples do) is still judged.
 */
export const test = base.extend<object, {sandbox: SandboxFixture}>({
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

/** What the block's Copy button copies; it must be the text the page shows. */
async function expectCopyCopiesShown(page: Page, block: Locator, shown: string, label: string): Promise<void> {
  const cleared = '(clipboard cleared by the test)';
  await page.evaluate((text) => navigator.clipboard.writeText(text), cleared);
  await block.hover();
  await block.getByRole('button', {name: 'Copy code to clipboard'}).click();
  await expect
    .poll(() => page.evaluate(() => navigator.clipboard.readText()), {message: `${label}: Copy copies something`})
    .not.toBe(cleared);
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect.soft(copied, `${label}: the Copy button copies the text the page shows`).toBe(shown);
}

/**
 * Shows a block (clicking its tab unless a synced tab group already shows it) and reads it as
 * rendered; `copy` also presses its Copy button.
 */
async function readSample(page: Page, block: Locator, where: string, copy: boolean): Promise<Sample> {
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
  if (copy) await expectCopyCopiesShown(page, block, rendered, label);

  const runAs = runnable[language];
  if (!runAs) throw new Error(`${label}: a sample in ${JSON.stringify(language)}, which this test cannot run`);
  return {where: label, language: runAs, code: rendered};
}

/**
 * Reads blocks one tab at a time (tab groups with a groupId switch together, so a page needs one
 * click per language), and returns the samples in page order, the order they run in.
 */
async function readSamples(page: Page, blocks: Locator[], where: (position: number) => string): Promise<Sample[]> {
  const places = await Promise.all(blocks.map((block) => placeOf(block)));
  const order = blocks
    .map((_, position) => position)
    .sort((a, b) => (places[a]!.tab ?? '').localeCompare(places[b]!.tab ?? '') || a - b);
  // The Copy button is one component, the same on every block: pressed on the first block read.
  const samples: Sample[] = [];
  for (const position of order)
    samples[position] = await readSample(page, blocks[position]!, where(position), position === order[0]);
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

/** Each page's samples run with a key of their own, so the sandbox's records tell them apart. */
const keyOf = (route: string) => `samples${route.replaceAll('/', '-')}`;

/** The clipboard the Copy button writes to and the test reads back. */
export async function allowClipboard(page: Page): Promise<void> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
}

// ---------------------------------------------------------------------------------------------
// The reference: every operation page, every language tab.

/** Reads the operation page's curl, Python, JavaScript and Go tabs and runs each against the sandbox. */
export async function expectReferenceSamplesRun(page: Page, route: string, sandbox: SandboxFixture): Promise<void> {
  const sampleTabs = sampleLanguages.map(({label}) => label);
  const blocks = page.locator('.openapi-code-samples .theme-code-block');
  await expect(page.locator('.openapi-code-samples [role="tab"]')).toHaveText(sampleTabs);
  await expect(blocks).toHaveCount(sampleTabs.length);
  const samples = await readSamples(page, await blocks.all(), () => route);
  expect(samples.map((sample) => sample.language)).toEqual(['bash', 'python', 'javascript', 'go']);
  const problems = await runSamples(samples, sandbox, keyOf(route), true);
  expect(problems, problems.join('\n\n')).toEqual([]);
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

export type GuideWithSamples = {file: string; route: string; blocks: number};

/** The content pages with request samples, by route (without a trailing slash). */
export function guidesWithSamples(): Map<string, GuideWithSamples> {
  return new Map(
    contentFiles()
      .filter((file) => /^(docs|api|tutorials|faqs)\//.test(file))
      .map((file) => ({file, route: routeOf(file), blocks: requestBlocksInSource(file)}))
      .filter(({blocks}) => blocks > 0)
      .map((guide) => [guide.route, guide]),
  );
}

/** Reads every block of the guide that calls the API host, as many as its source has, and runs them in page order. */
export async function expectGuideSamplesRun(
  page: Page,
  {file, route, blocks: expected}: GuideWithSamples,
  sandbox: SandboxFixture,
): Promise<void> {
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
  const problems = await runSamples(samples, sandbox, keyOf(route), false);
  expect(problems, problems.join('\n\n')).toEqual([]);
}
