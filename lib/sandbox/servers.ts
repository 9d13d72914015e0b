/**
 * Where the local sandbox serves each API of lib/openapi/specs.ts. A description may list the sandbox
 * among its servers, on loopback (ours list `http://127.0.0.1:4010/api`): its calls are served under
 * that server's path. Any other description is served under `/apis/<id>`, its paths as written, so
 * two descriptions of the same paths (two pet stores) do not meet. Light on purpose: generation and the
 * MCP server read it without loading the sandbox.
 */
import type {Document} from '../openapi';
import type {OpenApiSpec} from '../openapi/specs';

export const defaultSandboxPort = 4010;

/** Where `npm run sandbox` listens. */
export const sandboxOrigin = `http://127.0.0.1:${defaultSandboxPort}`;

type ServerObject = {url: string; description?: string};

/** Whether a URL's host is this machine (127.0.0.1, ::1 or localhost). */
export function isLoopback(url: string): boolean {
  if (!URL.canParse(url)) return false;
  return ['127.0.0.1', '[::1]', 'localhost'].includes(new URL(url).hostname);
}

/** The sandbox server a description lists itself, if it lists one. */
export function listedSandboxServer(doc: Pick<Document, 'servers'>): ServerObject | undefined {
  return (doc.servers ?? []).find((server) => isLoopback(server.url));
}

/** The path the sandbox serves an API's calls under: `/api` for ours, `/apis/<id>` for the others. */
export function sandboxBasePath(spec: Pick<OpenApiSpec, 'id'>, doc: Pick<Document, 'servers'>): string {
  const listed = listedSandboxServer(doc);
  return listed ? new URL(listed.url).pathname.replace(/\/$/, '') : `/apis/${spec.id}`;
}

/**
 * The server the API explorer offers for the sandbox, for a description that does not list one (our
 * descriptions do). Marked `x-sandbox` so that the pipeline does not take it for the API's own server:
 * the samples and the Markdown twins name the description's server, or a placeholder host.
 */
export function addedSandboxServer(
  spec: Pick<OpenApiSpec, 'id'>,
  doc: Pick<Document, 'servers'>,
): ServerObject & {'x-sandbox': true} {
  return {
    url: `${sandboxOrigin}${sandboxBasePath(spec, doc)}`,
    description:
      'Local sandbox (run `npm run sandbox` in the docs repository; answers every call from the examples and schemas of this description)',
    'x-sandbox': true,
  };
}

/**
 * Where, under an API's path, the sandbox receives one of its webhooks, as the reader's server would:
 * the explorer sends a webhook's sample payload there, and gets the answer the API expects back.
 */
export function webhookPath(event: string): string {
  return `/webhooks/${encodeURIComponent(event)}`;
}

/** The operationId the sandbox's router knows a webhook by. */
export function webhookOperationId(event: string, method: string): string {
  return `webhook ${method} ${event}`;
}
