/**
 * speed/shard-chunk-hashes.ts moves the hashes of the chunks reached only through a route shard out of
 * the runtime chunk into that shard's file. Proven on a real Rspack production build of a small app
 * shaped like the site's (an entry, a page it loads itself, a shard whose route loads a page that
 * loads a part, a module shared with the entry's page), then run as a browser would: each script the
 * runtime asks for is read from the output and run, so a wrong or missing hash fails the load.
 */
import assert from 'node:assert/strict';
import {mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import {after, before, test} from 'node:test';

import {rspack, type Stats} from '@rspack/core';

import {ShardChunkHashes, shardHashesGlobal, withoutMovedHashes} from '../../speed/shard-chunk-hashes';

let dir: string;
let outDir: string;
const sources: Record<string, string> = {
  'entry.js': [
    'window.loadHome = () => import(/* webpackChunkName: "home" */ "./home.js");',
    'window.loadShard = () => import(/* webpackChunkName: "routes-first" */ "./shard.js");',
  ].join('\n'),
  'home.js': 'import {shared} from "./shared.js"; export default "home " + shared;',
  'shared.js': 'export const shared = "shared";',
  'shard.js': 'export const load = () => import(/* webpackChunkName: "operation" */ "./operation.js");',
  'operation.js': [
    'import {shared} from "./shared.js";',
    'export const part = () => import(/* webpackChunkName: "operation-part" */ "./part.js");',
    'export default "operation " + shared;',
  ].join('\n'),
  'part.js': 'export default "part";',
};

async function build(withPlugin: boolean): Promise<Stats> {
  const compiler = rspack({
    mode: 'production',
    context: dir,
    entry: {main: './entry.js'},
    output: {
      path: outDir,
      publicPath: '/',
      filename: '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
    },
    optimization: {chunkIds: 'named', runtimeChunk: true},
    plugins: withPlugin ? [new ShardChunkHashes(new Set(['routes-first']))] : [],
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error || !stats || stats.hasErrors()) reject(error ?? new Error(stats?.toString('errors-only')));
      else resolve(stats);
    }),
  );
}

const outputFiles = () => readdirSync(outDir).filter((file) => file.endsWith('.js'));
const fileOf = (name: string) => outputFiles().find((file) => file.startsWith(`${name}.`))!;
const read = (file: string) => readFileSync(path.join(outDir, file), 'utf8');

/** The output run as a page would: the runtime and entry as scripts, each chunk loaded on demand. */
function browser() {
  const requested: string[] = [];
  const window: Record<string, unknown> = {};
  const context = vm.createContext(window);
  window.self = window;
  window.window = window;
  window.document = {
    baseURI: 'https://example.test/',
    getElementsByTagName: () => [],
    createElement: () => ({setAttribute() {}, parentNode: null}),
    head: {
      appendChild(script: {src: string; onload?: (event: unknown) => void; onerror?: (event: unknown) => void}) {
        const file = script.src.slice(script.src.lastIndexOf('/') + 1);
        requested.push(file);
        setImmediate(() => {
          if (!outputFiles().includes(file)) return script.onerror?.({type: 'error', target: {src: script.src}});
          vm.runInContext(read(file), context);
          script.onload?.({type: 'load', target: script});
        });
      },
    },
  };
  window.setTimeout = setTimeout;
  window.clearTimeout = clearTimeout;
  for (const name of ['runtime~main', 'main']) vm.runInContext(read(fileOf(name)), context);
  return {window: window as {loadHome: () => Promise<{default: string}>; loadShard: () => Promise<Shard>}, requested};
}
type Shard = {load: () => Promise<{default: string; part: () => Promise<{default: string}>}>};

before(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'shard-chunk-hashes-'));
  outDir = path.join(dir, 'out');
  for (const [file, source] of Object.entries(sources)) writeFileSync(path.join(dir, file), source);
});
after(() => rmSync(dir, {recursive: true, force: true}));

test('the runtime names only the chunks a page reaches without a shard; the shard brings the rest', async () => {
  await build(true);
  const runtime = read(fileOf('runtime~main'));
  const shard = read(fileOf('routes-first'));
  for (const name of ['operation', 'operation-part']) {
    const [, hash] = /^.+\.([0-9a-f]{8})\.js$/.exec(fileOf(name))!;
    assert.ok(!runtime.includes(hash!), `the runtime names ${name}'s file`);
    assert.ok(shard.includes(`"${hash}"`), `the shard does not bring ${name}'s hash`);
  }
  for (const name of ['home', 'routes-first']) {
    const [, hash] = /^.+\.([0-9a-f]{8})\.js$/.exec(fileOf(name))!;
    assert.ok(runtime.includes(hash!), `the runtime lacks ${name}'s hash`);
  }
  assert.ok(shard.includes(shardHashesGlobal));
});

test('the built pages load every chunk through the runtime and the shard, each file by its final name', async () => {
  await build(true);
  const {window, requested} = browser();
  assert.equal((await window.loadHome()).default, 'home shared');
  const shard = await window.loadShard();
  const operation = await shard.load();
  assert.equal(operation.default, 'operation shared');
  assert.equal((await operation.part()).default, 'part');
  assert.deepEqual(
    requested.filter((file) => !outputFiles().includes(file)),
    [],
  );
  assert.ok(requested.includes(fileOf('operation-part')), `requested: ${requested.join(', ')}`);
});

test('without the plugin the runtime names every chunk (what the plugin takes out)', async () => {
  await build(false);
  const runtime = read(fileOf('runtime~main'));
  const [, hash] = /^.+\.([0-9a-f]{8})\.js$/.exec(fileOf('operation-part'))!;
  assert.ok(runtime.includes(hash!));
});

test('a runtime written in another shape stops the build with the file and the way out', () => {
  assert.throws(
    () => withoutMovedHashes('__webpack_require__.u = (id) => id + ".js";', new Set(['a']), 'runtime~main.js'),
    /runtime~main\.js: no chunk hash map .* SPEED_OFF=shard-chunk-hashes/,
  );
});
