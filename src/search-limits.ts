/**
 * The bounds of a search, the same for the site's search box (its worker, through
 * src/shims/bounded-search-*.ts) and for the MCP server's `search_docs` (mcp/search.ts bundles the same
 * worker with the same shims). The theme's matching costs grow with the square of a word's length
 * (lunr's fuzzy match builds an automaton per word) and with the number of word combinations it tries:
 * unbounded, a pasted 1,000-character word took 4.5 s of CPU and a 20,000-character one ran out of
 * memory. Pure: no Node, no browser API beyond `performance`, so both sides import it.
 */

/** Longest query searched: a question of a few sentences; the rest of a pasted text is cut. */
export const maxQueryChars = 300;

/** Most words searched: the theme's own cap on the words it combines (smartTerms' MAX_TERMS). */
export const maxQueryWords = 12;

/**
 * Longest word searched, cut beyond: the index's words are shorter but for a few URLs (at most 80
 * characters), and the fuzzy match of a 64-character word stays under 20 ms.
 */
export const maxWordChars = 64;

/**
 * Time one search may spend starting queries: the theme tries its queries best first (exact, then
 * one letter off, then one word left out), so those past the budget are the least likely hits. A
 * query started before the deadline still finishes, each bounded by the caps above.
 */
export const searchBudgetMs = 400;

/**
 * The words of `input` the search will match, as the theme splits them (not on hyphens or spaces),
 * bounded, and without `*`: lunr reads it as a wildcard, and a word `*` matched every word of the
 * index in each of the theme's queries (2.6 s for "api *" at 2,000 operations).
 */
export function boundedQuery(input: string): string {
  const words =
    input
      .slice(0, maxQueryChars)
      .replace(/\*/g, '')
      .match(/[^-\s]+/g) ?? [];
  return words
    .slice(0, maxQueryWords)
    .map((word) => word.slice(0, maxWordChars))
    .join(' ');
}

/** `items` in order, while `now()` is before `budgetMs` after the first is asked for. */
export function untilDeadline<T>(
  items: Iterable<T>,
  budgetMs = searchBudgetMs,
  now: () => number = () => performance.now(),
): Iterable<T> {
  return {
    *[Symbol.iterator]() {
      const deadline = now() + budgetMs;
      for (const item of items) {
        yield item;
        if (now() >= deadline) return;
      }
    },
  };
}
