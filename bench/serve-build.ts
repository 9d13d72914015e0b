/**
 * Serves build/ on loopback the way a production static host does: clean URLs and gzip. (The bench
 * cannot use `docusaurus serve`, which sends files uncompressed, and Lighthouse would then measure a
 * transfer three times larger than readers get.)
 */
import {createServer, type Server} from 'node:http';
import path from 'node:path';

import compression from 'compression';
import serveHandler from 'serve-handler';

export function serveBuild(port: number): Promise<Server> {
  const compress = compression();
  const server = createServer((request, response) => {
    compress(request as never, response as never, () => {
      void serveHandler(request, response, {
        public: path.resolve(__dirname, '../build'),
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
