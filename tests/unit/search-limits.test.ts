/**
 * The search's bounds (src/search-limits.ts) and the theme's worker they are written against: the
 * site's search box and the MCP server's search_docs run that worker with tokenize and smartQueries
 * replaced (lib/search-worker-shims.ts), which holds only while the worker calls them as it does here.
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {test} from 'node:test';

import {searchWorkerShims} from '../../lib/search-worker-shims';
import {boundedQuery, maxQueryChars, maxQueryWords, maxWordChars, untilDeadline} from '../../src/search-limits';

test('a query is cut to its first characters, words and word lengths, split as the theme splits it', () => {
  assert.equal(boundedQuery('batch-size  limit\tof\nmodels'), 'batch size limit of models');
  assert.equal(boundedQuery(''), '');
  assert.equal(boundedQuery(' - '), '');
  // lunr's wildcard is no word: "api *" would match every word of the index.
  assert.equal(boundedQuery('api * *size* a*b'), 'api size ab');
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

test('queries are handed out until the time budget is spent, the first one always', () => {
  let clock = 0;
  const ran: number[] = [];
  for (const query of untilDeadline([1, 2, 3, 4, 5], 100, () => clock)) {
    ran.push(query);
    clock += 40;
  }
  assert.deepEqual(ran, [1, 2, 3]);
  clock = 0;
  assert.deepEqual([...untilDeadline([1, 2], 0, () => clock)], [1]);
  assert.deepEqual([...untilDeadline([], 100, () => clock)], []);
});

test("the theme's worker gets its words from tokenize and runs smartQueries' queries in one for-of loop", () => {
  const worker = readFileSync(
    require.resolve('@easyops-cn/docusaurus-search-local/dist/client/client/theme/worker.js'),
    'utf8',
  );
  assert.match(worker, /import \{ tokenize \} from "\.\.\/utils\/tokenize";/);
  assert.match(worker, /import \{ smartQueries \} from "\.\.\/utils\/smartQueries";/);
  assert.match(worker, /const rawTokens = tokenize\(input, language\);/);
  assert.match(worker, /const queries = smartQueries\(rawTokens, zhDictionary\);/);
  assert.equal(worker.match(/\bqueries\b/g)?.length, 2, 'queries is read once, by the loop');
  assert.match(worker, /for \(const \{ term, tokens \} of queries\)/);
  for (const {themeModule, shim} of searchWorkerShims) {
    assert.ok(readFileSync(`${themeModule}.js`, 'utf8').length > 0, themeModule);
    assert.match(
      readFileSync(shim, 'utf8'),
      /from '@easyops-cn\/docusaurus-search-local\/dist\/client\/client\/utils\/\w+\.js'/,
    );
  }
});
