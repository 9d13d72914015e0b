/**
 * `npm run bench:pages`: for one page per template of the production build (run `npm run build`
 * first), served as production serves it (hosting/server.ts: precompressed, the hosting headers), the first-load JavaScript,
 * CSS and HTML (raw and gzipped, in KB) and Lighthouse's mobile scores (simulated throttling) with
 * LCP, TBT and CLS: the median of LIGHTHOUSE_RUNS runs per page (default 3, by performance score),
 * as Lighthouse advises, since one run moves by a few points with the machine's load. Prints
 * Markdown tables. Loopback only.
 */
import {existsSync} from 'node:fs';

import {measurePageWeight} from '../tests/support/page-weight';
import {onePagePerTemplate as templatePages} from '../tests/support/templates';
import {kb, launchBrowser, withLighthouse, type LighthouseResult} from './browser.mjs';
import {serveSite} from '../hosting/server';

// Any free port unless BENCH_PORT names one.
const port = Number(process.env.BENCH_PORT ?? 0);
const lighthouseRuns = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

async function main(): Promise<void> {
  if (!existsSync('build/index.html')) throw new Error('no build/: run npm run build first');
  const {url: origin, server} = await serveSite('build', port);
  try {
    const browser = await launchBrowser();
    console.log(
      '| template | page | JS raw | JS gzip | budget | CSS gzip | HTML gzip |\n| --- | --- | --- | --- | --- | --- | --- |',
    );
    for (const {template, path, maxGzipJs} of templatePages) {
      const page = await browser.newPage();
      const {total} = await measurePageWeight(page, `${origin}${path}`);
      await page.close();
      console.log(
        `| ${template} | \`${path}\` | ${kb(total.script.raw)} | ${kb(total.script.gzip)} | ≤ ${kb(maxGzipJs)} | ${kb(total.stylesheet.gzip)} | ${kb(total.document.gzip)} |`,
      );
    }
    await browser.close();

    // LIGHTHOUSE_RUNS=0: the byte sizes only.
    if (lighthouseRuns < 1) return;
    await withLighthouse(async (audit) => {
      console.log(`\nLighthouse: median of ${lighthouseRuns} runs per page`);
      console.log(
        '\n| template | performance | accessibility | best practices | SEO | LCP | TBT | CLS |\n| --- | --- | --- | --- | --- | --- | --- | --- |',
      );
      for (const {template, path} of templatePages) {
        const runs: LighthouseResult[] = [];
        for (let run = 0; run < lighthouseRuns; run++) {
          runs.push(await audit(`${origin}${path}`));
        }
        const performance = (lhr: LighthouseResult) => lhr.categories.performance?.score ?? 0;
        const {categories, audits} = runs.sort((a, b) => performance(a) - performance(b))[Math.floor(runs.length / 2)]!;
        const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
        console.log(
          `| ${template} | ${score('performance')} | ${score('accessibility')} | ${score('best-practices')} | ${score('seo')} | ${audits['largest-contentful-paint']?.displayValue ?? ''} | ${audits['total-blocking-time']?.displayValue ?? ''} | ${audits['cumulative-layout-shift']?.displayValue ?? ''} |`,
        );
      }
    });
  } finally {
    server.close();
  }
}

await main();
