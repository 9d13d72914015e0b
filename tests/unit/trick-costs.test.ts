/**
 * bench/trick-costs.ts names, for every speed trick, the files it lives in, the upstream files it is
 * pinned to and its tests; `npm run bench:tricks` counts their lines and times the tests. A renamed
 * file would make the bench count nothing: checked here instead.
 */
import assert from 'node:assert/strict';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';

import {trickCosts} from '../../bench/trick-costs';
import {speedTricks} from '../../speed/switches';

const repoRoot = path.resolve(__dirname, '../..');
const pinnedSource = readFileSync(path.join(repoRoot, 'tests/unit/bundle-shims.test.ts'), 'utf8');

for (const trick of speedTricks)
  test(`${trick}: its files and tests exist, and each upstream file it names is pinned by hash`, () => {
    const {files, pinned, tests} = trickCosts(trick);
    assert.ok(files.length > 0, `${trick}: no file`);
    for (const file of [...files, ...tests.map((one) => one.file)])
      assert.ok(existsSync(path.join(repoRoot, file)), `${trick}: ${file} does not exist`);
    for (const file of pinned) assert.ok(pinnedSource.includes(`'${file}'`), `${trick}: ${file} is not pinned`);
    // A pattern that matches no test fails the bench at its start, where it times the tests.
    for (const {name} of tests) if (name) assert.doesNotThrow(() => new RegExp(name), `${trick}: ${name}`);
  });
