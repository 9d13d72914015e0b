/**
 * A reference landing page's "Operations" (src/components/OperationIndex) and its Markdown twin's
 * (lib/openapi/markdown.ts): a card per operation up to a limit; past it, a line per tag group with
 * its size and its first page, or a line per operation when the API has one group or none. Graph's
 * 11,422 cards made an 8.6 MB page. A limit of 3 here stands for the site's 300.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';

import type {PropSidebarItem} from '@docusaurus/plugin-content-docs';

import {operationLines, type ListedPage} from '../../lib/openapi/markdown';
import {maxOperationCards, operationIndex} from '../../src/components/OperationIndex/entries';
import {category as group} from '../support/sidebar-items';

const limit = 3;
const operation = (href: string, method = 'get'): PropSidebarItem => ({
  type: 'link',
  label: `Label of ${href}`,
  href,
  docId: href,
  className: `api-method ${method}`,
});

test('up to the limit, a card per operation, tag groups flattened', () => {
  const items = [group('models', [operation('/a'), operation('/b', 'post')]), operation('/c')];
  const index = operationIndex(items, limit);
  assert.ok('cards' in index, 'three operations are not cards');
  assert.deepEqual(
    index.cards.map((item) => (item.type === 'link' ? item.href : item.type)),
    ['/a', '/b', '/c'],
  );
  assert.equal(maxOperationCards, 300);
});

test('past the limit, a line per tag group: its label, its size, its first page', () => {
  const items = [
    group('models', [operation('/a'), operation('/b', 'post')]),
    group('jobs', [operation('/c', 'delete'), operation('/d')]),
    operation('/e', 'put'),
  ];
  assert.deepEqual(operationIndex(items, limit), {
    lines: [
      {label: 'models', href: '/a', operations: 2},
      {label: 'jobs', href: '/c', operations: 2},
      {label: 'Label of /e', href: '/e', method: 'put'},
    ],
  });
});

test('past the limit, a nested API is one line linking to its own landing page, counting its operations', () => {
  const nested = group('Batch API', [group('batches', [operation('/x'), operation('/y')])], '/batch');
  const items = [group('models', [operation('/a'), operation('/b')]), group('jobs', [operation('/c')]), nested];
  const index = operationIndex(items, limit);
  assert.ok('lines' in index);
  assert.deepEqual(index.lines.at(-1), {label: 'Batch API', href: '/batch', operations: 2});
});

test('past the limit with one group or none, a line per operation with its method', () => {
  const untagged = [group('UNTAGGED', [operation('/a'), operation('/b', 'post'), operation('/c'), operation('/d')])];
  assert.deepEqual(operationIndex(untagged, limit), {
    lines: ['/a', '/b', '/c', '/d'].map((href) => ({
      label: `Label of ${href}`,
      href,
      method: href === '/b' ? 'post' : 'get',
    })),
  });
});

const page = (route: string, tags: string[], order = 0): ListedPage => ({
  route,
  title: `Title ${route}`,
  call: `GET ${route}`,
  tags,
  order,
});

test('the twin lists every operation up to the limit', () => {
  const listed = [page('/a', ['models']), page('/b', ['jobs']), page('/c', [])];
  assert.deepEqual(operationLines({}, listed, limit), [
    '- [Title /a](/a.md): `GET /a`',
    '- [Title /b](/b.md): `GET /b`',
    '- [Title /c](/c.md): `GET /c`',
  ]);
});

test("past the limit, the twin lists the groups as the sidebar does: the description's tag order, each page under each tag, untagged last", () => {
  // Each group links to its page first in the sidebar (the description's order of paths and methods).
  const listed = [
    page('/a', ['models'], 0),
    page('/b', ['jobs', 'models'], 2),
    page('/c', [], 3),
    page('/d', ['jobs'], 1),
  ];
  assert.deepEqual(operationLines({tags: [{name: 'jobs'}, {name: 'unused'}]}, listed, limit), [
    '- [jobs](/d.md): 2 operations',
    '- [models](/a.md): 2 operations',
    '- [UNTAGGED](/c.md): 1 operation',
  ]);
  // A tag's `x-displayName` names its group in the sidebar, and so in the twin.
  const named = {tags: [{name: 'jobs', 'x-displayName': 'Training jobs'}]} as unknown as Parameters<
    typeof operationLines
  >[0];
  assert.equal(operationLines(named, listed, limit)[0], '- [Training jobs](/d.md): 2 operations');
});

test('past the limit, a twin whose operations are all untagged lists them all', () => {
  const listed = ['/a', '/b', '/c', '/d'].map((route) => page(route, []));
  assert.equal(operationLines({}, listed, limit).length, 4);
  assert.equal(operationLines({}, listed, limit)[0], '- [Title /a](/a.md): `GET /a`');
});
