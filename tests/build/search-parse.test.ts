/**
 * For a large site the search index parses the pages in worker threads with htmlparser2 instead of
 * cheerio's default parse5 (plugins/search-theme.ts, withHtmlParser2): the index may only be faster,
 * never different. This parses every page of the built site both ways, as a docs page and as a plain
 * page (the theme's two kinds), and fails on any difference. And the index's address carries the hash
 * of the docs folders as they were built. Run `npm run build` first.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';

import type * as ThemeParse from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/parse';

import siteConfig from '../../docusaurus.config';
import {repoRoot} from '../../lib/openapi';
import {readPages} from '../../mcp/pages';
import {withHtmlParser2} from '../../plugins/search-theme';
import {builtIndexHashes, expectedIndexHash} from '../support/search-hash';
import {buildDir, htmlFile, readBuilt, requireBuild} from '../support/twins';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const {parse} = require('@easyops-cn/docusaurus-search-local/dist/server/server/utils/parse') as typeof ThemeParse;

test('the search theme parses every built page alike with htmlparser2 and with parse5', () => {
  requireBuild();
  const pages = readPages(buildDir);
  assert.ok(pages.length > 50, `${pages.length} pages`);
  const options = {ignoreCssSelectors: [], forceIgnoreNoIndex: false};
  const differ: string[] = [];
  let parsed = 0;
  for (const {route} of pages) {
    const html = readBuilt(htmlFile(route));
    for (const type of ['docs', 'page']) {
      const withParse5 = parse(html, type, route, options);
      const withHtmlparser2 = withHtmlParser2(() => parse(html, type, route, options));
      if (withParse5) parsed += 1;
      if (JSON.stringify(withHtmlparser2) !== JSON.stringify(withParse5)) differ.push(`${route} (as ${type})`);
    }
  }
  assert.deepEqual(differ, [], 'pages whose search entries would differ with htmlparser2');
  assert.ok(parsed > 100, `only ${parsed} parses had content`);
});

test("the search index's address carries the hash of the docs folders the site was built from", () => {
  requireBuild();
  assert.deepEqual(builtIndexHashes(buildDir), [expectedIndexHash(repoRoot, siteConfig)]);
});
