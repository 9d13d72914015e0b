/**
 * plugins/lean-bundle.ts swaps modules of Docusaurus and of the OpenAPI plugin for the shims in
 * src/shims/. An alias whose module moved in an upgrade would silently stop applying, and a shim that
 * lost an export would break the build or a page: these tests fail first.
 */
import assert from 'node:assert/strict';
import {existsSync, readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {test} from 'node:test';

import {bundleAliases, serverRenderedReferenceModules} from '../../plugins/lean-bundle';

const require = createRequire(__filename);

/** The file an alias key stands for (`$` marks an exact match; absolute keys name a file without extension). */
function replacedModule(key: string): string {
  const request = key.replace(/\$$/, '');
  return path.isAbsolute(request) ? require.resolve(request) : require.resolve(request, {paths: [process.cwd()]});
}

/** Names a module exports, read from its source (ESM `export` statements or CommonJS `exports.x`). */
function exportNames(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const names = new Set<string>();
  for (const match of source.matchAll(/export\s+(?:const|function|class|let)\s+(\w+)/g)) names.add(match[1]!);
  for (const match of source.matchAll(/export\s*\{([^}]*)\}/g))
    for (const part of match[1]!.split(','))
      names.add(
        part
          .trim()
          .split(/\s+as\s+/)
          .pop()!,
      );
  for (const match of source.matchAll(/\bexports\.(\w+)\s*=/g)) names.add(match[1]!);
  names.delete('');
  names.delete('__esModule');
  return [...names].sort();
}

for (const isServer of [false, true]) {
  for (const [key, target] of Object.entries(bundleAliases(isServer))) {
    test(`${isServer ? 'server' : 'browser'} build: ${path.basename(target)} replaces a module that still exists`, () => {
      assert.ok(existsSync(target), `${target} is missing`);
      assert.doesNotThrow(
        () => replacedModule(key),
        `${key}: the module this alias replaces is gone; check the upgrade`,
      );
    });
  }
}

for (const [key, target] of Object.entries(bundleAliases(false)).filter(([name]) => path.isAbsolute(name))) {
  test(`${path.basename(target)} exports what the module it replaces exports`, () => {
    assert.deepEqual(exportNames(target), exportNames(replacedModule(key)));
  });
}

test('the Prism shim exports what theme-classic, the OpenAPI theme and react-live import from prism-react-renderer', () => {
  const shimExports = exportNames(bundleAliases(false)['prism-react-renderer$']!);
  for (const name of ['Highlight', 'Prism', 'themes'])
    assert.ok(shimExports.includes(name), `the shim does not export ${name}`);
});

test('the reference sections rendered on the server still import BrowserOnly, which render-on-server.tsx replaces there', () => {
  for (const file of serverRenderedReferenceModules) {
    assert.ok(existsSync(file), `${file} is missing: check the upgrade of docusaurus-theme-openapi-docs`);
    assert.match(
      readFileSync(file, 'utf8'),
      /require\("@docusaurus\/BrowserOnly"\)/,
      `${file} no longer imports @docusaurus/BrowserOnly`,
    );
  }
});
