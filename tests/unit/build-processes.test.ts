/**
 * scripts/build.ts bundles a large API in a process of its own, then renders the pages in a second one
 * (so Rspack's memory is gone before rendering): which sites it splits, and how it checks that the
 * bundling process left a bundle and no page, and the signal that the post-build steps began. The scale smoke (tests/scale) builds a split site whole.
 */
import assert from 'node:assert/strict';
import {existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, test} from 'node:test';

import {openApiSpecs, referenceOutputDir} from '../../lib/openapi/specs';
import {bundlingProblem, docusaurusProcesses, operationPages, twoProcessesFrom} from '../../lib/build-processes';
import postBuildSignalPlugin, {postBuildSignalEnv} from '../../plugins/post-build-signal';

const root = mkdtempSync(path.join(os.tmpdir(), 'orchard-build-processes-'));
after(() => rmSync(root, {recursive: true, force: true}));

/** A folder with `files` (paths relative to it) written empty. */
function folderWith(name: string, files: string[]): string {
  const dir = path.join(root, name);
  for (const file of files) {
    mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
    writeFileSync(path.join(dir, file), '');
  }
  mkdirSync(dir, {recursive: true});
  return dir;
}

test('operation pages are counted from every reference folder, and only *.api.mdx files', () => {
  const [first, second] = openApiSpecs;
  const site = folderWith('site', [
    `${referenceOutputDir(first)}/a.api.mdx`,
    `${referenceOutputDir(first)}/b.api.mdx`,
    `${referenceOutputDir(first)}/${first.referenceId}.info.mdx`,
    `${referenceOutputDir(first)}/sidebar.ts`,
    `${referenceOutputDir(second)}/c.api.mdx`,
  ]);
  assert.equal(operationPages(site), 3);
  assert.equal(operationPages(folderWith('empty-site', [])), 0, 'a site not generated yet has none');
});

test("this site's own API builds in one process; a large one in two; BUILD_PROCESSES decides when set", () => {
  // The README's test command builds the site as it is (one process) and the scale smoke 100
  // operations with BUILD_PROCESSES=2: both ways are built on every npm test.
  assert.equal(docusaurusProcesses(operationPages(path.resolve(__dirname, '../..')), ''), 1);
  assert.equal(docusaurusProcesses(twoProcessesFrom - 1, undefined), 1);
  assert.equal(docusaurusProcesses(twoProcessesFrom, undefined), 2);
  assert.equal(docusaurusProcesses(2000, ''), 2);
  assert.equal(docusaurusProcesses(100, '2'), 2);
  assert.equal(docusaurusProcesses(2000, '1'), 1);
  assert.throws(() => docusaurusProcesses(100, 'two'), /BUILD_PROCESSES=two: 1 \(one Docusaurus process\), 2/);
});

test('the bundling process must leave the server bundle and no rendered page', () => {
  const bundled = folderWith('bundled', ['__server/server.bundle.js', 'assets/js/main.js']);
  assert.equal(bundlingProblem(bundled), undefined);

  const noBundle = folderWith('no-bundle', ['assets/js/main.js']);
  assert.match(bundlingProblem(noBundle) ?? '', /no-bundle\/__server\/server\.bundle\.js is missing after bundling/);

  const rendered = folderWith('rendered', ['__server/server.bundle.js', '404.html']);
  assert.match(bundlingProblem(rendered) ?? '', /rendered\/404\.html was rendered by the bundling process/);
  assert.match(bundlingProblem(rendered) ?? '', /DOCUSAURUS_EXIT_AFTER_BUNDLING/);
});

test('the rendering process says when its post-build steps begin, in the file scripts/build.ts names; nothing unnamed', async () => {
  const signal = path.join(root, 'post-build-started');
  const plugin = postBuildSignalPlugin();
  const previous = process.env[postBuildSignalEnv];
  try {
    delete process.env[postBuildSignalEnv];
    await plugin.postBuild!({} as never);
    assert.ok(!existsSync(signal));
    process.env[postBuildSignalEnv] = signal;
    await plugin.postBuild!({} as never);
    assert.ok(existsSync(signal), 'the signal file is written at postBuild');
  } finally {
    if (previous === undefined) delete process.env[postBuildSignalEnv];
    else process.env[postBuildSignalEnv] = previous;
  }
});
