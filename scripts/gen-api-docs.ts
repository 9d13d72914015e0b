/**
 * `npm run gen-api-docs`: turns openapi/*.yaml into the reference pages, before start, build and typecheck.
 *  1. Lints every description with Redocly (redocly.yaml); an invalid file, or one with a warning,
 *     stops here with its name, line and problem, so no page is generated from a wrong contract.
 *  2. Copies each YAML to static/openapi/ (git-ignored) so readers can download it from the site.
 *  3. Writes a copy of each YAML with build-time code samples (`x-codeSamples`, lib/samples/write.ts)
 *     to .generated/openapi/ as JSON, the copy the reference pages are generated from: the browser then needs
 *     no code generator.
 *  4. Regenerates the reference pages (docusaurus-plugin-openapi-docs skips files that already exist,
 *     so the old ones are deleted first: the files its clean-api-docs command deletes, without the
 *     seconds that command spends loading the site to do it), in a child process that runs the plugin's
 *     generation without loading the site (scripts/generate-reference-pages.ts), while this one writes
 *     each description's Postman collection (lib/openapi/postman.ts) and the two Postman environments
 *     beside its YAML.
 * `--only <id>[,<id>]` does all of this for those descriptions alone (lib/openapi/specs.ts ids): what
 * `npm start` runs when a YAML file changes (scripts/start.ts).
 * Without `--only`, a description whose pages were generated from the same YAML by the same generator
 * (`generatorInputs`: its code, templates, config, lint rules and installed packages) is left as it is:
 * a rebuild or a restart with nothing changed skips generation (17 s at 2,000 operations). `--force`
 * regenerates every description all the same.
 */
import {spawn, spawnSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {parseArgs} from 'node:util';
import {copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import {inputsHash} from '../lib/inputs-hash';
import {
  checkDescriptionSize,
  httpMethods,
  loadSpec,
  operationsOf,
  pagesCopy,
  webhooksOf,
  type Document,
} from '../lib/openapi';
import {
  postmanCollection,
  postmanCollectionPath,
  postmanEnvironment,
  postmanEnvironmentsOf,
} from '../lib/openapi/postman';
import {
  checkEntries,
  generatedSpecPath,
  isStrict,
  openApiSpecs,
  referenceOutputDir,
  referenceSidebarModule,
  specDownloadPath,
  type OpenApiSpec,
  type OpenApiSpecEntry,
} from '../lib/openapi/specs';
import {codeSamples} from '../lib/samples/write';
import {
  changelogAtom,
  changelogDataFile,
  changelogFeedPath,
  changelogMarkdown,
  changelogPageFile,
  changelogs,
  readChangelogs,
} from '../lib/openapi/changelog';
import {provider} from '../src/provider';
import {lastChangedDate} from '../lib/openapi/history';
import {cleanDescriptions} from '../lib/openapi/descriptions';
import {leftOut, messageOf} from '../lib/openapi/degrade';
import {pluginInput, schemaBudget, withPluginInfo} from '../lib/openapi/plugin-input';
import {pluginSpecPath} from '../lib/openapi/plugin-options';
import {generateLine, whenToldFlag} from './when-told';
import {addedSandboxServer, listedSandboxServer, webhookPath} from '../lib/sandbox/servers';

const root = path.resolve(__dirname, '..');

type RunResult = {status: number; output: string};
type RunOutput = RunResult & {stdout: string};

// No network calls at build time: no update check, no telemetry.
const childEnv = {...process.env, REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', REDOCLY_TELEMETRY: 'off'};

function run(bin: string, args: string[], {quiet = false} = {}): RunOutput {
  const result = spawnSync(path.join(root, 'node_modules/.bin', bin), args, {
    cwd: root,
    encoding: 'utf8',
    stdio: quiet ? 'pipe' : 'inherit',
    env: childEnv,
    // Redocly's JSON report of another provider's description runs to megabytes (1 MB is the default).
    maxBuffer: 512 * 1024 ** 2,
  });
  return {
    status: result.status ?? 1,
    output: `${result.stdout ?? ''}${result.stderr ?? ''}`,
    stdout: result.stdout ?? '',
  };
}

/**
 * A TypeScript script of this repository in a child process, as npm scripts run them; its output goes
 * to this one's as it comes. Its standard input is a pipe: `tell` writes a line on it, then ends it.
 */
function startScript(script: string, args: string[]): {result: Promise<RunResult>; tell: (line: string) => void} {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, script), ...args], {
    cwd: root,
    stdio: ['pipe', 'inherit', 'inherit'],
    env: childEnv,
  });
  // A child that is gone when told (it failed) says so through its exit code, not through this pipe.
  child.stdin.on('error', () => undefined);
  const result = new Promise<RunResult>((resolve) => {
    child.on('error', (error) => resolve({status: 1, output: error.message}));
    child.on('close', (code) => resolve({status: code ?? 1, output: ''}));
  });
  return {result, tell: (line) => child.stdin.end(`${line}\n`)};
}

