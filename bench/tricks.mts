/**
 * `npm run bench:tricks`: what each speed trick (plugins/speed-switches.ts) is worth. Builds the site
 * once with every trick on (baseline) and once per trick with only that trick off (SPEED_OFF), one
 * build at a time machine-wide (flock /tmp/build.lock); serves every build at once, gzipped, on free
 * ports; then per template page measures first-load JavaScript (gzipped, deterministic) and runs
 * Lighthouse mobile (simulated throttling) LIGHTHOUSE_RUNS times (default 5) per build, interleaving
 * the builds run by run so the shared machine's load falls on all of them alike. Prints, per page, the
 * median with its spread (min–max) and the difference to the baseline, and a verdict per trick:
 * keep it only if it saves >= 10 KB gzipped or >= 50 ms of median TBT on some page.
 *
 * Results (Markdown and raw JSON) go to bench/results/. Options (environment):
 * - BENCH_TRICKS=prism,pako: measure only these tricks (the baseline always);
 * - BENCH_REUSE=1: reuse the builds already in bench/results/builds/ instead of rebuilding;
 * - BENCH_PAGES=home,reference operation: measure only these templates;
 * - LIGHTHOUSE_RUNS=5: Lighthouse runs per page and build (0: bytes only, a minute instead of an hour).
 */
import {execFileSync} from 'node:child_process';
import {existsSync, mkdirSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import {buildOnlyTricks, speedTricks, tricksOff} from '../plugins/speed-switches';
import {measureTemplates} from '../tests/support/page-weight';
import {onePagePerTemplate} from '../tests/support/templates';
import {kb, launchBrowser, withLighthouse} from './browser.mjs';
import {serveSite} from '../hosting/server';

/** One page per template: the list every test and bench reads (tests/support/templates.ts). */
const allPages = onePagePerTemplate;
/** BENCH_PAGES=home,tutorial: only these templates (a shorter run). */
const pages = process.env.BENCH_PAGES
  ? allPages.filter(({template}) => process.env.BENCH_PAGES!.split(',').includes(template))
  : allPages;

const KEEP_BYTES = 10 * 1024;
const KEEP_TBT_MS = 50;

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(root, 'bench/results');
const buildsDir = path.join(resultsDir, 'builds');
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);

/** A build: the baseline (every trick on) or one trick off. */
type Variant = {name: string; off: string};
type Sample = {performance: number; tbt: number; lcp: number};
type Measured = {jsGzip: number; samples: Sample[]};

const variants: Variant[] = [
  {name: 'baseline', off: ''},
  ...[
    ...(process.env.BENCH_TRICKS
      ? tricksOff(process.env.BENCH_TRICKS)
      : speedTricks.filter((trick) => !buildOnlyTricks.includes(trick))),
  ].map((trick) => ({
    name: `${trick} off`,
    off: trick,
  })),
];
const buildDir = (variant: Variant) => path.join(buildsDir, variant.off || 'baseline');

function build(variant: Variant): void {
  const out = buildDir(variant);
  if (process.env.BENCH_REUSE && existsSync(path.join(out, 'index.html'))) return;
  rmSync(out, {recursive: true, force: true});
  console.error(`building ${variant.name} (waits for /tmp/build.lock)…`);
  execFileSync(
    'flock',
    ['/tmp/build.lock', 'nice', '-n', '10', 'npm', 'run', '--silent', 'build:site', '--', '--out-dir', out],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'], // Rspack's persistent cache does not key on plugin aliases: it would serve one build's modules to the next.
      env: {...process.env, SPEED_OFF: variant.off, DOCUSAURUS_NO_PERSISTENT_CACHE: '1'},
    },
  );
}

