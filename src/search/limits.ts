/**
 * The bounds of a search, the same for the site's search box and for the MCP server's `search_docs`
 * (both run src/search/engine.ts). Pagefind loads one index chunk per word and matches each word
 * against its chunk: unbounded, a pasted page of text would fetch and scan a chunk for every word.
 * Pure: no Node, no browser API, so both sides import it.
 */

/** Longest query searched: a question of a few sentences; the rest of a pasted text is cut. */
export const maxQueryChars = 300;

/** Most words searched: a reader's query is a few words; a pasted text is searched by its first ones. */
export const maxQueryWords = 12;

/** Longest word searched, cut beyond: the index's words are shorter but for a few URLs (at most 80 characters). */
export const maxWordChars = 64;

/** The words of `input` the search will match (split on white space; `x-api-key` stays one word), bounded. */
export function boundedQuery(input: string): string {
  const words = input.slice(0, maxQueryChars).match(/\S+/g) ?? [];
  return words
    .slice(0, maxQueryWords)
    .map((word) => word.slice(0, maxWordChars))
    .join(' ');
}
