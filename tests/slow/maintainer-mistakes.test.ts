/**
 * The mistakes maintainers make, each made in a copy of the site (as git tracks it) and run through
 * the step that reports it, as a maintainer runs it: gen-api-docs for the descriptions (the linter and
 * the loader), `npm run build:site` for the pages. Each must end with the right exit status and a
 * message naming the file, and the line where there is one; none with a stack trace. A duplicate
 * route only warns (SPEC.md §1), so that build must finish, twice: the second from the caches.
 */
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, test} from 'node:test';

import {trackedSiteCopy} from '../support/scale';

const root = mkdtempSync(path.join(tmpdir(), 'maintainer-mistakes-'));
const site = trackedSiteCopy(path.join(root, 'site'));
after(() => rmSync(root, {recursive: true, force: true}));

/** A stack frame line, anywhere in the output: a maintainer's mistake is told without one. */
const stackFrame = /^[\s│]*at (?:async )?\S.*(?::\d+:\d+\)?|\(index \d+\))(?: \{)?\s*$/m;

/** `from` replaced by `to` in the copy's `file` (it must be there once); returns the line `to` starts on. */
function edit(file: string, from: string, to: string): number {
  const text = readFileSync(path.join(site, file), 'utf8');
  assert.equal(text.split(from).length, 2, `${file} should hold ${JSON.stringify(from)} once`);
  const edited = text.replace(from, to);
  writeFileSync(path.join(site, file), edited);
  return edited.slice(0, edited.indexOf(to)).split('\n').length;
}

/** Runs `script` (a file of scripts/) in the copy, as its npm script does; its exit status and output. */
function runScript(script: string, ...args: string[]): {status: number | null; output: string} {
  const result = spawnSync(process.execPath, ['--import', 'tsx', `scripts/${script}`, ...args], {
    cwd: site,
    encoding: 'utf8',
    env: {...process.env, FORCE_COLOR: '0', NO_COLOR: '1'},
  });
  return {status: result.status, output: `${result.stdout}\n${result.stderr}`};
}

const generate = () => runScript('gen-api-docs.ts');
const build = () => runScript('build.ts', '--no-precompress');

/** Runs `check` with `files` of the copy as they are now put back after it, whatever it did to them. */
async function withFilesRestored(files: string[], check: () => void | Promise<void>): Promise<void> {
  const saved = files.map((file) => [file, readFileSync(path.join(site, file), 'utf8')] as const);
  try {
    await check();
  } finally {
    for (const [file, text] of saved) writeFileSync(path.join(site, file), text);
  }
}

const trainer = 'openapi/trainer.yaml';

/** gen-api-docs after `from` became `to` in the trainer description, which must fail: the line of `to`, and the output. */
function generationFailsAfter(from: string, to: string): {line: number; output: string} {
  const line = edit(trainer, from, to);
  const {status, output} = generate();
  assert.notEqual(status, 0, output);
  return {line, output};
}

test('invalid YAML in a description: gen-api-docs fails naming the file, the line and the column', () =>
  withFilesRestored([trainer], () => {
    const {line, output} = generationFailsAfter(
      '      tags:\n        - Training\n      requestBody:',
      '      tags: [Training\n      requestBody:',
    );
    const reported = /Failed to parse API description at openapi\/trainer\.yaml:\s+- (.+) \((\d+):\d+\)/.exec(output);
    assert.ok(reported, `the file and the parser's reason and place:\n${output}`);
    // The parser stops where the flow sequence was due to close: the line after the mistake.
    assert.ok([line, line + 1].includes(Number(reported[2])), `line ${reported[2]}, the mistake on ${line}`);
    assert.match(output, /no reference pages were generated/);
  }));

test('a $ref to nothing: gen-api-docs fails naming the file and the line of the $ref', () =>
  withFilesRestored([trainer], () => {
    const {line, output} = generationFailsAfter(
      "$ref: '#/components/schemas/TrainingJobRequest'\n",
      "$ref: '#/components/schemas/TrainingJobRequests'\n",
    );
    assert.match(output, new RegExp(`openapi/trainer\\.yaml:${line}:\\d+\\s+error\\s+no-unresolved-refs`));
  }));

test('an example that breaks its schema: gen-api-docs fails naming the file, the line and the field', () =>
  withFilesRestored([trainer], () => {
    const {line, output} = generationFailsAfter(
      'batch_size: 64\n                    learning_rate',
      'batch_size: sixty-four\n                    learning_rate',
    );
    assert.match(
      output,
      new RegExp(
        `openapi/trainer\\.yaml:${line}:\\d+\\s+error\\s+no-invalid-media-type-examples .*\`batch_size\` property type must be integer`,
      ),
    );
  }));

test('a mistyped enum value in an example: gen-api-docs fails naming the file, the line and the allowed values', () =>
  withFilesRestored([trainer], () => {
    const {line, output} = generationFailsAfter('language: english\n', 'language: English\n');
    assert.match(
      output,
      new RegExp(
        `openapi/trainer\\.yaml:${line}:\\d+\\s+error\\s+no-invalid-media-type-examples .*\`language\` property must be equal to one of the allowed values "english"`,
      ),
    );
  }));

// The pages' mistakes are made on a site whose reference pages are generated, as a build has them.
test('the descriptions put back: gen-api-docs succeeds', () => {
  const {status, output} = generate();
  assert.equal(status, 0, output);
});

const intro = 'docs/intro.md';

test('invalid front matter: the build fails, its first line naming the file, the line and the column', () =>
  withFilesRestored([intro], () => {
    edit(intro, '\ntitle: ', '\ntitle: [unclosed ');
    const {status, output} = build();
    assert.notEqual(status, 0, output);
    assert.match(output, /^docs\/intro\.md:\d+:\d+: front matter is not valid YAML: .+$/m);
    assert.doesNotMatch(output, stackFrame);
  }));

test('an MDX syntax error: the build fails, its first line <file>:<line>:<column>: <reason>', () =>
  withFilesRestored(['tutorials/ner.md'], () => {
    const line = edit('tutorials/ner.md', 'In this tutorial you send text', 'In this tutorial {you send text');
    const {status, output} = build();
    assert.notEqual(status, 0, output);
    const first = new RegExp(`^tutorials/ner\\.md:${line}:\\d+: Unexpected end of file in expression.*$`, 'm').exec(
      output,
    );
    assert.ok(first, `the line naming the mistake:\n${output}`);
    // First: before Docusaurus' own report, whose detail follows without a stack trace.
    assert.ok(first.index < output.indexOf('[ERROR]'), output);
    assert.doesNotMatch(output, stackFrame);
  }));

test('a page that no sidebar lists: the build fails naming the file and the sidebar file to add it to', () =>
  withFilesRestored([], async () => {
    writeFileSync(path.join(site, 'docs/new-page.md'), '---\ntitle: A new page\n---\n\nText.\n');
    try {
      const {status, output} = build();
      assert.notEqual(status, 0, output);
      assert.match(output, /^docs\/new-page\.md: no sidebar lists this page.* Add 'new-page' to sidebars\.ts/m);
      assert.doesNotMatch(output, stackFrame);
    } finally {
      rmSync(path.join(site, 'docs/new-page.md'));
    }
  }));

test('a duplicate route: the build warns naming both files and the route, and finishes, from its caches too', () => {
  const copy = path.join(site, 'docs/models-copy.md');
  writeFileSync(copy, '---\nslug: /models\ntitle: Models again\n---\n\nText.\n');
  // Listed in the sidebar, as a new page must be (the test above): only its route is wrong.
  const sidebar = readFileSync(path.join(site, 'sidebars.ts'), 'utf8');
  edit('sidebars.ts', "'models',", "'models',\n    'models-copy',");
  try {
    const warning =
      /\[WARNING\] Duplicate route \/docs\/models: docs\/models(?:-copy)?\.md and docs\/models(?:-copy)?\.md both build it/;
    const cold = build();
    assert.equal(cold.status, 0, cold.output);
    assert.match(cold.output, warning);
    // Again, every page of ours from the cache: the two pages keep one cache entry, written once.
    const warm = build();
    assert.equal(warm.status, 0, warm.output);
    assert.match(warm.output, warning);
    assert.match(warm.output, /\[ssg cache\] (\d+) of \1 pages from the cache/);
  } finally {
    rmSync(copy);
    writeFileSync(path.join(site, 'sidebars.ts'), sidebar);
  }
});

test('a broken internal link: the build fails naming the file that holds it', () =>
  withFilesRestored([intro], () => {
    edit(intro, '\n## Pre-trained', '\nSee [a page that is not there](/docs/missing-page).\n\n## Pre-trained');
    const {status, output} = build();
    assert.notEqual(status, 0, output);
    assert.match(output, /linking to \/docs\/missing-page/);
    assert.match(output, /Broken link in docs\/intro\.md \(page \/docs\/intro\)/);
  }));
