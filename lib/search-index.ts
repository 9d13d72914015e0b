/**
 * The search index's place in the build: Pagefind's index and the module the browser loads from it,
 * written by plugins/search-index.ts and read by the MCP server's search (mcp/search.ts).
 */

/** The folder of the index in the build, and the module the browser loads from it. */
export const searchIndexDir = 'pagefind';
