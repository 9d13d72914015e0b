/**
 * Install scripts of dependencies (package.json `allowScripts`, read by npm 11.16 and later): every
 * package of the lockfile that has one is reviewed there, and the one denied script is not needed.
 * postman-code-generators' postinstall runs `npm install` in each of its 35 codegen folders (25 s of
 * `npm ci`, with registry calls the lockfile does not pin); every dependency a codegen declares is
 * found in the root node_modules instead.
 */
import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {test} from 'node:test';

const repoRoot = path.resolve(__dirname, '../..');
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

const manifest = readJson(path.join(repoRoot, 'package.json')) as {allowScripts?: Record<string, boolean>};
const lockfile = readJson(path.join(repoRoot, 'package-lock.json')) as {
  packages: Record<string, {hasInstallScript?: boolean}>;
};

test('every dependency with an install script is approved or denied in allowScripts', () => {
  const withScripts = Object.entries(lockfile.packages)
    .filter(([, entry]) => entry.hasInstallScript)
    .map(([location]) => location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length));
  assert.ok(withScripts.length > 0, 'the lockfile lists packages with install scripts');
  const reviewed = Object.keys(manifest.allowScripts ?? {});
  assert.deepEqual(
    withScripts.filter((name) => !reviewed.includes(name)),
    [],
    'package.json allowScripts: review these install scripts (true to run, false to skip)',
  );
});

test("postman-code-generators' per-codegen install is denied, and no codegen needs it", () => {
  assert.equal(manifest.allowScripts?.['postman-code-generators'], false);
  const codegens = path.join(createRequire(__filename).resolve('postman-code-generators/package.json'), '../codegens');
  const folders = readdirSync(codegens);
  // The codegens behind the samples' four languages (lib/samples/write.ts) have no dependencies.
  for (const folder of ['curl', 'python-requests', 'js-fetch', 'golang']) {
    const {dependencies = {}} = readJson(path.join(codegens, folder, 'package.json')) as {dependencies?: object};
    assert.deepEqual(Object.keys(dependencies), [], `codegens/${folder} declares dependencies`);
  }
  // Every other codegen's dependencies resolve from its folder, so loading any of them still works.
  for (const folder of folders) {
    const {dependencies = {}} = readJson(path.join(codegens, folder, 'package.json')) as {
      dependencies?: Record<string, string>;
    };
    const requireFromCodegen = createRequire(path.join(codegens, folder, 'package.json'));
    for (const name of Object.keys(dependencies)) {
      assert.doesNotThrow(() => requireFromCodegen.resolve(name), `codegens/${folder} cannot find ${name}`);
    }
  }
});
