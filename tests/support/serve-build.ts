/**
 * Serves the production build (build/) on loopback as `docusaurus serve` does (serve-handler, clean
 * URLs, no directory listing), on the port asked for or, with port 0, on a free one.
 */
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import path from 'node:path';

import serveHandler from 'serve-handler';

export const buildDir = path.resolve(__dirname, '../../build');

export async function serveBuild(port = 0): Promise<{url: string; server: Server}> {
  const server = createServer((request, response) => {
    void serveHandler(request, response, {public: buildDir, cleanUrls: true, directoryListing: false});
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server};
}
