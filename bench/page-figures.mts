/**
 * What a reader's browser pays on a built site, for bench:pages and bench:scale: per template
 * (tests/support/templates.ts), the first-load JavaScript, CSS and HTML and the median of Lighthouse's
 * mobile runs; and the first search (tests/support/first-search.ts) on the operation page: its bytes
 * and its time with the CPU slowed 4× as Lighthouse's mobile preset slows it. The build is served as
 * production serves it (hosting/server.ts), on a free loopback port.
 */
import {existsSync} from 'node:fs';
import path from 'node:path';

import {serveSite} from '../hosting/server';
import {measureFirstSearch} from '../tests/support/first-search';
import {measureTemplates} from '../tests/support/page-weight';
import {onePagePerTemplate} from '../tests/support/templates';
import {launchBrowser, withLighthouse, type LighthouseResult} from './browser.mjs';

export type TemplateFigures = {
  template: string;
  path: string;
  budget: number;
  js: {raw: number; gzip: number};
  cssGzip: number;
  htmlGzip: number;
  /** The median run's scores (0–100) and timings; none when no run was asked for. */
  lighthouse?: {
    performance: number;
    accessibility: number;
    bestPractices: number;
    seo: number;
    lcp: string;
    tbt: string;
    cls: string;
  };
};

export type FirstSearchFigures = {query: string; path: string; brotliBytes: number; millis: number[]};

/** The query the first search is timed with: a field of the trainer, typed as a reader types it. */
export const firstSearchQuery = 'learning rate';
/** How Lighthouse's mobile preset slows the CPU, and so the first search's timing. */
export const mobileCpuSlowdown = 4;

/** The median run of `runs` by performance score, as Lighthouse advises for a score that moves between runs. */
function medianRun(runs: LighthouseResult[]): LighthouseResult {
  const performance = (lhr: LighthouseResult) => lhr.categories.performance?.score ?? 0;
  return [...runs].sort((a, b) => performance(a) - performance(b))[Math.floor(runs.length / 2)]!;
}

/** Bytes of every template's first load, then (with `lighthouseRuns` > 0) each one's Lighthouse median. */
async function templateFigures(origin: string, lighthouseRuns: number): Promise<TemplateFigures[]> {
  const browser = await launchBrowser();
  let figures: TemplateFigures[];
  try {
    figures = (await measureTemplates(browser, origin)).map(({template, path: pagePath, maxGzipJs, weight}) => ({
      template,
      path: pagePath,
      budget: maxGzipJs,
      js: weight.total.script,
      cssGzip: weight.total.stylesheet.gzip,
      htmlGzip: weight.total.document.gzip,
    }));
  } finally {
    await browser.close();
  }
  if (lighthouseRuns < 1) return figures;
  await withLighthouse(async (audit) => {
    for (const figure of figures) {
      const runs: LighthouseResult[] = [];
      for (let run = 0; run < lighthouseRuns; run += 1) runs.push(await audit(`${origin}${figure.path}`));
      const {categories, audits} = medianRun(runs);
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      figure.lighthouse = {
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcp: audits['largest-contentful-paint']?.displayValue?.toString() ?? '',
        tbt: audits['total-blocking-time']?.displayValue?.toString() ?? '',
        cls: audits['cumulative-layout-shift']?.displayValue?.toString() ?? '',
      };
    }
  });
  return figures;
}

/** The first search on the operation page, `runs` times (each in a fresh context), the CPU slowed as on a phone. */
export async function measureFirstSearches(
  origin: string,
  buildDir: string,
  runs: number,
): Promise<FirstSearchFigures> {
  const operationPage = onePagePerTemplate.find(({template}) => template === 'API operation')!.path;
  const browser = await launchBrowser();
  try {
    const millis: number[] = [];
    let brotliBytes = 0;
    for (let run = 0; run < runs; run += 1) {
      const page = await browser.newPage();
      const search = await measureFirstSearch(page, {
        buildDir,
        url: `${origin}${operationPage}`,
        query: firstSearchQuery,
        cpuSlowdown: mobileCpuSlowdown,
        timeout: 180_000,
      });
      await page.close();
      millis.push(search.millisAfterLastKey);
      brotliBytes = search.brotliBytes;
    }
    return {query: firstSearchQuery, path: operationPage, brotliBytes, millis};
  } finally {
    await browser.close();
  }
}

/** Both of the above on the build in `buildDir`, served as production serves it. */
export async function measureBuild(
  buildDir: string,
  {lighthouseRuns, searchRuns}: {lighthouseRuns: number; searchRuns: number},
): Promise<{templates: TemplateFigures[]; firstSearch?: FirstSearchFigures}> {
  if (!existsSync(path.join(buildDir, 'index.html')))
    throw new Error(`no build in ${buildDir}: run npm run build first`);
  const {url: origin, server} = await serveSite(buildDir, Number(process.env.BENCH_PORT ?? 0));
  try {
    const templates = await templateFigures(origin, lighthouseRuns);
    const firstSearch = searchRuns > 0 ? await measureFirstSearches(origin, buildDir, searchRuns) : undefined;
    return {templates, firstSearch};
  } finally {
    server.close();
  }
}

/** The median of some numbers. */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** One line on the first search, for a bench's output. */
export function describeFirstSearch({query, path: pagePath, brotliBytes, millis}: FirstSearchFigures): string {
  const spread = millis.map((value) => value.toFixed(0)).join(', ');
  return `first search on \`${pagePath}\`, "${query}" typed after Ctrl+K: ${(brotliBytes / 1024).toFixed(1)} KB (brotli), first result ${median(millis).toFixed(0)} ms after the last key (median of ${millis.length} runs, CPU ${mobileCpuSlowdown}× slower: ${spread})`;
}
