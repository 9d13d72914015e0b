/**
 * The offline search theme (@easyops-cn/docusaurus-search-local), its index built on every core.
 * The theme's postBuild step parses every page's HTML with cheerio, one page after another in the
 * main thread: about 20 s of CPU at 2,000 operations, while the other core has little left to do.
 * For a site of `workersFromPages` pages or more, this wrapper parses the pages first, with the
 * theme's own `parse` function, in worker threads (a share of the pages each), then runs the theme's
 * own postBuild, whose call to `parse` for each page is answered with the result a worker got for it.
 * Same function, same input: the same index, byte for byte (tests/slow/search-index.test.ts builds a
 * site's index both ways and compares). The workers have cheerio parse with htmlparser2
 * (`withHtmlParser2`, below). Everything else of the theme (its search bar, page, options) is the
 * theme's, unchanged.
 */
import {createHash} from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import {readFile} from 'node:fs/promises';
import {availableParallelism} from 'node:os';
import path from 'node:path';
import {inspect} from 'node:util';
import {deserialize, serialize} from 'node:v8';
import {threadId} from 'node:worker_threads';

import type {LoadContext, Plugin, PluginModule, Props} from '@docusaurus/types';
import type {PluginOptions} from '@easyops-cn/docusaurus-search-local';
import type * as ThemeParse from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/parse';
import type {ParsedDocument, ParseOptions} from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/parse';
import {processDocInfos} from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/processDocInfos';
import {processPluginOptions} from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/processPluginOptions';

import {inputsHash} from '../lib/inputs-hash';
import {searchWorkerShims} from '../lib/search-worker-shims';
import {generationFinished} from './generation-gate';
import {runInWorker} from './in-worker';

/** The theme's server side, as published (the package types its options only). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const searchLocal = require('@easyops-cn/docusaurus-search-local') as {
  default: (context: LoadContext, options: PluginOptions) => Plugin;
  validateOptions: NonNullable<PluginModule['validateOptions']>;
};

// The module object itself (not a copy of its export): the theme calls `parse` through it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const parseModule = require('@easyops-cn/docusaurus-search-local/dist/server/server/utils/parse') as {
  parse: typeof ThemeParse.parse;
};

// cheerio's `load`, which its index module reads from this module at each call.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const cheerioLoadModule = require(path.join(path.dirname(require.resolve('cheerio')), 'load-parse.js')) as {
  load: (content: unknown, options?: Record<string, unknown>, isDocument?: boolean) => unknown;
};

/**
 * Runs `work` with cheerio building documents with htmlparser2 instead of parse5. The theme's parse
 * calls `cheerio.load(html)`, whose parse5 (the HTML standard's parser) was most of indexing: 23.6 s
 * of CPU for the 2,044 pages of a 2,000-operation site, 14.1 s with htmlparser2, which builds the same
 * tree from the HTML Docusaurus writes. tests/build/search-parse.test.ts parses every page of the
 * built site both ways and fails on any difference.
 */
export function withHtmlParser2<T>(work: () => T): T {
  const parse5Load = cheerioLoadModule.load;
  cheerioLoadModule.load = (content, options, isDocument) =>
    parse5Load(content, {...options, xml: {xmlMode: false, decodeEntities: true}}, isDocument);
  try {
    return work();
  } finally {
    cheerioLoadModule.load = parse5Load;
  }
}

type PageToParse = {filePath: string; url: string; type: string};

/** Where a site keeps each page's parse between builds (beside Docusaurus' own caches). */
export const parseCacheDir = (siteDir: string) => path.join(siteDir, 'node_modules/.cache/orchard-search-parse');

/** Bump when what a cached parse holds, or what its key covers, changes. */
const parseCacheFormat = 1;

/** Where a page's parse is cached, and what it is keyed by; made in Docusaurus' thread, passed to workers. */
export type ParseCache = {dir: string; base: string};

/**
 * The cache of a site: its parses keyed by `base` besides each page, the installed packages (the
 * theme, cheerio, htmlparser2: the lockfile) and the options.
 */
export function parseCacheOf(siteDir: string, options: ParseOptions, dir = parseCacheDir(siteDir)): ParseCache {
  const base = createHash('sha256')
    .update(JSON.stringify({parseCacheFormat, options}))
    .update(inputsHash(siteDir, ['package-lock.json']))
    .digest('hex');
  return {dir, base};
}

/**
 * The browser bundle's file names in a page's script and link tags, which change with every page of
 * the site (the runtime names each page's chunk by its hash) while the parse reads neither scripts
 * nor links: a page keeps its key unless its own content changes.
 */
const bundleFileNames = /(<script[^>]*>[^<]*<\/script>|<link [^>]*>)/g;
const withoutBundleHashes = (html: string) =>
  html.replace(bundleFileNames, (tag) =>
    tag.replace(/(\/assets\/(?:js|css)\/[\w~.-]+?)\.[0-9a-f]{8}\.(js|css)/g, '$1.$2'),
  );

