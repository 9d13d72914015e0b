// The modules of the search theme's worker that src/shims/bounded-search-*.ts wrap (the theme ships
// no types for its client side).
declare module '@easyops-cn/docusaurus-search-local/dist/client/client/utils/tokenize.js' {
  export function tokenize(text: string, language: string[]): string[];
}

declare module '@easyops-cn/docusaurus-search-local/dist/client/client/utils/smartQueries.js' {
  /** The queries the worker runs for the query's words, best first (it reads them with for-of). */
  export function smartQueries(tokens: string[], zhDictionary: string[]): Iterable<{term: unknown[]; tokens: string[]}>;
}