const median = (values: number[]) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const spread = (values: number[], digits = 0) =>
  values.length === 0
    ? '–'
    : `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;
const signed = (value: number, digits = 0) =>
  Number.isNaN(value) ? '–' : `${value > 0 ? '+' : ''}${value.toFixed(digits)}`;

async function main(): Promise<void> {
  mkdirSync(buildsDir, {recursive: true});
  if (!process.env.BENCH_REUSE)
    execFileSync('npm', ['run', '--silent', 'gen-api-docs'], {cwd: root, stdio: ['ignore', 'ignore', 'inherit']});
  for (const variant of variants) build(variant);

  const servers = await Promise.all(variants.map((variant) => serveSite(buildDir(variant))));
  const origin = (index: number) => servers[index]!.url;
  const results = variants.map(() => pages.map((): Measured => ({jsGzip: 0, samples: []})));
  try {
    const browser = await launchBrowser();
    for (const [v] of variants.entries())
      for (const [p, {weight}] of (await measureTemplates(browser, origin(v), pages)).entries())
        results[v]![p]!.jsGzip = weight.total.script.gzip;
    await browser.close();

    await withLighthouse(async (audit) => {
      for (let run = 0; run < runs; run++)
        for (const [p, page] of pages.entries())
          // Each run starts with another build, so no build is always measured first.
          for (let step = 0; step < variants.length; step++) {
            const v = (step + run) % variants.length;
            // The tricks move speed only; accessibility, best practices and SEO are bench:pages' job.
            const {categories, audits} = await audit(`${origin(v)}${page.path}`, ['performance']);
            const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
            results[v]![p]!.samples.push({
              performance: score('performance'),
              tbt: audits['total-blocking-time']?.numericValue ?? NaN,
              lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
            });
            console.error(
              `run ${run + 1}/${runs} ${page.path} ${variants[v]!.name}: TBT ${results[v]![p]!.samples.at(-1)!.tbt.toFixed(0)} ms`,
            );
          }
    });
  } finally {
    for (const {server} of servers) server.close();
  }

  const lines = [
    `Speed tricks: each off alone vs the baseline (all on). Lighthouse mobile, median (min–max) of ${runs} runs; first-load JS gzipped. Δ = off − baseline: a positive Δ is what the trick saves.`,
  ];
  for (const [p, page] of pages.entries()) {
    const base = results[0]![p]!;
    lines.push(
      '',
      `### ${page.template}: \`${page.path}\``,
      '',
      '| build | JS gzip KB | Δ KB | TBT ms | Δ TBT ms | performance | LCP s |',
      '| --- | --- | --- | --- | --- | --- | --- |',
    );
    for (const [v, variant] of variants.entries()) {
      const {jsGzip, samples} = results[v]![p]!;
      const pick = (key: keyof Sample) => samples.map((sample) => sample[key]);
      lines.push(
        `| ${variant.name} | ${kb(jsGzip)} | ${v ? signed((jsGzip - base.jsGzip) / 1024, 1) : ''} | ${spread(pick('tbt'))} | ${v ? signed(median(pick('tbt')) - median(base.samples.map((s) => s.tbt))) : ''} | ${spread(pick('performance'))} | ${spread(
          pick('lcp').map((ms) => ms / 1000),
          2,
        )} |`,
      );
    }
  }
  lines.push(
    '',
    '### Verdict',
    '',
    '| trick | most bytes saved | most median TBT saved | keep? |',
    '| --- | --- | --- | --- |',
  );
  for (const [v, variant] of variants.entries()) {
    if (v === 0) continue;
    const saved = pages.map((page, p) => ({
      page: page.template,
      bytes: results[v]![p]!.jsGzip - results[0]![p]!.jsGzip,
      tbt: median(results[v]![p]!.samples.map((s) => s.tbt)) - median(results[0]![p]!.samples.map((s) => s.tbt)),
    }));
    const bytes = saved.reduce((a, b) => (b.bytes > a.bytes ? b : a));
    const tbt = saved.reduce((a, b) => (b.tbt > a.tbt || Number.isNaN(a.tbt) ? b : a));
    const keep = bytes.bytes >= KEEP_BYTES || tbt.tbt >= KEEP_TBT_MS;
    lines.push(
      `| ${variant.off} | ${kb(bytes.bytes)} KB (${bytes.page}) | ${signed(tbt.tbt)} ms (${tbt.page}) | ${keep ? 'yes' : 'no'} |`,
    );
  }
  const table = lines.join('\n');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  writeFileSync(path.join(resultsDir, `tricks-${stamp}.md`), `${table}\n`);
  writeFileSync(
    path.join(resultsDir, `tricks-${stamp}.json`),
    JSON.stringify({runs, pages, variants, results}, null, 2),
  );
  console.log(table);
}

await main();
