/**
 * A broken internal link fails the build with a message naming the file: a real Docusaurus build of
 * tests/fixtures/broken-link-site (about 10 s), so it runs in `npm run test:slow`, not in the unit suite.
 */
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {test} from 'node:test';

const root = path.resolve(__dirname, '../..');

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
