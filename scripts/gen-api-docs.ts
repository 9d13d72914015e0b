/**
 * `npm run gen-api-docs`: turns openapi/*.yaml into the reference pages, before start, build and typecheck.
 *  1. Lints every description with Redocly (redocly.yaml), in a process of its own while steps 3 and 4
 *     run; an invalid file, or one of ours with a warning, stops generation with its name, line and
 *     problem before anything reaches the site, so no page is served from a wrong contract. (Under
 *     `npm start`, another provider's description, whose lint stops nothing this process could read,
 *     has its pages moved in first and its lint's line said after: lib/openapi/lint.ts, lintVerdictGates.)
 *  2. Copies each YAML to static/openapi/ (git-ignored) so readers can download it from the site (one
 *     split over many files as their bundle, lib/openapi/bundle.ts).
 *  3. Writes a copy of each YAML with build-time code samples (`x-codeSamples`, lib/samples/write.ts)
 *     to .generated/openapi/ as JSON, the copy the reference pages are generated from: the browser then needs
 *     no code generator. The descriptions it made Markdown are kept for the next run, which parses only
 *     those an edit changed (lib/openapi/generation.ts, lastMarkdownMemo).
 *  4. Regenerates the reference pages in a child process that runs the plugin's generation without
 *     loading the site (scripts/generate-reference-pages.ts), into a staging folder (.generated/staging:
 *     the plugin skips files that already exist), then moves in only the pages that changed and deletes
 *     the generated ones no longer made (lib/openapi/generation.ts), so that `npm start`'s server
 *     recompiles what an edit changed, not every page of the description; meanwhile (after it, for
 *     `--only`) this one writes each description's Postman collection (lib/openapi/postman.ts) and the
 *     two Postman environments beside its YAML.
 * `--only <id>[,<id>]` does all of this for those descriptions alone (lib/openapi/specs.ts ids): what
 * `npm start` runs when a YAML file changes (scripts/start.ts). When the copies show that an edit
 * changed some operations and nothing else (lib/openapi/generation.ts, pagesToGenerate, from digests of
 * the copies kept beside them, not the copies read again), the plugin
 * generates those operations' pages only, from a copy that holds only them: one page, not every page
 * of a large description.
 * Without `--only`, a description whose pages were generated from the same YAML by the same generator
 * (`generatorInputs`: its code, templates, config, lint rules and installed packages) is left as it is:
 * a rebuild or a restart with nothing changed skips generation (tens of seconds at 2,000 operations). `--force`
 * regenerates every description and every page all the same.
 */