/** One finding of Redocly's, as its JSON format gives it. */
type LintProblem = {
  ruleId: string;
  severity: 'error' | 'warn' | string;
  message: string;
  location?: {source?: {ref?: string}; pointer?: string; start?: {line: number; col: number}}[];
};

/** What one lint run found: its exit status, what it says to a maintainer, and its findings by file. */
export type LintResult = RunResult & {
  /** The findings of each file, the first 100 of each rule (Redocly's --max-problems). */
  problems: Map<string, LintProblem[]>;
  /** How many errors and warnings each file has in all. */
  totals: Map<string, {errors: number; warnings: number}>;
  read: boolean;
};

/** Redocly's notice that Node 20 support is ending, which says nothing of the descriptions. */
const redoclyNotice = /^\s*[╔║╚].*$/gm;

/**
 * A finding as a maintainer reads it, `file:line:column  severity  rule  message`, and its JSON pointer
 * after it: in a description published as one line of JSON, `1:21392` alone says nothing.
 */
export function lintProblemLine(file: string, problem: LintProblem): string {
  const [where] = problem.location ?? [];
  const place = where?.start ? `:${where.start.line}:${where.start.col}` : '';
  const pointer = where?.pointer ? ` (at ${decodeURIComponent(where.pointer)})` : '';
  const severity = problem.severity === 'warn' ? 'warning' : problem.severity;
  return `${file}${place}  ${severity}  ${problem.ruleId}  ${problem.message}${pointer}`;
}

/**
 * Lints OpenAPI files with the project's Redocly rules; errors (not warnings) make `status` non-zero.
 * `output` has one line per finding (lintProblemLine) and the totals, or Redocly's own words when it
 * could not read a file (`Failed to parse …` with the line).
 */
export function lintOpenApi(files: readonly string[], options: {quiet?: boolean} = {}): LintResult {
  const result = run('redocly', ['lint', '--config', 'redocly.yaml', '--format', 'json', ...files], {quiet: true});
  const problems = new Map<string, LintProblem[]>(files.map((file) => [file, []]));
  const totals = new Map<string, {errors: number; warnings: number}>();
  type Report = {totals: {errors: number; warnings: number}; problems: LintProblem[]};
  let reports: Report[];
  try {
    // One JSON report per file, one after the other, in the order given.
    // Past --max-problems (100 a file), Redocly writes a line of its own between the reports.
    const json = result.stdout.replace(/^< \.\.\. \d+ more problems? hidden >.*$/gm, '').trim();
    reports = JSON.parse(`[${json.replace(/\}\s*\{(?=\s*"totals")/g, '},{')}]`) as Report[];
  } catch {
    reports = [];
  }
  if (reports.length < files.length) {
    // A file Redocly could not parse has no report: it names the file and the line on its error output.
    const output = result.output.slice(result.stdout.length).replace(redoclyNotice, '').trim();
    if (!options.quiet) console.log(output);
    return {status: result.status || 1, output, problems, totals, read: false};
  }
  reports.forEach((report, index) => {
    problems.get(files[index]!)?.push(...report.problems);
    totals.set(files[index]!, report.totals);
  });
  const errors = reports.reduce((sum, report) => sum + report.totals.errors, 0);
  const warnings = reports.reduce((sum, report) => sum + report.totals.warnings, 0);
  const lines = [...problems].flatMap(([file, found]) => found.map((problem) => lintProblemLine(file, problem)));
  const output = [...lines, `${errors} errors and ${warnings} warnings in ${files.join(', ')}.`].join('\n');
  if (!options.quiet) console.log(output);
  return {status: result.status, output, problems, totals, read: true};
}

