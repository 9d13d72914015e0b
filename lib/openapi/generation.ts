/**
 * What `npm run gen-api-docs` (scripts/gen-api-docs.ts) decides before and after the OpenAPI plugin
 * generates a description's reference pages: the pages to delete first, whether it wrote them all,
 * which descriptions `--only` names, and when a description's pages are still up to date (its
 * generation key). Also the sandbox a generated copy offers beside an operation's own servers.
 */
import {createHash} from 'node:crypto';
import {existsSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import path from 'node:path';

import {loadSpec, operationEntries, operationsOf, repoRoot, type Document} from '.';
import {descriptionFiles} from './bundle';
import {readChangelogs} from './changelog';
import {lastChangedDate} from './history';
import {pluginSpecPath} from './plugin-options';
import {postmanCollectionPath, postmanEnvironmentsOf} from './postman';
import {
  generatedSpecPath,
  openApiSpecs,
  referenceSidebarModule,
  specDownloadPath,
  type OpenApiSpec,
} from './specs';
import {listedSandboxServer, type addedSandboxServer} from '../sandbox/servers';

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
    generatedSpecPath(spec),
    pluginSpecPath(spec),
    `static${specDownloadPath(spec)}`,
    `static${postmanCollectionPath(spec)}`,
    `${referenceSidebarModule(spec)}.ts`,
    ...postmanEnvironmentsOf(spec).map((environment) => `static${environment.file}`),
  ];
}

/**
 * The generation key of one description: its YAML (every file of a description split over many, so
 * that an edit to any of them generates it again), and what generation reads besides (`generatorsHash`).
 */
export function generationKey(dir: string, spec: OpenApiSpec, generatorsHash: string): string {
  const hash = createHash('sha256').update(generatorsHash);
  for (const file of descriptionFiles(path.join(dir, spec.file)))
    hash.update(`${path.relative(dir, file)}\0`).update(existsSync(file) ? readFileSync(file) : '\0missing\0');
  return (
    hash
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
