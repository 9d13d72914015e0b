/**
 * What readers type finds the page they want, among the first three hits: field names, header names,
 * error types, model names, statuses, a phrase, a typo. Ranked as the search box ranks (mcp/search.ts
 * runs the box's own Pagefind module and ranking on the build's index; tests/e2e/mcp-search.spec.ts
 * proves the two agree in the browser), so any engine that replaces it has to keep these. And the
 * index holds the readers' pages, each with its content only. Run `npm run build` first.
 */
import assert from 'node:assert/strict';
import {before, test} from 'node:test';

import {load} from 'cheerio';

import {readPages} from '../../mcp/pages';
import {createSiteSearch, type SiteSearch} from '../../mcp/search';
import {indexedPages} from '../support/search-fragments';
import {buildDir, htmlFile, readBuilt, requireBuild} from '../support/twins';

/** A query, and the pages (paths without the heading's anchor) any one of which answers it. */
const readerQueries: {query: string; kind: string; answers: string[]}[] = [
  {query: 'spam', kind: 'a task', answers: ['/tutorials/spam-detection']},
  {query: 'api key', kind: 'a task', answers: ['/tutorials/api-key']},
  {query: 'training job', kind: 'a task', answers: ['/api/api-reference/orchard-ai-trainer/create-training-job']},
  {query: 'embedding job', kind: 'a task', answers: ['/docs/use-cases/embed', '/api/orchard-ai-trainer/pretrained-model']},
  {query: 'learning rate', kind: 'a field, in words', answers: ['/api/orchard-ai-trainer/customize-training']},
  {query: 'lerning rate', kind: 'a field, with a typo', answers: ['/api/orchard-ai-trainer/customize-training']},
  {
    query: 'num_pre_trained_queries_by_model_id',
    kind: 'a nested field',
    answers: ['/api/api-reference/orchard-ai-trainer/get-usage', '/api/orchard-ai-trainer/monitoring'],
  },
  {query: 'training_config', kind: 'a field', answers: ['/api/orchard-ai-trainer/customize-training']},
  {query: 'maximum batch size', kind: 'a limit', answers: ['/docs/troubleshooting', '/api/orchard-ai-trainer/customize-training']},
  {query: 'x-api-key', kind: 'a header', answers: ['/faqs/faqs', '/api/', '/tutorials/api-key']},
  {query: 'x-public-key', kind: 'a header', answers: ['/faqs/faqs', '/api/', '/tutorials/api-key']},
  {
    query: 'value_error.missing',
    kind: 'an error type',
    answers: ['/docs/troubleshooting', '/api/orchard-ai-predictor/requests', '/docs/quickstart'],
  },
  {query: '422', kind: 'a status code', answers: ['/docs/troubleshooting']},
  {query: 'named-entity-recognition', kind: 'a model name', answers: ['/tutorials/ner']},
  {
    query: 'sentiment-classification',
    kind: 'a model name',
    answers: ['/docs/models', '/docs/use-cases/analyze', '/api/orchard-ai-trainer/pretrained-model'],
  },
  {query: 'Dragonfruit', kind: 'a model family', answers: ['/docs/models', '/api/orchard-ai-trainer/customize-training']},
  {query: 'QUEUED', kind: 'a status value', answers: ['/docs/troubleshooting', '/faqs/faqs']},
];

let search: SiteSearch;
before(async () => {
  requireBuild();
  search = await createSiteSearch(buildDir);
});

for (const {query, kind, answers} of readerQueries)
  test(`"${query}" (${kind}) finds ${answers.join(' or ')} in the top 3`, async () => {
    const top = (await search.search(query, 3)).map((hit) => hit.path.split('#')[0]!);
    assert.ok(
      top.some((page) => answers.includes(page)),
      `the top 3 for "${query}" are ${JSON.stringify(top)}`,
    );
  });

test("the index holds every page with a docs column but the writing guide's, and only their content", () => {
  const indexed = indexedPages(buildDir);
  const expected = readPages(buildDir)
    .map(({route}) => route)
    .filter((route) => !route.startsWith('/markdown-page') && readBuilt(htmlFile(route)).includes('theme-doc-markdown'));
  assert.ok(expected.length > 40);
  // A folder's index page is indexed at its route, `/docs/`; readPages names it `/docs`.
  const withoutSlash = (route: string) => (route.length > 1 ? route.replace(/\/$/, '') : route);
  assert.deepEqual([...indexed.keys()].map(withoutSlash).sort(), expected.sort());
  // The content column only: no navbar, sidebar, breadcrumbs or page actions; the title is the page's h1.
  const intro = indexed.get('/docs/intro')!;
  assert.equal(intro.meta.title, load(readBuilt(htmlFile('/docs/intro')))('h1').first().text().trim());
  for (const chrome of ['Developer portal', 'Page actions', 'Copy page', 'Skip to main content'])
    assert.ok(!intro.content.includes(chrome), `"${chrome}" is not in the indexed text`);
  // A table's cells are words apart: the intro's table of keys reads "Calls Header Trainer", not "CallsHeaderTrainer".
  assert.match(intro.content, /\bCalls Header\b/);
  // A schema field's name and type are two words (plugins/search-index.ts searchedHtml).
  const operation = indexed.get('/api/api-reference/orchard-ai-trainer/create-training-job')!;
  assert.match(operation.content, /\blearning_rate number\b/);
  assert.doesNotMatch(operation.content, /learning_rate(?=number)/);
});
