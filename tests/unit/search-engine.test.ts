/**
 * The search's bounds (src/search/limits.ts) and how src/search/engine.ts turns Pagefind's results
 * into hits: its ranking, the hit's title and section, the excerpt rendered as text. Pagefind is
 * stood in for by its results here; tests/build/search-quality.test.ts runs the real one on the build.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';

import {
  excerptParts,
  excerptText,
  rerankDepth,
  searchPages,
  type PagefindModule,
  type PagefindPage,
} from '../../src/search/engine';
import {boundedQuery, maxQueryChars, maxQueryWords, maxWordChars} from '../../src/search/limits';

test('a query is cut to its first characters, words and word lengths; a hyphenated name stays one word', () => {
  assert.equal(boundedQuery('x-api-key  limit\tof\nmodels'), 'x-api-key limit of models');
  assert.equal(boundedQuery(''), '');
  assert.equal(boundedQuery(' \n '), '');
  const words = Array.from({length: 40}, (_, index) => `w${index}`).join(' ');
  assert.deepEqual(
    boundedQuery(words).split(' '),
    Array.from({length: maxQueryWords}, (_, index) => `w${index}`),
  );
  assert.equal(boundedQuery('a'.repeat(20_000)), 'a'.repeat(maxWordChars));
  const long = `${'word '.repeat(5)}${'x'.repeat(maxQueryChars)}`;
  assert.equal(boundedQuery(long), `${'word '.repeat(5)}${'x'.repeat(maxWordChars)}`);
  // Cut by characters first: what lies past them is never read.
  assert.equal(boundedQuery(`${' '.repeat(maxQueryChars)}hidden`), '');
});

type Section = PagefindPage['sub_results'][number];

function page(url: string, title: string, sections: [string, string, number][] = []): PagefindPage {
  const sub_results: Section[] = [
    {title, url, excerpt: `${title} intro`, weighted_locations: [{weight: 1, balanced_score: 1}]},
    ...sections.map(([heading, anchor, score]) => ({
      title: heading,
      url: `${url}#${anchor}`,
      excerpt: `text of <mark>${heading}</mark> &amp; more`,
      weighted_locations: [{weight: 1, balanced_score: score}],
    })),
  ];
  return {url, meta: {title}, excerpt: `${title} excerpt`, sub_results};
}

/** A stand-in for Pagefind that answers every query with `pages`, in order, and records what was asked. */
function fakePagefind(pages: PagefindPage[]) {
  const asked: string[] = [];
  const loaded: string[] = [];
  const pagefind: PagefindModule = {
    options: async () => undefined,
    init: async () => undefined,
    search: async (query) => {
      asked.push(query);
      return {
        results: pages.map((found, index) => ({
          id: found.url,
          score: pages.length - index,
          data: async () => {
            loaded.push(found.url);
            return found;
          },
        })),
      };
    },
  };
  return {pagefind, asked, loaded};
}

test("pages whose title holds more of the query's words come first, then a section headed by all of them, then Pagefind's order", async () => {
  const {pagefind} = fakePagefind([
    page('/api/reference/list-services', 'List services', [['Responses', 'responses', 5]]),
    page('/docs/errors', 'Errors', [['Named entity recognition models', 'ner-models', 1]]),
    page('/tutorials/ner', 'Extract named entities'),
    page('/docs/other', 'Other page'),
  ]);
  const {hits, total} = await searchPages(pagefind, 'named-entity-recognition', 10);
  assert.equal(total, 4);
  assert.deepEqual(
    hits.map((hit) => hit.path.split('#')[0]),
    // "Extract named entities" holds two of three words ("entities" is "entity"); "Errors" has a section headed by all three.
    ['/tutorials/ner', '/docs/errors', '/api/reference/list-services', '/docs/other'],
  );
});

test("a hit is its page's best section: titled page › section, at the section's anchor, with the section's excerpt", async () => {
  const {pagefind} = fakePagefind([
    page('/docs/quickstart', 'Quickstart', [
      ['Step 1', 'step-1', 2],
      ['Call the API', 'call-the-api', 9],
    ]),
    page('/docs/intro', 'Introduction'),
  ]);
  const [section, whole] = (await searchPages(pagefind, 'call', 10)).hits;
  assert.deepEqual(section, {
    title: 'Quickstart › Call the API',
    pageTitle: 'Quickstart',
    section: 'Call the API',
    path: '/docs/quickstart#call-the-api',
    excerpt: 'text of <mark>Call the API</mark> &amp; more',
  });
  // The text before a page's first heading is the page itself: no section in its title.
  assert.deepEqual(whole, {
    title: 'Introduction',
    pageTitle: 'Introduction',
    path: '/docs/intro',
    excerpt: 'Introduction intro',
  });
});

test("only the first results' pages are loaded, and an empty query asks Pagefind nothing", async () => {
  const pages = Array.from({length: 30}, (_, index) => page(`/docs/p${index}`, `Page ${index}`));
  const {pagefind, asked, loaded} = fakePagefind(pages);
  const {hits, total} = await searchPages(pagefind, `page ${'q'.repeat(1000)}`, 5);
  assert.equal(total, 30);
  assert.equal(hits.length, 5);
  assert.equal(loaded.length, rerankDepth, 'the pages ranked again, no more');
  assert.deepEqual(asked, [`page ${'q'.repeat(maxWordChars)}`], 'the bounded query');
  assert.equal((await searchPages(pagefind, '   ', 5)).hits.length, 0);
  assert.equal(asked.length, 1);
  // A longer list (the search page) loads what it shows.
  assert.equal((await searchPages(pagefind, 'page', 25)).hits.length, 25);
});

test("an excerpt is text and marked parts: the index's HTML never reaches the page as HTML", () => {
  assert.deepEqual(excerptParts('a <mark>b</mark> &lt;script&gt; <mark>c&amp;d</mark>'), [
    {text: 'a ', marked: false},
    {text: 'b', marked: true},
    {text: ' <script> ', marked: false},
    {text: 'c&d', marked: true},
  ]);
  assert.equal(excerptText('<mark>x-api-key</mark> header &quot;value&quot;'), 'x-api-key header "value"');
  assert.deepEqual(excerptParts(''), []);
});
