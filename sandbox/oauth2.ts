/**
 * The sandbox as an OAuth 2.0 authorization server, by oidc-provider (certified, well kept), so that
 * the explorer's OAuth2 flows run against something real: the authorization code flow with PKCE (a
 * sign-in page that takes any name, then a consent page listing the scopes) and the client
 * credentials flow, with the clients of lib/sandbox/servers.ts. It grants the scopes the descriptions
 * declare and issues opaque access tokens; the sandbox's API calls accept any credential, as before.
 * State lives in memory: a restarted sandbox has forgotten its tokens.
 */
import type {IncomingMessage, ServerResponse} from 'node:http';

import Provider from 'oidc-provider';

import {provider as orchard} from '../src/provider';
import {sandboxOAuth2, sandboxOrigin} from '../lib/sandbox/servers';

/** The resource the sandbox's tokens are for (RFC 8707): every API it serves. */
const resource = `${sandboxOrigin}/`;

/** Where the explorer's sign-in window may return: a docs site on any loopback port, and the deployed site. */
const redirectUris = [
  `http://127.0.0.1/${sandboxOAuth2.callbackRoute}`,
  `http://localhost/${sandboxOAuth2.callbackRoute}`,
  `${orchard.docsUrl}/${sandboxOAuth2.callbackRoute}`,
];

export type AuthorizationServer = (request: IncomingMessage, response: ServerResponse) => void;

/** The authorization server for `scopes` (every scope the sandbox's descriptions declare), mounted at sandboxOAuth2.path. */
export function createAuthorizationServer(
  scopes: readonly string[],
  issuerOrigin = sandboxOrigin,
): AuthorizationServer {
  const server = new Provider(`${issuerOrigin}${sandboxOAuth2.path}`, {
    clients: [
      {
        client_id: sandboxOAuth2.publicClientId,
        // A native client: RFC 8252 lets a loopback redirect take any port (the docs on a dev server or a test's).
        application_type: 'native',
        token_endpoint_auth_method: 'none',
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
      {
        client_id: sandboxOAuth2.confidentialClient.id,
        client_secret: sandboxOAuth2.confidentialClient.secret,
        grant_types: ['client_credentials'],
        redirect_uris: [],
        response_types: [],
      },
    ],
    pkce: {required: () => true},
    scopes: [...scopes],
    features: {
      clientCredentials: {enabled: true},
      // Its own sign-in and consent pages: any name signs in (a sandbox has no users).
      devInteractions: {enabled: true},
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({scope: scopes.join(' '), accessTokenFormat: 'opaque', accessTokenTTL: 3600}),
      },
    },
    // The docs site calls the token endpoint from the reader's browser, from whatever origin serves it.
    clientBasedCORS: () => true,
    cookies: {keys: ['orchard-sandbox-cookies']},
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      ClientCredentials: 3600,
      Grant: 3600,
      Interaction: 600,
      Session: 3600,
    },
    findAccount: (_context, id) => ({accountId: id, claims: () => ({sub: id})}),
    renderError: (context, out) => {
      context.type = 'text/plain';
      context.body = `The sandbox's authorization server refused the request: ${out.error}${out.error_description ? ` (${out.error_description})` : ''}`;
    },
  });
  const handle = server.callback();
  return (request, response) => {
    // Mounted under a path: oidc-provider reads the prefix from originalUrl (its mounting guide).
    const url = request.url ?? '/';
    Object.assign(request, {originalUrl: url});
    request.url = url.slice(sandboxOAuth2.path.length) || '/';
    void handle(request, response);
  };
}

/** Every OAuth2 scope the descriptions declare, in any flow. */
export function declaredScopes(docs: readonly {components?: {securitySchemes?: Record<string, unknown>}}[]): string[] {
  const scopes = new Set<string>();
  for (const doc of docs)
    for (const scheme of Object.values(doc.components?.securitySchemes ?? {})) {
      const flows = (scheme as {type?: string; flows?: Record<string, {scopes?: Record<string, string>}>}).flows;
      if ((scheme as {type?: string}).type === 'oauth2')
        for (const flow of Object.values(flows ?? {}))
          for (const name of Object.keys(flow.scopes ?? {})) scopes.add(name);
    }
  return [...scopes].sort();
}
