// Gets an OAuth2 token from the explorer, for an operation whose chosen security scheme is OAuth2: the
// authorization code flow with PKCE (a sign-in window that returns to the site's /oauth2-callback) and
// the client credentials flow. The theme only offered a field to paste a token into. The token goes
// into that field, held like a key (in memory, or for the tab when the reader asks); the scopes
// granted are shown. With the local sandbox chosen, its own authorization server and clients are used
// (the flow's `x-sandbox` mark, lib/sandbox/servers.ts).
import {useEffect, useId, useRef, useState, type ReactNode} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {setAuthData} from '@theme/ApiExplorer/Authorization/slice';
import {useTypedDispatch, useTypedSelector} from '@theme/ApiItem/hooks';

import {untrackedFetch} from '@site/src/components/StreamedResponse/store';
import {oauth2CallbackRoute, oauth2ChannelName, type OAuth2Callback} from '@site/src/oauth2-channel';

type SandboxFlow = {authorizationUrl?: string; tokenUrl: string; clientId: string; clientSecret?: string};
type Flow = {authorizationUrl?: string; tokenUrl?: string; scopes?: Record<string, string>; 'x-sandbox'?: SandboxFlow};
type Scheme = {
  key: string;
  type: string;
  flows?: {authorizationCode?: Flow; clientCredentials?: Flow};
  /** The scopes the operation asks for. */
  scopes?: string[];
};
type State = {
  auth: {selected?: string; options: Record<string, Scheme[]>};
  server: {value?: {url: string}};
};

type Kind = 'authorizationCode' | 'clientCredentials';
const kindNames: Record<Kind, string> = {
  authorizationCode: 'authorization code with PKCE',
  clientCredentials: 'client credentials',
};

/** A token endpoint's answer (RFC 6749 §5). */
type TokenAnswer = {
  access_token?: string;
  scope?: string;
  expires_in?: number;
  error?: string;
  error_description?: string;
};
type Outcome = {token: true; scopes: string; expiresIn?: number} | {error: string} | {waiting: string};

const base64url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const randomText = (length: number) => base64url(crypto.getRandomValues(new Uint8Array(length)));

/** The PKCE pair (RFC 7636): a verifier kept here, and its S256 challenge sent with the sign-in. */
async function pkcePair(): Promise<{verifier: string; challenge: string}> {
  const verifier = randomText(32);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return {verifier, challenge: base64url(new Uint8Array(digest))};
}

/** Posts a token request, and reads the answer (or says why there is none). */
async function requestToken(
  tokenUrl: string,
  form: Record<string, string>,
  basic?: [string, string],
): Promise<TokenAnswer> {
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  // client_secret_basic (RFC 6749 §2.3.1): each part form-encoded, then base64.
  if (basic) {
    const [id, secret] = basic.map((part) => encodeURIComponent(part).replace(/%20/g, '+'));
    headers.authorization = `Basic ${btoa(`${id}:${secret}`)}`;
  }
  try {
    const response = await untrackedFetch(tokenUrl, {method: 'POST', headers, body: new URLSearchParams(form)});
    const answer = (await response.json().catch(() => ({}))) as TokenAnswer;
    if (!response.ok && !answer.error) answer.error = `status ${response.status}`;
    return answer;
  } catch (error) {
    return {
      error: 'no answer',
      error_description: `${error instanceof Error ? error.message : String(error)}: the token endpoint could not be reached from the browser (offline, or it does not allow this site: CORS).`,
    };
  }
}

