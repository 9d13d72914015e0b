/**
 * "Copy MCP config" (src/components/PageActions) copies `mcpConfigText` of src/mcp-config.ts: it names
 * the deployed MCP endpoint and the local command, and mcp/README.md shows the same configuration.
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';

import {mcpConfigText} from '../../src/mcp-config';
import {provider} from '../../src/provider';

test('the MCP config names the deployed endpoint and `npm run mcp`', () => {
  type Server = {url?: string; command?: string; args?: string[]};
  const servers = Object.values((JSON.parse(mcpConfigText) as {mcpServers: Record<string, Server>}).mcpServers);
  assert.ok(servers.some((server) => server.url === provider.mcpUrl));
  assert.ok(servers.some((server) => server.command === 'npm' && server.args?.join(' ') === 'run --silent mcp'));
});

test("mcp/README.md's section on the page actions shows the MCP config the menu copies", () => {
  const readme = readFileSync(path.resolve(__dirname, '../../mcp/README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## The page actions'));
  const block = /```json\n([\s\S]*?)\n```/.exec(section)?.[1];
  assert.ok(block, 'no json block in the mcp/README.md section "The page actions"');
  assert.deepEqual(JSON.parse(block), JSON.parse(mcpConfigText));
});
