/**
 * speed/page-chunks.ts names chunks so that the runtime chunk, which every page loads, carries one
 * map of every chunk (its content hash) instead of three (its name, its content hash, and the name
 * back to its id for prefetching): a chunk's id is its name, the chunks that pages share are named by
 * an 8-digit hash like the route chunks, and prefetching finds a chunk's file from its name without a
 * map (bench/README.md, Speed tricks). Run `npm run build` first.
 */
import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';

import {buildDir, requireBuild} from '../support/twins';

const scripts = () => readdirSync(path.join(buildDir, 'assets/js')).filter((file) => file.endsWith('.js'));
const runtime = () => {
  const file = scripts().find((name) => name.startsWith('runtime~main.'));
  assert.ok(file, 'build/assets/js has no runtime~main chunk');
  return readFileSync(path.join(buildDir, 'assets/js', file), 'utf8');
};

test("the runtime names a chunk's file by its id: no map of chunk names", () => {
  requireBuild();
  const source = runtime();
  // With Rspack's default (deterministic numbers), the file name is looked up: "assets/js/"+(({1038:"f2403fde",…
  assert.doesNotMatch(source, /"assets\/js\/"\+\(\(\{/, 'the runtime maps chunk ids to names again');
  assert.match(source, /"assets\/js\/"\+\w+\+"\."\+\(\{/, "the runtime's script file name is not id + hash");
  // Docusaurus' chunk-asset function (prefetching) maps every name to its id: {"0058b4c6":"0058b4c6",…}.
  assert.doesNotMatch(source, /\.gca=function\(\w+\)\{return \w+=\(\{/, 'the runtime maps chunk names to ids again');
  assert.match(source, /\.gca=function\(\w+\)\{return \w+\.p\+\w+\.u\(\w+\)\}/, 'the chunk-asset function is not p + u(name)');
});

test('shared chunks are named by a short hash, not by the modules in them', () => {
  requireBuild();
  // A split chunk left to the bundler is named (and so known, in every page's runtime and main
  // bundle) by its modules: "vendors-node_modules_docusaurus-theme-openapi-docs_lib_…-2298fe.js".
  // Only main, the runtime, page-actions, pdf-reader (pdf.js, loaded with a PDF answer in the explorer:
  // src/components/ExplorerAnswer) and the few chunks that a lazy import without a name shares
  // (the theme's, not one per page) may be named otherwise; without the names there are 14 at 15 operations.
  // The route table's shards (speed/route-shards.ts) are named by a short hash too, after "routes-".
  const otherwise = scripts().filter((file) => !/^(routes-)?[0-9a-f]{8}\.[0-9a-f]{8}\.js$/.test(file));
  assert.ok(otherwise.length <= 9, `chunks not named <hash>.<hash>.js:\n${otherwise.join('\n')}`);
  assert.ok(scripts().length - otherwise.length > 50, 'fewer than 50 chunks named <hash>.<hash>.js');
});
