/**
 * A request's body read within a size, for the MCP server (mcp/http.ts) and the feedback service
 * (lib/feedback/service.ts), which each answer 413 in their own words when it is over.
 */
import type {IncomingMessage} from 'node:http';

/**
 * The body as text, or undefined when it is (or says it is, by Content-Length) larger than `maxBytes`:
 * then the rest is read and dropped, never kept, and the request is not destroyed (that would take
 * the answer's socket with it).
 */
export function readBoundedBody(request: IncomingMessage, maxBytes: number): Promise<string | undefined> {
  if (Number(request.headers['content-length'] ?? 0) > maxBytes) {
    request.resume();
    return Promise.resolve(undefined);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
      else {
        request.off('data', onData);
        request.resume();
        resolve(undefined);
      }
    };
    request.on('data', onData);
    request.on('end', () => resolve(size <= maxBytes ? Buffer.concat(chunks).toString('utf8') : undefined));
    request.on('error', reject);
  });
}
