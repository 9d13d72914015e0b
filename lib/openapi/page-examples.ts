/**
 * The examples a reference page and its Markdown twin show, as they show them: whole, unless all the
 * examples of the page together are longer than `pageExampleBudget` characters of the JSON the page
 * prints. A page prints an example's JSON highlighted, about eleven times its size in HTML: GitHub's
 * `GET /emojis` answers with every emoji (170 KB of JSON), which made its page 895 KB; its
 * `registry_package` webhook's payload made from the schema (18 KB printed), beside its schema's
 * fields, 519 KB. A longer example keeps its first properties (or items) that fit, so that it stays
 * valid JSON of the same shape, and says how many of how many it shows and where the whole one is:
 * the description a reader downloads. Both outputs shorten with these functions, so that the page and
 * its twin show the same examples. The explorer still starts from a request body's whole example
 * (src/explorer-example.ts), so that what a reader sends as it comes is not cut.
 */
import {resolve, type Document} from './document';

/**
 * The most characters of examples a page prints, all together (JSON indented by two spaces). With a
 * page's schema at its budget (lib/openapi/plugin-input.ts, schemaBudget) and its sidebar, it keeps
 * every page under the 500 KB bound.
 */
export const pageExampleBudget = 12_000;
/** The least an example is shortened to, however much of the budget the examples before it took. */
export const leastExampleShare = 2_000;

/**
 * The longest request body's example (compact JSON) the plugin's copy keeps whole for the explorer
 * where the page shows it shortened (src/explorer-example.ts): the page's script holds it.
 */
export const wholeExampleLimit = 64_000;

/** An example shortened to its share of the budget, and what the page and the twin say of it. */
export type ShortenedExample = {value: unknown; note: string};

const printed = (value: unknown) => (JSON.stringify(value, null, 2) ?? '').length;

/**
 * The example `value` shortened to `budget` characters as the page prints it, or undefined when it
 * fits (or is no object or list, which cannot be shortened and stay the same kind of value).
 */
export function shortenedExample(value: unknown, budget = pageExampleBudget): ShortenedExample | undefined {
  // The greedy cut estimates each entry as printed at the top: a cut inside is printed deeper, its
  // lines longer. Cut again to what is left of the budget until the whole fits.
  let cut = cutToFit(value, budget);
  for (let aim = budget; cut && printed(cut.value) > budget && aim > 0; cut = cutToFit(value, aim))
    aim -= printed(cut.value) - budget + 16;
  if (!cut || printed(cut.value) > budget) return undefined;
  const {kept, of, list, cutInside} = cut;
  const noun = (count: number) => (list ? (count === 1 ? 'item' : 'items') : count === 1 ? 'property' : 'properties');
  const count = (value: number) => value.toLocaleString('en-US');
  // Only the first entry is ever cut inside (cutToFit), and then it is the one kept.
  const shown = !cutInside
    ? `its first ${count(kept)} of ${count(of)} ${noun(of)}`
    : of === 1
      ? `its one ${noun(1)}, cut`
      : `its first ${noun(1)} of ${count(of)}, cut`;
  return {value: cut.value, note: `Shortened for this page: ${shown}. The whole example is in the description you can download.`};
}

/** `value` with as many of its first entries as fit `budget`, the first one cut in turn when even it does not. */
function cutToFit(
  value: unknown,
  budget: number,
): {value: unknown; kept: number; of: number; list: boolean; cutInside: boolean} | undefined {
  if (value === null || typeof value !== 'object' || printed(value) <= budget) return undefined;
  const list = Array.isArray(value);
  const entries: [string, unknown][] = list
    ? (value as unknown[]).map((item, index) => [String(index), item])
    : Object.entries(value as Record<string, unknown>);
  const kept: [string, unknown][] = [];
  // The brackets, then each entry on its own line (its key, indentation and comma counted).
  let used = 4;
  let cutInside = false;
  for (const [key, item] of entries) {
    const size = printed(item) + (list ? 4 : JSON.stringify(key).length + 6);
    if (used + size <= budget) {
      kept.push([key, item]);
      used += size;
      continue;
    }
    // Even the first is too long: it is cut in turn (a list of one large object).
    const inner = kept.length === 0 ? cutToFit(item, budget - used - 8) : undefined;
    if (inner) {
      kept.push([key, inner.value]);
      cutInside = true;
    }
    break;
  }
  // Nothing was left out after all (the estimate above is of lines, not of the printed whole), or
  // nothing could be kept (a first entry of one long string): shown whole.
  if ((kept.length === entries.length && !cutInside) || kept.length === 0) return undefined;
  return {
    value: list ? kept.map(([, item]) => item) : Object.fromEntries(kept),
    kept: kept.length,
    of: entries.length,
    list,
    cutInside,
  };
}

type MediaExamples = {example?: unknown; examples?: Record<string, unknown>};
/** What of an operation (or a webhook) shows examples: its request body's and its answers' media types. */
export type ExampleHolder = {
  requestBody?: {content?: Record<string, MediaExamples>} | undefined;
  responses?: Record<string, {content?: Record<string, MediaExamples>} | undefined> | undefined;
};

/** An example's place on its page: the request body or an answer's status, its media type, its name ('' for a lone `example`). */
export const examplePlace = (part: 'request' | `answer ${string}`, mediaType: string, name: string) =>
  `${part}\n${mediaType}\n${name}`;

/**
 * The examples of `operation` that its page shortens, by place (examplePlace): each example, in the
 * page's order (the request body's, then each answer's; a lone `example` before named ones), takes
 * what it prints of the budget left, and one longer than that left (or than leastExampleShare, when
 * less is left) is shortened to it. Named examples that are references are read from `doc`.
 */
export function shortenedExamples(
  doc: Document,
  operation: ExampleHolder,
  budget = pageExampleBudget,
): Map<string, ShortenedExample> {
  const shortened = new Map<string, ShortenedExample>();
  let left = budget;
  const take = (place: string, value: unknown) => {
    if (value === undefined) return;
    const size = printed(value);
    const short = size > left ? shortenedExample(value, Math.max(left, leastExampleShare)) : undefined;
    if (short) shortened.set(place, short);
    left = Math.max(0, left - (short ? printed(short.value) : size));
  };
  const media = (part: 'request' | `answer ${string}`, content: Record<string, MediaExamples> | undefined) => {
    for (const [mediaType, each] of Object.entries(content ?? {})) {
      if (!each) continue;
      take(examplePlace(part, mediaType, ''), each.example);
      for (const [name, example] of Object.entries(each.examples ?? {})) take(examplePlace(part, mediaType, name), valueOf(doc, example));
    }
  };
  media('request', operation.requestBody?.content);
  for (const [status, response] of Object.entries(operation.responses ?? {})) media(`answer ${status}`, response?.content);
  return shortened;
}

/** A named example's value, read through a reference; undefined where there is none (an `externalValue`). */
function valueOf(doc: Document, example: unknown): unknown {
  if (!example || typeof example !== 'object') return undefined;
  try {
    const resolved = resolve<{value?: unknown}>(doc, example as {value?: unknown});
    return 'value' in resolved ? resolved.value : undefined;
  } catch {
    // A reference out of the document: nothing the page prints.
    return undefined;
  }
}
