/**
 * A build that runs out of memory, or makes a string longer than V8 can hold, fails with a message
 * that names the descriptions and their sizes (scripts/build.ts), not with a bare crash.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';

import {allOperations} from '../../lib/openapi';
import {openApiSpecs} from '../../lib/openapi/specs';
import {describeOutOfMemory} from '../../lib/build-processes';

// What Node prints in each case (abridged from real crashes).
const crashes = {
  'heap exhausted': [
    '<--- Last few GCs --->',
    'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory',
    ' 1: 0xb8d0a3 node::Abort() [node]',
  ].join('\n'),
  'string too long': [
    '[ERROR] Error: Unable to build website for locale en.',
    '  [cause]: RangeError: Invalid string length',
    '      at JSON.stringify (<anonymous>)',
  ].join('\n'),
};

for (const [name, output] of Object.entries(crashes)) {
  test(`a crash of the build (${name}) is explained with every description and its size`, () => {
    const message = describeOutOfMemory(output);
    assert.ok(message, 'the crash is recognised');
    assert.match(message, /ran out of memory/);
    for (const spec of openApiSpecs) {
      const operations = allOperations().filter((operation) => operation.spec.id === spec.id).length;
      assert.ok(message.includes(`${spec.file}: ${operations} operations`), `${spec.file} in:\n${message}`);
    }
    assert.match(message, /bench:scale/);
  });
}

test('any other failure is left to its own message', () => {
  assert.equal(describeOutOfMemory('[ERROR] Docusaurus found broken links!'), undefined);
});
