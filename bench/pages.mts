/**
 * `npm run bench:pages`: for one page per template of the production build (run `npm run build`
 * first), served with gzip like a production host (bench/serve-build.ts), the first-load JavaScript,
 * CSS and HTML (raw and gzipped, in KB) and Lighthouse's mobile scores (simulated throttling) with
 * LCP, TBT and CLS: the median of LIGHTHOUSE_RUNS runs per page (default 3, by performance score),
 * as Lighthouse advises, since one run moves by a few points with the machine's load. Prints
 * Markdown tables. Loopback only.
 */
import {existsSync} from 'node:fs';
import type {AddressInfo} from 'node:net';

import {chromium} from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

import {measurePageWeight} from '../tests/support/page-weight';
import {onePagePerTemplate as templatePages} from '../tests/support/templates';
import {serveBuild} from './serve-build';

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

// Any free port unless BENCH_PORT names one.
const port = Number(process.env.BENCH_PORT ?? 0);
const chromePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const lighthouseRuns = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

async function main(): Promise<void> {
  if (!existsSync('build/index.html')) throw new Error('no build/: run npm run build first');
  const server = await serveBuild(port);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const browser = await chromium.launch({executablePath: chromePath, args: chromeFlags.slice(1)});
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

    const chrome = await chromeLauncher.launch({chromePath, chromeFlags});
    try {
      console.log(`\nLighthouse: median of ${lighthouseRuns} runs per page`);
      console.log(
        '\n| template | performance | accessibility | best practices | SEO | LCP | TBT | CLS |\n| --- | --- | --- | --- | --- | --- | --- | --- |',
      );
      for (const {template, path} of templatePages) {
        const runs: LighthouseResult[] = [];
        for (let run = 0; run < lighthouseRuns; run++) {
          const result = await lighthouse(`${origin}${path}`, {port: chrome.port, output: 'json', logLevel: 'error'});
          if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
          runs.push(result.lhr);
        }
        const performance = (lhr: LighthouseResult) => lhr.categories.performance?.score ?? 0;
        const {categories, audits} = runs.sort((a, b) => performance(a) - performance(b))[Math.floor(runs.length / 2)]!;
        const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
        console.log(
          `| ${template} | ${score('performance')} | ${score('accessibility')} | ${score('best-practices')} | ${score('seo')} | ${audits['largest-contentful-paint']?.displayValue ?? ''} | ${audits['total-blocking-time']?.displayValue ?? ''} | ${audits['cumulative-layout-shift']?.displayValue ?? ''} |`,
        );
      }
    } finally {
      chrome.kill();
    }
  } finally {
    server.close();
  }
}

await main();
