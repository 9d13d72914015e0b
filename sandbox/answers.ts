/**
 * The sandbox's answer to a valid call of an operation it has no handler of its own for (any API but
 * ours): the operation's first documented success, in the media type the caller accepts, with the
 * description's example, or else a body made from the response's schema (openapi-sampler, as the
 * code samples make bodies), one that schema accepts where one can be made. A streamed answer
 * (server-sent events, JSON lines: lib/openapi/streams.ts) is sent as pieces, event by event.
 */
import Negotiator from 'negotiator';
import {sample} from 'openapi-sampler';

import {
  documentedSuccess,
  isReference,
  resolve,
  type ApiOperation,
  type Document,
  type MediaTypeObject,
  type SchemaOrRef,
} from '../lib/openapi';
import {fitsSchema} from '../lib/openapi/postman';
import {mediaStream, streamPieces, type AnswerStream} from '../lib/openapi/streams';
import {isJsonType} from '../lib/sandbox/bodies';
import type {SandboxResponse} from '../lib/sandbox/contract';
import {asksForStream} from '../src/stream-events';

/** The most pieces a streamed answer sends: a description's example is as long as its author made it. */
export const maxStreamPieces = 500;

/** The header that says an answer's body breaks its documented schema, and why. */
export const unfitHeader = {
  name: 'x-sandbox-note',
  value: 'no example of this answer, nor any body the sandbox made from its schema, fits the schema',
};

/** The media type's own example, else its first named example (a `$ref` to components followed). */
function exampleOf(doc: Document, media: MediaTypeObject): unknown {
  if (media.example !== undefined) return media.example;
  const [first] = Object.values(media.examples ?? {});
  if (!first) return undefined;
  const example = isReference(first) ? resolve<{value?: unknown}>(doc, first) : first;
  return example.value;
}

type Sampler = Parameters<typeof sample>;

function sampled(schema: SchemaOrRef, options: Sampler[1], doc: Document): unknown {
  try {
    return sample(schema as Sampler[0], {skipWriteOnly: true, quiet: true, ...options}, doc);
  } catch {
    // A `$ref` the sampler cannot follow: an answer without a body.
    return undefined;
  }
}

/** The description without its examples, for the sampler to make values from types alone. */
const withoutExamples = new WeakMap<Document, Document>();
function examplesLeftOut(doc: Document): Document {
  let copy = withoutExamples.get(doc);
  if (!copy) {
    copy = JSON.parse(JSON.stringify(doc), (key, value: unknown) =>
      key === 'example' || key === 'examples' ? undefined : value,
    ) as Document;
    withoutExamples.set(doc, copy);
  }
  return copy;
}

/**
 * A media type's answer: its example, else a body the sampler makes from its schema. Descriptions'
 * examples can break their own schemas (Hugging Face's give "1024" for an integer): the first of these
 * the schema accepts is taken, else the first there is: the example, a sample, a sample from the
 * types alone (examples left out), one of the required fields alone (a recursion stops sooner).
 */
function bodyOf(doc: Document, media: MediaTypeObject, json: boolean): {body: unknown; fits: boolean} {
  const example = exampleOf(doc, media);
  const {schema} = media;
  // A stream's schema is that of one event, its example the whole stream: not a value to check.
  if (!schema || (!json && example !== undefined)) return {body: example, fits: true};
  if (!json) return {body: sampled(schema, {}, doc), fits: true};
  const candidates = [
    () => example,
    () => sampled(schema, {}, doc),
    () => sampled(schema, {}, examplesLeftOut(doc)),
    () => sampled(schema, {skipNonRequired: true}, examplesLeftOut(doc)),
  ];
  let first: unknown;
  for (const candidate of candidates) {
    const value = candidate();
    if (value === undefined) continue;
    first ??= value;
    if (fitsSchema(doc, schema, value, {formats: 'postman'})) return {body: value, fits: true};
  }
  return {body: first, fits: first === undefined};
}

/**
 * What a streamed answer sends: its example stream cut into events, else one event made from each
 * event schema (the whole event schema when it names none), each a server-sent message or a JSON line.
 */
function streamOf(doc: Document, stream: AnswerStream): string[] {
  if (stream.example !== undefined) return streamPieces(stream.example, stream.framing).slice(0, maxStreamPieces);
  const schemas = stream.events.flatMap(({name, schema}) => (schema ? [{name, schema}] : []));
  const made = (schemas.length > 0 ? schemas : stream.schema ? [{name: undefined, schema: stream.schema}] : [])
    .slice(0, maxStreamPieces)
    .map(({name, schema}) => ({name, data: JSON.stringify(sampled(schema as SchemaOrRef, {}, doc) ?? {})}));
  if (stream.framing === 'JSON lines') return made.map(({data}) => `${data}\n`);
  // The event's name on an `event:` line unless its data names it (a `type` property).
  return made.map(({name, data}) => `${name && !stream.tellsApart ? `event: ${name}\n` : ''}data: ${data}\n\n`);
}

/**
 * The answer the description documents for a valid call: its first 2xx response as written (the one
 * the Postman collection's tests check), else its `default` one. Of its media types, the one the caller
 * accepts (JSON first for a caller that takes anything); a streamed one when the call's body says
 * `"stream": true`, as the APIs that answer both ways from one operation choose.
 */
export function documentedAnswer(
  doc: Document,
  operation: Pick<ApiOperation, 'responses'>,
  accept: string | undefined,
  requestBody?: unknown,
): SandboxResponse {
  const [code = '200', response] = documentedSuccess(operation.responses) ?? [];
  const status = /^\d{3}$/.test(code) ? Number(code) : 200;
  // JSON first: a caller that takes anything (`*/*`, no Accept) gets JSON where it is documented.
  const types = Object.keys(response?.content ?? {}).sort((a, b) => Number(isJsonType(b)) - Number(isJsonType(a)));
  if (types.length === 0 || status === 204) return {status};
  const streamed = types.find((type) => mediaStream(doc, code, type, response!.content![type]!));
  const chosen =
    (asksForStream(requestBody) && streamed) ||
    (new Negotiator({headers: {accept: accept || '*/*'}}).mediaType(types) ?? types[0]!);
  const media = response!.content![chosen]!;
  const stream = mediaStream(doc, code, chosen, media);
  if (stream) return {status, contentType: chosen, stream: streamOf(doc, stream)};
  const {body, fits} = bodyOf(doc, media, isJsonType(chosen));
  // A range (`text/*`, `*/*`) is no type to answer with: JSON, or text for a string.
  const contentType = chosen.includes('*') ? (typeof body === 'string' ? 'text/plain' : 'application/json') : chosen;
  return {status, body, ...(contentType === 'application/json' ? {} : {contentType}), ...(fits ? {} : {unfit: true})};
}
