/**
 * scripts/build.ts bundles a large API in a process of its own, then renders the pages in a second one
 * (so Rspack's memory is gone before rendering): which sites it splits, and how it checks that the
 * bundling process left a bundle and no page, and the signal that the post-build steps began. The scale smoke (tests/scale) builds a split site whole.
 */
import assert from 'node:assert/strict';
import {existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {PassThrough} from 'node:stream';
import {after, test} from 'node:test';

import {openApiSpecs, referenceOutputDir} from '../../lib/openapi/specs';
import {
  bundlingProblem,
  docusaurusProcesses,
  operationPages,
  generationYields,
  generationYieldsBelow,
  operationsToGenerate,
  run,
  twoProcessesFrom,
} from '../../lib/build-processes';
import {awaitGenerationEnv, generationDone, generationDoneLine} from '../../lib/generation-gate';
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

test('before generation, the build counts the operation pages generation will write', () => {
  // npm test generates the reference pages before the unit tests run.
  assert.equal(operationsToGenerate(), operationPages(path.resolve(__dirname, '../..')));
});

test('the generation gate opens on its line only: not on another, nor when its input ends', async () => {
  const input = new PassThrough();
  const opened = generationDone(input);
  input.write(generationDoneLine.slice(0, 3));
  input.write(`${generationDoneLine.slice(3)}\n`);
  await opened;
  const ended = new PassThrough();
  const notOpened = generationDone(ended);
  ended.end();
  await assert.rejects(notOpened, /the reference pages were not generated/);
  const other = new PassThrough();
  const wrong = generationDone(other);
  other.write('failed\n');
  await assert.rejects(wrong, /said "failed"/);
});

// A stand-in for a Docusaurus build behind the gate: it says when it passed the gate.
const gatedChild = `
const {generationDone} = require(${JSON.stringify(path.resolve(__dirname, '../../lib/generation-gate.ts'))});
if (process.env.${awaitGenerationEnv} !== 'true') process.exit(9);
generationDone(process.stdin).then(() => { console.log('loaded at ' + Date.now()); process.stdin.destroy(); }, () => process.exit(7));
`;

test('a build started beside generation loads the site only once generation has succeeded', async () => {
  let generatedAt = 0;
  const generation = new Promise<number>((resolve) =>
    setTimeout(() => {
      generatedAt = Date.now();
      resolve(0);
    }, 700),
  );
  const {code, output} = await run(process.execPath, ['--import', 'tsx', '-e', gatedChild], {}, generation);
  assert.equal(code, 0, output);
  const loadedAt = Number(/loaded at (\d+)/.exec(output)?.[1]);
  assert.ok(loadedAt >= generatedAt && generatedAt > 0, `loaded at ${loadedAt}, generated at ${generatedAt}`);
});

test('a build started beside generation is stopped when generation fails', async () => {
  const {code, output} = await run(process.execPath, ['--import', 'tsx', '-e', gatedChild], {}, Promise.resolve(3));
  assert.notEqual(code, 0);
  assert.doesNotMatch(output, /loaded at/);
});

test("today's API is generated at a lower priority than Docusaurus' start; a large API's generation keeps its own", () => {
  // The site's own descriptions: Docusaurus' loading is the longer chain (scripts/build.ts).
  assert.ok(operationsToGenerate() > 0);
  assert.equal(generationYields(operationsToGenerate()), true);
  assert.equal(generationYields(generationYieldsBelow - 1), true);
  assert.equal(generationYields(generationYieldsBelow), false);
  assert.equal(generationYields(2000), false);
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
