/** Broken-link messages name the source file (a real build with a broken link: tests/slow/maintainer-mistakes.test.ts). */
import assert from 'node:assert/strict';
import {test} from 'node:test';

import {describeBrokenLinkSources} from '../../plugins/route-sources';

test('describeBrokenLinkSources names the file behind each page Docusaurus reports', () => {
  const output = [
    '- Broken link on source page path = /docs/intro:',
    '   -> linking to /docs/nope',
    '- Broken link on source page path = /api/category/api-reference:',
    '   -> linking to /elsewhere',
  ].join('\n');
  assert.deepEqual(describeBrokenLinkSources(output, {'/docs/intro': 'docs/intro.md'}), [
    'Broken link in docs/intro.md (page /docs/intro)',
    'Broken link on page /api/category/api-reference (no source file recorded: a generated page, its sidebar or the layout)',
  ]);
});