/**
 * The lint result with warnings counted as failures: Redocly exits 0 on warnings, but a description
 * that npm test accepts must have none (this is the one lint of the descriptions per npm test).
 */
export function strictLint(result: LintResult): LintResult {
  const warned = [...result.problems.values()].some((found) => found.length > 0);
  return {...result, status: result.status !== 0 ? result.status : warned ? 1 : 0};
}

/** What linting says of the descriptions to generate: lines to print, and what failed (none: go on). */
export type LintVerdict = {lines: string[]; failed?: string};

/**
 * Lints the descriptions about to be generated: a strict one (ours) stops generation on any finding,
 * each printed; another provider's findings are counted in one line, not fatal (its pages, samples and
 * the rest degrade instead: lib/openapi/degrade.ts), unless Redocly cannot read it at all.
 */
export function lintDescriptions(specs: readonly Pick<OpenApiSpecEntry, 'file' | 'strict'>[]): LintVerdict {
  if (specs.length === 0) return {lines: []};
  const files = specs.map((spec) => spec.file);
  const lint = lintOpenApi(files, {quiet: true});
  // Redocly could not read a file: it said which, and where.
  if (!lint.read) return {lines: [lint.output], failed: `linting ${files.join(', ')}`};
  const lines: string[] = [];
  const strict = specs.filter(isStrict);
  const counted = specs
    .filter((spec) => !isStrict(spec))
    .map((spec) => ({file: spec.file, ...(lint.totals.get(spec.file) ?? {errors: 0, warnings: 0})}))
    .filter(({errors, warnings}) => errors + warnings > 0)
    .map(({file, errors, warnings}) => `${file} (${errors} errors, ${warnings} warnings)`);
  if (counted.length > 0)
    lines.push(
      `gen-api-docs: Redocly's rules find problems in descriptions not held strictly, not fatal for them: ${counted.join(', ')}; ` +
        '`npx redocly lint <file>` lists them',
    );
  const findings = strict.flatMap((spec) =>
    (lint.problems.get(spec.file) ?? []).map((problem) => lintProblemLine(spec.file, problem)),
  );
  if (findings.length === 0) return {lines};
  return {
    lines: [...lines, ...findings],
    failed: `linting ${strict.map((spec) => spec.file).join(', ')} (errors and warnings)`,
  };
}

function must({status}: RunResult, what: string): void {
  if (status !== 0) {
    console.error(`\ngen-api-docs: ${what} failed (exit ${status}); no reference pages were generated.`);
    process.exit(status);
  }
}

/**
 * Writes the copy of a spec with an `x-codeSamples` list on every operation, and its descriptions'
 * HTML made Markdown that MDX can hold (lib/openapi/descriptions.ts).
 */
