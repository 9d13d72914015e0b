/**
 * What `npm run gen-api-docs` (scripts/gen-api-docs.ts) decides before and after the OpenAPI plugin
 * generates a description's reference pages: where they are written first and which of them replace
 * the pages before, whether it wrote them all, which descriptions `--only` names, and when a
 * description's pages are still up to date (its generation key). Also the sandbox a generated copy offers beside an operation's own servers.
 */
import {createHash} from 'node:crypto';
import {existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import {httpMethods, loadSpec, operationEntries, operationsOf, repoRoot, type Document} from '.';
import {descriptionFiles} from './bundle';
import {readChangelogs} from './changelog';
import type {MarkdownMemo} from './descriptions';
import {lastChangedDate} from './history';
import {pluginSpecPath} from './plugin-options';
import {collectionBeside, postmanCollectionPath, postmanEnvironmentsOf} from './postman';
import {
  generatedSpecPath,
  openApiSpecs,
  referenceSidebarModule,
  specDownloadPath,
  type OpenApiSpec,
  type OpenApiSpecEntry,
} from './specs';
import {listedSandboxServer, type addedSandboxServer} from '../sandbox/servers';

/**
 * The files docusaurus-plugin-openapi-docs generates into a reference folder, as its clean-api-docs
 * command finds them (at the folder's top level, and its schemas/ folder); hand-written files stay.
 */
const generatedReferenceFile = /\.(?:api|info|tag)\.mdx$|^sidebar\.[jt]s$|^(?!versions\.json$).*\.json$/;

/** A file of a reference folder (relative to it) that the plugin generates: a page, the sidebar, data, `schemas/`. */
const isGeneratedReferenceFile = (file: string) =>
  file.startsWith(`schemas${path.sep}`) || (!file.includes(path.sep) && generatedReferenceFile.test(file));

/**
 * Where the plugin writes a description's pages first (scripts/generate-reference-pages.ts --stage):
 * a folder with the site's layout, outside the folders the development server watches.
 */
export const stagingRoot = (root: string) => path.join(root, '.generated/staging');

/** The files under `dir`, as paths relative to it. */
const filesUnder = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, {withFileTypes: true, recursive: true})
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    : [];

/** An operation's page, as the plugin names it, at the top of a reference folder. */
const operationPage = /^[^/\\]+\.api\.mdx$/;

/**
 * Puts the pages generated into `staged` in their folder `dir`: a file whose bytes are the same is
 * left as it is, a changed or new one moved in, and a generated file that `staged` no longer has
 * deleted (hand-written files stay). Deleting and writing every page of a large description at each
 * edit had the development server's watcher read the folder mid-change until it ran out of file
 * handles (EMFILE, GitHub's 1,125 pages) and stop; now an edit to one operation touches one page.
 * `operationPagesOnly`: `staged` was generated from some operations only (pagesToGenerate), so only
 * their pages are taken from it and nothing is deleted. Returns what it did; `staged` is gone after.
 */
export function replaceReferencePages(staged: string, dir: string, {operationPagesOnly = false} = {}) {
  const stagedFiles = filesUnder(staged).filter((file) => !operationPagesOnly || operationPage.test(file));
  const kept = new Set(stagedFiles);
  let written = 0;
  for (const file of stagedFiles) {
    const target = path.join(dir, file);
    if (existsSync(target) && readFileSync(target).equals(readFileSync(path.join(staged, file)))) continue;
    mkdirSync(path.dirname(target), {recursive: true});
    renameSync(path.join(staged, file), target);
    written += 1;
  }
  const stale = operationPagesOnly
    ? []
    : filesUnder(dir).filter((file) => !kept.has(file) && isGeneratedReferenceFile(file));
  for (const file of stale) rmSync(path.join(dir, file));
  rmSync(staged, {recursive: true, force: true});
  const compared = operationPagesOnly ? filesUnder(dir).filter((file) => operationPage.test(file)).length : stagedFiles.length;
  return {written, unchanged: compared - written, deleted: stale.length};
}

/**
 * Removes the reference folders under `referenceRoot` (api/api-reference) not among `referenceIds`,
 * which no listed description generates any longer (a description taken out of lib/openapi/specs.ts, or its referenceId changed):
 * their pages, in no sidebar, would fail the build page by page. Only a folder that holds nothing but
 * generated files goes (the plugin's pages, sidebar and data, its `schemas/`): one a maintainer put
 * anything else in is kept. Returns the folders removed, relative to `referenceRoot`.
 */
