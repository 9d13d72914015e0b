// Stands in for the search theme's utils/smartQueries in its worker (plugins/search-theme.ts aliases
// it for the site's bundle, mcp/search.ts for the MCP server's): the worker runs the queries it gets
// one after another (a for-of loop, nothing else), and gets them here until the time budget of
// src/search-limits.ts is spent.
import {smartQueries as themeSmartQueries} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/smartQueries.js';

import {untilDeadline} from '../search-limits';

export function smartQueries(...args: Parameters<typeof themeSmartQueries>): ReturnType<typeof themeSmartQueries> {
  return untilDeadline(themeSmartQueries(...args));
}
