/**
 * The order of the steps after the pages are rendered: Docusaurus writes every page's HTML (SSG),
 * then the post-build steps read it (Markdown twins and llms.txt, the search index, social cards;
 * Docusaurus runs those side by side, and none of them writes a page), then the hosting step reads
 * it and precompresses it (scripts/build.ts). So each twin and the search index reflect the page's
 * final HTML (no page may change after either was written), and each precompressed copy is the
 * page's final HTML compressed (compared by content: a copy the hosting step took from its cache was
 * written by an earlier build). Run `npm run build` first.
 */
import assert from 'node:assert/strict';
import {readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import zlib from 'node:zlib';

import {load} from 'cheerio';

import {readPages} from '../../mcp/pages';
import {searchIndexDir} from '../../lib/search-index';
import {indexedPages} from '../support/search-fragments';
import {buildDir, htmlFile, readBuilt, requireBuild, twinFile} from '../support/twins';

const modified = (file: string) => statSync(file).mtimeMs;

test('no page changes after its twin or the search index were written, and its precompressed copies are its final HTML', () => {
  requireBuild();
  // The search index's first file written: every page must be older than it. (Its .br and .gz are
  // the hosting step's, hard links to its cache.)
  const indexDir = path.join(buildDir, searchIndexDir);
  const [searchIndex] = readdirSync(indexDir, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort((a, b) => modified(a) - modified(b));
  assert.ok(searchIndex, `${indexDir} holds the index`);
  const pages = readPages(buildDir);
  assert.ok(pages.length > 50);
  const late: string[] = [];
  for (const {route} of pages) {
    const html = htmlFile(route);
    const written = modified(html);
    for (const reader of [twinFile(route), searchIndex])
      if (modified(reader) < written) late.push(`${path.relative(buildDir, html)} changed after ${path.relative(buildDir, reader)}`);
    const final = readFileSync(html);
    if (!zlib.brotliDecompressSync(readFileSync(`${html}.br`)).equals(final))
      late.push(`${path.relative(buildDir, html)}.br is not the page's final HTML`);
    if (!zlib.gunzipSync(readFileSync(`${html}.gz`)).equals(final))
      late.push(`${path.relative(buildDir, html)}.gz is not the page's final HTML`);
  }
  assert.deepEqual(late, []);
});

test("each page's twin and its search index entry have the page's final title", () => {
  requireBuild();
  const indexed = indexedPages(buildDir);
  assert.ok(indexed.size > 40, `${indexed.size} pages in the search index`);
  const problems: string[] = [];
  for (const {route} of readPages(buildDir)) {
    const h1 = load(readBuilt(htmlFile(route)))('h1').first().text().trim();
    if (!h1) continue;
    const twinH1 = /^# (.+)$/m.exec(readBuilt(twinFile(route)))?.[1];
    if (twinH1 !== h1) problems.push(`${route}: the page's h1 is "${h1}", its twin's "${twinH1 ?? ''}"`);
    const title = indexed.get(route)?.meta.title;
    if (title !== undefined && title !== h1) problems.push(`${route}: the page's h1 is "${h1}", the search index has "${title}"`);
  }
  assert.deepEqual(problems, []);
});
