/**
 * Writes `.br` and `.gz` beside every text file of a build, so servers send compressed bytes without
 * compressing per request (Caddy `precompressed`, nginx `brotli_static`/`gzip_static`, the Node server).
 *
 * Brotli's best quality (11) is slow (seconds per megabyte of text on one core), so it is kept for the
 * hashed assets of at least 32 KB that several pages load (the bundles), when the fast quality leaves
 * 16 KB or more of them; pages, the other assets and the chunks one page alone loads (one per API
 * operation, so their cost grows with the API: Kubernetes' 739 of 32 KB or more took 26 s of brotli
 * 11) get a faster quality. Every compressed copy is cached between builds, keyed by the content it
 * compresses: a rebuild compresses only the files that changed (a few times faster at 2,000
 * operations; bench/README.md, "Rebuilds"). The zlib calls are asynchronous, so they run side by side
 * on libuv's worker threads (UV_THREADPOOL_SIZE, default 4).
 */
import {createHash} from 'node:crypto';
import {link, mkdir, readdir, readFile, stat, unlink, writeFile} from 'node:fs/promises';
import {availableParallelism} from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import zlib from 'node:zlib';

import {eachLimited} from '../lib/each-limited';
import {writeWhole} from '../lib/write-whole';
import {compressibleExtensions, immutablePrefix, minCompressBytes} from './rules';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Brotli qualities: the best for cached assets, a fast one for pages (bench:hosting measures both). */
export const brotliQuality = {assets: 11, pages: 5} as const;

/**
 * Assets smaller than this get the pages' quality: most are one operation page's chunk each, so quality
 * 11 on them costs a third of precompression at 1,000 operations for a few per cent fewer bytes
 * (bench/README.md, "npm run bench:hosting").
 */
export const bestQualityMinBytes = 32 * 1024;

/**
 * A candidate that the pages' quality makes smaller than this keeps that copy: brotli 11 takes 7 to
 * 10% more off, under about a kilobyte a download here, for up to 60 times the CPU (Autotask's 93
 * route shards, 116 KB each but 4 KB at quality 5: 3.7 s of CPU for 25 KB in all).
 */
export const bestQualityMinCompressedBytes = 16 * 1024;

/**
 * Whether a file of the build is a candidate for brotli's best quality: a large hashed asset that is
 * not among `onePageAssets` (hosting/page-assets.ts).
 */
export const isBestQualityAsset = (
  sitePath: string,
  bytes: number,
  onePageAssets: ReadonlySet<string> = new Set(),
): boolean => sitePath.startsWith(immutablePrefix) && bytes >= bestQualityMinBytes && !onePageAssets.has(sitePath);

/**
 * Whether a file gets brotli's best quality, given the size of its copy at the pages' quality: a
 * candidate (isBestQualityAsset) that copy leaves large enough to gain on.
 */
export const getsBestQuality = (
  sitePath: string,
  bytes: number,
  fastBytes: number,
  onePageAssets: ReadonlySet<string> = new Set(),
): boolean => isBestQualityAsset(sitePath, bytes, onePageAssets) && fastBytes >= bestQualityMinCompressedBytes;

/** A `.partial` file of the cache this old was left by a build that stopped mid-write. */
export const abandonedPartialMs = 60 * 60 * 1000;

/** Where the assets' `.br` files are kept between builds. */
export const defaultCacheDir = path.resolve(__dirname, '../node_modules/.cache/orchard-precompress');

export type PrecompressStats = {
  files: number;
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
  /** Compressed copies (a file's `.br`, its `.gz`) taken from the cache. */
  cacheHits: number;
};

function brotliOptions(quality: number, size: number): zlib.BrotliOptions {
  return {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
}

/** The text files of `dir` worth compressing, as absolute paths. */
async function textFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, {recursive: true, withFileTypes: true});
  return entries
    .filter((entry) => entry.isFile() && compressibleExtensions.includes(path.extname(entry.name)))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * `files` with the best-quality assets first, largest first: brotli 11 takes seconds a megabyte, so one
 * large bundle started last would run alone on one thread while the rest of the pool sat idle.
 */
async function longestFirst(dir: string, files: string[], onePageAssets: ReadonlySet<string>): Promise<string[]> {
  const sizes = new Map<string, number>();
  await eachLimited(
    files.filter((file) => sitePathOf(dir, file).startsWith(immutablePrefix)),
    filesAtOnce,
    async (file) => {
      const {size} = await stat(file);
      if (isBestQualityAsset(sitePathOf(dir, file), size, onePageAssets)) sizes.set(file, size);
    },
  );
  const best = [...sizes.keys()].sort((one, other) => sizes.get(other)! - sizes.get(one)!);
  return [...best, ...files.filter((file) => !sizes.has(file))];
}

/** The path a site serves `file` of its build folder `dir` at (`/assets/js/main.js`). */
const sitePathOf = (dir: string, file: string) => `/${path.relative(dir, file).split(path.sep).join('/')}`;

/** Files compressed at a time: two per thread of libuv's pool keeps every thread busy while files are read and written. */
const filesAtOnce = 2 * Math.max(4, availableParallelism());

/**
 * Writes `<file>.br` and `<file>.gz` for every text file of `dir` of at least `minCompressBytes`,
 * keeping each only when it is smaller than the file; each from the cache when its content was
 * compressed before. The cache keeps only what this build used. `onePageAssets` (site paths) get the
 * pages' quality whatever their size.
 */