async function writeSpecWithSamples(spec: OpenApiSpec): Promise<void> {
  const doc = loadSpec(spec);
  cleanDescriptions(doc, spec.linkBase);
  for (const entry of operationsOf(spec, doc))
    try {
      entry.operation['x-codeSamples'] = await codeSamples(entry, doc);
    } catch (error) {
      // Ours fail here, naming the file; another provider's operation is shown without samples.
      leftOut(spec, 'code samples', `${entry.method.toUpperCase()} ${entry.path}`, messageOf(error));
    }
  // Untagged operations grouped by path, callbacks given pages of their own (lib/openapi/events.ts).
  const callbacks = pagesCopy(spec, doc);
  // A webhook's or callback's explorer sends its payload to the sandbox, which receives it as the
  // reader's server would (lib/sandbox/servers.ts); the explorer reads where from this mark (src/theme/ApiExplorer).
  for (const {event, method, operation} of [
    ...webhooksOf(spec, doc),
    ...callbacks.map(({key, ...rest}) => ({event: key, ...rest})),
  ])
    Object.assign(operation, {'x-sandbox-webhook': {method, path: webhookPath(event), event}});
  // The explorer's "Local sandbox" for a description that does not list it (ours do), after the samples,
  // which name the description's own server.
  if (!listedSandboxServer(doc)) doc.servers = [...(doc.servers ?? []), addedSandboxServer(spec, doc)];
  withSandboxBesideOwnServers(doc, addedSandboxServer(spec, doc));
  const target = path.join(root, generatedSpecPath(spec));
  mkdirSync(path.dirname(target), {recursive: true});
  // Generated from spec.file by scripts/gen-api-docs.ts: edit that file, not this one.
  writeFileSync(target, `${JSON.stringify(doc, null, 1)}\n`);
  // The plugin's copy: every operation's schemas inlined to a size (lib/openapi/plugin-input.ts).
  writeFileSync(
    path.join(root, pluginSpecPath(spec)),
    `${JSON.stringify(withPluginInfo(spec, pluginInput(doc, schemaBudget, `/${referenceOutputDir(spec)}`)))}\n`,
  );
}

/**
 * The files docusaurus-plugin-openapi-docs generates into a reference folder, as its clean-api-docs
 * command finds them (at the folder's top level, and its schemas/ folder); hand-written files stay.
 */
const generatedReferenceFile = /\.(?:api|info|tag)\.mdx$|^sidebar\.[jt]s$|^(?!versions\.json$).*\.json$/;

/** Deletes the reference pages generated into `dir` before; returns how many files it deleted. */
export function cleanReferencePages(dir: string): number {
  if (!existsSync(dir)) return 0;
  const generated = readdirSync(dir, {withFileTypes: true}).filter(
    (entry) => entry.isFile() && generatedReferenceFile.test(entry.name),
  );
  for (const entry of generated) rmSync(path.join(dir, entry.name));
  rmSync(path.join(dir, 'schemas'), {recursive: true, force: true});
  return generated.length;
}

/**
 * Fails naming the description when the plugin wrote fewer pages than it has operations and webhooks
 * (callbacks are webhooks in the copy it reads): a description it cannot read gets a warning from it
 * and no pages, and the build would carry on without them.
 */
export function checkPagesWritten(spec: OpenApiSpec, dir: string): void {
  const doc = loadSpec(spec, {generated: true});
  const webhookPages = Object.values(doc.webhooks ?? {}).flatMap((item) =>
    Object.keys(item ?? {}).filter((key) => (httpMethods as readonly string[]).includes(key)),
  );
  const expected = operationsOf(spec, doc).length + webhookPages.length;
  const written = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.api.mdx')).length : 0;
  if (written < expected)
    throw new Error(
      `${spec.file}: the OpenAPI plugin wrote ${written} of its ${expected} operation and webhook pages into ${path.relative(root, dir)} (see its warning above)`,
    );
}

/** The descriptions `--only` names (all of them without it); an unknown id is an error naming the known ones. */
export function selectSpecs(only: string | undefined): OpenApiSpec[] {
  if (only === undefined) return [...openApiSpecs];
  return only.split(',').map((id) => {
    const spec = openApiSpecs.find((candidate) => candidate.id === id.trim());
    if (!spec)
      throw new Error(`--only ${only}: no description "${id}" (known: ${openApiSpecs.map((s) => s.id).join(', ')})`);
    return spec;
  });
}

/**
 * What generation reads besides the descriptions (files, or folders read whole, from the repository
 * root): a change to any of them regenerates every description. Coarse on purpose: a change that
 * regenerates for nothing costs seconds, one that is missed would serve pages of an older generator.
 */
export const generatorInputs = [
  'lib',
  'scripts',
  'src',
  'plugins',
  'docusaurus.config.ts',
  'redocly.yaml',
  'package-lock.json',
] as const;

