/**
 * What the page actions' "Copy MCP config" puts on the clipboard (src/components/PageActions): the
 * configuration an MCP client (Claude Code, Cursor, VS Code…) needs to read these docs through the
 * docs MCP server, deployed at `provider.mcpUrl` or run from a clone with `npm run mcp`. The README
 * shows the same text, and a unit test keeps the two equal. No Node.js imports: the browser uses it.
 */
import {provider} from './provider';

export const mcpConfig = {
  mcpServers: {
    /** The deployed server, over streamable HTTP. */
    'orchard-docs': {type: 'http', url: provider.mcpUrl},
    /** The same server from a clone of this repository, over stdio (the client starts it in the clone). */
    'orchard-docs-local': {command: 'npm', args: ['run', '--silent', 'mcp']},
  },
} as const;

/** The configuration as copied: JSON, two-space indented. */
export const mcpConfigText = JSON.stringify(mcpConfig, null, 2);
