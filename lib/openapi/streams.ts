/**
 * Streamed answers: a response whose media type is a sequence of events (server-sent events, or JSON
 * one object a line), the events it sends and how it ends, read from the description. OpenAPI 3.1
 * cannot say "a sequence of": a description gives the schema of one event (often a oneOf of event
 * schemas told apart by a `type` property, as OpenAI's and Mistral's do) and the whole stream as an
 * example; OpenAPI 3.2 gives the event's schema as `itemSchema` (read here, though the site builds
 * 3.0 and 3.1 only). Read by the twins and the reference page's "Streamed events" section
 * (lib/openapi/markdown.ts), MCP get_endpoint, and the sandbox, which sends the example stream
 * event by event (sandbox/answers.ts).
 */
import {resolve, type Document, type MediaTypeObject, type ResponseObject, type SchemaNode} from './index';
import {eventName, eventProperties, framingOf, streamEventReader, type Framing} from '../../src/stream-events';

export {framingOf, type Framing} from '../../src/stream-events';

export type StreamEvent = {
  /** Its name: the SSE `event:`, or the value of the property that tells the events apart. */
  name: string;
  /** Its schema, where the description gives one per event. */
  schema?: SchemaNode;
};

export type AnswerStream = {
  status: string;
  mediaType: string;
  framing: Framing;
  /** The schema of one event (OpenAPI 3.2's `itemSchema`, else the media type's `schema`). */
  schema?: SchemaNode;
  /** The property that tells the events apart (`type`), when there is one. */
  tellsApart?: string;
  events: StreamEvent[];
  /** The example stream, as the description gives it (text). */
  example?: string;
  /** The last thing the example stream sends: `[DONE]`, or the last event's name. */
  end?: string;
};

/** A schema with its `$ref` followed; one the description cannot resolve (Mistral's `#/$defs/…` inside a schema) as no schema. */
function resolved(doc: Document, schema: SchemaNode): SchemaNode {
  try {
    return resolve(doc, schema) as SchemaNode;
  } catch {
    return {};
  }
}

/** The one value a schema's property may take (`const`, or an enum of one), if it has one. */
function onlyValue(doc: Document, schema: SchemaNode, property: string): string | undefined {
  const target = resolved(doc, schema);
  const field = target.properties?.[property];
  if (!field) {
    for (const part of target.allOf ?? []) {
      const found = onlyValue(doc, part as SchemaNode, property);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  const value = resolved(doc, field as SchemaNode) as SchemaNode & {const?: unknown};
  if (typeof value.const === 'string') return value.const;
  return value.enum?.length === 1 && typeof value.enum[0] === 'string' ? value.enum[0] : undefined;
}

/** The events a oneOf/anyOf of event schemas lists, each named by its discriminator value or property. */
function eventsOfSchema(doc: Document, schema: SchemaNode): {events: StreamEvent[]; tellsApart?: string} {
  const target = resolved(doc, schema);
  // A schema of the SSE message itself (`event` and `data` fields, as Mistral's): its data's events.
  const data = target.properties?.data;
  if (data && target.properties?.event) return eventsOfSchema(doc, data as SchemaNode);
  const list = (target.oneOf ?? target.anyOf ?? []) as SchemaNode[];
  if (list.length === 0) return {events: []};
  const discriminator = target.discriminator;
  const property =
    discriminator?.propertyName ??
    eventProperties.find((name) => list.every((alternative) => onlyValue(doc, alternative, name) !== undefined));
  const events = list.map((alternative, index): StreamEvent => {
    const ref = alternative.$ref;
    const mapped = Object.entries(discriminator?.mapping ?? {}).find(([, mappedTo]) => mappedTo === ref)?.[0];
    const own = property ? onlyValue(doc, alternative, property) : undefined;
    const title = resolved(doc, alternative).title;
    return {name: mapped ?? own ?? title ?? ref?.split('/').pop() ?? `event ${index + 1}`, schema: alternative};
  });
  return {events, tellsApart: property};
}

/** The example stream's text, whichever way the description gives it. */
function exampleText(media: MediaTypeObject): string | undefined {
  const given = media.example ?? Object.values(media.examples ?? {}).map((example) => ('value' in example ? example.value : undefined))[0];
  return typeof given === 'string' ? given : undefined;
}

/** The event names an example stream sends, in order of first appearance, and its last message. */
function eventsOfExample(text: string, framing: Framing): {names: string[]; end?: string} {
  const names: string[] = [];
  let end: string | undefined;
  const reader = streamEventReader(framing, (event) => {
    if (event.data.trim() === '[DONE]') {
      end = '[DONE]';
      return;
    }
    const name = eventName(event);
    if (!name) return;
    if (!names.includes(name)) names.push(name);
    end = name;
  });
  reader.feed(text);
  reader.end();
  return {names, end};
}

/** One media type's stream, or undefined when the media type does not stream. */
export function mediaStream(
  doc: Document,
  status: string,
  mediaType: string,
  media: MediaTypeObject,
): AnswerStream | undefined {
  const framing = framingOf(mediaType);
  if (!framing) return undefined;
  const schema = ((media as {itemSchema?: SchemaNode}).itemSchema ?? media.schema) as SchemaNode | undefined;
  const fromSchema = schema ? eventsOfSchema(doc, schema) : {events: []};
  const example = exampleText(media);
  const fromExample = example ? eventsOfExample(example, framing) : {names: []};
  // The schema's events, else the names the example sends (their schema the one event schema).
  const events =
    fromSchema.events.length > 0 ? fromSchema.events : fromExample.names.map((name): StreamEvent => ({name}));
  return {status, mediaType, framing, schema, tellsApart: fromSchema.tellsApart, events, example, end: fromExample.end};
}

/** Every streamed answer among an operation's responses. */
export function answerStreams(doc: Document, responses: Record<string, ResponseObject>): AnswerStream[] {
  return Object.entries(responses).flatMap(([status, response]) =>
    Object.entries(response.content ?? {}).flatMap(([mediaType, media]) => {
      const stream = mediaStream(doc, status, mediaType, media);
      return stream ? [stream] : [];
    }),
  );
}

/**
 * An example stream cut into what a server sends one at a time: each server-sent message (with the
 * blank line that ends it), or each JSON line (with its newline). Lines of a message keep their order.
 */
export function streamPieces(text: string, framing: Framing): string[] {
  const normalized = text.replace(/\r\n?/g, '\n');
  if (framing === 'JSON lines')
    return normalized
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => `${line}\n`);
  return normalized
    .split(/\n[ \t]*\n/)
    .filter((block) => block.trim())
    .map((block) => `${block.replace(/^\n+|\s+$/g, '')}\n\n`);
}
