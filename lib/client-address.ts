/**
 * Who sent a request, for the per-client limits of the MCP server (mcp/http.ts) and the feedback
 * service (lib/feedback/service.ts): the socket's address or, behind a trusted reverse proxy (Caddy,
 * nginx), the last address it appended to X-Forwarded-For; the ones before it are the client's say.
 */
import type {IncomingMessage} from 'node:http';

export function clientAddress(request: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy ? String(request.headers['x-forwarded-for'] ?? '') : '';
  return forwarded.split(',').pop()?.trim() || request.socket.remoteAddress || 'unknown';
}
