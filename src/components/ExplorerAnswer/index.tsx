/**
 * The explorer's answer, whatever its kind (src/explorer-exchange.ts): status, time to the last byte,
 * size and headers; JSON as a tree whose nodes fold; images, audio and PDF shown; text as text; and a
 * download of the bytes as they came, under the name the answer's Content-Disposition gives.
 */
import {lazy, Suspense, useEffect, useMemo, useState, type ReactNode} from 'react';

import type {Exchange, ReceivedAnswer} from '@site/src/explorer-exchange';
import JsonTree from './JsonTree';
import {answerFilename, answerKind, formatBytes, formatDuration, reasonPhrase, type AnswerKind} from './kinds';
import styles from './styles.module.css';

// pdf.js (about 1.7 MB with its worker) loads only when a PDF answer comes.
const PdfPreview = lazy(() => import(/* webpackChunkName: "pdf-reader" */ './PdfPreview'));

/** Above this, a text answer is shown cut (the download has it whole) and JSON is not made a tree. */
const maxShownBytes = 1024 * 1024;

/** An object URL for `blob` while the component shows it. */
function useObjectUrl(blob: Blob): string {
  const url = useMemo(() => URL.createObjectURL(blob), [blob]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return url;
}

/** The text of `blob` (at most maxShownBytes of it), once read. */
function useBlobText(blob: Blob, wanted: boolean): string | undefined {
  const [text, setText] = useState<string>();
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void blob
      .slice(0, maxShownBytes)
      .text()
      .then((read) => live && setText(read));
    return () => {
      live = false;
    };
  }, [blob, wanted]);
  return text;
}

/** JSON, or undefined when the text is not (a JSON-lines answer, a cut one). */
function parsedJson(text: string): {value: unknown} | undefined {
  try {
    return {value: JSON.parse(text) as unknown};
  } catch {
    return undefined;
  }
}

function AnswerBody({answer, kind, url}: {answer: ReceivedAnswer; kind: AnswerKind; url: string}): ReactNode {
  const text = useBlobText(answer.body, kind === 'json' || kind === 'text');
  const [asText, setAsText] = useState(false);
  const cut = answer.size > maxShownBytes && (
    <p className={styles.note}>The first {formatBytes(maxShownBytes)} are shown; the download has all of it.</p>
  );
  switch (kind) {
    case 'empty':
      return <p className={styles.note}>No body.</p>;
    case 'image':
      return <img className={styles.image} src={url} alt={`The answer (${answer.contentType})`} />;
    case 'audio':
      // An API's audio answer comes without captions: there is no track to give it.
      // eslint-disable-next-line jsx-a11y/media-has-caption
      return <audio className={styles.audio} controls src={url} aria-label="The answer: audio" />;
    case 'pdf':
      return (
        <Suspense fallback={<p className={styles.note}>Loading the PDF reader…</p>}>
          <PdfPreview blob={answer.body} />
        </Suspense>
      );
    case 'binary':
      return (
        <p className={styles.note}>
          A binary answer ({answer.contentType || 'no media type'}): download it to open it.
        </p>
      );
    case 'json':
    case 'text': {
      if (text === undefined) return null;
      const json = kind === 'json' && answer.size <= maxShownBytes ? parsedJson(text) : undefined;
      if (json && !asText)
        return (
          <>
            <button type="button" className="button button--sm button--link" onClick={() => setAsText(true)}>
              Show as text
            </button>
            <JsonTree value={json.value} />
          </>
        );
      return (
        <>
          {json && (
            <button type="button" className="button button--sm button--link" onClick={() => setAsText(false)}>
              Show as tree
            </button>
          )}
          {/* Focusable, so that a keyboard can scroll it (axe's scrollable-region-focusable). */}
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
          <pre className={styles.text} tabIndex={0}>
            <code>{json ? JSON.stringify(json.value, null, 2) : text}</code>
          </pre>
          {cut}
        </>
      );
    }
  }
}

/** Headers as a table of names and values (an answer's; a request's as the history kept it). */
export function HeaderTable({headers}: {headers: readonly [string, string][]}): ReactNode {
  return (
    <table className={styles.headerTable}>
      <tbody>
        {headers.map(([name, value]) => (
          <tr key={name}>
            <th scope="row">{name}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Download({answer, url}: {answer: ReceivedAnswer; url: string}): ReactNode {
  const filename = answerFilename(answer);
  if (answer.size === 0 || answer.streamed) return null;
  return (
    <a className="button button--secondary button--sm" href={url} download={filename}>
      Download <span className={styles.filename}>{filename}</span>
    </a>
  );
}

/** The answer of `exchange`, with `onClear` for the panel's Clear button; `note` says where it came from. */
export default function ExplorerAnswer({
  exchange,
  onClear,
  note,
}: {
  exchange: Exchange & {answer: ReceivedAnswer};
  onClear: () => void;
  note?: ReactNode;
}): ReactNode {
  const {answer} = exchange;
  // One object URL for the preview and the download.
  const url = useObjectUrl(answer.body);
  const kind = answerKind(answer.contentType, answer.size);
  const tone =
    answer.status >= 400 ? styles.failure : answer.status >= 200 && answer.status < 300 ? styles.success : '';
  return (
    <div className="openapi-explorer__response-container">
      <div className="openapi-explorer__response-title-container">
        <span className="openapi-explorer__response-title">Response</span>
        <button type="button" className="openapi-explorer__response-clear-btn" onClick={onClear}>
          Clear
        </button>
      </div>
      <div className={styles.answer}>
        {note}
        <p className={styles.summary} role="status">
          <strong className={`${styles.status} ${tone}`}>
            {answer.status} {answer.statusText || reasonPhrase(answer.status)}
          </strong>
          <span>{formatDuration(answer.durationMs)}</span>
          <span>{formatBytes(answer.size)}</span>
          {answer.contentType && <code>{answer.contentType}</code>}
        </p>
        {/* A history entry keeps text only (src/explorer-history.ts): no bytes to show or download. */}
        {!exchange.restored?.binary && <AnswerBody answer={answer} kind={kind} url={url} />}
        <div className={styles.actions}>{!exchange.restored && <Download answer={answer} url={url} />}</div>
        <details>
          <summary>Headers ({answer.headers.length})</summary>
          <p className={styles.note}>
            The headers the server lets a browser read: another site&apos;s API shows only those it names in{' '}
            <code>Access-Control-Expose-Headers</code>.
          </p>
          <HeaderTable headers={answer.headers} />
        </details>
      </div>
    </div>
  );
}
