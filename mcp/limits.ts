/**
 * What the docs MCP server accepts and how much work it does for one client: the bounds of each tool's
 * input (in its JSON schema, so a client sees them), of a request over HTTP, and of each client
 * address. mcp/README.md lists them; tests/build/mcp-hostile.test.ts attacks each.
 */
import {maxQueryChars} from '../src/search/limits';

export {maxQueryChars};

/** Longest page reference get_page takes: a docs URL with its anchor (browsers cut URLs near 2,000). */
export const maxUrlChars = 2048;

/** Longest name a tool takes: an API, an operationId, an HTTP method (the longest operationId has 35). */
export const maxNameChars = 128;

/** Longest operation path get_endpoint takes (the longest documented one has 70 characters). */
export const maxPathChars = 512;

/** Longest API key call_endpoint sends (keys are tens of characters). */
export const maxKeyChars = 512;

/** Most path or query parameters of one call (no operation documents more than 6). */
export const maxParameters = 32;

/** Longest path or query parameter value of one call. */
export const maxParameterChars = 2048;

/** Largest request body call_endpoint sends, as JSON (the API's largest documented body is under 1 KB). */
export const maxCallBodyBytes = 256 * 1024;

/** Deepest request body call_endpoint sends (the API's bodies nest 3 levels). */
export const maxCallBodyDepth = 32;

/** How long call_endpoint waits for the API: past it, a tool error (the sandbox answers in milliseconds). */
export const callTimeoutMs = 10_000;

/** Most of an API answer call_endpoint returns, in bytes; a longer one is cut and marked truncated. */
export const maxAnswerBytes = 256 * 1024;

/** Largest HTTP request body: a tool call with the largest call body fits four times over. */
export const maxRequestBytes = 1024 * 1024;

/** Deepest JSON of an HTTP request: a call body at its deepest plus the JSON-RPC envelope. */
export const maxRequestDepth = maxCallBodyDepth + 8;

/** Requests one client address may make per minute (hosted docs MCP servers publish such limits: Mintlify 5,000 an hour). */
export const requestsPerMinute = 120;

/** Requests of one client address at the same time: each holds the one thread for up to half a second. */
export const concurrentRequests = 4;

/** Hosts the HTTP transport answers by default: this machine's names only (DNS-rebinding protection). */
export const localHosts = ['localhost', '127.0.0.1', '[::1]'] as const;

/** Whether `value` nests arrays and objects deeper than `limit`, found without recursion (any depth is safe to ask). */
export function deeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth > limit) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}
