/**
 * The sandbox as an OAuth 2.0 authorization server (sandbox/oauth2.ts, oidc-provider): the client
 * credentials flow grants the scopes asked for, and refuses a wrong secret or a scope no description
 * declares; the authorization code flow insists on PKCE and on a redirect back to a docs site (any
 * loopback port, the deployed site), never elsewhere; the explorer's calls from another origin are
 * allowed (CORS). Generation marks each flow with the sandbox's endpoints, and the site's
 * Content-Security-Policy admits the token endpoints. The browser proof, sign-in window included, is
 * in tests/corpus/site.test.ts.
 */
import assert from 'node:assert/strict';
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {after, before, test} from 'node:test';

import {markSandboxOAuth2, sandboxOAuth2} from '../../lib/sandbox/servers';
import {createAuthorizationServer, declaredScopes} from '../../sandbox/oauth2';

let server: Server;
let origin: string;

before(async () => {
  server = createServer((request, response) => authorization(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  authorization = createAuthorizationServer(['board:read', 'board:write'], origin);
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));
let authorization: ReturnType<typeof createAuthorizationServer>;

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
const {id: clientId, secret: clientSecret} = sandboxOAuth2.confidentialClient;

async function token(form: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await fetch(`${origin}${sandboxOAuth2.path}/token`, {
    method: 'POST',
    headers: {'content-type': 'application/x-www-form-urlencoded', ...headers},
    body: new URLSearchParams(form),
  });
  return {response, body: (await response.json()) as Record<string, unknown>};
}

test('client credentials: a token for the scopes asked, allowed to a docs page on another origin (CORS)', async () => {
  const {response, body} = await token(
    {grant_type: 'client_credentials', scope: 'board:read'},
    {authorization: basic(clientId, clientSecret), origin: 'http://127.0.0.1:3000'},
  );
  assert.equal(response.status, 200);
  assert.equal(body.token_type, 'Bearer');
  assert.equal(body.scope, 'board:read');
  assert.match(String(body.access_token), /^[\w-]{20,}$/);
  assert.equal(response.headers.get('access-control-allow-origin'), 'http://127.0.0.1:3000');
});

test('client credentials: a wrong secret is refused, and a scope no description declares is not granted', async () => {
  const wrong = await token({grant_type: 'client_credentials'}, {authorization: basic(clientId, 'not-the-secret')});
  assert.equal(wrong.response.status, 401);
  assert.equal(wrong.body.error, 'invalid_client');
  const scope = await token(
    {grant_type: 'client_credentials', scope: 'admin:everything'},
    {authorization: basic(clientId, clientSecret)},
  );
  // RFC 6749 §3.3: the server may grant less than asked, and says what it granted.
  assert.equal(scope.response.status, 200);
  assert.doesNotMatch(String(scope.body.scope ?? ''), /admin/);
});

/** The authorization endpoint's answer to a sign-in request, not followed. */
async function authorize(query: Record<string, string>) {
  const url = new URL(`${origin}${sandboxOAuth2.path}/auth`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return fetch(url, {redirect: 'manual'});
}

const signIn = {
  response_type: 'code',
  client_id: sandboxOAuth2.publicClientId,
  scope: 'board:write',
  state: 'state-1',
  code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  code_challenge_method: 'S256',
};

test('authorization code: a docs site on any loopback port, or the deployed site, is sent to sign in', async () => {
  for (const redirect of [
    'http://127.0.0.1:41234/oauth2-callback',
    'http://localhost:3000/oauth2-callback',
    'https://docs.orchard.example/oauth2-callback',
  ]) {
    const response = await authorize({...signIn, redirect_uri: redirect});
    assert.equal(response.status, 303, redirect);
    assert.match(response.headers.get('location') ?? '', /^\/oauth2\/interaction\//, redirect);
  }
});

test('authorization code: without PKCE, or returning anywhere else, it is refused', async () => {
  const {code_challenge: _challenge, code_challenge_method: _method, ...withoutPkce} = signIn;
  const noPkce = await authorize({...withoutPkce, redirect_uri: 'http://127.0.0.1:3000/oauth2-callback'});
  // Refused back to the site, saying why.
  assert.equal(noPkce.status, 303);
  assert.match(noPkce.headers.get('location') ?? '', /error=invalid_request.*PKCE/);
  const elsewhere = await authorize({...signIn, redirect_uri: 'https://attacker.example/oauth2-callback'});
  assert.equal(elsewhere.status, 400);
  assert.match(await elsewhere.text(), /redirect_uri/);
});

test('generation marks each flow of an OAuth2 scheme with the sandbox; the scopes the sandbox grants are those declared', () => {
  const doc = {
    components: {
      securitySchemes: {
        key: {type: 'apiKey', name: 'key', in: 'header'},
        oauth: {
          type: 'oauth2',
          flows: {
            authorizationCode: {
              authorizationUrl: 'https://a.example/auth',
              tokenUrl: 'https://a.example/token',
              scopes: {read: 'Read'},
            },
            clientCredentials: {tokenUrl: 'https://a.example/token', scopes: {write: 'Write'}},
            implicit: {authorizationUrl: 'https://a.example/auth', scopes: {}},
          },
        },
      },
    },
  };
  markSandboxOAuth2(doc as Parameters<typeof markSandboxOAuth2>[0]);
  const flows = doc.components.securitySchemes.oauth.flows as Record<string, Record<string, unknown>>;
  assert.deepEqual(flows.authorizationCode!['x-sandbox'], {
    authorizationUrl: sandboxOAuth2.authorizationUrl,
    tokenUrl: sandboxOAuth2.tokenUrl,
    clientId: sandboxOAuth2.publicClientId,
  });
  assert.deepEqual(flows.clientCredentials!['x-sandbox'], {
    tokenUrl: sandboxOAuth2.tokenUrl,
    clientId,
    clientSecret,
  });
  assert.equal(flows.implicit!['x-sandbox'], undefined, 'the explorer runs no implicit flow');
  assert.equal('x-sandbox' in doc.components.securitySchemes.key, false);
  assert.deepEqual(declaredScopes([doc]), ['read', 'write']);
});