import {spawn} from 'node:child_process';
import {parseArgs} from 'node:util';
import {existsSync, mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import {inputsHash} from '../lib/inputs-hash';
import {downloadableDescription} from '../lib/openapi/bundle';
import {checkDescriptionSize, conversionOf, loadSpec, operationsOf, pagesCopy, webhooksOf} from '../lib/openapi';
import {
  postmanCollection,
  postmanCollectionPath,
  postmanEnvironment,
  postmanEnvironmentsOf,
} from '../lib/openapi/postman';
import {
  checkEntries,
  generatedSpecPath,
  openApiSpecs,
  referenceOutputDir,
  specDownloadPath,
  type OpenApiSpec,
} from '../lib/openapi/specs';
import {codeSamples} from '../lib/samples/write';
import {
  changelogAtom,
  changelogDataFile,
  changelogFeedPath,
  changelogMarkdown,
  changelogPageFile,
  changelogs,
} from '../lib/openapi/changelog';
import {provider} from '../src/provider';
import {cleanDescriptions} from '../lib/openapi/descriptions';
import {conversionLosses, leftOut, messageOf} from '../lib/openapi/degrade';
import {mendAllOfConflicts} from '../lib/openapi/allof-conflicts';
import {pluginInput, schemaBudget, schemaBudgetFor, withPluginInfo} from '../lib/openapi/plugin-input';
import {pluginSpecPath} from '../lib/openapi/plugin-options';
import {generateLine, whenToldFlag, type Told} from '../lib/when-told';
import {
  checkPagesWritten,
  replaceReferencePages,
  stagingRoot,
  changedOperationsPath,
  contextFile,
  generationKey,
  lastCopies,
  pagesContext,
  pagesToGenerate,
  holdsUnlistedDownloads,
  removeUnlistedDownloads,
  removeUnlistedReferences,
  withOnlyOperations,
  type LastCopies,
  generatorInputs,
  isUpToDate,
  keyFile,
  keepCopyParts,
  copyParts,
  keepMarkdownMemo,
  lastMarkdownMemo,
  selectSpecs,
  withSandboxBesideOwnServers,
} from '../lib/openapi/generation';
import {childEnv, lintDescriptionsBeside, lintVerdictGates, type RunResult} from '../lib/openapi/lint';
import {addedSandboxServer, listedSandboxServer, markSandboxOAuth2, webhookPath} from '../lib/sandbox/servers';

const root = path.resolve(__dirname, '..');

/**
 * A TypeScript script of this repository in a child process, as npm scripts run them; its output goes
 * to this one's as it comes. Its standard input is a pipe: `tell` writes a line on it, then ends it;
 * `stop` ends the process (told to generate, it would go on after this one failed).
 */
function startScript(
  script: string,
  args: string[],
): {result: Promise<RunResult>; tell: (line: string) => void; stop: () => void} {
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
  return {result, tell: (line) => child.stdin.end(`${line}\n`), stop: () => child.kill()};
}

function must({status}: RunResult, what: string): void {
  if (status !== 0) {
    console.error(`\ngen-api-docs: ${what} failed (exit ${status}); no reference pages were generated.`);
    process.exit(status);
  }
}

/** What writeSpecWithSamples wrote: the parts of its two copies, and the plugin's copy itself. */
type WrittenCopies = {parts: LastCopies; pluginCopy: ReturnType<typeof withPluginInfo>};

/**
 * Writes the copy of a spec with an `x-codeSamples` list on every operation, and its descriptions'
 * HTML made Markdown that MDX can hold (lib/openapi/descriptions.ts).
 */

async function writeSpecWithSamples(spec: OpenApiSpec, generatorsHash: string, force: boolean): Promise<WrittenCopies> {
  const doc = loadSpec(spec);
  const conversion = conversionOf(doc);
  if (conversion) {
    console.log(
      `gen-api-docs: ${spec.file} is ${conversion.from}, read as OpenAPI 3.1 through ${conversion.converter}`,
    );
    conversionLosses(spec, conversion);
  }
  // `--force` parses every description again, as the first generation did.
  const made = cleanDescriptions(doc, spec.linkBase, force ? new Map() : lastMarkdownMemo(root, spec, generatorsHash));
  keepMarkdownMemo(root, spec, generatorsHash, made);
  const operations = operationsOf(spec, doc);
  for (const entry of operations)
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
  // With it, the sandbox's OAuth2 endpoints for each flow, which the explorer uses when the sandbox is chosen.
  markSandboxOAuth2(doc);
  const target = path.join(root, generatedSpecPath(spec));
  mkdirSync(path.dirname(target), {recursive: true});
  // Generated from spec.file by scripts/gen-api-docs.ts: edit that file, not this one.
  const generated = `${JSON.stringify(doc, null, 1)}\n`;
  writeFileSync(target, generated);
  // Of the copy as written, before the plugin's copy is made from it.
  const generatedParts = copyParts(doc as never);
  // The plugin's copy: every operation's schemas inlined to a size (lib/openapi/plugin-input.ts), an
  // allOf the theme cannot merge given merged (lib/openapi/allof-conflicts.ts).
  const budget = schemaBudgetFor(operations.length);
  if (budget < schemaBudget)
    console.log(
      `gen-api-docs: ${spec.file} has ${operations.length} operations: each page shows the first ${budget / 1024} KB of its schemas (${schemaBudget / 1024} KB in a smaller description), the rest named with a link to a page that shows it`,
    );
  const pluginCopy = withPluginInfo(spec, pluginInput(doc, budget, `/${referenceOutputDir(spec)}`));
  mendAllOfConflicts(pluginCopy, (pointer, fields) =>
    leftOut(
      spec,
      'reference page',
      `field ${fields.join(', ')} of ${pointer}`,
      'the theme cannot merge the schemas its allOf members give it',
    ),
  );
  const plugin = `${JSON.stringify(pluginCopy)}\n`;
  writeFileSync(path.join(root, pluginSpecPath(spec)), plugin);
  const parts = {generated: generatedParts, plugin: copyParts(pluginCopy as never)};
  keepCopyParts(root, spec, parts);
  return {parts, pluginCopy};
}

/**
 * What the plugin is told to generate each description from (lib/when-told.ts): when the last
 * generation's copies show that only some operations changed (pagesToGenerate), a copy with those
 * operations only, or nothing when none did; otherwise, not named, its whole copy.
 */
function toldCopies(
  specs: readonly OpenApiSpec[],
  before: Map<string, LastCopies | undefined>,
  after: Map<string, WrittenCopies>,
): Told {
  const told: Told = {};
  for (const spec of specs) {
    const written = after.get(spec.id)!;
    const operations = pagesToGenerate(before.get(spec.id), written.parts);
    if (!operations) continue;
    if (operations.length === 0) {
      told[spec.id] = null;
      console.log(`gen-api-docs: ${spec.file}: no operation's page changed`);
      continue;
    }
    const file = path.join(root, changedOperationsPath(spec));
    writeFileSync(file, JSON.stringify(withOnlyOperations(written.pluginCopy as never, operations)));
    told[spec.id] = file;
    console.log(
      `gen-api-docs: ${spec.file}: only ${operations.length === 1 ? 'one operation' : `${operations.length} operations`} changed (${operations.map(({method, path: pathName}) => `${method.toUpperCase()} ${pathName}`).join(', ')}): generating ${operations.length === 1 ? 'its page' : 'their pages'}`,
    );
  }
  return told;
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
  const contexts = new Map(wanted.map((spec) => [spec.id, pagesContext(root, spec, generatorsHash)]));
  const keys = new Map(wanted.map((spec) => [spec.id, generationKey(root, spec, generatorsHash)]));
  // Pages of a description no longer listed would fail the build, each in no sidebar; its downloads
  // would still be offered.
  const unlisted =
    values.only === undefined
      ? removeUnlistedReferences(
          path.join(root, 'api/api-reference'),
          openApiSpecs.map((spec) => path.basename(referenceOutputDir(spec))),
        )
      : [];
  for (const folder of unlisted)
    console.log(
      `gen-api-docs: removed api/api-reference/${folder}/, the generated pages of a description lib/openapi/specs.ts no longer lists`,
    );
  // A description renamed keeps its folder (its id) but not its download's name: the old one goes too.
  if (unlisted.length > 0 || (values.only === undefined && holdsUnlistedDownloads(root, openApiSpecs)))
    for (const file of removeUnlistedDownloads(root, openApiSpecs))
      console.log(`gen-api-docs: removed static/openapi/${file}, a download of no listed description`);
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
  // What the pages were last generated from, before it is written again: an edit is compared with it.
  // `--force` generates every page whatever changed.
  const before = new Map(
    specs.map((spec) => [spec.id, values.force ? undefined : lastCopies(root, spec, contexts.get(spec.id)!)]),
  );
  // A generation that fails half-way leaves no key behind: the next one starts that description afresh.
  for (const spec of specs) rmSync(keyFile(root, spec), {force: true});
  // The plugin's process loads its modules while the descriptions are linted and their copies written
  // (about a second that needs nothing of them), then waits to be told to generate. If this process stops first
  // (a lint error), the child's standard input ends and it exits without a word.
  const pages = startPages(specs);
  // Redocly lints in a process of its own while this one writes the copies and the plugin generates
  // pages from them (each takes seconds on a large description), and nothing reaches the site (pages,
  // downloads, Postman files) before its verdict has passed. But for `npm start` (--only) on
  // descriptions not held strictly, whose lint stops nothing that this process could read (lintVerdictGates):
  // there the lint runs at a lower priority and its line comes after the pages (GitHub's: 5.5 s of a core).
  const gated = lintVerdictGates(specs, values.only !== undefined);
  const linting = lintDescriptionsBeside(specs, {lowPriority: !gated});
  const verdict = async () => {
    const lint = await linting;
    if (lint.lines.length > 0) console.log(lint.lines.join('\n'));
    if (!lint.failed) return;
    if (!gated) {
      console.warn(
        `[warning] gen-api-docs: ${lint.failed} failed: the pages follow what gen-api-docs read of ${specs.map((spec) => spec.file).join(', ')}, but npm run build stops on it`,
      );
      return;
    }
    pages.stop();
    must({status: 1, output: ''}, lint.failed);
  };
  const after = new Map<string, WrittenCopies>();
  for (const spec of specs)
    try {
      await saidWithFile(
        spec,
        async () => void after.set(spec.id, await writeSpecWithSamples(spec, generatorsHash, values.force)),
      );
    } catch (error) {
      // A description the lint finds wrong is named by its file and line, not by what its copy tripped on.
      pages.stop();
      if (gated) await verdict();
      throw error;
    }
  const told = toldCopies(specs, before, after);
  for (const spec of specs)
    rmSync(path.join(stagingRoot(root), referenceOutputDir(spec)), {recursive: true, force: true});
  // Into the staging folder, which the site does not read: the verdict is awaited before they move in.
  pages.tell(generateLine(told));
  if (gated) await verdict();
  mkdirSync(path.join(root, 'static/openapi'), {recursive: true});
  // For a build, this process writes the Postman files while the plugin generates the pages, each on a
  // core (at 2,000 operations each takes seconds). For `npm start` (--only), after the pages are in the
  // site: the open page waits for them, not for the collection (GitHub's: 7 s).
  const postmanBeside = values.only === undefined;
  const postman = postmanBeside ? writePostmanFiles(specs) : Promise.resolve();
  // Both are awaited before either outcome is acted on, so no process is left behind.
  const [pagesResult, postmanResult] = await Promise.allSettled([pages.result, postman]);
  if (postmanResult.status === 'rejected') throw postmanResult.reason;
  if (pagesResult.status === 'rejected') throw pagesResult.reason;
  must(pagesResult.value, 'generating the reference pages');
  // With the pages: the development server recompiles on any change to static/, once for both.
  for (const spec of specs)
    await saidWithFile(spec, async () =>
      // As published; a description split over many files as their one bundled file.
      writeFileSync(
        path.join(root, 'static', specDownloadPath(spec)),
        downloadableDescription(path.join(root, spec.file)),
      ),
    );
  for (const spec of specs) {
    const {written, unchanged, deleted} = replaceReferencePages(
      path.join(stagingRoot(root), referenceOutputDir(spec)),
      path.join(root, referenceOutputDir(spec)),
      {operationPagesOnly: spec.id in told},
    );
    rmSync(path.join(root, changedOperationsPath(spec)), {force: true});
    checkPagesWritten(spec, path.join(root, referenceOutputDir(spec)));
    // The development server recompiles the pages written (an edit to one operation: one page).
    if (unchanged + deleted > 0)
      console.log(
        `gen-api-docs: ${spec.file}: ${written} ${written === 1 ? 'page' : 'pages'} written, ${unchanged} unchanged, ${deleted} deleted`,
      );
  }
  if (!gated) await verdict();
  if (!postmanBeside) await writePostmanFiles(specs);
  for (const spec of specs) {
    writeFileSync(contextFile(root, spec), contexts.get(spec.id)!);
    writeFileSync(keyFile(root, spec), keys.get(spec.id)!);
  }
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
 * The plugin's gen-api-docs for these descriptions, in one child process (scripts/generate-reference-pages.ts),
 * which generates once told `generateLine`.
 */
function startPages(specs: readonly OpenApiSpec[]) {
  // One id at a time, never the plugin's `all`, which starts every description without awaiting it: a
  // failure then came out as an unhandled rejection that named no description.
  return startScript('scripts/generate-reference-pages.ts', [
    whenToldFlag,
    '--stage',
    stagingRoot(root),
    ...specs.map((spec) => spec.id),
  ]);
}

main().catch((error: unknown) => {
  console.error(`gen-api-docs: ${(error as Error).message}`);
  process.exit(1);
});
