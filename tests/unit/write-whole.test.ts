/**
 * lib/write-whole.ts: a file is written whole, and two writes of one file at once both finish (the page
 * cache writes one entry twice when two pages share a route; SPEC.md §1: a duplicate route only warns).
 */
import assert from 'node:assert/strict';
import {mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, test} from 'node:test';

import {writeWhole} from '../../lib/write-whole';

const dir = mkdtempSync(path.join(os.tmpdir(), 'orchard-write-whole-'));
after(() => rmSync(dir, {recursive: true, force: true}));

test('two writes of one file at once both finish, and leave the file whole and nothing else', async () => {
  const file = path.join(dir, 'entry.json');
  const contents = ['{"page":"first"}', '{"page":"second"}'];
  await Promise.all(contents.map((text) => writeWhole(file, Buffer.from(text))));
  assert.ok(contents.includes(readFileSync(file, 'utf8')), 'the file holds one of the writes, whole');
  assert.deepEqual(readdirSync(dir), ['entry.json'], 'no partial file is left behind');
});