export function removeUnlistedReferences(referenceRoot: string, referenceIds: readonly string[]): string[] {
  if (!existsSync(referenceRoot)) return [];
  const listed = new Set(referenceIds);
  const removed: string[] = [];
  for (const entry of readdirSync(referenceRoot, {withFileTypes: true})) {
    if (!entry.isDirectory() || listed.has(entry.name)) continue;
    const dir = path.join(referenceRoot, entry.name);
    if (!filesUnder(dir).every(isGeneratedReferenceFile)) continue;
    rmSync(dir, {recursive: true, force: true});
    removed.push(entry.name);
  }
  return removed;
}

/**
 * Whether static/openapi holds a description's download or Postman collection that no entry of `specs`
 * writes: one taken out of the list, or whose file was renamed (its download is named after the file),
 * which the site would still serve. Named without reading any description, so gen-api-docs can ask on
 * every run; environments, which are named after a description's servers, are left to
 * removeUnlistedDownloads.
 */
export function holdsUnlistedDownloads(root: string, specs: readonly Pick<OpenApiSpecEntry, 'id' | 'file'>[]): boolean {
  const downloadsDir = path.join(root, 'static/openapi');
  if (!existsSync(downloadsDir)) return false;
  const written = new Set(
    specs.map(specDownloadPath).flatMap((download) => [download, collectionBeside(download)].map((file) => path.basename(file))),
  );
  return filesUnder(downloadsDir).some((file) => !written.has(file) && !file.endsWith('.postman_environment.json'));
}

/**
 * Removes from `downloadsDir` (static/openapi) each file that no entry of `specs` writes there (its
 * download, its Postman collection and environments): a description taken out of the list would still
 * be offered for download. Returns the names removed. Reads every listed description (for its
 * environments), so gen-api-docs calls it only when it has removed a description's pages or
 * holdsUnlistedDownloads finds one.
 */
export function removeUnlistedDownloads(root: string, specs: readonly OpenApiSpec[]): string[] {
  const downloadsDir = path.join(root, 'static/openapi');
  if (!existsSync(downloadsDir)) return [];
  const written = new Set(
    specs.flatMap(generationOutputs).map((file) => path.relative(downloadsDir, path.join(root, file))),
  );
  const removed = filesUnder(downloadsDir).filter((file) => !written.has(file));
  for (const file of removed) rmSync(path.join(downloadsDir, file));
  return removed;
}

/** Where gen-api-docs writes the plugin's copy with only the operations an edit changed (withOnlyOperations). */
export const changedOperationsPath = (spec: OpenApiSpec) => pluginSpecPath(spec).replace(/\.plugin\.json$/, '.changed.plugin.json');

/** An operation of the plugin's copy, by its path and method there. */
export type OperationKey = {path: string; method: string};

type PluginCopy = {paths?: Record<string, Record<string, unknown>>} & Record<string, unknown>;

/** What an operation's own page, its sidebar entry and its page's name are made from besides its text. */
const namingFields = ['operationId', 'summary', 'tags', 'deprecated', 'x-position'] as const;
const isMethod = (key: string) => (httpMethods as readonly string[]).includes(key);
const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value) ?? '').digest('base64');

/**
 * What changedOperations tells apart in a copy, without the copy: a digest of everything but its paths
 * (its info, tags, servers, components, webhooks), and for each path, in order, each field's digest
 * and each operation's naming fields. An edit is compared with the last generation's parts, kept
 * beside its copies (partsFile), which are not read again (GitHub's: 32 MB, 1.5 s of each edit).
 */
export type CopyParts = {rest: string; paths: [string, [key: string, digest: string, naming?: string][]][]};

export function copyParts(copy: PluginCopy): CopyParts {
  return {
    rest: digest({...copy, paths: null}),
    paths: Object.entries(copy.paths ?? {}).map(([pathName, item]) => [
      pathName,
      Object.entries(item).map(([key, value]) =>
        isMethod(key)
          ? [key, digest(value), digest(Object.fromEntries(namingFields.map((field) => [field, (value as Record<string, unknown>)[field]])))]
          : [key, digest(value)],
      ),
    ]),
  };
}

/**
 * The operations of the plugin's copy `after` that differ from `before`'s when nothing else does: the
 * same paths and methods in the same order, every other field of the copy the same (its info, tags,
 * servers, components, webhooks, each path's own fields), and each changed operation named and placed
 * as before (namingFields). Only those operations' pages can differ then, and only they need
 * generating. Undefined when anything else changed: every page is generated. Each copy is given by
 * its parts (copyParts).
 */
