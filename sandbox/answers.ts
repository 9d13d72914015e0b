/**
 * The sandbox's answer to a valid call of an operation it has no handler of its own for (any API but
 * ours): the operation's first documented success, in the media type the caller accepts, with the
 * description's example, or else a body made from the response's schema (openapi-sampler, as the
 * code samples make bodies).
 */
import Negotiator from 'negotiator';
import {sample} from 'openapi-sampler';

import {isReference, resolve, type ApiOperation, type Document, type MediaTypeObject} from '../lib/openapi';

export type SandboxResponse = {
  status: number;
  body?: unknown;
  /** The body's media type when it is not `application/json`: text, an event stream, bytes. */
  contentType?: string;
};

/** `application/json`, `application/problem+json`…: a body written as JSON. */
export function isJsonType(mediaType: string): boolean {
  return /^application\/(?:[\w.-]+\+)?json(?:;|$)/i.test(mediaType);
}

/** The media type's own example, else its first named example (a `$ref` to components followed). */
function exampleOf(doc: Document, media: MediaTypeObject): unknown {
  if (media.example !== undefined) return media.example;
  const [first] = Object.values(media.examples ?? {});
  if (!first) return undefined;
  const example = isReference(first) ? resolve<{value?: unknown}>(doc, first) : first;
  return example.value;
}

function bodyOf(doc: Document, media: MediaTypeObject): unknown {
  const example = exampleOf(doc, media);
  if (example !== undefined || !media.schema) return example;
  try {
    return sample(media.schema as Parameters<typeof sample>[0], {skipWriteOnly: true, quiet: true}, doc);
  } catch {
    // A `$ref` the sampler cannot follow: an answer without a body.
    return undefined;
  }
}

/**
 * The answer the description documents for a valid call: its first 2xx response as written (the one
 * the Postman collection's tests check), else its `default` one.
 */
export function documentedAnswer(
  doc: Document,
  operation: Pick<ApiOperation, 'responses'>,
  accept: string | undefined,
): SandboxResponse {
  const responses = Object.entries(operation.responses);
  const [code = '200', response] =
    responses.find(([status]) => /^2/.test(status)) ?? responses.find(([status]) => status === 'default') ?? [];
  const status = /^\d{3}$/.test(code) ? Number(code) : 200;
  const types = Object.keys(response?.content ?? {});
  if (types.length === 0 || status === 204) return {status};
  const chosen = new Negotiator({headers: {accept: accept || '*/*'}}).mediaType(types) ?? types[0]!;
  const body = bodyOf(doc, response!.content![chosen]!);
  // A range (`text/*`, `*/*`) is no type to answer with: JSON, or text for a string.
  const contentType = chosen.includes('*') ? (typeof body === 'string' ? 'text/plain' : 'application/json') : chosen;
  return contentType === 'application/json' ? {status, body} : {status, body, contentType};
}
