/**
 * The site's search, one for the navbar box, the search page and the MCP server's `search_docs`: a
 * query goes to Pagefind (the index plugins/search-index.ts writes at build time; the browser loads
 * only the index chunks of the query's words and the pages it shows), and its first results are
 * ranked again the way readers of API docs expect (rankOf). Pure: the Pagefind module is passed in,
 * loaded by the browser (src/search/pagefind.ts) or by Node (mcp/search.ts).
 */
import {boundedQuery} from './limits';

/** What this code reads of Pagefind's module (pagefind.js) and of its results. */
export type PagefindModule = {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  search(query: string): Promise<{results: PagefindResult[]} | null>;
};
export type PagefindResult = {id: string; score: number; data(): Promise<PagefindPage>};
export type PagefindSection = {
  title: string;
  url: string;
  excerpt: string;
  weighted_locations?: {weight: number; balanced_score: number}[];
};
export type PagefindPage = {url: string; meta: {title?: string}; excerpt: string; sub_results: PagefindSection[]};

/** The options both sides give Pagefind: a snippet of about 24 words around the match. */
export const pagefindOptions = {excerptLength: 24} as const;

/**
 * How many of Pagefind's results are ranked again: each costs its page's fragment (about 1 KB brotli),
 * and the page a reader wants was among the first ten for every query of tests/build/search-quality.test.ts.
 */
export const rerankDepth = 10;

/** How many hits the box lists and `search_docs` returns unless asked for another number. */
export const defaultHitLimit = 8;

/** One hit, as the box and the search page list it and `search_docs` returns it. */
export type SearchHit = {
  /** The page's title, then the section's where the hit is one: "Quickstart › Call the API". */
  title: string;
  pageTitle: string;
  section?: string;
  /** Site path, with the section's anchor: `/docs/quickstart#call-the-api`. */
  path: string;
  /** The matched text around the query's words, as Pagefind marks it: text with `<mark>` around matches. */
  excerpt: string;
};

/** A word as titles and queries are compared: lower case, a plural's `s` dropped ("entities" is "entity"). */
function stem(word: string): string {
  return word.toLowerCase().replace(/ies$/, 'y').replace(/s$/, '');
}

function stemsOf(text: string): string[] {
  return (text.match(/[\p{L}\p{N}]+/gu) ?? []).map(stem);
}

/** The share (0 to 1) of the query's words found among `text`'s words. */
function shareOfWords(queryStems: string[], text: string): number {
  if (queryStems.length === 0) return 0;
  const words = new Set(stemsOf(text));
  return queryStems.filter((word) => words.has(word)).length / queryStems.length;
}

/** The section the match is best in: the one whose matched words weigh most (a heading outweighs text). */
function bestSection(page: PagefindPage): PagefindSection | undefined {
  let best: PagefindSection | undefined;
  let bestScore = -1;
  for (const section of page.sub_results) {
    const score = (section.weighted_locations ?? []).reduce((sum, location) => sum + location.balanced_score, 0);
    if (score > bestScore) [best, bestScore] = [section, score];
  }
  return best;
}

/**
 * The order a reader expects among Pagefind's first results, which ranks by the words' frequency
 * in a page's text (BM25) and so puts a short reference page that shows a value once above the guide
 * that explains it: first the pages whose title holds more of the query's words, then those with a
 * section headed by all of them, then Pagefind's order.
 */
function rankOf(queryStems: string[], page: PagefindPage): [number, number] {
  const headed = page.sub_results.some((section) => shareOfWords(queryStems, section.title) === 1);
  return [shareOfWords(queryStems, page.meta.title ?? ''), headed ? 1 : 0];
}

function hitOf(page: PagefindPage): SearchHit {
  const pageTitle = page.meta.title ?? page.url;
  const section = bestSection(page);
  // The text before the first heading is a section Pagefind names after the page, at the page's URL.
  const sectionTitle = section && section.url !== page.url && section.title !== pageTitle ? section.title : undefined;
  return {
    title: sectionTitle ? `${pageTitle} › ${sectionTitle}` : pageTitle,
    pageTitle,
    ...(sectionTitle && {section: sectionTitle}),
    path: section?.url ?? page.url,
    excerpt: section?.excerpt ?? page.excerpt,
  };
}

export type SearchAnswer = {hits: SearchHit[]; total: number};

/** The first `limit` hits for `input` (cut to the bounds of src/search/limits.ts), best first. */
export async function searchPages(pagefind: PagefindModule, input: string, limit: number): Promise<SearchAnswer> {
  const query = boundedQuery(input);
  if (!query) return {hits: [], total: 0};
  const results = (await pagefind.search(query))?.results ?? [];
  const queryStems = stemsOf(query);
  const ranked = await Promise.all(results.slice(0, Math.max(rerankDepth, limit)).map((result) => result.data()));
  const head = ranked
    .slice(0, rerankDepth)
    .map((page, order) => ({page, order, rank: rankOf(queryStems, page)}))
    .sort((a, b) => b.rank[0] - a.rank[0] || b.rank[1] - a.rank[1] || a.order - b.order)
    .map(({page}) => page);
  const pages = [...head, ...ranked.slice(rerankDepth)].slice(0, limit);
  return {hits: pages.map(hitOf), total: results.length};
}

/** Pagefind's excerpt as text and marked parts, to render without HTML: `a <mark>b</mark>` → a, [b]. */
export function excerptParts(excerpt: string): {text: string; marked: boolean}[] {
  const parts: {text: string; marked: boolean}[] = [];
  for (const [index, piece] of excerpt.split(/<\/?mark>/).entries())
    if (piece) parts.push({text: unescapeHtml(piece), marked: index % 2 === 1});
  return parts;
}

/** The excerpt as plain text, for tools. */
export function excerptText(excerpt: string): string {
  return excerptParts(excerpt)
    .map((part) => part.text)
    .join('');
}

const entities: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", nbsp: ' '};

function unescapeHtml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_, name: string) => entities[name] ?? '');
}