export function changedOperations(was: CopyParts, now: CopyParts): OperationKey[] | undefined {
  if (was.rest !== now.rest || was.paths.length !== now.paths.length) return undefined;
  const changed: OperationKey[] = [];
  for (const [index, [pathName, fields]] of now.paths.entries()) {
    const [beforePath, beforeFields] = was.paths[index]!;
    if (beforePath !== pathName || beforeFields.length !== fields.length) return undefined;
    for (const [at, [key, value, naming]] of fields.entries()) {
      const [beforeKey, beforeValue, beforeNaming] = beforeFields[at]!;
      if (beforeKey !== key) return undefined;
      if (beforeValue === value) continue;
      if (!isMethod(key) || beforeNaming !== naming) return undefined;
      changed.push({path: pathName, method: key});
    }
  }
  return changed;
}

/**
 * The plugin's copy with only `operations` (and their paths' own fields) in its paths, and no webhooks
 * (callbacks included, which the copy holds as webhooks): what generates their pages. An operation's
 * page is made from the operation alone; the webhooks' pages would be written for nothing (GitHub's
 * hundreds took seconds of each edit under `npm start`), as only operation pages are moved in.
 */
export function withOnlyOperations(copy: PluginCopy, operations: readonly OperationKey[]): PluginCopy {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [pathName, item] of Object.entries(copy.paths ?? {})) {
    const kept = Object.entries(item).filter(
      ([key]) => !isMethod(key) || operations.some((each) => each.path === pathName && each.method === key),
    );
    if (kept.some(([key]) => isMethod(key))) paths[pathName] = Object.fromEntries(kept);
  }
  const {webhooks: _webhooks, ...rest} = copy;
  return {...rest, paths};
}

/**
 * Fails naming the description when the plugin wrote fewer pages than it has operations and webhooks
 * (callbacks are webhooks in the copy it reads): a description it cannot read gets a warning from it
 * and no pages, and the build would carry on without them.
 */
