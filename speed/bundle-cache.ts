/**
 * The bundler's output of the last build, reused when nothing it read has changed: a rebuild of an
 * unchanged site skips bundling (tens of seconds at 2,000 operations). Rspack's own persistent cache
 * would do more (it recompiles only the modules that changed) but holds more memory at the end of a
 * 2,000-operation build, enough to take its peak past the 3 GB the build must stay within (bench/README.md,
 * "Rebuilds"); this keeps a record instead, written when the bundler has finished:
 * - what the bundler read: every file of both compilations (their content hashed; packages' files are
 *   covered by the lockfile), the files it looked for and did not find, the folders whose listing it
 *   read;
 * - what shapes how it read them: the bundler configurations themselves (plugins and loaders with
 *   their options, functions by their source), the site's tooling (plugins/, lib/, the config, the
 *   lockfile) and the environment variables that steer a build;
 * - what it wrote: every file it emitted, and the browser bundle's manifest (written by a plugin of
 *   Docusaurus', beside the generated files), linked into the cache.
 * When every recorded input is as it was, those files are linked back instead of bundling; when any
 * differs, Docusaurus bundles as always and the record is made anew. `SPEED_OFF=bundle-cache` bundles
 * every time. tests/scale/smoke.test.ts rebuilds unchanged and after an edit and checks which way
 * each went, and that the reused build is byte for byte the one it was made from.
 */
import {createHash} from 'node:crypto';
import {existsSync, readdirSync, statSync} from 'node:fs';
import {copyFile, link, mkdir, readFile, rm} from 'node:fs/promises';
import {createRequire} from 'node:module';
import path from 'node:path';

import type {LoadContext, Plugin} from '@docusaurus/types';

import {eachLimited} from '../lib/each-limited';
import {inputsHash} from '../lib/inputs-hash';
import {writeWhole} from '../lib/write-whole';

/** Bump when the record's shape or what it covers changes. */
const cacheFormat = 1;
/** Where a site keeps its last bundle between builds (beside Docusaurus' own caches). */
export const bundleCacheDir = (siteDir: string) => path.join(siteDir, 'node_modules/.cache/orchard-bundle');

/** The site's own files that shape the bundler's configuration or loaders (from the site's folder). */
export const bundlerToolingInputs = [
  'plugins',
  'lib',
  // Its own loaders (operation-past-mdx-loader.ts) are read by the bundler, not bundled.
  'speed',
  'docusaurus.config.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
] as const;

/** Environment variables that change what a build bundles. */
const bundlingEnv = ['NODE_ENV', 'SPEED_OFF', 'BROWSERSLIST', 'BROWSERSLIST_ENV', 'BABEL_ENV'];

const coreRequire = createRequire(require.resolve('@docusaurus/core/package.json'));

type Compilation = {
  outputOptions: {path?: string};
  fileDependencies: Iterable<string>;
  missingDependencies: Iterable<string>;
  contextDependencies: Iterable<string>;
};
type CompileArgs = {configs: unknown[]; currentBundler: unknown};
type Compile = (args: CompileArgs) => Promise<{stats: {compilation: Compilation}[]} | undefined>;

/** What the cache records of one bundling; paths relative to the site's folder. */
type BundleRecord = {
  key: string;
  inputs: [file: string, hash: string][];
  missing: string[];
  folders: [folder: string, listing: string][];
  /** Each file the bundler wrote, with the size and modification time of its copy in the cache. */
  outputs: [file: string, size: number, modified: number][];
};

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * A stable text of a bundler configuration: plain values as JSON, functions by their source, class
 * instances (plugins) by class name and fields, object keys sorted; a value met again is not followed.
 */
export function configFingerprint(value: unknown, seen = new WeakSet<object>()): string {
  if (value === undefined) return 'undefined';
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'function') return `function ${value.toString()}`;
    if (typeof value === 'bigint' || typeof value === 'symbol') return String(value);
    return JSON.stringify(value);
  }
  if (value instanceof RegExp) return value.toString();
  if (seen.has(value)) return '[seen]';
  seen.add(value);
  if (Array.isArray(value)) return `[${value.map((item) => configFingerprint(item, seen)).join(',')}]`;
  if (value instanceof Map || value instanceof Set)
    return `${value.constructor.name}${configFingerprint([...value], seen)}`;
  const fields = Object.keys(value)
    .sort()
    .map((field) => `${JSON.stringify(field)}:${configFingerprint((value as Record<string, unknown>)[field], seen)}`);
  return `${value.constructor?.name ?? 'Object'}{${fields.join(',')}}`;
}

/** Whether `file` is a package's (covered by the lockfile rather than by its content). */
const inPackages = (file: string) => file.split(path.sep).includes('node_modules');

/** A folder's listing, every level of it: the bundler may read a folder whole (the static files' copy). */
const listingOf = (folder: string) =>
  existsSync(folder) ? sha256(readdirSync(folder, {recursive: true, encoding: 'utf8'}).sort().join('\n')) : 'missing';

/** The sha256 of each file, read a few at a time (off the main thread). */
async function hashesOf(files: readonly string[]): Promise<string[]> {
  const hashes: string[] = [];
  await eachLimited(
    files.map((file, index) => ({file, index})),
    16,
    async ({file, index}) => {
      hashes[index] = sha256(await readFile(file));
    },
  );
  return hashes;
}

/**
 * Whether the record still holds: every input's content, every missing file still missing, every
 * listing, and the cache's copies as they were written (a copy is a link to the build's file: one
 * written through since would show in its size or time).
 */