/** Where the key of a description's last generation is kept (git-ignored, beside its generated copy). */
const keyFile = (dir: string, spec: OpenApiSpec) => path.join(dir, '.generated', `${spec.id}.key`);

/** What a description's generation writes: with its key unchanged, all of them must be there to be kept. */
export function generationOutputs(spec: OpenApiSpec): string[] {
  return [
    generatedSpecPath(spec),
    pluginSpecPath(spec),
    `static${specDownloadPath(spec)}`,
    `static${postmanCollectionPath(spec)}`,
    `${referenceSidebarModule(spec)}.ts`,
    ...postmanEnvironmentsOf(spec).map((environment) => `static${environment.file}`),
  ];
}

/** The generation key of one description: its YAML, and what generation reads besides (`generatorsHash`). */
export function generationKey(dir: string, spec: OpenApiSpec, generatorsHash: string): string {
  return (
    createHash('sha256')
      .update(generatorsHash)
      .update(readFileSync(path.join(dir, spec.file)))
      // The pages show the date the description last changed and its changelog: commits change them.
      .update(lastChangedDate(dir, spec.file) ?? '')
      .update(JSON.stringify(readChangelogs(dir)?.find((log) => log.spec.id === spec.id) ?? null))
      .digest('hex')
  );
}

/** Whether the pages of `spec` in `dir` were generated with `key` and are all still there. */
export function isUpToDate(dir: string, spec: OpenApiSpec, key: string): boolean {
  const file = keyFile(dir, spec);
  return (
    existsSync(file) &&
    readFileSync(file, 'utf8') === key &&
    generationOutputs(spec).every((output) => existsSync(path.join(dir, output)))
  );
}

