// Shows the build-time code samples at once and loads the interactive explorer (request form, send,
// response: postman-collection and friends) only when the reader first asks for it. It also sets the
// Accept header from a success range (2XX), which the theme reads from numeric codes only.
import {lazy, Suspense, useEffect, useState, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import {setAccept} from '@theme/ApiExplorer/Accept/slice';
import CodeSnippets from '@theme/ApiExplorer/CodeSnippets';
import SecuritySchemes from '@theme/ApiExplorer/SecuritySchemes';
import {useTypedDispatch, useTypedSelector} from '@theme/ApiItem/hooks';

import {clearExchange} from '@site/src/explorer-exchange';
import History from './History';
import RememberedServer from './RememberedServer';

type Responses = Record<string, {content?: Record<string, unknown>}>;
/** Where the local sandbox receives a webhook (scripts/gen-api-docs.ts marks each webhook so). */
type SandboxWebhook = {method: string; path: string; event: string};
type Props = {
  item: {
    'x-codeSamples'?: {lang: string; label?: string; source: string}[];
    responses?: Responses;
    method?: string;
    'x-sandbox-webhook'?: SandboxWebhook;
  };
  infoPath?: string;
};

/**
 * A webhook's page as a call the explorer can send: the theme shows a webhook's payload but no server
 * and no Send button. Sent to the local sandbox, which receives it as the reader's server would and
 * answers what the API expects back, it is a test of a payload against the description.
 */
function sendableWebhook(item: Props['item']): Props['item'] {
  const webhook = item['x-sandbox-webhook'];
  if (item.method !== 'event' || !webhook) return item;
  const postman = {
    method: webhook.method.toUpperCase(),
    url: {host: ['{{baseUrl}}'], path: webhook.path.split('/').filter(Boolean)},
  };
  return {...item, method: webhook.method, path: webhook.path, postman} as Props['item'];
}

/**
 * The theme takes the Accept header from the media types of 200-299 responses, so with the
 * reference's `2XX` the explorer sent none. This picks the first media type of a success response,
 * numeric or range, when the theme found none.
 */
function AcceptSuccessMediaType({responses}: {responses?: Responses}): null {
  const accept = useTypedSelector((state: {accept: {value?: string}}) => state.accept.value);
  const dispatch = useTypedDispatch();
  useEffect(() => {
    if (accept !== undefined) return;
    const mediaType = Object.entries(responses ?? {})
      .filter(([code]) => /^2(\d\d|XX)$/i.test(code))
      .flatMap(([, response]) => Object.keys(response.content ?? {}))[0];
    if (mediaType) dispatch(setAccept(mediaType));
  }, [accept, responses, dispatch]);
  return null;
}

const loadExplorer = () => import('@theme-original/ApiExplorer');
const FullExplorer = lazy(loadExplorer);

export default function ApiExplorerWrapper(props: Props): ReactNode {
  const [open, setOpen] = useState(false);
  // Bumped when a history entry is put back in the form: the form mounts again and reads it.
  const [restorations, setRestorations] = useState(0);
  const {pathname} = useLocation();
  // The last call shown belongs to this page: it goes when the reader leaves.
  useEffect(() => clearExchange, []);
  const preview = (
    <>
      <RememberedServer />
      <SecuritySchemes infoPath={props.infoPath} />
      <CodeSnippets codeSamples={props.item['x-codeSamples']} />
    </>
  );
  // Names the column, and keeps the headings in order: the page's last one is "Responses" (h2),
  // and the authorization summary is an h4.
  const heading = <h3 className="openapi-explorer__heading">Call this endpoint</h3>;
  if (open) {
    return (
      <>
        {heading}
        <AcceptSuccessMediaType responses={props.item.responses} />
        <RememberedServer />
        <Suspense fallback={preview}>
          <FullExplorer key={restorations} {...props} item={sendableWebhook(props.item)} />
          <History key={pathname} onRestore={() => setRestorations((count) => count + 1)} />
        </Suspense>
      </>
    );
  }
  return (
    <>
      {heading}
      {preview}
      <div className="openapi-try-it">
        <p>Send this request from your browser, to the API or to the local sandbox, and see the answer.</p>
        {/* Fetching starts when the pointer or focus reaches the button, so the click feels instant. */}
        <button
          type="button"
          className="button button--primary button--block"
          onPointerEnter={() => void loadExplorer()}
          onFocus={() => void loadExplorer()}
          onClick={() => setOpen(true)}>
          Try it
        </button>
      </div>
    </>
  );
}
