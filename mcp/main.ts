/**
 * `npm run --silent mcp`: the docs MCP server over stdio (for an AI assistant on this machine).
 * `npm run mcp -- --http --port 3001`: over Streamable HTTP at http://127.0.0.1:3001/mcp, stateless,
 * the service to deploy next to the static site (`--host 0.0.0.0` to listen on every interface, and
 * `--allowed-host docs-mcp.example.com`, or ORCHARD_MCP_ALLOWED_HOSTS, for the names it is reached by).
 * Reads build/ (run `npm run build` first) and openapi/*.yaml; calls go to ORCHARD_API_BASE.
 */
import {parseArgs} from 'node:util';

import {StdioServerTransport} from '@modelcontextprotocol/sdk/server/stdio.js';

import {allowedHostsVariable, createMcpHttpServer, defaultHttpOptions, mcpPath, parseAllowedHosts} from './http';
import {createDocsMcpServer, defaultApiBase, loadDocsSite, type DocsSite} from './server';

/** A whole number of at least 1 from the command line, or an exit that says which option is wrong. */
function count(option: string, value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) {
    console.error(`orchard-docs MCP: --${option} must be a whole number of at least 1, not ${value}`);
    process.exit(1);
  }
  return parsed;
}

async function main() {
  const {values} = parseArgs({
    options: {
      http: {type: 'boolean', default: false},
      port: {type: 'string', default: process.env.PORT ?? '3001'},
      host: {type: 'string', default: '127.0.0.1'},
      build: {type: 'string'},
      'allowed-host': {type: 'string', multiple: true, default: []},
      'requests-per-minute': {type: 'string', default: String(defaultHttpOptions.requestsPerMinute)},
      'concurrent-requests': {type: 'string', default: String(defaultHttpOptions.concurrentRequests)},
      'trust-proxy': {type: 'boolean', default: false},
    },
  });
  let site: DocsSite;
  let allowedHosts: string[];
  try {
    allowedHosts = parseAllowedHosts([...values['allowed-host'], process.env[allowedHostsVariable] ?? ''].join(','));
    site = await loadDocsSite({buildDir: values.build, apiBase: process.env.ORCHARD_API_BASE ?? defaultApiBase});
  } catch (error) {
    console.error(`orchard-docs MCP: ${(error as Error).message}`);
    process.exit(1);
  }
  if (!values.http) {
    // stdout carries the protocol: nothing else may be printed there.
    await createDocsMcpServer(site).connect(new StdioServerTransport());
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`orchard-docs MCP: --port must be a port number, not ${values.port}`);
    process.exit(1);
  }
  const server = createMcpHttpServer(site, {
    allowedHosts,
    requestsPerMinute: count('requests-per-minute', values['requests-per-minute']),
    concurrentRequests: count('concurrent-requests', values['concurrent-requests']),
    trustProxy: values['trust-proxy'],
  });
  server.listen(port, values.host, () => {
    const address = server.address();
    const listening = typeof address === 'object' && address ? address.port : port;
    console.log(`orchard-docs MCP (Streamable HTTP): http://${values.host}:${listening}${mcpPath}`);
    console.log(`Answers the hosts localhost, 127.0.0.1, [::1]${allowedHosts.map((host) => `, ${host}`).join('')}`);
  });
}

void main();
