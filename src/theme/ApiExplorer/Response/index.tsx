// When a send fails before any answer (server unreachable, blocked by CORS, offline, timed out),
// the theme kept its "Click the Send API Request button…" text and logged the error to the console.
// The panel now says what failed and what to try: the local sandbox, or a sample from a terminal.
// A streamed answer is shown event by event as it arrives, with Stop (src/components/StreamedResponse);
// any other answer with its status, time, size and headers, by its kind (src/components/ExplorerAnswer).
import {useEffect, useSyncExternalStore, type ComponentProps, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import Response from '@theme-original/ApiExplorer/Response';
import {clearCode, clearHeaders, clearResponse} from '@theme/ApiExplorer/Response/slice';
import {useTypedDispatch, useTypedSelector} from '@theme/ApiItem/hooks';

import ExplorerAnswer, {HeaderTable} from '@site/src/components/ExplorerAnswer';
import StreamedResponse, {useStream} from '@site/src/components/StreamedResponse';
import {clearStream, installStreamReader} from '@site/src/components/StreamedResponse/store';
import {clearExchange, exchangeSnapshot, subscribeExchange, type Exchange} from '@site/src/explorer-exchange';
import {maxKeptBytes} from '@site/src/explorer-history';
import {serverUrl, type ServerLike} from '@site/src/server-url';

type ResponseState = {response: {value?: string; code?: number}; server: {value?: ServerLike & {url: string}}};

// The theme's text while a request is under way.
const fetching = 'Fetching...';

/** A call as the history kept it: method, URL, headers (credentials masked) and body. */
function SentRequest({request}: {request: Exchange['request']}): ReactNode {
  return (
    <details>
      <summary>The request</summary>
      <p>
        <code>
          {request.method} {request.url}
        </code>
      </p>
      <HeaderTable headers={request.headers} />
      {request.body !== undefined && (
        // Focusable, so that a keyboard can scroll it (axe's scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        <pre tabIndex={0}>
          <code>{request.body}</code>
        </pre>
      )}
    </details>
  );
}

export default function ResponseWrapper(props: ComponentProps<typeof Response>): ReactNode {
  const {value, code} = useTypedSelector((state: ResponseState) => state.response);
  const server = useTypedSelector((state: ResponseState) => state.server.value);
  const dispatch = useTypedDispatch();
  const stream = useStream();
  const exchange = useSyncExternalStore(subscribeExchange, exchangeSnapshot, () => undefined);
  // Before the first Send: the explorer's fetch reads streamed answers from then on. A stream still
  // coming when the reader leaves the page is stopped (its request aborted) and forgotten.
  useEffect(() => {
    installStreamReader();
    return clearStream;
  }, []);
  // The "Local sandbox" section of this API's reference landing page (lib/openapi/info-page.mustache).
  const sandboxSection = `${useDoc().metadata.permalink.replace(/\/[^/]+\/?$/, '')}#local-sandbox`;
  const clear = () => {
    clearExchange();
    dispatch(clearResponse());
    dispatch(clearCode());
    dispatch(clearHeaders());
  };
  if (stream) return <StreamedResponse onClear={clear} />;
  if (value === fetching) return <Response {...props} />;
  if (exchange?.state === 'answered' && exchange.answer) {
    const {restored} = exchange;
    return (
      <ExplorerAnswer
        exchange={{...exchange, answer: exchange.answer}}
        onClear={clear}
        note={
          restored && (
            <div className="openapi-explorer__history-note">
              <p>
                From the history: sent {new Date(exchange.at).toLocaleString()} to <code>{exchange.request.url}</code>.
                {restored.binary && ' Its answer was not text: only its size was kept. Send it again to see it.'}
                {restored.cut && ` Its answer is cut at ${maxKeptBytes / 1024} KB, as the history keeps it.`}
              </p>
              <SentRequest request={exchange.request} />
            </div>
          )
        }
      />
    );
  }
  // The theme stores the error's text as the response, with no status code; a history entry keeps it.
  const failure = exchange?.state === 'failed' && exchange.restored ? exchange.error : value;
  if ((code !== undefined && !exchange?.restored) || !failure) return <Response {...props} />;
  const toSandbox = server?.url.startsWith('http://127.0.0.1') ?? false;
  return (
    <div className="openapi-explorer__response-container">
      <div className="openapi-explorer__response-title-container">
        <span className="openapi-explorer__response-title">Response</span>
        <button
          type="button"
          className="openapi-explorer__response-clear-btn"
          onClick={() => dispatch(clearResponse())}>
          Clear
        </button>
      </div>
      <div className="openapi-explorer__request-failed" role="alert">
        <p>
          <strong>
            The request failed: no answer came from {server ? <code>{serverUrl(server)}</code> : 'the server'}.
          </strong>{' '}
          {failure}
        </p>
        <p>What to try:</p>
        <ul>
          {toSandbox ? (
            <li>
              Start the local sandbox with <code>npm run sandbox</code> in the docs repository, then send again.
            </li>
          ) : (
            <li>
              Try the call on the local sandbox: run <code>npm run sandbox</code> in the docs repository, choose{' '}
              <strong>Local sandbox</strong> under Base URL above, and send again.
            </li>
          )}
          <li>
            Run a code sample above from a terminal: the browser blocks calls that the server does not allow from this
            site (CORS); a terminal does not.
          </li>
          <li>
            See <Link to={sandboxSection}>how to use the local sandbox</Link>.
          </li>
        </ul>
      </div>
    </div>
  );
}