/** The cache file of a page's parse. */
export function parseKey(cache: ParseCache, html: string, type: string, url: string): string {
  return createHash('sha256')
    .update(JSON.stringify({base: cache.base, type, url}))
    .update(withoutBundleHashes(html))
    .digest('hex');
}

/**
 * `parse` answered from the cache when the page was parsed before, and cached otherwise; `met` hears
 * of every page's key and whether it was cached. Parses are kept as the structured clone a worker
 * sends (node:v8), not JSON, which would drop the fields the theme leaves undefined.
 */
export function cachedParse(
  parse: typeof ThemeParse.parse,
  cache: ParseCache,
  met: (key: string, cached: boolean) => void,
): typeof ThemeParse.parse {
  mkdirSync(cache.dir, {recursive: true});
  return (html, type, url, options) => {
    const key = parseKey(cache, html, type, url);
    const file = path.join(cache.dir, key);
    const cached = existsSync(file);
    met(key, cached);
    if (cached) return deserialize(readFileSync(file)) as ParsedDocument | null;
    const parsed = parse(html, type, url, options);
    // Whole or not at all: a build stopped mid-write leaves no half entry.
    const partial = `${file}.${process.pid}.${threadId}.partial`;
    writeFileSync(partial, serialize(parsed));
    renameSync(partial, file);
    return parsed;
  };
}

/** Deletes the cached parses (and indexes) no longer used. */
function keepOnly(cache: ParseCache, used: ReadonlySet<string>): void {
  for (const name of readdirSync(cache.dir)) if (!used.has(name)) rmSync(path.join(cache.dir, name), {force: true});
}

/** Parses `pages` as the theme does (a worker's share), with htmlparser2, from the cache when it can; in the order given. */
export async function parsePages({
  pages,
  options,
  cache,
}: {
  pages: PageToParse[];
  options: ParseOptions;
  cache: ParseCache;
}): Promise<{parsed: (ParsedDocument | null)[]; keys: string[]; fresh: number}> {
  const keys: string[] = [];
  let fresh = 0;
  const parse = cachedParse(
    (html, type, url, parseOptions) => withHtmlParser2(() => parseModule.parse(html, type, url, parseOptions)),
    cache,
    (key, cached) => {
      keys.push(key);
      if (!cached) fresh += 1;
    },
  );
  const parsed: (ParsedDocument | null)[] = [];
  for (const {filePath, url, type} of pages) parsed.push(parse(await readFile(filePath, 'utf8'), type, url, options));
  return {parsed, keys, fresh};
}

/** Every page's parse, by URL, from `workers` worker threads, each parsing every `workers`-th page. */
async function parseInWorkers(pages: PageToParse[], options: ParseOptions, workers: number, cache: ParseCache) {
  const shares = Array.from({length: workers}, (_, share) => pages.filter((_, index) => index % workers === share));
  const results = await Promise.all(
    shares.map((share) =>
      runInWorker<Parameters<typeof parsePages>[0], Awaited<ReturnType<typeof parsePages>>>(__filename, 'parsePages', {
        pages: share,
        options: {ignoreCssSelectors: options.ignoreCssSelectors, forceIgnoreNoIndex: options.forceIgnoreNoIndex},
        cache,
      }),
    ),
  );
  const byPage = <T>(pick: (result: (typeof results)[number]) => T[]) =>
    new Map(shares.flatMap((share, index) => share.map((page, at) => [page.url, pick(results[index]!)[at]!] as const)));
  return {
    parsed: byPage((result) => result.parsed),
    keys: byPage((result) => result.keys),
    fresh: results.reduce((sum, result) => sum + result.fresh, 0),
  };
}

/**
 * Runs the theme's `work` with each page parsed in this thread with htmlparser2, as the workers parse
 * (`withHtmlParser2` around each call, so that no other code's cheerio meets the swap between two
 * pages): at 15 operations, 59 pages, the theme's postBuild took 2.3 s of the main thread with parse5
 * and 1.8 s with htmlparser2, at the end of the build where every core is busy.
 */
async function parsedInThisThread(work: () => Promise<void> | void, cache: ParseCache): Promise<void> {
  const themeParse = parseModule.parse;
  const used = new Set<string>();
  parseModule.parse = cachedParse(
    (html, type, url, options) => withHtmlParser2(() => themeParse(html, type, url, options)),
    cache,
    (key) => used.add(key),
  );
  try {
    await work();
  } finally {
    parseModule.parse = themeParse;
  }
  keepOnly(cache, used);
}

/** The theme's index files in `outDir` (`search-index.json`, one per search context). */
const indexFiles = (outDir: string) => readdirSync(outDir).filter((name) => /^search-index.*\.json$/.test(name));

/**
 * Below this many pages the theme parses them in its own thread: starting the workers costs more than they save
 * (at 15 operations, 60 pages, the post-build steps took 0.6 s longer with them). The scale smoke's
 * 100 operations (144 pages) build with the workers.
 */
export const workersFromPages = 100;

