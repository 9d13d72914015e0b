/**
 * Reading a streamed answer as it arrives: server-sent events (parsed by eventsource-parser) or JSON
 * lines, one event each. Pure, so that the explorer in the browser and the MCP server in Node read a
 * stream the same way; lib/openapi/streams.ts reads from a description what a stream sends.
 */
import {createParser} from 'eventsource-parser';

/** How a stream frames its events. */
export type Framing = 'server-sent events' | 'JSON lines';

/** The JSON-lines media types (`application/stream+json` is Cohere's). */
const jsonLinesTypes = [
  'application/x-ndjson',
  'application/ndjson',
  'application/jsonl',
  'application/x-jsonlines',
  'application/stream+json',
];

/** The framing of a media type (or Content-Type header) that streams; undefined for any other. */
export function framingOf(mediaType: string): Framing | undefined {
  const type = mediaType.split(';')[0]!.trim().toLowerCase();
  if (type === 'text/event-stream') return 'server-sent events';
  return jsonLinesTypes.includes(type) ? 'JSON lines' : undefined;
}

/** Whether a request body asks for a streamed answer, as OpenAI's and Mistral's do: `"stream": true`. */
export function asksForStream(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as {stream?: unknown}).stream === true;
}

/** One event as received: its SSE `event:` name (none for a JSON line or an unnamed message), its data. */
export type ReceivedEvent = {event?: string; data: string};

/** Reads a stream's text piece by piece, calling `onEvent` for each whole event; `end` flushes the last. */
export function streamEventReader(
  framing: Framing,
  onEvent: (event: ReceivedEvent) => void,
): {feed: (text: string) => void; end: () => void} {
  if (framing === 'server-sent events') {
    const parser = createParser({onEvent: ({event, data}) => onEvent(event ? {event, data} : {data})});
    // A last message the server did not end with a blank line is still one (as browsers read it).
    return {feed: (text) => parser.feed(text), end: () => parser.reset({consume: true})};
  }
  let pending = '';
  const emit = (line: string) => {
    if (line.trim()) onEvent({data: line.replace(/\r$/, '')});
  };
  return {
    feed: (text) => {
      const lines = (pending + text).split('\n');
      pending = lines.pop()!;
      lines.forEach(emit);
    },
    end: () => {
      emit(pending);
      pending = '';
    },
  };
}

/** The properties AI APIs tell their events apart by, in the order they are tried. */
export const eventProperties = ['type', 'event', 'event_type'] as const;

/** The name an event goes by: its `event:`, else the `type` (or `event`, `event_type`) its JSON data names. */
export function eventName(event: ReceivedEvent): string | undefined {
  if (event.event) return event.event;
  try {
    const value = JSON.parse(event.data) as Record<string, unknown> | null;
    const name = eventProperties.map((key) => value?.[key]).find((found) => typeof found === 'string');
    return name as string | undefined;
  } catch {
    return undefined;
  }
}
