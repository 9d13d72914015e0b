/**
 * `npm run serve`: serves the production build (build/) on http://127.0.0.1:<PORT, default 3000> with
 * the hosting rules every host of the site applies (hosting/server.ts): cache and security headers,
 * precompressed answers, the 404 page with status 404. HOST=0.0.0.0 listens on every interface.
 */
import path from 'node:path';

import {serveSite} from '../hosting/server';

const buildDir = path.resolve(__dirname, '../build');

serveSite(buildDir, Number(process.env.PORT ?? 3000), process.env.HOST ?? '127.0.0.1')
  .then(({url}) => console.log(`Serving ${buildDir} at ${url} (Ctrl-C to stop)`))
  .catch((error: unknown) => {
    console.error(`serve: ${(error as Error).message}`);
    process.exit(1);
  });
