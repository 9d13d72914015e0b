// The explorer's history on an operation page: each call sent from it is kept in the browser
// (src/explorer-history.ts), credentials masked; "History" lists them newest first, choosing one puts
// its request back in the form and shows its answer, "Clear history" forgets them.
import {useEffect, useRef, useState, useSyncExternalStore, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import {setStringRawBody} from '@theme/ApiExplorer/Body/slice';
import {setParam} from '@theme/ApiExplorer/ParamOptions/slice';
import {setServer} from '@theme/ApiExplorer/Server/slice';
import {useTypedDispatch, useTypedSelector} from '@theme/ApiItem/hooks';

import {answerKind, formatBytes, formatDuration} from '@site/src/components/ExplorerAnswer/kinds';
import {exchangeSnapshot, showExchange, subscribeExchange, type Exchange} from '@site/src/explorer-exchange';
import {
  basicCredential,
  cutText,
  maskForm,
  masked,
  maskHeaders,
  maskText,
  maskUrl,
  operationOf,
  readHistory,
  restoreBody,
  withEntry,
  writeHistory,
  type FormParameter,
  type FormSnapshot,
  type HistoryEntry,
  type KeptBody,
  type Secrets,
} from '@site/src/explorer-history';
import type {Credentials} from '@site/src/explorer-storage';

type Scheme = {key: string; type: string; name?: string; in?: string};
type ExplorerState = {
  params: Record<'path' | 'query' | 'header' | 'cookie', FormParameter[]>;
  body: {type: string; content?: {type: string; value?: unknown}};
  server: {value?: {url: string}; options: {url: string}[]};
  auth: {options: Record<string, Scheme[]>; data: Credentials};
};

/** Where the page's security schemes put credentials, and the values the reader typed. */
function secretsOf(auth: ExplorerState['auth']): Secrets {
  const schemes = Object.values(auth.options).flat();
  const named = (place: string) =>
    schemes.filter((scheme) => scheme.type === 'apiKey' && scheme.in === place).map((scheme) => scheme.name ?? '');
  const values: string[] = [];
  for (const fields of Object.values(auth.data)) {
    for (const value of Object.values(fields)) if (value) values.push(value);
    if (fields.username && fields.password) values.push(basicCredential(fields.username, fields.password));
  }
  return {values, headers: named('header'), query: named('query'), cookies: named('cookie')};
}

/** The form as the theme holds it: parameters with a value, the body's text, the server. */
function formOf(state: ExplorerState): FormSnapshot {
  const parameters = Object.values(state.params)
    .flat()
    .filter((parameter) => parameter.value !== undefined && parameter.value !== '');
  const raw = state.body.type === 'raw' && state.body.content?.type === 'string' ? state.body.content.value : undefined;
  return {parameters, body: typeof raw === 'string' ? raw : undefined, server: state.server.value?.url};
}

/** An answer's body as history keeps it: text cut at 64 KB and masked, or only its size. */
async function keptAnswer(exchange: Exchange, secrets: Secrets): Promise<KeptBody | undefined> {
  const answer = exchange.answer;
  if (!answer) return undefined;
  const kind = answerKind(answer.contentType, answer.size);
  if (!answer.streamed && kind !== 'json' && kind !== 'text' && kind !== 'empty')
    return {binary: true, bytes: answer.size, type: answer.contentType};
  const kept = cutText(maskText(await answer.body.text(), secrets));
  // A stream's size is what came, not what was kept of it.
  return {...kept, bytes: answer.size, cut: kept.cut || kept.bytes < answer.size};
}

/** The history entry for a finished exchange, every credential masked. */
async function entryOf(exchange: Exchange, form: FormSnapshot, secrets: Secrets): Promise<HistoryEntry> {
  const {request, answer} = exchange;
  const requestBody = request.body === undefined ? undefined : cutText(maskText(request.body, secrets));
  return {
    id: `${exchange.at}-${Math.random().toString(36).slice(2, 8)}`,
    operation: operationOf(exchange.page),
    at: exchange.at,
    method: request.method,
    url: maskUrl(request.url, secrets),
    requestHeaders: maskHeaders(request.headers, secrets),
    requestBody,
    status: answer?.status,
    statusText: answer?.statusText,
    durationMs: answer?.durationMs,
    size: answer?.size,
    contentType: answer?.contentType,
    responseHeaders: answer ? maskHeaders(answer.headers, secrets) : [],
    answer: await keptAnswer(exchange, secrets),
    error: exchange.error === undefined ? undefined : maskText(exchange.error, secrets),
    form: maskForm(form, secrets),
  };
}

/** A history entry shown as the explorer's current answer. */
function showEntry(entry: HistoryEntry): void {
  const kept = entry.answer;
  const text = kept && 'text' in kept ? kept.text : '';
  showExchange({
    at: entry.at,
    page: entry.operation,
    request: {
      method: entry.method,
      url: entry.url,
      headers: entry.requestHeaders,
      body: entry.requestBody && 'text' in entry.requestBody ? entry.requestBody.text : undefined,
    },
    state: entry.status === undefined ? 'failed' : 'answered',
    error: entry.error,
    answer:
      entry.status === undefined
        ? undefined
        : {
            status: entry.status,
            statusText: entry.statusText ?? '',
            headers: entry.responseHeaders,
            contentType: entry.contentType ?? '',
            durationMs: entry.durationMs ?? 0,
            size: entry.size ?? 0,
            body: new Blob([text], {type: entry.contentType}),
          },
    restored: {cut: Boolean(kept && 'cut' in kept && kept.cut), binary: Boolean(kept && 'binary' in kept)},
  });
}

const timeOf = (at: number) => new Date(at).toLocaleTimeString();

/** The URL shown in the list: the path and query, since the server is mostly the same. */
function shortUrl(url: string): string {
  return URL.canParse(url) ? `${new URL(url).pathname}${new URL(url).search}` : url;
}

/**
 * Records the page's calls and lists them. `onRestore` is called after an entry's request is put back
 * in the form's state: the explorer then mounts its form again, which reads it.
 */
export default function History({onRestore}: {onRestore: () => void}): ReactNode {
  const operation = operationOf(useLocation().pathname);
  const state = useTypedSelector((all: ExplorerState) => all);
  const dispatch = useTypedDispatch();
  const exchange = useSyncExternalStore(subscribeExchange, exchangeSnapshot, () => undefined);
  const [entries, setEntries] = useState(() => readHistory().filter((entry) => entry.operation === operation));
  const [open, setOpen] = useState(false);
  // The form and credentials as they are now: what a call that just finished was sent with.
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  }, [state]);
  const recorded = useRef(new Set<number>());

  useEffect(() => {
    if (!exchange || exchange.restored || exchange.state === 'sent' || recorded.current.has(exchange.id)) return;
    if (operationOf(exchange.page) !== operation) return;
    recorded.current.add(exchange.id);
    const secrets = secretsOf(latest.current.auth);
    void entryOf(exchange, formOf(latest.current), secrets).then((entry) => {
      const kept = writeHistory(withEntry(readHistory(), entry));
      setEntries(kept.filter((candidate) => candidate.operation === operation));
    });
  }, [exchange, operation]);

  const choose = (entry: HistoryEntry) => {
    const current = latest.current;
    for (const parameter of entry.form.parameters) {
      const known = current.params[parameter.in as keyof ExplorerState['params']]?.find(
        (candidate) => candidate.name === parameter.name,
      );
      // A masked credential is not put back: the reader types it again, or it comes from the tab.
      if (known && parameter.value !== masked) dispatch(setParam({...known, value: parameter.value}));
    }
    if (entry.form.body !== undefined) {
      restoreBody(entry.form.body);
      dispatch(setStringRawBody(entry.form.body));
    }
    const server = current.server.options.find((option) => option.url === entry.form.server);
    if (server) dispatch(setServer(JSON.stringify(server)));
    onRestore();
    showEntry(entry);
  };

  const clear = () => {
    writeHistory(readHistory().filter((entry) => entry.operation !== operation));
    setEntries([]);
  };

  const newestFirst = [...entries].reverse();
  return (
    <div className="openapi-explorer__history">
      <button
        type="button"
        className="button button--secondary button--sm"
        aria-expanded={open}
        onClick={() => setOpen(!open)}>
        History ({entries.length})
      </button>
      {open && (
        <div className="openapi-explorer__history-panel">
          <p>
            The calls sent from this page, newest first: kept in this browser (the last 20 of each operation), with keys
            and tokens masked. Choose one to see it again.
          </p>
          {newestFirst.length === 0 ? (
            <p>No call sent from this page yet.</p>
          ) : (
            <ol className="openapi-explorer__history-list">
              {newestFirst.map((entry) => (
                <li key={entry.id}>
                  <button type="button" className="openapi-explorer__history-entry" onClick={() => choose(entry)}>
                    <span>{timeOf(entry.at)}</span>
                    <strong>{entry.method}</strong>
                    <span>{entry.status ?? 'failed'}</span>
                    {entry.durationMs !== undefined && <span>{formatDuration(entry.durationMs)}</span>}
                    {entry.size !== undefined && <span>{formatBytes(entry.size)}</span>}
                    <code>{shortUrl(entry.url)}</code>
                  </button>
                </li>
              ))}
            </ol>
          )}
          {newestFirst.length > 0 && (
            <button type="button" className="button button--sm button--secondary" onClick={clear}>
              Clear history
            </button>
          )}
        </div>
      )}
    </div>
  );
}
