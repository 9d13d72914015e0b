/**
 * Serves a build (build/ by default) on loopback the way a production static host does: clean URLs and gzip. (The bench
 * cannot use `docusaurus serve`, which sends files uncompressed, and Lighthouse would then measure a
 * transfer three times larger than readers get.)
 */
import {createServer, type Server} from 'node:http';
import path from 'node:path';

import compression from 'compression';
import serveHandler from 'serve-handler';

/** Serves `dir` (default build/) on `port` (0: any free port; read it from the server's address). */
export function serveBuild(port: number, dir = path.resolve(__dirname, '../build')): Promise<Server> {
  const compress = compression();
  const server = createServer((request, response) => {
    compress(request as never, response as never, () => {
      void serveHandler(request, response, {
        public: dir,
        cleanUrls: true,
        directoryListing: false,
      });
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
