import {readFile, stat} from 'node:fs/promises';
import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';
import path from 'node:path';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

/**
 * Serves a built fixture site on a free loopback port (folders answer with their index.html), so a
 * test needs no second fixed port next to the one of the real site.
 */
export async function serveStatic(root: string): Promise<{url: string; close: () => Promise<void>}> {
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const file = path.join(root, pathname);
    if (!file.startsWith(root)) {
      response.writeHead(403).end();
      return;
    }
    stat(file)
      .then((info) => (info.isDirectory() ? path.join(file, 'index.html') : file))
      .then(async (found) => {
        const body = await readFile(found);
        response.writeHead(200, {'content-type': contentTypes[path.extname(found)] ?? 'application/octet-stream'});
        response.end(body);
      })
      .catch(() => response.writeHead(404).end('Not found'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
