/**
 * The Node code's layers, as ESLint enforces them (eslint.config.mjs): lib/ is the one library layer
 * and imports no other top-level folder; the parts that run (mcp/, sandbox/, plugins/, hosting/, and
 * speed/) import lib/ and src/, never each other; nothing imports scripts/, whose files are entry
 * points. Each direction fails on a wrong import, however deep the importing file, and the allowed
 * imports pass.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';

import {importErrors} from '../support/lint-imports';

async function assertRefused(cases: readonly (readonly [string, string])[], message: RegExp): Promise<void> {
  for (const [file, specifier] of cases) {
    const errors = await importErrors(file, specifier);
    assert.equal(errors.length, 1, `${file} importing ${specifier} should be a lint error`);
    assert.match(errors[0]!, message, `${file} importing ${specifier}`);
  }
}

test('nothing imports scripts/: not a part, lib/, a test, the bench, the configuration, nor another script', async () => {
  await assertRefused(
    [
      ['tests/unit/example.test.ts', '../../scripts/build'],
      ['tests/support/example.ts', '@site/scripts/gen-api-docs'],
      ['bench/example.ts', '../scripts/gen-api-docs'],
      ['docusaurus.config.ts', './scripts/build'],
      ['scripts/example.ts', './build'],
      ['scripts/example.ts', '../scripts/start'],
      ['types/example.d.ts', '../scripts/build'],
    ],
    /scripts\/ holds entry points/,
  );
  // From a part or lib/, the import breaks the layer rule and the scripts rule alike: reported once each.
  for (const [file, specifier] of [
    ['mcp/example.ts', '../scripts/build'],
    ['lib/openapi/example.ts', '../../scripts/gen-api-docs'],
  ] as const) {
    const errors = await importErrors(file, specifier);
    assert.ok(
      errors.some((message) => /scripts\/ holds entry points/.test(message)),
      `${file} importing ${specifier}`,
    );
  }
});

test('mcp/, sandbox/, plugins/, hosting/ and speed/ never import each other, tests/ or bench/', async () => {
  await assertRefused(
    [
      ['mcp/example.ts', '../sandbox/app'],
      ['mcp/example.ts', '../plugins/search-index'],
      ['mcp/example.ts', '../tests/support/hosts'],
      ['sandbox/example.ts', '../mcp/server'],
      ['sandbox/example.ts', '../bench/trick-costs'],
      ['plugins/example.ts', '../speed/ssg-cache'],
      ['plugins/example.ts', '../hosting/rules'],
      ['plugins/example.ts', '../docusaurus.config'],
      ['hosting/example.ts', '../plugins/llms-txt'],
      ['speed/example.ts', '../plugins/search-index'],
      ['speed/example.ts', '../mcp/limits'],
    ],
    /imports lib\/ and browser-safe src\/ modules, not another part/,
  );
});

test('lib/ imports no other top-level folder, however deep the file', async () => {
  await assertRefused(
    [
      ['lib/example.ts', '../plugins/search-index'],
      ['lib/example.ts', '../speed/ssg-cache'],
      ['lib/example.ts', '../tests/support/scale'],
      ['lib/openapi/example.ts', '../../sandbox/app'],
      ['lib/sandbox/example.ts', '../../mcp/endpoints'],
      ['lib/example.ts', '@site/hosting/rules'],
    ],
    /lib\/ is the library layer/,
  );
});

test('the allowed directions pass: lib/, src/ and a folder of its own; tests, bench and scripts reach the parts', async () => {
  for (const [file, specifier] of [
    ['mcp/example.ts', '../lib/openapi/specs'],
    ['mcp/example.ts', '../src/provider'],
    ['mcp/example.ts', './limits'],
    ['sandbox/example.ts', '../lib/sandbox/contract'],
    ['plugins/example.ts', './llms-txt'],
    ['speed/example.ts', '../lib/page-file'],
    ['hosting/example.ts', 'node:fs'],
    ['lib/example.ts', './openapi'],
    ['lib/openapi/example.ts', '../sandbox/servers'],
    ['lib/samples/example.ts', '../../src/code-samples'],
    ['scripts/example.ts', '../plugins/route-sources'],
    ['scripts/example.ts', '../hosting/server'],
    ['tests/unit/example.test.ts', '../../sandbox/app'],
    ['tests/unit/example.test.ts', '../support/scale'],
    ['bench/example.ts', '../tests/support/scale'],
    ['bench/example.ts', '../mcp/limits'],
    ['docusaurus.config.ts', './plugins/llms-txt'],
    ['docusaurus.config.ts', './speed/ssg-cache'],
  ] as const)
    assert.deepEqual(await importErrors(file, specifier), [], `${file} importing ${specifier}`);
});
