// Shows the build-time code samples at once and loads the interactive explorer (request form, send,
// response: postman-collection and friends) only when the reader first asks for it.
import {lazy, Suspense, useState, type ReactNode} from 'react';
import CodeSnippets from '@theme/ApiExplorer/CodeSnippets';
import SecuritySchemes from '@theme/ApiExplorer/SecuritySchemes';

type Props = {item: {'x-codeSamples'?: {lang: string; label?: string; source: string}[]}; infoPath?: string};

const loadExplorer = () => import('@theme-original/ApiExplorer');
const FullExplorer = lazy(loadExplorer);

export default function ApiExplorerWrapper(props: Props): ReactNode {
  const [open, setOpen] = useState(false);
  const preview = (
    <>
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
        <Suspense fallback={preview}>
          <FullExplorer {...props} />
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
