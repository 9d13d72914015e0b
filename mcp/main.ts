/**
 * `npm run --silent mcp`: the docs MCP server over stdio (for an AI assistant on this machine).
 * `npm run mcp -- --http --port 3001`: over Streamable HTTP at http://127.0.0.1:3001/mcp, stateless,
 * the service to deploy next to the static site (`--host 0.0.0.0` to listen on every interface).
 * Reads build/ (run `npm run build` first) and openapi/*.yaml; calls go to ORCHARD_API_BASE.
 */
import {createServer, type Server} from 'node:http';
import {parseArgs} from 'node:util';

import {StdioServerTransport} from '@modelcontextprotocol/sdk/server/stdio.js';
import {StreamableHTTPServerTransport} from '@modelcontextprotocol/sdk/server/streamableHttp.js';

import {createDocsMcpServer, defaultApiBase, loadDocsSite, type DocsSite} from './server';

export const mcpPath = '/mcp';

/** Streamable HTTP without sessions: every POST to /mcp gets a fresh server over the loaded site. */
export function createMcpHttpServer(site: DocsSite): Server {
  return createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (pathname !== mcpPath) {
      response.writeHead(404, {'content-type': 'text/plain'}).end(`The MCP endpoint is ${mcpPath}\n`);
      return;
    }
    if (request.method !== 'POST') {
      // Stateless: no server-sent stream to resume and no session to end.
      response.writeHead(405, {allow: 'POST', 'content-type': 'application/json'});
      response.end(JSON.stringify({jsonrpc: '2.0', error: {code: -32000, message: 'Method not allowed'}, id: null}));
      return;
    }
    const server = createDocsMcpServer(site);
    const transport = new StreamableHTTPServerTransport({sessionIdGenerator: undefined, enableJsonResponse: true});
    response.on('close', () => {
      void transport.close();
      void server.close();
    });
    server
      .connect(transport)
      .then(() => transport.handleRequest(request, response))
      .catch((error: unknown) => {
        console.error(error);
        if (!response.headersSent) response.writeHead(500).end();
      });
  });
}

async function main() {
  const {values} = parseArgs({
    options: {
      http: {type: 'boolean', default: false},
      port: {type: 'string', default: process.env.PORT ?? '3001'},
      host: {type: 'string', default: '127.0.0.1'},
      build: {type: 'string'},
    },
  });
  let site: DocsSite;
  try {
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
  const server = createMcpHttpServer(site);
  server.listen(port, values.host, () => {
    const address = server.address();
    const listening = typeof address === 'object' && address ? address.port : port;
    console.log(`orchard-docs MCP (Streamable HTTP): http://${values.host}:${listening}${mcpPath}`);
  });
}

if (require.main === module) void main();
