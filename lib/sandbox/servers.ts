/**
 * Where the local sandbox serves each API of lib/openapi/specs.ts. A description may list the sandbox
 * among its servers, on loopback (ours list `http://127.0.0.1:4010/api`): its calls are served under
 * that server's path. Any other description is served under `/apis/<id>`, its paths as written, so
 * two descriptions of the same paths (two pet stores) do not meet. Light on purpose: generation and the
 * MCP server read it without loading the sandbox.
 */
import type {Document} from '../openapi';
import type {OpenApiSpec} from '../openapi/specs';
import {oauth2CallbackRoute} from '../../src/oauth2-channel';

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

/**
 * The sandbox as an OAuth 2.0 authorization server (sandbox/oauth2.ts), for the descriptions that
 * declare OAuth2: the explorer gets its tokens here when the reader chooses the sandbox. Its clients
 * are the sandbox's, public: `publicClientId` for the authorization code flow with PKCE (any loopback
 * port, and the docs site, may be its redirect), `confidentialClient` for the client credentials flow.
 */
export const sandboxOAuth2 = {
  path: '/oauth2',
  authorizationUrl: `${sandboxOrigin}/oauth2/auth`,
  tokenUrl: `${sandboxOrigin}/oauth2/token`,
  publicClientId: 'orchard-docs',
  confidentialClient: {id: 'orchard-sandbox', secret: 'sandbox-secret'},
  /** Where the explorer's sign-in window returns to: a route of the site (src/components/OAuth2Callback). */
  callbackRoute: oauth2CallbackRoute,
} as const;

/** What the explorer needs to get a token from the sandbox for one flow (an `x-sandbox` mark on the flow). */
export type SandboxOAuth2Flow = {authorizationUrl?: string; tokenUrl: string; clientId: string; clientSecret?: string};

/** The sandbox's endpoints and client for a flow of a description's OAuth2 scheme, by the flow's kind. */
export function sandboxOAuth2Flow(kind: string): SandboxOAuth2Flow | undefined {
  const {authorizationUrl, tokenUrl, publicClientId, confidentialClient} = sandboxOAuth2;
  if (kind === 'authorizationCode') return {authorizationUrl, tokenUrl, clientId: publicClientId};
  if (kind === 'clientCredentials')
    return {tokenUrl, clientId: confidentialClient.id, clientSecret: confidentialClient.secret};
  return undefined;
}

/**
 * Marks each flow of the description's OAuth2 schemes with the sandbox's endpoints and client
 * (`x-sandbox`), which the explorer uses when the reader chooses the sandbox (src/theme/ApiExplorer/OAuth2.tsx).
 */
export function markSandboxOAuth2(doc: Pick<Document, 'components'>): void {
  for (const scheme of Object.values(doc.components?.securitySchemes ?? {})) {
    if (!scheme || typeof scheme !== 'object' || (scheme as {type?: string}).type !== 'oauth2') continue;
    for (const [kind, flow] of Object.entries((scheme as {flows?: Record<string, object>}).flows ?? {})) {
      const sandbox = sandboxOAuth2Flow(kind);
      if (sandbox && flow && typeof flow === 'object') Object.assign(flow, {'x-sandbox': sandbox});
    }
  }
}
