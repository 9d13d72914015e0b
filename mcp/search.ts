/**
 * The site's own search, run in Node: the search worker of @easyops-cn/docusaurus-search-local (the
 * code behind the search box, with its tokenizer, query expansion and ranking), bundled by esbuild
 * with the constants the build generated for it, over the build's search-index.json. So `search_docs`
 * answers what a reader typing in the search box sees, in the same order.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';

import {build} from 'esbuild';

import {repoRoot} from '../lib/openapi';
import {searchWorkerShims} from '../lib/search-worker-shims';

/** One hit, as the search box lists it. */
export type SearchHit = {
  /** The page's title, and the section's where the hit is in one: "Quickstart › Call the API". */
  title: string;
  /** Site path with the heading's anchor when the hit is a section, e.g. `/docs/quickstart#call-the-api`. */
  path: string;
  /** The page the hit belongs to, with its breadcrumb, e.g. "Docs › Quickstart". */
  page: string;
  /** Some of the text that matched (up to about 240 characters). */
  snippet: string;
};

type SearchDocument = {i: number; t: string; u: string; h?: string; p?: number; s?: string; b?: string[]};
type RawResult = {document: SearchDocument; type: number; page?: SearchDocument | false};
type Worker = {
  search(baseUrl: string, searchContext: string, input: string, limit: number): Promise<RawResult[]>;
};
type Lunr = {Index: {load(index: unknown): unknown}};
type WorkerModule = {
  SearchWorker: new () => Worker;
  lunr: Lunr;
  searchResultLimits: number;
};

// SearchDocumentType of the plugin: the index's parts, in this order.
const titleType = 0;
const headingType = 1;

/**
 * What a hit is, in words: its page's title, and the section's title where the hit is a heading or
 * text under one. Never the matched text itself, which may be a thousand characters of a code sample.
 */
function hitTitle({document, page, type}: RawResult): string {
  const pageTitle = page ? page.t : type === titleType ? document.t : (document.s ?? document.t);
  // A heading's text is its section title; a text document names its section in `s` (the page's title when `h` is empty).
  const section = type === headingType ? document.t : document.h ? document.s : undefined;
  return section && section !== pageTitle ? `${pageTitle} › ${section}` : pageTitle;
}

const generatedConstants = path.join(
  repoRoot,
  '.docusaurus/@easyops-cn/docusaurus-search-local/default/generated-constants.js',
);
const generatedAlias = '@generated/@easyops-cn/docusaurus-search-local/default/generated-constants.js';

/**
 * Bundles the plugin's worker for Node, with the build's constants, the search bounds the site's bundle
 * has (lib/search-worker-shims.ts) and without its message channel.
 */
async function loadWorkerModule(): Promise<WorkerModule> {
  if (!existsSync(generatedConstants))
    throw new Error(`${path.relative(repoRoot, generatedConstants)} is missing: run npm run build first`);
  const workerFile = require.resolve('@easyops-cn/docusaurus-search-local/dist/client/client/theme/worker.js');
  const result = await build({
    stdin: {
      contents: [
        `export {SearchWorker} from ${JSON.stringify(workerFile)};`,
        `export {default as lunr} from 'lunr';`,
        `export {searchResultLimits} from ${JSON.stringify(generatedAlias)};`,
      ].join('\n'),
      resolveDir: repoRoot,
    },
    bundle: true,
    write: false,
    platform: 'node',
    format: 'cjs',
    logLevel: 'silent',
    plugins: [
      {
        name: 'search-worker-in-node',
        setup(bundler) {
          bundler.onResolve({filter: /^@generated\//}, () => ({path: generatedConstants}));
          // The worker's `../utils/tokenize` and `../utils/smartQueries`: the bounded ones (each imports the theme's by its package path).
          bundler.onResolve({filter: /^\.\.\/utils\//}, ({path: request, resolveDir}) => {
            const themeModule = path.resolve(resolveDir, request);
            const replaced = searchWorkerShims.find((shim) => shim.themeModule === themeModule);
            return replaced ? {path: replaced.shim} : undefined;
          });
          // The worker exposes itself over a message channel (Comlink); here it is called directly.
          bundler.onResolve({filter: /^comlink$/}, () => ({path: 'comlink', namespace: 'no-channel'}));
          bundler.onLoad({filter: /.*/, namespace: 'no-channel'}, () => ({contents: 'export function expose() {}'}));
        },
      },
    ],
  });
  const code = result.outputFiles[0]?.text ?? '';
  const module = {exports: {} as WorkerModule};
  // Our own bundle of an installed package, run as CommonJS with this process's require.
  new Function('module', 'exports', 'require', code)(module, module.exports, require);
  return module.exports;
}

/** A snippet of a hit's text around the first query word it contains. */
function snippetOf(text: string, query: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= 240) return flat;
  const words = query.toLowerCase().match(/[^-\s]+/g) ?? [];
  const lower = flat.toLowerCase();
  const at = Math.max(0, Math.min(...words.map((word) => lower.indexOf(word)).filter((index) => index >= 0), 0));
  const start = Math.max(0, at - 60);
  return `${start > 0 ? '…' : ''}${flat.slice(start, start + 240).trim()}…`;
}

export type SiteSearch = {search(query: string, limit?: number): Promise<SearchHit[]>; defaultLimit: number};

/** The search of the build in `buildDir` (its search-index.json), ranked as the site's search box ranks. */
export async function createSiteSearch(buildDir: string): Promise<SiteSearch> {
  const indexFile = path.join(buildDir, 'search-index.json');
  if (!existsSync(indexFile)) throw new Error(`${indexFile} is missing: run npm run build first`);
  const {SearchWorker, lunr, searchResultLimits} = await loadWorkerModule();
  const raw = JSON.parse(readFileSync(indexFile, 'utf8')) as {documents: SearchDocument[]; index: unknown}[];
  const wrappedIndexes = raw.map(({documents, index}, type) => ({type, documents, index: lunr.Index.load(index)}));
  // The index as the worker would have fetched it (English only: no Chinese dictionary).
  const indexes = Promise.resolve({wrappedIndexes, zhDictionary: []});
  // The text a title or heading hit stands for: the page's description, else the section's first text.
  const [, , descriptions = [], , contents = []] = raw.map(({documents}) => documents);
  const firstText = new Map<string, string>();
  for (const document of [...descriptions, ...contents]) {
    const key = `${document.u}${document.h ?? ''}`;
    if (!firstText.has(key)) firstText.set(key, document.t);
  }
  const textOf = (document: SearchDocument, type: number) =>
    (type === titleType || type === headingType ? firstText.get(`${document.u}${document.h ?? ''}`) : undefined) ??
    document.t;
  const worker = new SearchWorker();
  Object.assign(worker, {lowLevelFetchIndexes: () => indexes});
  return {
    defaultLimit: searchResultLimits,
    async search(query, limit = searchResultLimits) {
      const results = await worker.search('/', '', query, limit);
      return results.map((result) => {
        const {document, page, type} = result;
        return {
          title: hitTitle(result),
          path: `${document.u}${document.h ?? ''}`,
          page: (page ? (page.b ?? []).concat(page.t) : (document.b ?? []).concat(document.t)).join(' › '),
          snippet: snippetOf(textOf(document, type), query),
        };
      });
    },
  };
}
