/**
 * `npm run serve`: serves the production build (build/) on http://127.0.0.1:3000 (`-- --port 4000` or
 * PORT, hosting/serve-options.ts) with the hosting rules every host of the site applies
 * (hosting/server.ts): cache and security headers, precompressed answers, the 404 page with status 404.
 * `--host 0.0.0.0` (or HOST=0.0.0.0) listens on every interface.
 * A build that sends feedback to its own origin gets the feedback API at /api/feedback
 * (lib/feedback/service.ts; its store, token and proxy setting from the environment: feedback/README.md).
 */
import path from 'node:path';

import {serveOptions, type ServeOptions} from '../hosting/serve-options';
import {serveSite} from '../hosting/server';
import {adminTokenVariable, allowedOriginsVariable, parseOrigins} from '../lib/feedback/service';
import {openFeedbackStore} from '../lib/feedback/store';

const buildDir = path.resolve(__dirname, '../build');

let listen: ServeOptions;
try {
  listen = serveOptions(process.argv.slice(2));
} catch (error) {
  console.error(`serve: ${(error as Error).message}`);
  process.exit(1);
}

serveSite(buildDir, listen.port, listen.host, undefined, async () => {
  const store = await openFeedbackStore();
  console.log(`Feedback: /api/feedback, stored in ${store.kind} (${store.where})`);
  return {
    store,
    allowedOrigins: parseOrigins(process.env[allowedOriginsVariable] ?? ''),
    // Behind a reverse proxy, TRUST_PROXY=1 limits each reader by the address the proxy forwards.
    trustProxy: process.env.TRUST_PROXY === '1',
    adminToken: process.env[adminTokenVariable] || undefined,
  };
})
  .then(({url}) => console.log(`Serving ${buildDir} at ${url} (Ctrl-C to stop)`))
  .catch((error: unknown) => {
    console.error(`serve: ${(error as Error).message}`);
    process.exit(1);
  });