/** `theme` with its postBuild step parsing the pages in worker threads first, from `minPages` pages on. */
export function withPagesParsedInWorkers(
  theme: Plugin,
  parseOptions: ParseOptions,
  cache: ParseCache,
  minPages = workersFromPages,
): Plugin {
  const themePostBuild = theme.postBuild!.bind(theme);
  return {
    ...theme,
    async postBuild(props) {
      const pages = processDocInfos(props as unknown as Props, parseOptions).flatMap((version) => version.paths);
      if (pages.length < minPages) return parsedInThisThread(() => themePostBuild(props), cache);
      const workers = Math.max(2, availableParallelism());
      const {parsed, keys, fresh} = await parseInWorkers(pages, parseOptions, workers, cache);
      // The index is the theme's function of the pages' parses, in order, and of its options: with
      // every parse as before, the index is the one built before, copied instead of built (lunr's
      // index of a 2,000-operation site, 3.4 s).
      const indexKey = createHash('sha256')
        // The theme's own configuration (regular expressions among its values: printed, not JSON).
        .update(inspect({base: cache.base, parseOptions, baseUrl: props.baseUrl}, {depth: Infinity, sorted: true}))
        .update(pages.map((page) => `${page.type} ${page.url} ${keys.get(page.url)!}`).join('\n'))
        .digest('hex');
      const indexList = `index-${indexKey}.json`;
      const cachedIndex = (name: string) => path.join(cache.dir, `index-${indexKey}-${name}`);
      const used = new Set([...keys.values(), indexList]);
      if (fresh === 0 && existsSync(path.join(cache.dir, indexList))) {
        const names = JSON.parse(readFileSync(path.join(cache.dir, indexList), 'utf8')) as string[];
        for (const name of names) {
          copyFileSync(cachedIndex(name), path.join(props.outDir, name));
          used.add(path.basename(cachedIndex(name)));
        }
        keepOnly(cache, used);
        console.log(`[search index] ${pages.length} pages as in the last build: its index copied from the cache`);
        return;
      }
      const themeParse = parseModule.parse;
      let answered = 0;
      parseModule.parse = (html, type, url, parseOptionsOfTheme) => {
        if (!parsed.has(url)) return themeParse(html, type, url, parseOptionsOfTheme);
        answered += 1;
        return parsed.get(url)!;
      };
      try {
        await themePostBuild(props);
      } finally {
        parseModule.parse = themeParse;
      }
      // Should a new version of the theme stop calling parse this way, the index would still be right
      // but the work done twice: say so, rather than let the build quietly slow down.
      if (answered !== pages.length)
        throw new Error(
          `plugins/search-theme.ts: the search theme took ${answered} of ${pages.length} parsed pages; its postBuild no longer calls utils/parse's export (check @easyops-cn/docusaurus-search-local's scanDocuments)`,
        );
      const names = indexFiles(props.outDir);
      for (const name of names) {
        copyFileSync(path.join(props.outDir, name), cachedIndex(name));
        used.add(path.basename(cachedIndex(name)));
      }
      writeFileSync(path.join(cache.dir, indexList), JSON.stringify(names));
      keepOnly(cache, used);
      console.log(
        `[search index] ${pages.length} pages parsed in ${workers} worker threads (${pages.length - fresh} of them in an earlier build)`,
      );
    },
  };
}

/**
 * `theme` with its search worker bounded (src/search-limits.ts): the worker's tokenize and smartQueries
 * resolve to the shims of lib/search-worker-shims.ts, which import the theme's own by their file name
 * with its extension (which the alias, an exact match of the name without it, leaves alone).
 */
export function withBoundedSearch(theme: Plugin): Plugin {
  const themeConfigure = theme.configureWebpack?.bind(theme);
  return {
    ...theme,
    configureWebpack(config, isServer, utils, content) {
      const own = themeConfigure?.(config, isServer, utils, content) ?? {};
      return {
        ...own,
        resolve: {
          ...own.resolve,
          alias: {
            ...(own.resolve?.alias as Record<string, string> | undefined),
            ...Object.fromEntries(searchWorkerShims.map(({themeModule, shim}) => [`${themeModule}$`, shim])),
          },
        },
      };
    },
  };
}

/** The theme's plugin, its pages parsed in worker threads for a large site, its search bounded. */
export default async function searchTheme(context: LoadContext, validatedOptions: unknown): Promise<Plugin> {
  // What the theme's own validateOptions (below) made of the site's options.
  const options = validatedOptions as PluginOptions;
  // The theme hashes the docs folders, the generated reference pages among them, as it is made (the
  // `?_=` of the index's address): not before they are all written (plugins/generation-gate.ts).
  await generationFinished();
  const parseOptions = processPluginOptions(options, context);
  return withPagesParsedInWorkers(
    withBoundedSearch(searchLocal.default(context, options)),
    parseOptions,
    parseCacheOf(context.siteDir, {
      ignoreCssSelectors: parseOptions.ignoreCssSelectors,
      forceIgnoreNoIndex: parseOptions.forceIgnoreNoIndex,
    }),
  );
}
// Docusaurus validates a plugin function's options with the function's own validateOptions: the theme's.
searchTheme.validateOptions = searchLocal.validateOptions;