async function main(): Promise<void> {
  const started = performance.now();
  const {values} = parseArgs({options: {only: {type: 'string'}, force: {type: 'boolean', default: false}}});
  checkEntries(openApiSpecs);
  const wanted = selectSpecs(values.only);
  // Before Redocly parses them: a huge file is refused by name, not by an out-of-memory crash.
  for (const spec of wanted) checkDescriptionSize(spec.file);
  // Before the keys: each reference's key holds its changelog.
  writeChangelog();
  const generatorsHash = inputsHash(root, generatorInputs);
  const keys = new Map(wanted.map((spec) => [spec.id, generationKey(root, spec, generatorsHash)]));
  const specs =
    values.only !== undefined || values.force
      ? wanted
      : wanted.filter((spec) => !isUpToDate(root, spec, keys.get(spec.id)!));
  if (specs.length === 0) {
    console.log(
      'gen-api-docs: every reference is up to date (its description and the generator are unchanged since its pages were generated; --force generates them again)',
    );
    return;
  }
  // A generation that fails half-way leaves no key behind: the next one starts that description afresh.
  for (const spec of specs) rmSync(keyFile(root, spec), {force: true});
  // The plugin's process loads its modules while the descriptions are linted and their copies written
  // (1 s that needs nothing of them), then waits to be told to generate. If this process stops first
  // (a lint error), the child's standard input ends and it exits without a word.
  const pages = startPages(specs);
  const lint = lintDescriptions(specs);
  if (lint.lines.length > 0) console.log(lint.lines.join('\n'));
  if (lint.failed) must({status: 1, output: ''}, lint.failed);
  mkdirSync(path.join(root, 'static/openapi'), {recursive: true});
  for (const spec of specs)
    await saidWithFile(spec, async () => {
      copyFileSync(path.join(root, spec.file), path.join(root, 'static', specDownloadPath(spec)));
      await writeSpecWithSamples(spec);
    });
  // The plugin generates the pages from the copies with samples in a process of its own while this one
  // writes the Postman files, each on a core (2,000 operations: the pages 8.6 s, Postman 5.8 s).
  for (const spec of specs) cleanReferencePages(path.join(root, referenceOutputDir(spec)));
  pages.tell(generateLine);
  const postman = writePostmanFiles(specs);
  // Both are awaited before either outcome is acted on, so no process is left behind.
  const [pagesResult, postmanResult] = await Promise.allSettled([pages.result, postman]);
  if (postmanResult.status === 'rejected') throw postmanResult.reason;
  if (pagesResult.status === 'rejected') throw pagesResult.reason;
  must(pagesResult.value, 'generating the reference pages');
  for (const spec of specs) checkPagesWritten(spec, path.join(root, referenceOutputDir(spec)));
  for (const spec of specs) writeFileSync(keyFile(root, spec), keys.get(spec.id)!);
  console.log(
    `gen-api-docs: generated ${specs.map((spec) => spec.file).join(', ')} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/**
 * The API changelog page and its Atom feed (lib/openapi/changelog.ts), from the git history of every
 * description: written on every run, since a commit changes it without changing a description. Each
 * file is written only when its text changes, so that `npm start` reloads nothing otherwise.
 */
function writeChangelog(): void {
  const started = performance.now();
  const logs = changelogs(root, openApiSpecs);
  const files = [
    [changelogDataFile, `${JSON.stringify(logs)}\n`],
    [changelogPageFile, changelogMarkdown(logs, provider.name)],
    [path.join('static', changelogFeedPath), changelogAtom(logs, provider.docsUrl, provider.name)],
  ] as const;
  for (const [file, text] of files) {
    const target = path.join(root, file);
    if (existsSync(target) && readFileSync(target, 'utf8') === text) continue;
    mkdirSync(path.dirname(target), {recursive: true});
    writeFileSync(target, text);
  }
  const unavailable = logs.filter((log) => !log.history.available);
  const note =
    unavailable.length > 0
      ? ` (no history for ${unavailable.map((log) => log.spec.file).join(', ')}: the page says why)`
      : '';
  console.log(`gen-api-docs: wrote the API changelog in ${((performance.now() - started) / 1000).toFixed(1)} s${note}`);
}

/** Runs `work`; what it throws (a RangeError from a huge collection included) is said with the file it came from. */
async function saidWithFile(spec: OpenApiSpec, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    const message = (error as Error).message;
    throw new Error(message.startsWith(spec.file) ? message : `${spec.file}: ${message}`);
  }
}

/** The Postman collection of each description, and its two environments (shared by ours). */
async function writePostmanFiles(specs: readonly OpenApiSpec[]): Promise<void> {
  for (const spec of specs)
    await saidWithFile(spec, async () =>
      writeFileSync(
        path.join(root, 'static', postmanCollectionPath(spec)),
        JSON.stringify(await postmanCollection(spec), null, 2),
      ),
    );
  const environments = new Map(specs.flatMap((spec) => postmanEnvironmentsOf(spec)).map((each) => [each.file, each]));
  for (const environment of environments.values())
    writeFileSync(
      path.join(root, 'static', environment.file),
      JSON.stringify(postmanEnvironment(environment), null, 2),
    );
}

/**
 * The sandbox added to the servers of every operation and path that lists servers of its own (Stripe's
 * uploads, on files.stripe.com): the explorer offers an operation its own list, which would otherwise
 * leave it no sandbox to send to. Marked `x-sandbox`, so the samples still name the operation's server.
 */
export function withSandboxBesideOwnServers(doc: Document, sandbox: ReturnType<typeof addedSandboxServer>): void {
  for (const item of Object.values(doc.paths ?? {}))
    for (const holder of [item, ...httpMethods.map((method) => item?.[method])])
      if (holder?.servers?.length && !listedSandboxServer(holder)) holder.servers = [...holder.servers, sandbox];
}

/**
 * The plugin's gen-api-docs for these descriptions, in one child process (scripts/generate-reference-pages.ts),
 * which generates once told `generateLine`.
 */
function startPages(specs: readonly OpenApiSpec[]) {
  // One id at a time, never the plugin's `all`, which starts every description without awaiting it: a
  // failure then came out as an unhandled rejection that named no description.
  return startScript('scripts/generate-reference-pages.ts', [whenToldFlag, ...specs.map((spec) => spec.id)]);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(`gen-api-docs: ${(error as Error).message}`);
    process.exit(1);
  });
}
