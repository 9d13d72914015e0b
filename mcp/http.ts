/**
 * The docs MCP server over Streamable HTTP, stateless: every POST to /mcp gets a fresh server over the
 * loaded site. Before a request reaches the SDK's transport it must name an allowed host (Host and
 * Origin: DNS-rebinding protection, as the MCP specification's transport section asks), stay within
 * its client address's share (mcp/limits.ts: requests per minute, requests at once; 429 with
 * Retry-After beyond) and carry one JSON-RPC message of bounded size and depth.
 *
 * The SDK's own host check is Express middleware (hostHeaderValidation, for its createMcpExpressApp)
 * and the transport's built-in one is deprecated and compares the Host header with its port; this
 * server is plain node:http, so it checks the same way the middleware does (the hostname, any port)
 * and adds the Origin header, which the middleware leaves out.
 */
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';

import {clientAddress} from '../lib/client-address';
import {readBoundedBody} from '../lib/request-body';
import {StreamableHTTPServerTransport} from '@modelcontextprotocol/sdk/server/streamableHttp.js';

import {
  concurrentRequests,
  deeperThan,
  localHosts,
  maxRequestBytes,
  maxRequestDepth,
  requestsPerMinute,
} from './limits';
import {createDocsMcpServer, type DocsSite} from './server';

export const mcpPath = '/mcp';

/** Environment variable naming the public hosts of a deployment, comma-separated (as --allowed-host). */
export const allowedHostsVariable = 'ORCHARD_MCP_ALLOWED_HOSTS';

export type HttpOptions = {
  /** Host names the server answers besides this machine's (`docs-mcp.orchard.example`), any port. */
  allowedHosts: readonly string[];
  requestsPerMinute: number;
  concurrentRequests: number;
  /**
   * Behind a reverse proxy (Caddy, nginx), which appends the client's address to X-Forwarded-For:
   * limit by that address, not by the proxy's.
   */
  trustProxy: boolean;
};

export const defaultHttpOptions: HttpOptions = {
  allowedHosts: [],
  requestsPerMinute,
  concurrentRequests,
  trustProxy: false,
};

/** A host name as URL parsing writes it (lower case, IPv6 in brackets), or undefined when it is none. */
function hostnameOf(host: string): string | undefined {
  try {
    return new URL(`http://${host}`).hostname || undefined;
  } catch {
    return undefined;
  }
}

/** The host names of a comma-separated list (ORCHARD_MCP_ALLOWED_HOSTS), each checked. */
export function parseAllowedHosts(list: string): string[] {
  return list
    .split(',')
    .map((host) => host.trim())
    .filter(Boolean)
    .map((host) => {
      const hostname = hostnameOf(host);
      if (!hostname) throw new Error(`${host} is not a host name`);
      return hostname;
    });
}

/** Each client address's requests this minute and at this moment. */
class ClientLimits {
  private readonly minutes = new Map<string, {start: number; count: number}>();
  private readonly running = new Map<string, number>();

  constructor(private readonly options: HttpOptions) {}

  /** Admits a request (call `release` when it is answered), or says in how many seconds to retry. */
  admit(client: string, now = Date.now()): {release: () => void} | {retryAfter: number; reason: string} {
    let minute = this.minutes.get(client);
    if (!minute || now - minute.start >= 60_000) {
      // Forget the other clients whose minute is over, now and then: the map stays the size of a minute's clients.
      if (this.minutes.size > 10_000)
        for (const [address, window] of this.minutes) if (now - window.start >= 60_000) this.minutes.delete(address);
      minute = {start: now, count: 0};
      this.minutes.set(client, minute);
    }
    if (minute.count >= this.options.requestsPerMinute)
      return {
        retryAfter: Math.max(1, Math.ceil((minute.start + 60_000 - now) / 1000)),
        reason: `More than ${this.options.requestsPerMinute} requests a minute`,
      };
    const running = this.running.get(client) ?? 0;
    if (running >= this.options.concurrentRequests)
      return {retryAfter: 1, reason: `More than ${this.options.concurrentRequests} requests at once`};
    minute.count += 1;
    this.running.set(client, running + 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        const left = (this.running.get(client) ?? 1) - 1;
        if (left > 0) this.running.set(client, left);
        else this.running.delete(client);
      },
    };
  }
}

