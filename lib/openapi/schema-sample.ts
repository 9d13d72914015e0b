/**
 * A value made from a schema (Redocly's openapi-sampler) for a body that has no example, bounded in
 * size. openapi-sampler writes every property of every nested object down to 15 levels: for Microsoft
 * Graph's entities (a team holds its channels, which hold their messages, …) one request body came to
 * 242 MB, and its 11,422 operations' samples to about 20 GB. It is made at growing depths instead; once
 * a depth gives the same value as the one before, the schema nests no deeper and that value is the whole
 * one (what a single call at depth 15 gives: our descriptions' samples are unchanged). The deepest value
 * within `maxSampleChars` is kept, and `shortenedAt` says where it stops when a deeper one did not fit.
 */
import {sample} from 'openapi-sampler';

/** The largest value made from a schema that a sample sends, as compact JSON (characters). */
export const maxSampleChars = 16_000;

/** The depths tried in turn (openapi-sampler's own limit, 15, last). */
const depths = [2, 4, 6, 8, 15];

type SamplerSchema = Parameters<typeof sample>[0];
type SamplerOptions = NonNullable<Parameters<typeof sample>[1]>;

export type SchemaSample = {
  /** The value, or undefined when even the shallowest one is larger than maxSampleChars. */
  value: unknown;
  /** The depth below which objects and lists are left empty, when the whole value did not fit. */
  shortenedAt?: number;
};

/**
 * openapi-sampler's value for `schema`, as a sample can hold it (the top of this file). It throws
 * where openapi-sampler does (a `$ref` it cannot follow).
 */
export function boundedSample(schema: unknown, options: SamplerOptions, doc: unknown): SchemaSample {
  const key = memoKey(schema, options);
  const memo = typeof doc === 'object' && doc !== null && key !== undefined ? memoOf(doc) : undefined;
  const known = memo?.get(key!);
  if (known) {
    // The most recent last: the first key is the one used longest ago.
    memo!.delete(key!);
    memo!.set(key!, known);
    return structuredClone(known);
  }
  const made = sampleAtGrowingDepths(schema, options, doc);
  if (memo) {
    // A copy kept: callers may change the value they are given.
    memo.set(key!, structuredClone(made));
    if (memo.size > recentSamples) memo.delete(memo.keys().next().value!);
  }
  return made;
}

/**
 * The values last made for one document, by schema and options: a description names one schema from
 * the operations around it (Kubernetes' Pod answers the five operations on pods, each in three media
 * types), and each was sampled at up to five depths every time (3.7 s of its generation's 18 s of
 * CPU). openapi-sampler's value depends on the schema, the options and the document alone (it clears its
 * cache at each call). The most recent `recentSamples` only: the repeats are near one another, and kept
 * all, Autotask's 3,000 distinct values of up to 16 KB would be held for the whole generation.
 */
const recentSamples = 64;
const samplesByDocument = new WeakMap<object, Map<string, SchemaSample>>();
function memoOf(doc: object): Map<string, SchemaSample> {
  let memo = samplesByDocument.get(doc);
  if (!memo) samplesByDocument.set(doc, (memo = new Map()));
  return memo;
}

/** A schema as JSON text, a memo's key; undefined for one JSON cannot write (a cycle): not remembered. */
export function schemaText(schema: unknown): string | undefined {
  try {
    return JSON.stringify(schema);
  } catch {
    return undefined;
  }
}

/** The schema and options as text (schemaText). */
function memoKey(schema: unknown, options: SamplerOptions): string | undefined {
  const text = schemaText(schema);
  return text === undefined ? undefined : `${JSON.stringify(options)}\0${text}`;
}

function sampleAtGrowingDepths(schema: unknown, options: SamplerOptions, doc: unknown): SchemaSample {
  let kept: {value: unknown; json: string; depth: number} | undefined;
  for (const depth of depths) {
    const value: unknown = sample(schema as SamplerSchema, {...options, maxSampleDepth: depth}, doc as never);
    const json = JSON.stringify(value) ?? '';
    if (kept && json === kept.json) return {value: kept.value};
    if (json.length > maxSampleChars) return kept ? {value: kept.value, shortenedAt: kept.depth} : {value: undefined, shortenedAt: 0};
    kept = {value, json, depth};
  }
  return {value: kept!.value};
}
