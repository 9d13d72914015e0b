/**
 * speed/page-chunks.ts names chunks so that the runtime chunk, which every page loads, carries one
 * map of every chunk (its content hash) instead of three (its name, its content hash, and the name
 * back to its id for prefetching): a chunk's id is its name (a route's chunk by an 8-digit hash), and
 * prefetching finds a chunk's file from its name without a map (bench/README.md, Speed tricks). Run
 * `npm run build` first.
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
  // The hash from the runtime's own map, or from a route shard's (speed/shard-chunk-hashes.ts): …+"."+(({…}[e]||….
  assert.match(source, /"assets\/js\/"\+\w+\+"\."\+\(?\(\{/, "the runtime's script file name is not id + hash");
  // Docusaurus' chunk-asset function (prefetching) maps every name to its id: {"0058b4c6":"0058b4c6",…}.
  assert.doesNotMatch(source, /\.gca=function\(\w+\)\{return \w+=\(\{/, 'the runtime maps chunk names to ids again');
  assert.match(source, /\.gca=function\(\w+\)\{return \w+\.p\+\w+\.u\(\w+\)\}/, 'the chunk-asset function is not p + u(name)');
});

test("every chunk's name, which the runtime maps to the chunk's hash, is short", () => {
  requireBuild();
  // Routes' chunks and the route table's shards (speed/route-shards.ts, after "routes-") are named by an
  // 8-digit hash. The chunks pages share keep the bundler's names, their group and modules
  // ("defaultVendors-node_modules_docusaurus_theme-classic_lib_theme_…-eb39a3"), which it cuts to 100
  // characters; a name function of ours cost seconds a thousand operations (speed/page-chunks.ts).
  const named = scripts().map((file) => ({file, name: file.replace(/\.[0-9a-f]{8}\.js$/, '')}));
  const long = named.filter(({name}) => name.length > 100);
  assert.deepEqual(long, [], 'chunks named with more than 100 characters');
  const hashed = named.filter(({name}) => /^(routes-)?[0-9a-f]{8}$/.test(name));
  assert.ok(hashed.length > 50, `only ${hashed.length} chunks named by an 8-digit hash`);
  const shared = named.filter(({name}) => /^default(Vendors)?-/.test(name));
  assert.ok(shared.length > 0, 'no chunk shared by pages (the `default` and `defaultVendors` groups)');
});
