/**
 * The layout's one hard rule: src/ is browser code. ESLint (eslint.config.mjs) must reject a page or
 * component that imports Node code, however the import is spelled, and let browser imports through.
 */
import assert from 'node:assert/strict';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';

import {importErrors} from '../support/lint-imports';

const repoRoot = path.resolve(__dirname, '../..');

test('a page cannot import the sandbox, a plugin, lib/, a script or Node built-ins', async () => {
  for (const [file, specifier] of [
    ['src/pages/example.tsx', '../../sandbox/app'],
    ['src/theme/Navbar/example.tsx', '../../../plugins/llms-txt'],
    ['src/components/Example/index.tsx', '@site/lib/openapi/specs'],
    ['src/pages/example.tsx', '@site/scripts/gen-api-docs'],
    ['src/theme/Example/index.tsx', '@site/speed/ssg-cache'],
    ['src/theme/Example/index.tsx', '../../../speed/index'],
    ['src/pages/example.tsx', 'node:fs'],
  ] as const) {
    const errors = await importErrors(file, specifier);
    assert.equal(errors.length, 1, `${file} importing ${specifier} should be a lint error`);
    assert.match(errors[0]!, /browser code/);
  }
});

test('browser imports and Node code importing Node code stay allowed', async () => {
  assert.deepEqual(await importErrors('src/pages/example.tsx', '@site/src/provider'), []);
  assert.deepEqual(await importErrors('src/pages/example.tsx', '@docusaurus/Link'), []);
  assert.deepEqual(await importErrors('plugins/example.ts', '../lib/openapi/specs'), []);
  // The speed layer's browser half (its stand-ins, the route shards' runtime) is browser code.
  assert.deepEqual(await importErrors('src/theme/Example/index.tsx', '@site/speed/shims/lean-version'), []);
  assert.deepEqual(await importErrors('src/theme/Example/index.tsx', '../../../speed/shims/lean-version'), []);
});

test('npm run typecheck checks every Node folder: tsconfig.tooling.json includes each, and their tsconfigs add nothing', () => {
  // JSON with comments: the tsconfigs here have whole-line comments only.
  const read = (file: string) =>
    JSON.parse(readFileSync(path.join(repoRoot, file), 'utf8').replace(/^\s*\/\/.*$/gm, '')) as {
      extends?: string;
      include?: string[];
      exclude?: string[];
      compilerOptions?: object;
    };
  const tooling = read('tsconfig.tooling.json');
  const nodeFolders = readdirSync(repoRoot, {withFileTypes: true})
    .filter((entry) => entry.isDirectory() && existsSync(path.join(repoRoot, entry.name, 'tsconfig.json')))
    .map((entry) => entry.name)
    .filter((folder) => read(`${folder}/tsconfig.json`).extends === '../tsconfig.node.json' && folder !== 'tests');
  assert.deepEqual(nodeFolders.sort(), [
    'bench',
    'feedback',
    'hosting',
    'lib',
    'mcp',
    'plugins',
    'sandbox',
    'scripts',
    'speed',
  ]);
  for (const folder of nodeFolders) {
    assert.ok(tooling.include?.includes(folder), `tsconfig.tooling.json should include ${folder}/`);
    assert.equal(
      read(`${folder}/tsconfig.json`).compilerOptions,
      undefined,
      `${folder}/tsconfig.json sets compiler options of its own`,
    );
  }
});
