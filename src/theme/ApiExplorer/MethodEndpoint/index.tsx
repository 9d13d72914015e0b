// Replaces the operation header: it showed the path without the servers' /api prefix and with
// `:model_id` where every other page writes `{model_id}`. It now shows the path as readers call it
// (`/api/predictor/language/pre-trained/{model_id}`), the same on the server and in the browser, and
// follows links to the page's parameters, fields and responses (src/components/ReferenceAnchors).
// A webhook's or callback's page says so, with the method the API sends and the event or URL expression;
// an operation whose answer streams says so under it, linking the page's "Streamed events" section.
// OpenAPI 3.2's tags that are labels, not groups (`kind: badge`, lib/openapi/events.ts), show beside it.
import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {useDoc} from '@docusaurus/plugin-content-docs/client';

import {useRevealHash} from '@site/src/components/ReferenceAnchors';
import {framingOf} from '@site/src/stream-events';

type Props = {method: string; path: string; context?: string};

const badgeColours: Record<string, string> = {
  get: 'primary',
  post: 'success',
  delete: 'danger',
  put: 'info',
  patch: 'warning',
  head: 'secondary',
};

/** The path part of the operation's first server (`https://api.orchard.example/api` → `/api`). */
function serverBasePath(api: unknown): string {
  const url = (api as {servers?: {url?: string}[]} | undefined)?.servers?.[0]?.url;
  if (!url) return '';
  try {
    return new URL(url).pathname.replace(/\/$/, '');
  } catch {
    return '';
  }
}

/** What generation marks a webhook's and a callback's page with (scripts/gen-api-docs.ts, lib/openapi). */
type EventMarks = {
  'x-sandbox-webhook'?: {method: string; event: string};
  'x-callback-of'?: {expression: string; method: string};
};

/**
 * The badge and address of a page: an operation's method and path as readers call it; a webhook's
 * (the plugin's method `event`) the request the API sends and its event, a callback's its URL expression.
 */
function endpoint(method: string, path: string, api: unknown): {badge: string; colour: string; address: string} {
  if (method !== 'event')
    return {
      badge: method.toUpperCase(),
      colour: badgeColours[method.toLowerCase()] ?? 'secondary',
      address: `${serverBasePath(api)}${path}`,
    };
  const marks = (api ?? {}) as EventMarks;
  const callback = marks['x-callback-of'];
  if (callback)
    return {badge: 'CALLBACK', colour: 'secondary', address: `${callback.method.toUpperCase()} ${callback.expression}`};
  const webhook = marks['x-sandbox-webhook'];
  return {
    badge: 'WEBHOOK',
    colour: 'secondary',
    address: webhook ? `${webhook.method.toUpperCase()} ${webhook.event}` : '',
  };
}

/** The operation's tags that are labels (lib/openapi/events.ts tagLabels): name, kind, summary. */
function labelsOf(api: unknown): {name: string; kind: string; summary?: string}[] {
  const labels = (api as {'x-tag-labels'?: unknown} | undefined)?.['x-tag-labels'];
  return Array.isArray(labels) ? (labels as {name: string; kind: string; summary?: string}[]) : [];
}

type Responses = Record<string, {content?: Record<string, unknown>}>;

/** The answers of an operation that stream: status, media type and framing (lib/openapi/streams.ts reads the rest). */
function streamedAnswers(api: unknown) {
  const responses = (api as {responses?: Responses} | undefined)?.responses ?? {};
  return Object.entries(responses).flatMap(([status, response]) =>
    Object.keys(response.content ?? {}).flatMap((mediaType, _, types) => {
      const framing = framingOf(mediaType);
      // "can come as" where the answer has another media type too (JSON, chosen by the request).
      return framing ? [{status, mediaType, framing, only: types.length === 1}] : [];
    }),
  );
}

export default function MethodEndpoint({method, path}: Props): ReactNode {
  useRevealHash();
  const {frontMatter} = useDoc();
  const api = (frontMatter as {api?: unknown}).api;
  const {badge, colour, address} = endpoint(method, path, api);
  const streams = method === 'event' ? [] : streamedAnswers(api);
  const labels = labelsOf(api);
  return (
    <>
      <pre className="openapi__method-endpoint">
        <span className={`badge badge--${colour}`}>{badge}</span>{' '}
        <h2 className="openapi__method-endpoint-path">{address}</h2>
      </pre>
      {labels.length > 0 && (
        <p className="openapi__labels">
          {labels.map(({name, kind, summary}) => (
            <span key={name} className="badge badge--secondary" title={kind}>
              {summary ?? name}
            </span>
          ))}
        </p>
      )}
      {streams.length > 0 && (
        <p className="openapi__streams">
          <span className="badge badge--secondary">Streams</span>{' '}
          {streams.map(({status, mediaType, framing, only}, index) => (
            <span key={`${status} ${mediaType}`}>
              {index > 0 && '; '}
              The {status} answer {only ? 'comes' : 'can come'} as {framing} (<code>{mediaType}</code>), one event at a
              time
            </span>
          ))}
          . <Link href="#streamed-events">Its events</Link>
        </p>
      )}
      <div className="openapi__divider" />
    </>
  );
}
