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
