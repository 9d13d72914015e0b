/**
 * Pagefind in the browser: its module (`/pagefind/pagefind.js`, written by plugins/search-index.ts at
 * build time, so not part of the bundle) is loaded once, at the first sign a reader will search
 * (focus, Ctrl+K, a pointer over the box, the search page). It runs the search in a worker of its own,
 * with WebAssembly (hosting/rules.ts allows 'wasm-unsafe-eval' for it).
 */
import {pagefindOptions, searchPages, type PagefindModule, type SearchAnswer} from './engine';

/** Said when Pagefind did not load: the dev server has no index (a build writes it, plugins/search-index.ts). */
export const failedMessage =
  process.env.NODE_ENV === 'development'
    ? 'Search needs the index a build writes: run npm run build, then npm run serve.'
    : 'The search could not load. Reload the page to try again.';

let loading: Promise<PagefindModule> | undefined;

/** Loads Pagefind from `baseUrl` (the site's), once; a failed load is tried again at the next call. */
export function loadPagefind(baseUrl: string): Promise<PagefindModule> {
  loading ??= (async () => {
    const pagefind = (await import(/* webpackIgnore: true */ `${baseUrl}pagefind/pagefind.js`)) as PagefindModule;
    // The index's URLs are the routes, which hold the site's base URL already.
    await pagefind.options({...pagefindOptions, baseUrl: '/'});
    await pagefind.init();
    return pagefind;
  })().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** The search page's address for a query. */
export function searchPageUrl(baseUrl: string, query: string): string {
  return `${baseUrl}search?q=${encodeURIComponent(query)}`;
}

/** The first `limit` hits for `query`, as the MCP server's search_docs finds them. */
export async function searchSite(baseUrl: string, query: string, limit: number): Promise<SearchAnswer> {
  return searchPages(await loadPagefind(baseUrl), query, limit);
}