export async function precompress(
  dir: string,
  cacheDir = defaultCacheDir,
  onePageAssets: ReadonlySet<string> = new Set(),
): Promise<PrecompressStats> {
  const stats: PrecompressStats = {files: 0, rawBytes: 0, gzipBytes: 0, brotliBytes: 0, cacheHits: 0};
  await mkdir(cacheDir, {recursive: true});
  const files = await longestFirst(dir, await textFiles(dir), onePageAssets);
  // By cache name: two files of the same content (or a file compressed ahead) share one compression.
  const compressions = new Map<string, Promise<Compressed>>();
  await eachLimited(files, filesAtOnce, async (file) => {
    const body = await readFile(file);
    if (body.length < minCompressBytes) return;
    const [br, gz] = await compressedCopies(body, sitePathOf(dir, file), onePageAssets, cacheDir, compressions);
    stats.files += 1;
    stats.cacheHits += Number(br.fromCache) + Number(gz.fromCache);
    stats.rawBytes += body.length;
    stats.brotliBytes += Math.min(br.size, body.length);
    stats.gzipBytes += Math.min(gz.size, body.length);
    if (br.size < body.length) await placeCopy(br, `${file}.br`);
    if (gz.size < body.length) await placeCopy(gz, `${file}.gz`);
  });
  // The cache holds this build's files only: older ones would pile up build after build.
  // Not another process's file still being written (`.partial`), nor one it has just renamed away;
  // but a `.partial` an hour old is what a stopped build left (a write takes seconds at most).
  const abandonedBefore = Date.now() - abandonedPartialMs;
  for (const name of await readdir(cacheDir)) {
    if (compressions.has(name)) continue;
    const file = path.join(cacheDir, name);
    if (name.endsWith('.partial')) {
      const written = await stat(file).catch(() => undefined);
      if (!written || written.mtimeMs >= abandonedBefore) continue;
    }
    await unlink(file).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
  return stats;
}

/**
 * The `.br` and `.gz` of a file's content `body`, served at `sitePath`, from the cache or made into it:
 * brotli at the pages' quality, then at the best where the file is a candidate and that copy is still
 * large. `compressions` holds this run's, by cache name.
 */
async function compressedCopies(
  body: Buffer,
  sitePath: string,
  onePageAssets: ReadonlySet<string>,
  cacheDir: string,
  compressions: Map<string, Promise<Compressed>>,
): Promise<[Compressed, Compressed]> {
  const hash = contentHash(body);
  const cached = (name: string, compress: () => Promise<Buffer>) => {
    let compression = compressions.get(name);
    if (!compression) compressions.set(name, (compression = intoCache(path.join(cacheDir, name), compress)));
    return compression;
  };
  const fast = cached(`${hash}.q${brotliQuality.pages}.br`, () =>
    brotli(body, brotliOptions(brotliQuality.pages, body.length)),
  );
  return Promise.all([
    fast.then((copy) =>
      getsBestQuality(sitePath, body.length, copy.size, onePageAssets)
        ? cached(cacheName(hash), () => brotli(body, brotliOptions(brotliQuality.assets, body.length)))
        : copy,
    ),
    cached(`${hash}.gz`, () => gzip(body, {level: 9})),
  ]);
}

/**
 * Fills the cache with the compressed copies of the hashed assets of `dir` (final once the bundler has
 * written them), largest first, one file at a time, until `stopped()` says so: what the build runs, at
 * the lowest priority, during the post-build steps, which leave a core idle
 * (scripts/precompress-ahead.ts), so that the hosting step finds them made. Writes nothing beside
 * the files and removes nothing from the cache.
 */
export async function compressAhead(
  dir: string,
  cacheDir = defaultCacheDir,
  onePageAssets: ReadonlySet<string> = new Set(),
  stopped: () => boolean = () => false,
): Promise<number> {
  await mkdir(cacheDir, {recursive: true});
  const assets = (await textFiles(dir)).filter((file) => sitePathOf(dir, file).startsWith(immutablePrefix));
  const compressions = new Map<string, Promise<Compressed>>();
  let compressed = 0;
  for (const file of await longestFirst(dir, assets, onePageAssets)) {
    if (stopped()) break;
    const body = await readFile(file);
    if (body.length < minCompressBytes) continue;
    await compressedCopies(body, sitePathOf(dir, file), onePageAssets, cacheDir, compressions);
    compressed += 1;
  }
  return compressed;
}

/** A compressed copy in the cache: its file, its size, whether an earlier build had made it. */
type Compressed = {cached: string; size: number; fromCache: boolean};

/**
 * The cache's file `cached`, made by `compress` when no build has made it yet, whole or not at all (a
 * build stopped mid-write leaves no half file).
 */
async function intoCache(cached: string, compress: () => Promise<Buffer>): Promise<Compressed> {
  const found = await stat(cached).catch(() => undefined);
  if (found) return {cached, size: found.size, fromCache: true};
  const bytes = await compress();
  await writeWhole(cached, bytes);
  return {cached, size: bytes.length, fromCache: false};
}

/**
 * Puts the compressed copy at `target` as a hard link to the cache's file: no second write of its
 * bytes (a large site has thousands of copies: seconds of writing). Nothing writes into a
 * built file in place (a build starts from an empty folder, and an existing target is unlinked
 * first), so the cache's file cannot change through the link. Where the two are on different file
 * systems, it writes the bytes instead.
 */
async function placeCopy(copy: Compressed, target: string): Promise<void> {
  await unlink(target).catch(() => undefined);
  try {
    await link(copy.cached, target);
  } catch {
    await writeFile(target, await readFile(copy.cached));
  }
}

const contentHash = (body: Buffer) => createHash('sha256').update(body).digest('hex');

/** The cache's file for an asset's best-quality `.br`, named by the hash of its content. */
const cacheName = (hash: string) => `${hash}.br`;
