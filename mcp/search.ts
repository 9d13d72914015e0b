/**
 * The site's own search, run in Node: Pagefind's browser module (`build/pagefind/pagefind.js`, the one
 * the search box loads) reads the build's index files from disk, and src/search/engine.ts ranks its
 * results as the box does. So `search_docs` answers what a reader typing in the search box sees, in
 * the same order (tests/e2e/mcp-search.spec.ts compares the two in the browser).
 */
import {createHash} from 'node:crypto';
import {existsSync, readFileSync, writeFileSync} from 'node:fs';
import {readFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';

import {searchIndexDir} from '../lib/search-index';
import {
  defaultHitLimit,
  excerptText,
  pagefindOptions,
  searchPages,
  type PagefindModule,
  type SearchHit,
} from '../src/search/engine';

/** One hit, as `search_docs` returns it (the site path; the server makes it a URL). */
export type SiteHit = {
  /** The page's title, and the section's where the hit is in one: "Quickstart › Call the API". */
  title: string;
  /** Site path with the heading's anchor when the hit is a section, e.g. `/docs/quickstart#call-the-api`. */
  path: string;
  /** The page's title. */
  page: string;
  /** The text around the match, about 24 words. */
  snippet: string;
};

export type SiteSearch = {search(query: string, limit?: number): Promise<SiteHit[]>; defaultLimit: number};

/** The index folders Pagefind's module may read, as file URLs: the module's `fetch` is answered from them. */
const servedIndexes = new Set<string>();

/**
 * Pagefind's module fetches its index files from its folder's URL, here a `file:` URL. Node's fetch
 * does not read files, so it is wrapped once: a GET of a file under a served index folder is read
 * from disk, anything else goes to Node's fetch unchanged.
 */
function serveIndexFiles(indexUrl: string): void {
  const wrapped = servedIndexes.size > 0;
  servedIndexes.add(indexUrl);
  if (wrapped) return;
  const nodeFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (![...servedIndexes].some((folder) => url.startsWith(folder))) return nodeFetch(input, init);
    try {
      return new Response(await readFile(fileURLToPath(url)));
    } catch {
      return new Response(null, {status: 404});
    }
  };
}

/**
 * The module as a `.mjs` file, named by its content: `pagefind.js` is an ES module in a folder Node
 * reads as CommonJS (the repository's package.json has no `"type": "module"`), and loaders that turn
 * `import()` into `require()` (Playwright's) then fail on its `import.meta`.
 */
function moduleCopy(moduleFile: string): string {
  const source = readFileSync(moduleFile);
  const copy = path.join(
    tmpdir(),
    `orchard-pagefind-${createHash('sha256').update(source).digest('hex').slice(0, 16)}.mjs`,
  );
  if (!existsSync(copy)) writeFileSync(copy, source);
  return copy;
}

function siteHit(hit: SearchHit): SiteHit {
  return {title: hit.title, path: hit.path, page: hit.pageTitle, snippet: excerptText(hit.excerpt)};
}

/** The search of the build in `buildDir` (its `pagefind/` index), ranked as the site's search box ranks. */
export async function createSiteSearch(buildDir: string): Promise<SiteSearch> {
  const indexDir = path.join(path.resolve(buildDir), searchIndexDir);
  const moduleFile = path.join(indexDir, 'pagefind.js');
  if (!existsSync(moduleFile)) throw new Error(`${moduleFile} is missing: run npm run build first`);
  const indexUrl = pathToFileURL(`${indexDir}/`).href;
  serveIndexFiles(indexUrl);
  const pagefind = (await import(pathToFileURL(moduleCopy(moduleFile)).href)) as PagefindModule;
  await pagefind.options({...pagefindOptions, basePath: indexUrl, baseUrl: '/'});
  await pagefind.init();
  return {
    defaultLimit: defaultHitLimit,
    async search(query, limit = defaultHitLimit) {
      const {hits} = await searchPages(pagefind, query, limit);
      return hits.map(siteHit);
    },
  };
}
