/**
 * The local sandbox as a Node HTTP server, as `npm run sandbox` (sandbox/main.ts) serves it and tests
 * and the bench start it: every documented call answered by sandbox/app.ts, a streamed answer event by event.
 */
import {createServer, type ServerResponse} from 'node:http';

import {isJsonType} from '../lib/sandbox/bodies';
import {unfitHeader} from './answers';
import type {Sandbox} from './app';
import {sandboxOAuth2} from '../lib/sandbox/servers';
import {createAuthorizationServer, type AuthorizationServer} from './oauth2';

/** How long the sandbox waits between two events of a streamed answer, unless told otherwise. */
export const defaultEventDelayMs = 150;

export type SandboxServerOptions = {
  /** The wait between two events of a streamed answer (a test of Stop lengthens it). */
  eventDelayMs?: number;
  /** Breaks every streamed answer's connection after this many events: a test of a client's error handling. */
  breakStreamsAfter?: number;
};

/**
 * Sends a streamed answer event by event, `delayMs` apart, and ends it (or breaks the connection after
 * `breakAfter` events); stops when the caller goes away.
 */
function sendStream(
  response: ServerResponse,
  head: Record<string, string>,
  status: number,
  pieces: readonly string[],
  {eventDelayMs = defaultEventDelayMs, breakStreamsAfter}: SandboxServerOptions,
) {
  // No caching, and no buffering by a proxy in front (nginx reads X-Accel-Buffering).
  response.writeHead(status, {...head, 'cache-control': 'no-cache', 'x-accel-buffering': 'no'});
  response.flushHeaders();
  let sent = 0;
  let timer: NodeJS.Timeout | undefined;
  response.on('close', () => clearTimeout(timer));
  const next = () => {
    if (breakStreamsAfter !== undefined && sent >= breakStreamsAfter) {
      response.destroy();
      return;
    }
    if (sent >= pieces.length) {
      response.end();
      return;
    }
    response.write(pieces[sent++]);
    timer = setTimeout(next, eventDelayMs);
  };
  next();
}

/** Wraps the sandbox in a Node HTTP server (CORS open, so the API explorer on the site can call it). */
export function createSandboxServer(sandbox: Sandbox, options: SandboxServerOptions = {}) {
  // Made on its first request: most runs never sign in, and oidc-provider warns when it starts.
  let authorization: AuthorizationServer | undefined;
  return createServer((request, response) => {
    const url = request.url ?? '/';
    if (url === sandboxOAuth2.path || url.startsWith(`${sandboxOAuth2.path}/`)) {
      authorization ??= createAuthorizationServer(sandbox.oauth2Scopes);
      authorization(request, response);
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const cors = {
        'access-control-allow-origin': '*',
        // Whichever headers the explorer sends: a description's key header, Authorization, a cookie's.
        'access-control-allow-headers': request.headers['access-control-request-headers'] || 'content-type, accept',
        // The method asked for when it is one (OpenAPI 3.2's QUERY, a description's COPY), else the usual ones.
        'access-control-allow-methods': /^[A-Z][A-Z-]{0,19}$/.test(
          String(request.headers['access-control-request-method']),
        )
          ? `${String(request.headers['access-control-request-method'])}, GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS`
          : 'GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS',
        // Every header, so that the explorer in the reader's browser can show them all (and a download's name).
        'access-control-expose-headers': '*',
      };
      if (request.method === 'OPTIONS') {
        response.writeHead(204, cors).end();
        return;
      }
      sandbox
        .handle({
          method: request.method ?? 'GET',
          url: request.url ?? '/',
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        })
        .then(({status, body, contentType = 'application/json', unfit, stream}) => {
          if (stream) {
            sendStream(response, {...cors, 'content-type': contentType}, status, stream, options);
            return;
          }
          if (body === undefined) {
            response.writeHead(status, cors).end();
            return;
          }
          // A JSON body as JSON; text, an event stream or bytes as the description's example gives them.
          const text = isJsonType(contentType) || typeof body !== 'string' ? JSON.stringify(body) : body;
          const note = unfit ? {[unfitHeader.name]: unfitHeader.value} : {};
          response.writeHead(status, {...cors, ...note, 'content-type': contentType}).end(text);
        })
        .catch((error: unknown) => {
          console.error(error);
          response.writeHead(500, cors).end();
        });
    });
  });
}