function FlowForm({scheme, kind, flow, sandbox}: {scheme: Scheme; kind: Kind; flow: Flow; sandbox?: SandboxFlow}) {
  const dispatch = useTypedDispatch();
  const id = useId();
  const callback = useBaseUrl(`/${oauth2CallbackRoute}`);
  const declared = Object.entries(flow.scopes ?? {});
  const asked = scheme.scopes?.length ? scheme.scopes : declared.map(([name]) => name);
  const [clientId, setClientId] = useState(sandbox?.clientId ?? '');
  const [clientSecret, setClientSecret] = useState(sandbox?.clientSecret ?? '');
  const [scopes, setScopes] = useState<string[]>(asked);
  const [outcome, setOutcome] = useState<Outcome>();
  const channel = useRef<BroadcastChannel>(undefined);
  useEffect(() => () => channel.current?.close(), []);
  const tokenUrl = sandbox?.tokenUrl ?? flow.tokenUrl;
  const authorizationUrl = sandbox?.authorizationUrl ?? flow.authorizationUrl;

  const received = (answer: TokenAnswer) => {
    if (!answer.access_token) {
      setOutcome({error: [answer.error ?? 'no token', answer.error_description].filter(Boolean).join(': ')});
      return;
    }
    dispatch(setAuthData({scheme: scheme.key, key: 'token', value: answer.access_token}));
    setOutcome({token: true, scopes: answer.scope ?? scopes.join(' '), expiresIn: answer.expires_in});
  };

  const clientCredentials = async () => {
    if (!tokenUrl) return;
    setOutcome({waiting: 'Asking for a token…'});
    const form: Record<string, string> = {grant_type: 'client_credentials'};
    if (scopes.length > 0) form.scope = scopes.join(' ');
    received(await requestToken(tokenUrl, form, [clientId, clientSecret]));
  };

  const authorizationCode = async () => {
    if (!tokenUrl || !authorizationUrl) return;
    // Opened at once, in the click: a window opened after an await is blocked as a pop-up.
    const popup = window.open('', 'orchard-oauth2', 'popup,width=520,height=720');
    if (!popup) {
      setOutcome({error: 'The browser blocked the sign-in window: allow pop-ups for this site, then try again.'});
      return;
    }
    const {verifier, challenge} = await pkcePair();
    const state = randomText(16);
    const redirectUri = `${window.location.origin}${callback}`;
    const url = new URL(authorizationUrl);
    const query = {
      response_type: 'code',
      client_id: clientId,
      redirect_uri: redirectUri,
      scope: scopes.join(' '),
      state,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    };
    for (const [name, value] of Object.entries(query)) if (value) url.searchParams.set(name, value);
    channel.current?.close();
    const listening = new BroadcastChannel(oauth2ChannelName);
    channel.current = listening;
    listening.onmessage = async ({data}: MessageEvent<OAuth2Callback>) => {
      // Another sign-in's answer (another tab, an older window) is not this one's.
      if (data?.type !== 'oauth2-callback' || data.params.state !== state) return;
      listening.close();
      const {code, error, error_description: description} = data.params;
      if (!code) {
        setOutcome({error: [error ?? 'no code', description].filter(Boolean).join(': ')});
        return;
      }
      setOutcome({waiting: 'Signed in: exchanging the code for a token…'});
      received(
        await requestToken(tokenUrl, {
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          client_id: clientId,
          code_verifier: verifier,
        }),
      );
    };
    setOutcome({waiting: 'Sign in in the window that opened; this page gets the token when you are done.'});
    popup.location.href = url.href;
  };

  const toggle = (name: string, on: boolean) =>
    setScopes((current) => (on ? [...current, name] : current.filter((scope) => scope !== name)));
  const ready = Boolean(tokenUrl && clientId && (kind === 'clientCredentials' ? clientSecret : authorizationUrl));

  return (
    <fieldset className="openapi-explorer__oauth2">
      <legend>
        OAuth 2.0, {kindNames[kind]}
        {sandbox && ' (the local sandbox)'}
      </legend>
      <p className="openapi-explorer__oauth2-endpoint">
        Token endpoint: <code>{tokenUrl ?? 'none in the description'}</code>
      </p>
      <label htmlFor={`${id}-client`}>Client ID</label>
      <input
        id={`${id}-client`}
        className="openapi-explorer__form-item-input"
        value={clientId}
        autoComplete="off"
        onChange={(event) => setClientId(event.target.value)}
      />
      {kind === 'clientCredentials' && (
        <>
          <label htmlFor={`${id}-secret`}>Client secret</label>
          <input
            id={`${id}-secret`}
            className="openapi-explorer__form-item-input"
            type="password"
            value={clientSecret}
            autoComplete="off"
            onChange={(event) => setClientSecret(event.target.value)}
          />
        </>
      )}
      {declared.length > 0 && (
        <fieldset className="openapi-explorer__oauth2-scopes">
          <legend>Scopes</legend>
          {declared.map(([name, description]) => (
            <label key={name}>
              <input
                type="checkbox"
                checked={scopes.includes(name)}
                onChange={(event) => toggle(name, event.target.checked)}
              />{' '}
              <code>{name}</code> {description}
            </label>
          ))}
        </fieldset>
      )}
      <button
        type="button"
        className="button button--secondary button--sm"
        disabled={!ready}
        onClick={() => void (kind === 'clientCredentials' ? clientCredentials() : authorizationCode())}>
        {kind === 'clientCredentials' ? 'Get a token' : 'Authorize'}
      </button>
      {outcome && 'waiting' in outcome && <p role="status">{outcome.waiting}</p>}
      {outcome && 'token' in outcome && (
        <p role="status">
          Token received and put in the token field above, for the scopes{' '}
          <strong>{outcome.scopes || '(none named)'}</strong>
          {outcome.expiresIn !== undefined && `; it expires in ${Math.round(outcome.expiresIn / 60)} min`}.
        </p>
      )}
      {outcome && 'error' in outcome && (
        <p role="alert" className="openapi-explorer__oauth2-error">
          No token: {outcome.error}
        </p>
      )}
    </fieldset>
  );
}

/** The OAuth2 flows of the chosen security scheme that the explorer can run, each with its form. */
export default function OAuth2(): ReactNode {
  const chosen = useTypedSelector(({auth}: State) => (auth.selected ? auth.options[auth.selected] : undefined));
  const server = useTypedSelector((state: State) => state.server.value);
  const forms: ReactNode[] = [];
  for (const scheme of chosen ?? []) {
    if (scheme.type !== 'oauth2') continue;
    for (const kind of ['authorizationCode', 'clientCredentials'] as const) {
      const flow = scheme.flows?.[kind];
      if (!flow) continue;
      const mark = flow['x-sandbox'];
      // The sandbox's authorization server when the sandbox is the chosen server.
      const toSandbox =
        mark && server && URL.canParse(server.url) && new URL(server.url).origin === new URL(mark.tokenUrl).origin;
      forms.push(
        <FlowForm
          key={`${scheme.key}-${kind}-${toSandbox ? 'sandbox' : 'api'}`}
          scheme={scheme}
          kind={kind}
          flow={flow}
          sandbox={toSandbox ? mark : undefined}
        />,
      );
    }
  }
  return forms.length > 0 ? <div className="openapi-explorer__oauth2-flows">{forms}</div> : null;
}
