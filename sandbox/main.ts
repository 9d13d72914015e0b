/**
 * `npm run sandbox`: the local sandbox on http://127.0.0.1:<SANDBOX_PORT, default 4010>/api.
 * Every documented call answers from openapi/*.yaml; state is in memory and lost on exit.
 */
import {createServer} from 'node:http';

import {createSandbox, type Sandbox} from './app';

export const defaultSandboxPort = 4010;

/** Wraps the sandbox in a Node HTTP server (CORS open, so the API explorer on the site can call it). */
export function createSandboxServer(sandbox: Sandbox) {
  return createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const cors = {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': 'content-type, accept, x-public-key, x-api-key',
        'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
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
        .then(({status, body}) => {
          response.writeHead(status, {...cors, ...(body === undefined ? {} : {'content-type': 'application/json'})});
          response.end(body === undefined ? undefined : JSON.stringify(body));
        })
        .catch((error: unknown) => {
          console.error(error);
          response.writeHead(500, cors).end();
        });
    });
  });
}

if (require.main === module) {
  const port = Number(process.env.SANDBOX_PORT ?? defaultSandboxPort);
  void createSandbox().then((sandbox) => {
    createSandboxServer(sandbox).listen(port, '127.0.0.1', () => {
      console.log(`Orchard AI sandbox: http://127.0.0.1:${port}/api (any key works; state is in memory)`);
    });
  });
}
