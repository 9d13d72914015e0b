// The explorer's last call and its answer, as the browser sent and received them. The OpenAPI theme
// reads every answer as text (an image or a PDF arrives garbled) and keeps neither timing nor size,
// so the explorer's `fetch` (src/components/StreamedResponse/store.ts) reports each call here: what
// was sent, and the answer's status, headers, bytes and time to its last byte. The answer panel
// (src/components/ExplorerAnswer) shows it; the history (src/theme/ApiExplorer/History.tsx) keeps it.

export type SentRequest = {method: string; url: string; headers: [string, string][]; body?: string};

export type ReceivedAnswer = {
  status: number;
  statusText: string;
  headers: [string, string][];
  /** The media type, without parameters, lower case ('' when the server sent none). */
  contentType: string;
  durationMs: number;
  size: number;
  body: Blob;
  /** A stream: the panel showed its events as they came; `body` holds its first bytes as text. */
  streamed?: boolean;
};

export type Exchange = {
  id: number;
  at: number;
  /** The page the call was sent from. */
  page: string;
  request: SentRequest;
  state: 'sent' | 'answered' | 'failed';
  answer?: ReceivedAnswer;
  error?: string;
  /** A history entry shown again: whether its answer was cut, or kept as its size alone. */
  restored?: {cut: boolean; binary: boolean};
};

let current: Exchange | undefined;
let lastId = 0;
const listeners = new Set<() => void>();

function changed(next: Exchange | undefined): void {
  current = next;
  listeners.forEach((listener) => listener());
}

export function subscribeExchange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const exchangeSnapshot = (): Exchange | undefined => current;

/** A call leaves: it becomes the current exchange. Returns its id, for the answer to find it. */
export function beginExchange(request: SentRequest): number {
  lastId += 1;
  changed({id: lastId, at: Date.now(), page: window.location.pathname, request, state: 'sent'});
  return lastId;
}

export function answerExchange(id: number, answer: ReceivedAnswer): void {
  if (current?.id === id) changed({...current, state: 'answered', answer});
}

export function failExchange(id: number, error: string): void {
  if (current?.id === id) changed({...current, state: 'failed', error});
}

/** Shows a past exchange (a history entry) as the current one. */
export function showExchange(exchange: Omit<Exchange, 'id'>): void {
  lastId += 1;
  changed({...exchange, id: lastId});
}

/** The panel's Clear, and leaving the page. */
export function clearExchange(): void {
  changed(undefined);
}

/** Headers as name-value pairs, whatever form `fetch` was given them in. */
export function headerPairs(headers: HeadersInit | undefined): [string, string][] {
  const pairs: [string, string][] = [];
  new Headers(headers ?? {}).forEach((value, name) => pairs.push([name, value]));
  return pairs;
}

/** A request body as a reader can read it again: text as it is, a form as its fields, a file as its size. */
export function describeBody(body: BodyInit | null | undefined): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  const fileLine = (file: Blob) =>
    `(${file instanceof File ? `file ${file.name}, ` : ''}${file.type || 'application/octet-stream'}, ${file.size} bytes)`;
  if (body instanceof FormData) {
    const fields: string[] = [];
    body.forEach((value, name) => fields.push(`${name}: ${typeof value === 'string' ? value : fileLine(value)}`));
    return fields.join('\n');
  }
  if (body instanceof Blob) return fileLine(body);
  return '(a body the browser sends as bytes)';
}

/** The file name a Content-Disposition header gives (RFC 6266: `filename*` first), or undefined. */
export function dispositionFilename(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      return safeFilename(decodeURIComponent(extended[2]!.trim()));
    } catch {
      // A malformed percent-encoding: fall back to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return name ? safeFilename(name) : undefined;
}

/** A name that cannot climb out of the downloads folder: the last path segment, no control characters. */
function safeFilename(name: string): string | undefined {
  const last = [...(name.split(/[/\\]/).pop() ?? '')]
    .filter((character) => character.charCodeAt(0) > 0x1f && character !== '\u007f')
    .join('')
    .trim();
  return last && last !== '.' && last !== '..' ? last : undefined;
}
