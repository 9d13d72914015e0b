/**
 * speed/bundle-cache.ts reuses the bundler's output when nothing it read has changed. Here a stand-in
 * for Docusaurus' compile reads files and writes a bundle the way Rspack reports it (the files it read,
 * the files it looked for, the folders it listed): the second build must take the output from the
 * cache without compiling, and every kind of change must compile again. The real bundler is covered
 * by tests/scale/smoke.test.ts, which rebuilds a site unchanged and after an edit.
 */
import assert from 'node:assert/strict';
import {appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterEach, beforeEach, test} from 'node:test';

import {cachedCompile, configFingerprint} from '../../speed/bundle-cache';

let site = '';
beforeEach(() => {
  site = mkdtempSync(path.join(os.tmpdir(), 'bundle-cache-'));
});
afterEach(() => rmSync(site, {recursive: true, force: true}));

const at = (file: string) => path.join(site, file);
function write(file: string, content: string): void {
  mkdirSync(path.dirname(at(file)), {recursive: true});
  writeFileSync(at(file), content);
}

class LoaderPlugin {
  constructor(readonly options: Record<string, unknown>) {}
}

/**
 * A site with two modules and a static folder, and a compile that bundles them into build/ and writes
 * the manifest beside the generated files, counting its runs.
 */
function fixture() {
  write('src/a.ts', 'export const a = 1;');
  write('src/b.ts', 'export const b = 2;');
  write('static/img/logo.svg', '<svg/>');
  let compiled = 0;
  const compile = async () => {
    compiled += 1;
    // As Docusaurus does before bundling: the output folder starts empty.
    rmSync(at('build'), {recursive: true, force: true});
    write('build/assets/main.js', `${readFileSync(at('src/a.ts'), 'utf8')}${readFileSync(at('src/b.ts'), 'utf8')}`);
    write('build/__server/server.bundle.js', 'module.exports = {};');
    write('.docusaurus/client-manifest.json', '{"entrypoints":["main"]}');
    // A swizzled component is read when it exists, looked for when it does not.
    const root = at('src/theme/Root.tsx');
    const compilation = {
      outputOptions: {path: at('build')},
      fileDependencies: [
        at('src/a.ts'),
        at('src/b.ts'),
        at('node_modules/react/index.js'),
        ...(existsSync(root) ? [root] : []),
      ],
      missingDependencies: existsSync(root) ? [] : [root],
      contextDependencies: [at('static')],
    };
    return {stats: [{compilation}]};
  };
  const configs = (option = 'x') => [{entry: './src/a.ts', plugins: [new LoaderPlugin({option, on: () => 1})]}];
  const build = async (option?: string) => {
    // Docusaurus empties the output folder whether or not it bundles.
    rmSync(at('build'), {recursive: true, force: true});
    const before = compiled;
    await cachedCompile(compile, {siteDir: site, clientManifest: at('.docusaurus/client-manifest.json')})({
      configs: configs(option),
      currentBundler: {},
    });
    return compiled > before ? 'compiled' : 'from the cache';
  };
  return {build};
}

test('a rebuild with nothing changed takes the bundle from the cache; any change it read compiles again', async () => {
  const {build} = fixture();
  assert.equal(await build(), 'compiled');
  const bundle = readFileSync(at('build/assets/main.js'), 'utf8');
  rmSync(at('.docusaurus/client-manifest.json'));
  assert.equal(await build(), 'from the cache');
  assert.equal(readFileSync(at('build/assets/main.js'), 'utf8'), bundle, 'the output, copied back');
  assert.ok(existsSync(at('build/__server/server.bundle.js')) && existsSync(at('.docusaurus/client-manifest.json')));

  write('src/b.ts', 'export const b = 3;');
  assert.equal(await build(), 'compiled', 'a module changed');
  assert.match(readFileSync(at('build/assets/main.js'), 'utf8'), /b = 3/);
  assert.equal(await build(), 'from the cache');

  write('src/theme/Root.tsx', 'export default () => null;');
  assert.equal(await build(), 'compiled', 'a file the bundler looked for now exists');
  rmSync(at('src/theme'), {recursive: true});
  assert.equal(await build(), 'compiled', 'and is gone again');

  write('static/img/new.svg', '<svg/>');
  assert.equal(await build(), 'compiled', 'a folder the bundler listed has a new file, however deep');

  assert.equal(await build('y'), 'compiled', "a plugin's option changed");
  assert.equal(await build('y'), 'from the cache');

  write('package-lock.json', '{"lockfileVersion": 3}');
  assert.equal(await build('y'), 'compiled', 'the installed packages changed');

  // A change under node_modules is the lockfile's to tell: its files are not hashed one by one.
  write('node_modules/react/index.js', 'module.exports = 1;');
  assert.equal(await build('y'), 'from the cache');

  // The build's files are links to the cache's: one written through in place spoils the cache.
  appendFileSync(at('build/assets/main.js'), '// appended in place');
  assert.equal(await build('y'), 'compiled', 'a cached file was changed through its link');
  assert.doesNotMatch(readFileSync(at('build/assets/main.js'), 'utf8'), /appended/);
  assert.equal(await build('y'), 'from the cache');
  assert.doesNotMatch(readFileSync(at('build/assets/main.js'), 'utf8'), /appended/);
});

test("a configuration's fingerprint: stable, blind to key order, and it tells plugins, options and functions apart", () => {
  const config = (option: string, on = () => 1) => ({
    mode: 'production',
    module: {rules: [{test: /\.mdx$/, use: [{loader: 'mdx', options: {option}}]}]},
    plugins: [new LoaderPlugin({option, on})],
  });
  assert.equal(configFingerprint(config('a')), configFingerprint(config('a')));
  const {mode, ...rest} = config('a');
  assert.equal(configFingerprint({...rest, mode}), configFingerprint(config('a')), 'key order');
  assert.notEqual(configFingerprint(config('a')), configFingerprint(config('b')));
  assert.notEqual(configFingerprint(config('a', () => 2)), configFingerprint(config('a')), "a function's source");
  assert.notEqual(
    configFingerprint({...config('a'), module: {rules: [{test: /\.md$/}]}}),
    configFingerprint(config('a')),
    'a regular expression',
  );
  class OtherPlugin extends LoaderPlugin {}
  assert.notEqual(configFingerprint([new OtherPlugin({})]), configFingerprint([new LoaderPlugin({})]), 'a class');
  // A configuration that refers to itself is still fingerprinted.
  const cyclic: Record<string, unknown> = {name: 'client'};
  cyclic.self = cyclic;
  assert.match(configFingerprint(cyclic), /\[seen\]/);
});
