/**
 * The explorer's panel for a streamed answer (src/components/StreamedResponse/store.ts): each event
 * as it arrives, in order, with its name and data; a Stop button while it streams; what arrived and
 * the error when it breaks off.
 */
import {useSyncExternalStore, type ReactNode} from 'react';

import {
  clearStream,
  maxShownEvents,
  stopStream,
  streamSnapshot,
  subscribe,
  type ShownEvent,
  type StreamState,
} from './store';

/** The stream being read, or the last one read (undefined when there is none). */
export function useStream(): StreamState | undefined {
  return useSyncExternalStore(subscribe, streamSnapshot, () => undefined);
}

/** An event's data, indented when it is JSON. */
function shownData(data: string): string {
  try {
    return JSON.stringify(JSON.parse(data), null, 2);
  } catch {
    return data;
  }
}

const plural = (count: number) => `${count} event${count === 1 ? '' : 's'}`;

/** What the stream is doing, in words. */
function stateLine({state, events, dropped}: StreamState): string {
  const count = plural(events.length + dropped);
  switch (state) {
    case 'streaming':
      return `Streaming: ${count} so far.`;
    case 'ended':
      return `The stream ended: ${count}.`;
    case 'stopped':
      return `Stopped: ${count} received before you stopped it.`;
    case 'failed':
      return `The stream broke off after ${count}.`;
  }
}

function EventItem({event, index}: {event: ShownEvent; index: number}): ReactNode {
  return (
    <li className="openapi-stream__event">
      <span className="openapi-stream__event-name">
        {index + 1}. {event.name ? <code>{event.name}</code> : event.data.trim() === '[DONE]' && <em>end of stream</em>}
      </span>
      <pre className="openapi-stream__event-data">
        <code>{shownData(event.data)}</code>
      </pre>
    </li>
  );
}

export default function StreamedResponse({onClear}: {onClear: () => void}): ReactNode {
  const stream = useStream();
  if (!stream) return null;
  return (
    <div className="openapi-explorer__response-container openapi-stream">
      <div className="openapi-explorer__response-title-container">
        <span className="openapi-explorer__response-title">
          Response <span className="openapi-stream__status">{stream.status}</span>{' '}
          <code className="openapi-stream__type">{stream.contentType}</code>
        </span>
        {stream.state === 'streaming' ? (
          <button type="button" className="button button--sm button--danger" onClick={stopStream}>
            Stop
          </button>
        ) : (
          <button
            type="button"
            className="openapi-explorer__response-clear-btn"
            onClick={() => {
              clearStream();
              onClear();
            }}>
            Clear
          </button>
        )}
      </div>
      <p className="openapi-stream__state" role="status">
        {stateLine(stream)}
      </p>
      {stream.state === 'failed' && (
        <p className="openapi-stream__error" role="alert">
          <strong>Error:</strong> {stream.error}
        </p>
      )}
      {/* A region that scrolls past its height is focusable, so that a keyboard can scroll it (axe's
          scrollable-region-focusable, the case jsx-a11y's rule documents as its exception). */}
      <div
        className="openapi-stream__events"
        role="region"
        aria-label={`Events of the ${stream.framing} stream`}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}>
        <ol>
          {stream.events.map((event, index) => (
            <EventItem key={index} event={event} index={index} />
          ))}
        </ol>
      </div>
      {stream.dropped > 0 && (
        <p className="openapi-stream__state">
          The first {maxShownEvents} events are shown; {stream.dropped} more came.
        </p>
      )}
    </div>
  );
}
