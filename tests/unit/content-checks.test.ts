/**
 * The lines a maintainer's mistake is told with (plugins/content-checks.ts, lib/build-report.ts).
 * tests/slow/maintainer-mistakes.test.ts makes the mistakes in a copy of the site and builds it.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';

import type {AllContent} from '@docusaurus/types';

import {duplicateRoutes, pagesInNoSidebar} from '../../plugins/content-checks';
import {mistakeLines, withoutStackFrames} from '../../lib/build-report';

type Doc = {id: string; source: string; permalink: string; sidebar?: string; frontMatter?: Record<string, unknown>};

/** Loaded content as the docs plugin has it: one instance per key, its docs in one version. */
function content(instances: Record<string, Doc[]>, pages: {source: string; permalink: string}[] = []): AllContent {
  const docs = Object.fromEntries(
    Object.entries(instances).map(([id, list]) => [
      id,
      {loadedVersions: [{docs: list.map((doc) => ({frontMatter: {}, ...doc}))}]},
    ]),
  );
  return {
    'docusaurus-plugin-content-docs': docs,
    'docusaurus-plugin-content-pages': {default: pages},
  } as unknown as AllContent;
}

test('a route built by two or by three files is named with every file, a trailing slash aside', () => {
  const allContent = content(
    {
      default: [
        {id: 'models', source: '@site/docs/models.md', permalink: '/docs/models', sidebar: 's'},
        {id: 'models-copy', source: '@site/docs/models-copy.md', permalink: '/docs/models/', sidebar: 's'},
        {id: 'intro', source: '@site/docs/intro.md', permalink: '/docs/intro', sidebar: 's'},
      ],
      faqs: [{id: 'x', source: '@site/faqs/x.md', permalink: '/faqs/x', sidebar: 's'}],
    },
    [
      {source: '@site/src/pages/index.tsx', permalink: '/'},
      {source: '@site/src/pages/faq.md', permalink: '/faqs/x'},
      {source: '@site/src/pages/faq-again.md', permalink: '/faqs/x'},
    ],
  );
  assert.deepEqual(duplicateRoutes(allContent), [
    'Duplicate route /docs/models: docs/models.md and docs/models-copy.md both build it, and readers get only one of them. Change the slug (or the file name) of one.',
    'Duplicate route /faqs/x: faqs/x.md and src/pages/faq.md and src/pages/faq-again.md all build it, and readers get only one of them. Change the slug (or the file name) of all but one.',
  ]);
});

test('a doc in no sidebar is named with its id and its instance sidebar file, unless it names a sidebar to show', () => {
  const allContent = content({
    default: [
      {id: 'listed', source: '@site/docs/listed.md', permalink: '/docs/listed', sidebar: 'docsSidebar'},
      {id: 'use-cases/new', source: '@site/docs/use-cases/new.md', permalink: '/docs/use-cases/new'},
      {
        id: 'shown',
        source: '@site/docs/shown.md',
        permalink: '/docs/shown',
        frontMatter: {displayed_sidebar: 'docsSidebar'},
      },
    ],
    faqs: [{id: 'lost', source: '@site/faqs/lost.md', permalink: '/faqs/lost'}],
  });
  assert.deepEqual(pagesInNoSidebar(allContent, {default: 'sidebars.ts', faqs: 'sidebarsFaqs.ts'}), [
    "docs/use-cases/new.md: no sidebar lists this page, so it would be built without one. Add 'use-cases/new' to sidebars.ts (or set displayed_sidebar in its front matter).",
    "faqs/lost.md: no sidebar lists this page, so it would be built without one. Add 'lost' to sidebarsFaqs.ts (or set displayed_sidebar in its front matter).",
  ]);
});

/** An MDX error as Rspack prints Docusaurus' mdx-loader error: in a box, the parser's error as JSON. */
const mdxError = (file: string, line: number, column: number, reason: string) =>
  [
    `╰─▶   × Error: MDX compilation failed for file "${file}"`,
    `        │ Cause: ${reason}`,
    '        │ Details:',
    '        │ {',
    `        │   "column": ${column},`,
    `        │   "line": ${line},`,
    `        │   "reason": ${JSON.stringify(reason)},`,
    '        │   "ruleId": "unexpected-eof"',
    '        │ }',
    '        │     at compileToJSX (/site/node_modules/@docusaurus/mdx-loader/lib/utils.js:93:15)',
  ].join('\n');

test('each MDX error becomes <file>:<line>:<column>: <reason>, its file relative to the site', () => {
  const output = [
    '[ERROR] Client bundle compiled with errors therefore further build is impossible.',
    mdxError('/site/tutorials/ner.md', 10, 231, 'Unexpected end of file in expression, expected `}`'),
    mdxError('/site/docs/a "b".mdx', 3, 1, 'Unexpected character `<`'),
  ].join('\n');
  assert.deepEqual(mistakeLines(output, '/site'), [
    'tutorials/ner.md:10:231: Unexpected end of file in expression, expected `}`',
    'docs/a "b".mdx:3:1: Unexpected character `<`',
  ]);
  assert.doesNotMatch(withoutStackFrames(output), /compileToJSX/);
  assert.match(withoutStackFrames(output), /"line": 10/);
});

test('front matter that is not YAML, and a front matter check naming its file, become one line each', () => {
  const output = [
    '[ERROR] Error: Unable to build website for locale en.',
    '    at async Promise.all (index 0)',
    '    at async file:///site/node_modules/@docusaurus/core/bin/docusaurus.mjs:44:3 {',
    "  [cause]: Error: Can't process doc metadata for doc at path path=/site/docs/intro.md in version name=current",
    '    [cause]: YAMLException: missed comma between flow collection entries (3:1)',
    "[cause]: Error: Can't process doc metadata for doc at path path=/site/docs/other.md in version name=current",
    '    [cause]: Error: /site/docs/other.md: front matter field "title" contains a backslash',
  ].join('\n');
  assert.deepEqual(mistakeLines(output, '/site'), [
    'docs/intro.md:3:1: front matter is not valid YAML: missed comma between flow collection entries',
    'docs/other.md: front matter field "title" contains a backslash',
  ]);
  assert.equal(withoutStackFrames(output).split('\n').length, 5);
});

test('output naming no mistake of the site gives no line', () => {
  assert.deepEqual(mistakeLines('[ERROR] Unable to build website for locale en.\nError: ENOSPC', '/site'), []);
});