export function checkPagesWritten(spec: OpenApiSpec, dir: string): void {
  const doc = loadSpec(spec, {generated: true});
  const webhookPages = Object.values(doc.webhooks ?? {}).flatMap((item) => operationEntries(item));
  const expected = operationsOf(spec, doc).length + webhookPages.length;
  const written = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.api.mdx')).length : 0;
  if (written < expected)
    throw new Error(
      `${spec.file}: the OpenAPI plugin wrote ${written} of its ${expected} operation and webhook pages into ${path.relative(repoRoot, dir)} (see its warning above)`,
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
export const keyFile = (dir: string, spec: OpenApiSpec) => path.join(dir, '.generated', `${spec.id}.key`);

/** What a description's generation writes: with its key unchanged, all of them must be there to be kept. */
export function generationOutputs(spec: OpenApiSpec): string[] {
  return [
    ...pageOutputs(spec),
    `static${specDownloadPath(spec)}`,
    `static${postmanCollectionPath(spec)}`,
    // Its environments are named after its servers, which it reads (GitHub's: 0.4 s).
    ...postmanEnvironmentsOf(spec).map((environment) => `static${environment.file}`),
  ];
}

/** The outputs of a description's generation that its pages are made from (its copies) and with (the sidebar). */
const pageOutputs = (spec: OpenApiSpec) => [
  generatedSpecPath(spec),
  pluginSpecPath(spec),
  `${referenceSidebarModule(spec)}.ts`,
];

/**
 * What a description's pages are made from besides the description: the generator (`generatorsHash`),
 * the date the description last changed and its changelog (the pages show both: commits change them).
 */
export function pagesContext(dir: string, spec: OpenApiSpec, generatorsHash: string): string {
  return createHash('sha256')
    .update(generatorsHash)
    .update(`\0${lastChangedDate(dir, spec.file) ?? ''}\0`)
    .update(JSON.stringify(readChangelogs(dir)?.find((log) => log.spec.id === spec.id) ?? null))
    .digest('hex');
}

/**
 * The generation key of one description: its YAML (every file of a description split over many, so
 * that an edit to any of them generates it again), and what its pages are made from besides (pagesContext).
 */
export function generationKey(dir: string, spec: OpenApiSpec, generatorsHash: string): string {
  const hash = createHash('sha256').update(pagesContext(dir, spec, generatorsHash));
  for (const file of descriptionFiles(path.join(dir, spec.file)))
    hash.update(`${path.relative(dir, file)}\0`).update(existsSync(file) ? readFileSync(file) : '\0missing\0');
  return hash.digest('hex');
}

/** Where the descriptions the last generation of a description made Markdown are kept, beside its key. */
export const markdownMemoFile = (dir: string, spec: OpenApiSpec) => path.join(dir, '.generated', `${spec.id}.markdown.json`);

type SavedMemo = {generator: string; linkBase: string | null; made: [string, string][]};

/**
 * What the last generation of `spec` made Markdown of its descriptions (cleanDescriptions), when the
 * same generator made it against the same `linkBase`: GitHub's 500 parsed descriptions took 1.6 s of
 * each edit under `npm start`. Empty otherwise, or when the file cannot be read.
 */
export function lastMarkdownMemo(dir: string, spec: OpenApiSpec, generatorsHash: string): MarkdownMemo {
  try {
    const saved = JSON.parse(readFileSync(markdownMemoFile(dir, spec), 'utf8')) as SavedMemo;
    if (saved.generator === generatorsHash && saved.linkBase === (spec.linkBase ?? null)) return new Map(saved.made);
  } catch {
    // None kept yet, or a file cut short: every description is parsed.
  }
  return new Map();
}

/** Keeps what this generation made Markdown, for the next (lastMarkdownMemo). */
export function keepMarkdownMemo(dir: string, spec: OpenApiSpec, generatorsHash: string, made: MarkdownMemo): void {
  const saved: SavedMemo = {generator: generatorsHash, linkBase: spec.linkBase ?? null, made: [...made]};
  writeFileSync(markdownMemoFile(dir, spec), JSON.stringify(saved));
}

/** Where the pages context of a description's last whole generation is kept, beside its key. */
export const contextFile = (dir: string, spec: OpenApiSpec) => path.join(dir, '.generated', `${spec.id}.context`);

/** The parts (copyParts) of the two copies a description's pages were generated from: the generated copy and the plugin's. */
export type LastCopies = {generated: CopyParts; plugin: CopyParts};

/** Where the parts of a description's two copies are kept, beside its key (keepCopyParts). */
export const partsFile = (dir: string, spec: OpenApiSpec) => path.join(dir, '.generated', `${spec.id}.parts.json`);

/** Keeps the parts of the copies just written, for the next generation to compare its own with (lastCopies). */
export function keepCopyParts(dir: string, spec: OpenApiSpec, parts: LastCopies): void {
  writeFileSync(partsFile(dir, spec), JSON.stringify(parts));
}

/**
 * The parts of the copies the pages in `dir` were generated from, when that generation finished (its
 * key is there) in the same pages context and its pages are all there: what an edit is compared with,
 * so that only the operations it changed are generated again (pagesToGenerate). Undefined otherwise.
 * Read before the copies are written again.
 */
export function lastCopies(dir: string, spec: OpenApiSpec, context: string): LastCopies | undefined {
  const file = contextFile(dir, spec);
  if (!existsSync(keyFile(dir, spec)) || !existsSync(file) || readFileSync(file, 'utf8') !== context) return undefined;
  // The rest (the download, the Postman files) is written again whatever the edit.
  if (!pageOutputs(spec).every((output) => existsSync(path.join(dir, output)))) return undefined;
  try {
    return JSON.parse(readFileSync(partsFile(dir, spec), 'utf8')) as LastCopies;
  } catch {
    // None kept (a generation before the parts were), or a file cut short: every page is generated.
    return undefined;
  }
}

/**
 * The operations of the plugin's copy whose pages an edit can have changed, given the copies' parts
 * before and after it: every operation of each path where either copy changed (changedOperations), or
 * undefined when more than operations changed, or no last copies are known (every page is generated).
 * The generated copy is compared too: a page reads parts of it (its streamed events) the plugin's does
 * not hold.
 */
export function pagesToGenerate(before: LastCopies | undefined, after: LastCopies): OperationKey[] | undefined {
  if (!before) return undefined;
  const inGenerated = changedOperations(before.generated, after.generated);
  const inPlugin = changedOperations(before.plugin, after.plugin);
  if (!inGenerated || !inPlugin) return undefined;
  const paths = new Set([...inGenerated, ...inPlugin].map((each) => each.path));
  return after.plugin.paths
    .filter(([pathName]) => paths.has(pathName))
    .flatMap(([pathName, fields]) => fields.filter(([key]) => isMethod(key)).map(([method]) => ({path: pathName, method})));
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

/**
 * The sandbox added to the servers of every operation and path that lists servers of its own (Stripe's
 * uploads, on files.stripe.com): the explorer offers an operation its own list, which would otherwise
 * leave it no sandbox to send to. Marked `x-sandbox`, so the samples still name the operation's server.
 */
export function withSandboxBesideOwnServers(doc: Document, sandbox: ReturnType<typeof addedSandboxServer>): void {
  for (const item of Object.values(doc.paths ?? {}))
    for (const holder of [item, ...operationEntries(item).map(([, operation]) => operation)])
      if (holder?.servers?.length && !listedSandboxServer(holder)) holder.servers = [...holder.servers, sandbox];
}
