import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {test} from 'node:test';

import {describeBrokenLinkSources} from '../../plugins/route-sources';

const root = path.resolve(__dirname, '../..');

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

test('a broken internal link fails the build with a message naming the file', {timeout: 240_000}, () => {
  const outDir = mkdtempSync(path.join(tmpdir(), 'broken-link-build-'));
  try {
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/build.ts', 'tests/fixtures/broken-link-site', '--out-dir', outDir],
      {cwd: root, encoding: 'utf8'},
    );
    const output = `${result.stdout}\n${result.stderr}`;
    assert.notEqual(result.status, 0, `the build should fail:\n${output}`);
    assert.match(output, /linking to \/docs\/missing-page/);
    assert.match(output, /Broken link in docs\/guide\.md \(page \/docs\/guide\)/);
  } finally {
    rmSync(outDir, {recursive: true, force: true});
  }
});
