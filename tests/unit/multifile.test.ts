/**
 * A description split over many files (lib/openapi/bundle.ts), on the OpenAPI Initiative's
 * petstore-separate as published (tests/fixtures/openapi-multifile/, a root and four files in two
 * folders, in YAML and in JSON): its files found, read as one document, its errors and lint findings
 * naming the file they are in, its bundle remade when a file changes, its download one file, its
 * generation key and changelog following every file. DigitalOcean's, 2,850 files, is in the corpus suite.
 * Each bundle is a run of Redocly's CLI: about 3 s for the file in all on an idle 2-core machine.
 */
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, test} from 'node:test';

import {parse} from 'yaml';

import {flattenSchema, loadDescription, operationsOf, repoRoot} from '../../lib/openapi';
import {descriptionFiles, downloadableDescription, refersToFiles} from '../../lib/openapi/bundle';
import {changelogs} from '../../lib/openapi/changelog';
import {generationKey} from '../../lib/openapi/generation';
import {lastChangedDate} from '../../lib/openapi/history';
import {lintOpenApi, lintProblemLine} from '../../lib/openapi/lint';
import type {OpenApiSpec} from '../../lib/openapi/specs';

const fixture = path.join(repoRoot, 'tests/fixtures/openapi-multifile/oai-petstore-separate');
const root = mkdtempSync(path.join(tmpdir(), 'orchard-multifile-test-'));
after(() => rmSync(root, {recursive: true, force: true}));

/** A copy of the YAML tree to change, and its root file. */
function copy(name: string): {dir: string; rootFile: string} {
  const dir = path.join(root, name);
  cpSync(path.join(fixture, 'yaml'), dir, {recursive: true});
  return {dir, rootFile: path.join(dir, 'spec/swagger.yaml')};
}

