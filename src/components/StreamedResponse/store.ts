/**
 * The explorer's streamed answers, read as they arrive. The OpenAPI theme sends the explorer's
 * request inside its Request component and reads a stream as raw text (server-sent events) or waits
 * for its end (JSON lines), with no way to stop it. So while the explorer is open, `fetch` is wrapped:
 * a call to another origin (an API server, the local sandbox) gets a signal the Stop button can abort,
 * and an answer whose Content-Type streams is split in two (`tee`): the theme reads one branch as
 * before, this store the other, event by event (src/stream-events.ts). Same-origin calls (the search
 * index, the site's files) and answers that do not stream pass through untouched.
 */
import {
  answerExchange,
  beginExchange,
  describeBody,
  failExchange,
  headerPairs,
  type ReceivedAnswer,
} from '@site/src/explorer-exchange';
import {maxKeptBytes} from '@site/src/explorer-history';
import {eventName, framingOf, streamEventReader, type Framing} from '@site/src/stream-events';

export type ShownEvent = {name?: string; data: string};

export type StreamState = {
  status: number;
  contentType: string;
  framing: Framing;
  events: ShownEvent[];
  /** Events past the bound shown (maxShownEvents) are counted, not kept. */
  dropped: number;
  state: 'streaming' | 'ended' | 'stopped' | 'failed';
  error?: string;
};

/** The most events the panel keeps: a stream can run for as long as its server likes. */
export const maxShownEvents = 1000;

let current: (StreamState & {controller: AbortController}) | undefined;
let snapshot: StreamState | undefined;
const listeners = new Set<() => void>();

function changed(): void {
  snapshot = current && {...current, events: [...current.events]};
  listeners.forEach((listener) => listener());
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const streamSnapshot = (): StreamState | undefined => snapshot;

/** Stops the stream being read: its request is aborted, what came stays shown. */
export function stopStream(): void {
  if (current?.state !== 'streaming') return;
  current.state = 'stopped';
  current.controller.abort(new DOMException('Stopped by the reader', 'AbortError'));
  changed();
}

/** Forgets the last stream (the panel's Clear, a new request). */
export function clearStream(): void {
  if (current?.state === 'streaming') current.controller.abort();
  current = undefined;
  changed();
}

/** Reads the store's branch of a streamed answer, event by event, until it ends, is stopped or breaks. */
async function read(
  body: ReadableStream<Uint8Array>,
  stream: StreamState & {controller: AbortController},
  done: (text: string, size: number) => void,
): Promise<void> {
  const reader = streamEventReader(stream.framing, (event) => {
    if (stream.events.length >= maxShownEvents) stream.dropped += 1;
    else stream.events.push({name: eventName(event), data: event.data});
    if (current === stream) changed();
  });
  const decoder = new TextDecoder();
  const bytes = body.getReader();
  // The stream's first bytes as text and its size, for the history: a stream can run for as long as its server likes.
  let kept = '';
  let size = 0;
  try {
    for (let next = await bytes.read(); !next.done; next = await bytes.read()) {
      const text = decoder.decode(next.value, {stream: true});
      size += next.value.length;
      if (kept.length <= maxKeptBytes) kept += text;
      reader.feed(text);
    }
    reader.end();
    if (stream.state === 'streaming') stream.state = 'ended';
  } catch (error) {
    if (stream.state === 'streaming') {
      stream.state = 'failed';
      stream.error = error instanceof Error && error.message ? error.message : String(error);
    }
  }
  if (current === stream) changed();
  done(kept, size);
}

let installed = false;
/** `fetch` as it was before the explorer wrapped it. */
let unwrapped: typeof fetch | undefined;

/** A call that is not the reader's (the explorer getting an OAuth2 token): not shown, not kept in the history. */
export const untrackedFetch: typeof fetch = (input, init) => (unwrapped ?? window.fetch)(input, init);

/** The parts of a response the answer panel shows, with its body and the time from sending to its last byte. */
function answerOf(response: Response, body: Blob, startedAt: number, streamed = false): ReceivedAnswer {
  return {
    status: response.status,
    statusText: response.statusText,
    headers: headerPairs(response.headers),
    contentType: (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase(),
    durationMs: Math.round(performance.now() - startedAt),
    size: body.size,
    body,
    streamed,
  };
}

/** The text of whatever stopped a call before its answer came. */
const reasonOf = (error: unknown): string => (error instanceof Error && error.message ? error.message : String(error));

/**
 * Wraps `fetch` (once) so that the explorer's calls are reported to src/explorer-exchange.ts (request,
 * answer, timing) and its streamed answers are read here as they arrive.
 */
export function installStreamReader(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  const original = window.fetch.bind(window);
  unwrapped = original;
  window.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    if (url.origin === window.location.origin) return original(input, init);
    clearStream();
    const exchange = beginExchange({
      method: (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase(),
      url: url.href,
      headers: headerPairs(init?.headers ?? (input instanceof Request ? input.headers : undefined)),
      body: describeBody(init?.body),
    });
    const startedAt = performance.now();
    // The theme's own signal (its timeout) still aborts the call; ours is the Stop button's.
    const controller = new AbortController();
    const theirs = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    if (theirs?.aborted) controller.abort(theirs.reason);
    theirs?.addEventListener('abort', () => controller.abort(theirs.reason), {once: true});
    let response: Response;
    try {
      response = await original(input, {...init, signal: controller.signal});
    } catch (error) {
      failExchange(exchange, reasonOf(error));
      throw error;
    }
    const contentType = response.headers.get('content-type') ?? '';
    const framing = framingOf(contentType);
    if (!framing || !response.body) {
      // The panel's copy of the answer, read beside the theme's.
      response
        .clone()
        .blob()
        .then(
          (body) => answerExchange(exchange, answerOf(response, body, startedAt)),
          (error: unknown) => failExchange(exchange, reasonOf(error)),
        );
      return response;
    }
    const [forTheme, forStore] = response.body.tee();
    const stream = {
      status: response.status,
      contentType: contentType.split(';')[0]!.trim(),
      framing,
      events: [],
      dropped: 0,
      state: 'streaming' as const,
      controller,
    };
    current = stream;
    changed();
    void read(forStore, stream, (text, size) =>
      answerExchange(exchange, {...answerOf(response, new Blob([text]), startedAt, true), size}),
    );
    return new Response(forTheme, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
