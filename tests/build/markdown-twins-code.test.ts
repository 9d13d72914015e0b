/**
 * Issue 11: every fenced code block of every hand-written page appears in the page's Markdown twin
 * (build/<route>.md), line for line and with its language tag, in the page's order. Reads the
 * production build: run `npm run build` first. Failures read `file:line: reason`.
 */
import assert from 'node:assert/strict';
import {readdirSync} from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';

import {contentFiles, readContent} from '../../lib/content';
import {repoRoot} from '../../lib/openapi';
import {
  compareCodeBlocks,
  readBuilt,
  requireBuild,
  routesBySource,
  sourceCodeBlocks,
  twinCodeBlocks,
  twinFile,
  type CodeBlock,
} from '../support/twins';

// The content folders, plus any Markdown page of src/pages (none today: the home page is React).
const markdownPages = readdirSync(path.join(repoRoot, 'src/pages'))
  .filter((name) => /\.mdx?$/.test(name))
  .map((name) => path.join('src/pages', name));

describe('every code block of every hand-written page is in its Markdown twin, line for line, with its language', () => {
  const files = [...contentFiles(), ...markdownPages];
  test('there are pages with code blocks to compare', () => {
    const blocks = files.flatMap((file) => sourceCodeBlocks(readContent(file)));
    assert.ok(blocks.length > 150, `only ${blocks.length} code blocks found in ${files.length} pages`);
  });
  for (const file of files) {
    test(file, () => {
      requireBuild();
      const route = routesBySource().get(file);
      assert.ok(route, `${file}:1: no route recorded for this file in .docusaurus/route-sources.json`);
      const source = sourceCodeBlocks(readContent(file));
      const problems = compareCodeBlocks(source, twinCodeBlocks(readBuilt(twinFile(route))));
      assert.deepEqual(problems.map((problem) => `${file}:${problem.line}: ${problem.reason}`), []);
    });
  }
});

describe('the comparison catches what broke the twins before', () => {
  const block = (lines: string[], lang = 'python'): CodeBlock => ({line: 7, lang, meta: '', lines});
  const source = [block(['import os', '', 'import requests'])];

  test('lines run together', () => {
    const problems = compareCodeBlocks(source, [block(['import osimport requests'])]);
    assert.deepEqual(problems, [{line: 7, reason: 'code block not in the twin: line 1 reads "import osimport requests" instead of "import os"'}]);
  });

  test('a lost language tag', () => {
    const problems = compareCodeBlocks(source, [block(['import os', '', 'import requests'], '')]);
    assert.deepEqual(problems, [{line: 7, reason: 'code block not in the twin: language tag `` instead of `python`'}]);
  });

  test('a missing block, and blocks out of order', () => {
    assert.equal(compareCodeBlocks(source, []).length, 1);
    const two = [block(['a']), block(['b'])];
    assert.equal(compareCodeBlocks(two, [block(['b']), block(['a'])]).length, 1);
    assert.deepEqual(compareCodeBlocks(two, [block(['a']), block(['x']), block(['b'])]), []);
  });

  test('magic comments are not expected in the twin (Docusaurus drops them), unless a line range highlights', () => {
    const text = '---\ntitle: t\n---\n\n```js\n// highlight-next-line\nconst a = 1;\n```\n\n```js {1}\n// highlight-next-line\n```\n';
    const [magic, ranged] = sourceCodeBlocks(text);
    assert.deepEqual(magic?.lines, ['const a = 1;']);
    assert.deepEqual(ranged?.lines, ['// highlight-next-line']);
  });
});
