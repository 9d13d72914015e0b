/**
 * An answer's example as a reference page and its Markdown twin show it: whole, unless it is longer
 * than `answerExampleBudget` characters of the JSON the page prints. GitHub's `GET /emojis` answers
 * with every emoji (170 KB of JSON), which made its page 895 KB of HTML. A longer example keeps its
 * first properties (or items) that fit, so that it stays valid JSON of the same shape, and says how
 * many of how many it shows and where the whole one is: the description a reader downloads. Both
 * outputs shorten with this one function, so that the page and its twin show the same example.
 */

/** The most characters of an answer's example a page prints (JSON indented by two spaces). */
export const answerExampleBudget = 24_000;

/** An example shortened to the budget, and what the page and the twin say of it. */
export type ShortenedExample = {value: unknown; note: string};

const printed = (value: unknown) => (JSON.stringify(value, null, 2) ?? '').length;

/**
 * The example `value` shortened to `budget` characters as the page prints it, or undefined when it
 * fits (or is no object or list, which cannot be shortened and stay the same kind of value).
 */
export function shortenedExample(value: unknown, budget = answerExampleBudget): ShortenedExample | undefined {
  // The greedy cut estimates each entry as printed at the top: a cut inside is printed deeper, its
  // lines longer. Cut again to what is left of the budget until the whole fits.
  let cut = cutToFit(value, budget);
  for (let aim = budget; cut && printed(cut.value) > budget && aim > 0; cut = cutToFit(value, aim))
    aim -= printed(cut.value) - budget + 16;
  if (!cut || printed(cut.value) > budget) return undefined;
  const {kept, of, list} = cut;
  const shown =
    kept < of ? ` its first ${kept.toLocaleString('en-US')} of ${of.toLocaleString('en-US')} ${list ? 'items' : 'properties'}.` : '';
  return {value: cut.value, note: `Shortened for this page:${shown || ' its first entry, cut.'} The whole example is in the description you can download.`};
}

/** `value` with as many of its first entries as fit `budget`, the first one cut in turn when even it does not. */
function cutToFit(value: unknown, budget: number): {value: unknown; kept: number; of: number; list: boolean} | undefined {
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
  return {value: list ? kept.map(([, item]) => item) : Object.fromEntries(kept), kept: kept.length, of: entries.length, list};
}