/** A `$ref` to another file (anything but `#/…`). */
const toAnotherFile = /["']?\$ref["']?\s*:\s*["']?[^#"'\s]/;

const specOf = (file: string) =>
  ({id: 'petstore', file, title: 'Swagger Petstore', referenceId: 'petstore'}) as unknown as OpenApiSpec;

test('its files are the root and every file its $refs reach, in other folders too', () => {
  const files = descriptionFiles(path.join(fixture, 'yaml/spec/swagger.yaml')).map((file) =>
    path.relative(fixture, file),
  );
  assert.deepEqual(files.sort(), [
    'yaml/common/Error.yaml',
    'yaml/spec/NewPet.yaml',
    'yaml/spec/Pet.yaml',
    'yaml/spec/parameters.yaml',
    'yaml/spec/swagger.yaml',
  ]);
  const json = path.join(fixture, 'json/spec/swagger.json');
  assert.ok(refersToFiles(readFileSync(json, 'utf8'), json));
  assert.ok(
    !refersToFiles(
      readFileSync(path.join(repoRoot, 'openapi/trainer.yaml'), 'utf8'),
      path.join(repoRoot, 'openapi/trainer.yaml'),
    ),
    'ours are one file each',
  );
});

test('it loads as one document, YAML and JSON alike: every operation, its parameters and schemas named', () => {
  const [yaml, json] = ['yaml/spec/swagger.yaml', 'json/spec/swagger.json'].map((file) => {
    const doc = loadDescription(path.join(fixture, file));
    return {doc, operations: operationsOf(specOf(file), doc)};
  });
  for (const {doc, operations} of [yaml!, json!]) {
    assert.deepEqual(
      operations.map(({method, path: route}) => `${method.toUpperCase()} ${route}`),
      ['GET /pets', 'POST /pets', 'GET /pets/{id}', 'DELETE /pets/{id}'],
    );
    // `parameters.yaml#/tagsParam` and `#/limitsParam`, from another file.
    assert.deepEqual(
      operations[0]!.parameters.map(({name}) => name),
      ['tags', 'limit'],
    );
    assert.deepEqual(Object.keys(doc.components?.schemas ?? {}).sort(), ['Error', 'NewPet', 'Pet']);
  }
  assert.deepEqual(yaml!.doc.components, json!.doc.components);
});

test('YAML and JSON mixed, in nested folders: a YAML root, a JSON schema, a YAML file that one reaches', () => {
  const dir = path.join(root, 'mixed');
  mkdirSync(path.join(dir, 'models/shared'), {recursive: true});
  writeFileSync(
    path.join(dir, 'openapi.yaml'),
    [
      'openapi: 3.1.0',
      'info: {title: Mixed, version: "1"}',
      'paths:',
      '  /things/{id}:',
      '    get:',
      '      operationId: getThing',
      '      parameters: [{name: id, in: path, required: true, schema: {type: string}}]',
      '      responses:',
      "        '200': {description: A thing., content: {application/json: {schema: {$ref: './models/thing.json'}}}}",
    ].join('\n'),
  );
  writeFileSync(
    path.join(dir, 'models/thing.json'),
    JSON.stringify({type: 'object', properties: {id: {type: 'string'}, owner: {$ref: 'shared/owner.yaml#/Owner'}}}),
  );
  writeFileSync(
    path.join(dir, 'models/shared/owner.yaml'),
    'Owner:\n  type: object\n  properties:\n    email: {type: string, format: email}\n',
  );
  const file = path.join(dir, 'openapi.yaml');
  assert.equal(descriptionFiles(file).length, 3);
  const doc = loadDescription(file);
  const [operation] = operationsOf(specOf(file), doc);
  // The answer's schema (models/thing.json), and its owner (models/shared/owner.yaml), followed.
  const thing = flattenSchema(doc, operation?.responses['200']?.content?.['application/json']?.schema);
  assert.deepEqual(Object.keys(thing?.properties ?? {}), ['id', 'owner']);
  const owner = flattenSchema(doc, thing?.properties?.owner);
  assert.deepEqual(owner?.properties?.email, {type: 'string', format: 'email'});
});

test('a $ref that leads nowhere names the file and line it is written in, not the root', () => {
  const {dir, rootFile} = copy('broken');
  writeFileSync(
    path.join(dir, 'spec/Pet.yaml'),
    `${readFileSync(path.join(dir, 'spec/Pet.yaml'), 'utf8')}  owner:\n    $ref: "../common/Owner.yaml"\n`,
  );
  const line =
    readFileSync(path.join(dir, 'spec/Pet.yaml'), 'utf8').split('\n').indexOf('    $ref: "../common/Owner.yaml"') + 1;
  assert.throws(
    () => loadDescription(rootFile),
    (error: Error) => {
      assert.match(error.message, /spec\/swagger\.yaml: its files could not be bundled:\n/);
      assert.match(
        error.message,
        new RegExp(`broken/spec/Pet\\.yaml:${line}:\\d+: Can't resolve \\$ref: ENOENT[^\\n]*common/Owner\\.yaml`),
      );
      return true;
    },
  );
});

test("lint names the file a finding is in, the root's $ref followed", () => {
  const {dir, rootFile} = copy('lint');
  const pet = path.join(dir, 'spec/Pet.yaml');
  writeFileSync(pet, `${readFileSync(pet, 'utf8')}  owner:\n    type: strin\n`);
  const lint = lintOpenApi([rootFile], {quiet: true});
  const lines = (lint.problems.get(rootFile) ?? []).map((problem) => lintProblemLine(rootFile, problem));
  const line = readFileSync(pet, 'utf8').split('\n').indexOf('    type: strin') + 1;
  assert.ok(
    lines.some((each) => new RegExp(`lint/spec/Pet\\.yaml:${line}:\\d+ {2}error {2}struct {2}\`type\``).test(each)),
    lines.join('\n'),
  );
});

test('an edit to any of its files is read at the next load (the bundle is made again), and changes its generation key', () => {
  const {dir, rootFile} = copy('edited');
  const spec = {...specOf(path.relative(root, rootFile)), file: path.relative(root, rootFile)} as OpenApiSpec;
  const schemaOf = () =>
    loadDescription(rootFile).components?.schemas?.Pet as {properties: Record<string, {type?: string}>};
  assert.equal(schemaOf().properties.tag?.type, 'string');
  const before = generationKey(root, spec, 'generators');
  const pet = path.join(dir, 'spec/Pet.yaml');
  writeFileSync(pet, readFileSync(pet, 'utf8').replace('  tag:\n    type: string', '  tag:\n    type: integer'));
  assert.equal(schemaOf().properties.tag?.type, 'integer');
  assert.notEqual(generationKey(root, spec, 'generators'), before, 'a leaf edit generates the pages again');
});

test('its download is one file: the bundle, in the YAML or JSON of its root, with no $ref to another file', () => {
  for (const file of ['yaml/spec/swagger.yaml', 'json/spec/swagger.json']) {
    const text = downloadableDescription(path.join(fixture, file)).toString('utf8');
    assert.doesNotMatch(text, toAnotherFile, `${file}: ${text.slice(0, 500)}`);
    const doc = (file.endsWith('.json') ? JSON.parse(text) : parse(text)) as {swagger?: string; paths: object};
    assert.equal(doc.swagger, '2.0', 'as published: Swagger 2.0');
    assert.equal(Object.keys(doc.paths).length, 2);
    if (file.endsWith('.yaml')) assert.throws(() => JSON.parse(text) as unknown, 'YAML, as its root');
    const written = path.join(root, path.basename(file));
    writeFileSync(written, text);
    assert.equal(operationsOf(specOf(written), loadDescription(written)).length, 4);
  }
  // A description of one file is downloaded byte for byte.
  const trainer = path.join(repoRoot, 'openapi/trainer.yaml');
  assert.ok(downloadableDescription(trainer).equals(readFileSync(trainer)));
});

test('its changelog and last change follow every file: an edit to one of them is a version', () => {
  const repo = path.join(root, 'repo');
  cpSync(path.join(fixture, 'yaml'), path.join(repo, 'openapi/petstore'), {recursive: true});
  const git = (...args: string[]) => execFileSync('git', args, {cwd: repo, encoding: 'utf8'}).trim();
  const commit = (message: string, date: string) => {
    git('add', '.');
    execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '-q', '-m', message], {
      cwd: repo,
      env: {...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date},
    });
    return git('rev-parse', 'HEAD');
  };
  git('init', '-q', '-b', 'main');
  const published = commit('Publish the pet store', '2026-04-01T12:00:00+00:00');
  const pet = path.join(repo, 'openapi/petstore/spec/Pet.yaml');
  writeFileSync(pet, readFileSync(pet, 'utf8').replace('  - name\n', '  - name\n  - tag\n'));
  commit('Every pet has a tag', '2026-04-02T12:00:00+00:00');
  writeFileSync(path.join(repo, 'openapi/published.yaml'), `published:\n  petstore: ${published}\n`);
  const file = 'openapi/petstore/spec/swagger.yaml';
  assert.equal(lastChangedDate(repo, file)?.slice(0, 10), '2026-04-02', 'the leaf changed last');
  const [log] = changelogs(repo, [{id: 'petstore', title: 'Swagger Petstore', file}]);
  assert.ok(log?.history.available, JSON.stringify(log?.history));
  const [entry] = log.history.entries;
  assert.equal(entry?.subject, 'Every pet has a tag');
  assert.ok(
    entry.changes.some((change) => change.breaking && /tag/.test(change.text)),
    JSON.stringify(entry.changes, null, 1),
  );
});
