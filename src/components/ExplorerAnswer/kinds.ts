// How the explorer shows an answer (src/components/ExplorerAnswer): its kind, its size and time in
// words, and the name a download of it takes. Plain functions, for the unit tests.
import {dispositionFilename, type ReceivedAnswer} from '../../explorer-exchange';

/** Reason phrases, for answers over HTTP/2 and later, which carry none. */
const reasons: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  301: 'Moved Permanently',
  302: 'Found',
  304: 'Not Modified',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export type AnswerKind = 'json' | 'image' | 'audio' | 'pdf' | 'text' | 'binary' | 'empty';

/** How an answer is shown, by its media type (and, when it names none, by whether its text is JSON). */
export function answerKind(contentType: string, size: number): AnswerKind {
  if (size === 0) return 'empty';
  if (/^application\/(.+\+)?json$/.test(contentType) || contentType === 'application/x-ndjson') return 'json';
  if (contentType.startsWith('image/')) return 'image';
  if (contentType.startsWith('audio/')) return 'audio';
  if (contentType === 'application/pdf') return 'pdf';
  if (
    contentType === '' ||
    contentType.startsWith('text/') ||
    /^application\/(.+\+)?(xml|yaml|x-yaml|javascript|x-www-form-urlencoded)$/.test(contentType)
  )
    return 'text';
  return 'binary';
}

export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

export const formatDuration = (ms: number): string => (ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(2)} s`);

/** A file name for the answer: its Content-Disposition's, or `answer` with the media type's extension. */
export function answerFilename(answer: Pick<ReceivedAnswer, 'headers' | 'contentType'>): string {
  const disposition = answer.headers.find(([name]) => name.toLowerCase() === 'content-disposition')?.[1];
  const named = dispositionFilename(disposition);
  if (named) return named;
  const subtype = /^[\w-]+\/(?:[\w.-]+\+)?([\w-]+)$/.exec(answer.contentType)?.[1];
  const extension = subtype && ({'octet-stream': 'bin', plain: 'txt', jpeg: 'jpg', mpeg: 'mp3'}[subtype] ?? subtype);
  return `answer${extension ? `.${extension}` : ''}`;
}

/** The reason phrase of a status, for answers over HTTP/2 and later, which carry none. */
export const reasonPhrase = (status: number): string => reasons[status] ?? '';
