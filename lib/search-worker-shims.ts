/**
 * The modules of the search theme's worker that are replaced by bounded ones (src/search-limits.ts),
 * in both places the worker runs: the site's bundle (plugins/search-theme.ts aliases them) and the MCP
 * server's search (mcp/search.ts bundles the worker with them). One list, so both search the same way.
 */
import path from 'node:path';

/** The theme's client folder, which its worker imports `../utils/<name>` from. */
const themeClient = path.dirname(
  path.dirname(require.resolve('@easyops-cn/docusaurus-search-local/dist/client/client/theme/worker.js')),
);

export type SearchWorkerShim = {
  /** The theme's module, an absolute path without extension (as the worker's relative import resolves). */
  themeModule: string;
  /** The file that stands in for it; it imports the theme's module itself, by its file name (`.js`). */
  shim: string;
};

export const searchWorkerShims: readonly SearchWorkerShim[] = [
  {name: 'tokenize', file: 'bounded-search-tokenize.ts'},
  {name: 'smartQueries', file: 'bounded-search-queries.ts'},
].map(({name, file}) => ({
  themeModule: path.join(themeClient, 'utils', name),
  shim: path.resolve(__dirname, '../src/shims', file),
}));
