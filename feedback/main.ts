/**
 * `npm run feedback -- --port 3002`: the feedback API (POST and GET /api/feedback, lib/feedback/service.ts)
 * alone, for hosts that serve the site's files themselves (Caddy, nginx, a CDN): they route
 * /api/feedback here, or the site is built with FEEDBACK_API_URL naming this service's address.
 * Reads the build's routes (build/, or --build DIR); stores in DATABASE_URL's PostgreSQL, else the
 * SQLite file FEEDBACK_DB (default data/feedback.sqlite). feedback/README.md is its manual.
 */
import {createServer} from 'node:http';
import {existsSync} from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';

import {repoRoot} from '../lib/openapi';
import {builtRoutes} from '../lib/page-route';
import {
  adminTokenVariable,
  allowedOriginsVariable,
  feedbackApiHandler,
  feedbackPath,
  parseOrigins,
} from '../lib/feedback/service';
import {openFeedbackStore} from '../lib/feedback/store';

function fail(message: string): never {
  console.error(`feedback: ${message}`);
  process.exit(1);
}

async function main() {
  let values;
  try {
    ({values} = parseArgs({
      options: {
        port: {type: 'string', default: process.env.PORT ?? '3002'},
        host: {type: 'string', default: '127.0.0.1'},
        build: {type: 'string', default: path.join(repoRoot, 'build')},
        'allowed-origin': {type: 'string', multiple: true, default: []},
        'trust-proxy': {type: 'boolean', default: false},
      },
    }));
  } catch (error) {
    fail((error as Error).message);
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be a port number, not ${values.port}`);
  const buildDir = path.resolve(values.build);
  if (!existsSync(path.join(buildDir, 'index.html')))
    fail(`no production build in ${buildDir} (it says which pages exist): run npm run build, or give --build DIR`);
  let allowedOrigins: string[];
  try {
    allowedOrigins = parseOrigins([...values['allowed-origin'], process.env[allowedOriginsVariable] ?? ''].join(','));
  } catch (error) {
    fail((error as Error).message);
  }
  const store = await openFeedbackStore().catch((error: unknown) => fail((error as Error).message));
  const handle = feedbackApiHandler({
    store,
    routes: builtRoutes(buildDir),
    allowedOrigins,
    trustProxy: values['trust-proxy'],
    adminToken: process.env[adminTokenVariable] || undefined,
  });
  const server = createServer((request, response) => {
    if (!handle(request, response))
      response.writeHead(404, {'Content-Type': 'text/plain'}).end(`The feedback API is at ${feedbackPath}\n`);
  });
  // A client that sends its headers or body slowly holds a connection, not the service.
  server.headersTimeout = 10_000;
  server.requestTimeout = 15_000;
  server.on('error', (error) => fail(error.message));
  server.listen(port, values.host, () => {
    const address = server.address();
    const listening = typeof address === 'object' && address ? address.port : port;
    console.log(
      `Orchard AI feedback: http://${values.host}:${listening}${feedbackPath} (${store.kind}: ${store.where})`,
    );
  });
  const stop = () => server.close(() => void store.close().then(() => process.exit(0)));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

void main();