async function isCurrent(record: BundleRecord, siteDir: string, filesDir: string, key: string): Promise<boolean> {
  if (record.key !== key) return false;
  const at = (file: string) => path.resolve(siteDir, file);
  if (!record.missing.every((file) => !existsSync(at(file)))) return false;
  if (!record.folders.every(([folder, listing]) => listingOf(at(folder)) === listing)) return false;
  if (!record.inputs.every(([file]) => existsSync(at(file)))) return false;
  const intact = record.outputs.every(([file, size, modified]) => {
    const copy = statSync(path.join(filesDir, file), {throwIfNoEntry: false});
    return copy?.size === size && copy.mtimeMs === modified;
  });
  if (!intact) return false;
  const hashes = await hashesOf(record.inputs.map(([file]) => at(file)));
  return record.inputs.every(([, hash], index) => hashes[index] === hash);
}

/** Every file under `dir`, as absolute paths. */
const filesUnder = (dir: string) =>
  existsSync(dir)
    ? readdirSync(dir, {recursive: true, withFileTypes: true})
        .filter((entry) => entry.isFile())
        .map((entry) => path.join(entry.parentPath, entry.name))
    : [];

/**
 * Puts `files` (relative to `from`) at the same places under `to` as hard links, a few at a time: the
 * bundle is not written twice (4,000 files at 2,000 operations). Nothing writes into a bundle file in
 * place (Docusaurus empties the output folder before each build; the steps after bundling write files
 * of their own), and the record notices one written through a link anyway. Where the two folders are
 * on different file systems, a copy.
 */
async function linkAll(files: readonly string[], from: string, to: string): Promise<void> {
  await eachLimited(files, 16, async (file) => {
    const target = path.join(to, file);
    await mkdir(path.dirname(target), {recursive: true});
    await rm(target, {force: true});
    await link(path.join(from, file), target).catch(() => copyFile(path.join(from, file), target));
  });
}

/**
 * Docusaurus' compile with the cache: the recorded output copied back when the record is current,
 * otherwise Docusaurus' own compile, then recorded. `clientManifest` is the file Docusaurus' manifest
 * plugin writes outside the bundler's output.
 */
export function cachedCompile(
  compile: Compile,
  {
    siteDir,
    clientManifest,
    cacheDir = bundleCacheDir(siteDir),
  }: {siteDir: string; clientManifest: string; cacheDir?: string},
): Compile {
  return async (args) => {
    const started = performance.now();
    const key = sha256(
      JSON.stringify({
        cacheFormat,
        configs: sha256(configFingerprint(args.configs)),
        tooling: inputsHash(siteDir, bundlerToolingInputs),
        env: bundlingEnv.map((name) => process.env[name] ?? ''),
      }),
    );
    const recordFile = path.join(cacheDir, 'record.json');
    const filesDir = path.join(cacheDir, 'files');
    const record = existsSync(recordFile)
      ? (JSON.parse(await readFile(recordFile, 'utf8')) as BundleRecord)
      : undefined;
    if (record && (await isCurrent(record, siteDir, filesDir, key))) {
      await linkAll(
        record.outputs.map(([file]) => file),
        filesDir,
        siteDir,
      );
      console.log(
        `[bundle cache] nothing the bundler read has changed: its ${record.outputs.length} files taken from the cache in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      return undefined;
    }
    // Docusaurus' manifest plugin writes its file in place: not through a link to the cache's copy.
    await rm(clientManifest, {force: true});
    const result = await compile(args);
    const relative = (file: string) => path.relative(siteDir, file);
    const compilations = result?.stats.map((stats) => stats.compilation) ?? [];
    // What the bundler wrote: Docusaurus empties the output folder before bundling, and nothing else
    // writes there meanwhile (read from the disk: the compilation's assets would be loaded into memory).
    const outputs = [
      ...new Set([
        ...compilations.flatMap((compilation) => filesUnder(compilation.outputOptions.path ?? '').map(relative)),
        relative(clientManifest),
      ]),
    ].sort();
    // A build written outside the site's folder is not cached: the record's paths are the site's.
    if (outputs.some((file) => file.startsWith('..') || path.isAbsolute(file))) return result;
    const files = (pick: (compilation: Compilation) => Iterable<string>) =>
      [...new Set(compilations.flatMap((compilation) => [...pick(compilation)]))]
        .filter((file) => !inPackages(file))
        .sort();
    const inputs = files((compilation) => compilation.fileDependencies).filter(
      (file) => existsSync(file) && statSync(file).isFile(),
    );
    const hashes = await hashesOf(inputs);
    await rm(cacheDir, {recursive: true, force: true});
    await linkAll(outputs, siteDir, filesDir);
    const fresh: BundleRecord = {
      key,
      inputs: inputs.map((file, index) => [relative(file), hashes[index]!]),
      missing: files((compilation) => compilation.missingDependencies).map(relative),
      folders: files((compilation) => compilation.contextDependencies).map((folder) => [
        relative(folder),
        listingOf(folder),
      ]),
      outputs: outputs.map((file) => {
        const copy = statSync(path.join(filesDir, file));
        return [file, copy.size, copy.mtimeMs];
      }),
    };
    // The record last, so that a build stopped while linking leaves no record of a half cache.
    await writeWhole(recordFile, Buffer.from(JSON.stringify(fresh)));
    return result;
  };
}

let installed = false;

export default function bundleCachePlugin(context: LoadContext): Plugin {
  if (process.env.NODE_ENV === 'production' && !installed) {
    installed = true;
    // Docusaurus' build reads `compile` from this module at each call.
    const compiler = coreRequire('@docusaurus/bundler/lib/compiler') as {compile: Compile};
    compiler.compile = cachedCompile(compiler.compile, {
      siteDir: context.siteDir,
      // Where Docusaurus' client configuration has its manifest plugin write (webpack/client.js).
      clientManifest: path.join(context.generatedFilesDir, 'client-manifest.json'),
    });
  }
  return {name: 'bundle-cache'};
}
