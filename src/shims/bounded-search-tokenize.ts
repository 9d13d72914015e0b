// Stands in for the search theme's utils/tokenize in its worker (plugins/search-theme.ts aliases it
// for the site's bundle, mcp/search.ts for the MCP server's): the query is cut to the bounds of
// src/search-limits.ts before the theme splits it, so a pasted long text is searched by its first
// words instead of tying up the worker for seconds.
import {tokenize as themeTokenize} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/tokenize.js';

import {boundedQuery} from '../search-limits';

export function tokenize(text: string, language: string[]): string[] {
  return themeTokenize(boundedQuery(text), language);
}