/** A JSON-RPC error answer (the shape the SDK's transport gives its own errors). */
function refuse(
  response: ServerResponse,
  status: number,
  message: string,
  {headers = {}, code = -32000}: {headers?: Record<string, string>; code?: number} = {},
) {
  response.writeHead(status, {'content-type': 'application/json', ...headers});
  response.end(JSON.stringify({jsonrpc: '2.0', error: {code, message}, id: null}));
}

/** Why a request names a host this server does not answer for, or undefined when it names an allowed one. */
function foreignHost(request: IncomingMessage, allowed: ReadonlySet<string>): string | undefined {
  const host = request.headers.host;
  const hostname = host === undefined ? undefined : hostnameOf(host);
  if (!hostname || !allowed.has(hostname)) return `Host not allowed: ${host ?? '(none)'}`;
  const origin = request.headers.origin;
  if (origin === undefined) return undefined;
  let originHost: string | undefined;
  try {
    originHost = new URL(origin).hostname;
  } catch {
    // "null" (a sandboxed page, a file) and anything else unparsable: no allowed origin.
  }
  return originHost !== undefined && allowed.has(originHost) ? undefined : `Origin not allowed: ${origin}`;
}

/** The MCP endpoint at /mcp, answering within the limits of `options`. */
export function createMcpHttpServer(site: DocsSite, options: Partial<HttpOptions> = {}): Server {
  const settings = {...defaultHttpOptions, ...options};
  const allowed = new Set<string>([...localHosts, ...parseAllowedHosts(settings.allowedHosts.join(','))]);
  const limits = new ClientLimits(settings);

  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (pathname !== mcpPath) {
      response.writeHead(404, {'content-type': 'text/plain'}).end(`The MCP endpoint is ${mcpPath}\n`);
      return;
    }
    const foreign = foreignHost(request, allowed);
    if (foreign) {
      refuse(
        response,
        403,
        `${foreign}. A deployment names its public hosts: --allowed-host or ${allowedHostsVariable}`,
      );
      return;
    }
    if (request.method !== 'POST') {
      // Stateless: no server-sent stream to resume and no session to end.
      refuse(response, 405, 'Method not allowed', {headers: {allow: 'POST'}});
      return;
    }
    const client = clientAddress(request, settings.trustProxy);
    const admitted = limits.admit(client);
    if ('retryAfter' in admitted) {
      refuse(response, 429, `${admitted.reason}: retry in ${admitted.retryAfter} s`, {
        headers: {'retry-after': String(admitted.retryAfter)},
      });
      return;
    }
    response.on('close', admitted.release);
    void answer(request, response, client).catch((error: unknown) => {
      console.error(error);
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
  // A client that sends its headers or body slowly holds a connection, not the server.
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;

  async function answer(request: IncomingMessage, response: ServerResponse, client: string) {
    const text = await readBoundedBody(request, maxRequestBytes);
    if (text === undefined) {
      refuse(response, 413, `The request body is larger than ${maxRequestBytes / 1024} KB`, {
        headers: {connection: 'close'},
      });
      return;
    }
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      refuse(response, 400, 'Parse error: the body is not JSON', {code: -32700});
      return;
    }
    // One message per request, as the current protocol sends them: a batch would be many tools' work at once.
    if (Array.isArray(message)) {
      refuse(response, 400, 'JSON-RPC batches are not accepted: send one message per request', {code: -32600});
      return;
    }
    if (deeperThan(message, maxRequestDepth)) {
      refuse(response, 400, `The message nests deeper than ${maxRequestDepth} levels`, {code: -32600});
      return;
    }
    const mcp = createDocsMcpServer(site, {client});
    const transport = new StreamableHTTPServerTransport({sessionIdGenerator: undefined, enableJsonResponse: true});
    response.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    await mcp.connect(transport);
    await transport.handleRequest(request, response, message);
  }

  return server;
}
