/** Bad input: an OpenAPI file that does not parse or validate stops generation (and so the build). */
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, test} from 'node:test';

import {checkDescriptionSize, loadDescription, maxDescriptionBytes, repoRoot} from '../../lib/openapi';
import {lintOpenApi, strictLint} from '../../lib/openapi/lint';

const scratch = mkdtempSync(path.join(tmpdir(), 'openapi-lint-'));
after(() => rmSync(scratch, {recursive: true, force: true}));

const trainerYaml = readFileSync(path.join(repoRoot, 'openapi/trainer.yaml'), 'utf8');

/** Writes a broken copy of trainer.yaml and lints it as the build would. */
function lintBrokenCopy(name: string, breakIt: (yaml: string) => string) {
  const file = path.join(scratch, name);
  const broken = breakIt(trainerYaml);
  assert.notEqual(broken, trainerYaml, 'the fixture really changes the file');
  writeFileSync(file, broken);
  return {file, ...lintOpenApi([file], {quiet: true})};
}

// The four descriptions themselves are linted once per npm test, by gen-api-docs, which fails on a
// warning too (strictLint): this file checks that the lint catches what it must.
test('a warning fails the lint as gen-api-docs runs it, naming the file and the problem', () => {
  const predictorYaml = readFileSync(path.join(repoRoot, 'openapi/predictor.yaml'), 'utf8');
  const file = path.join(scratch, 'warning.yaml');
  // A tag without a description: a warning of Redocly's recommended rules, not an error.
  const warned = predictorYaml.replace(/(\n {2}- name: Inference)\n {4}description: [^\n]*/, '$1');
  assert.notEqual(warned, predictorYaml, 'the fixture really changes the file');
  writeFileSync(file, warned);
  const result = lintOpenApi([file], {quiet: true});
  assert.equal(result.status, 0, `Redocly itself lets a warning pass: ${result.output}`);
  assert.match(result.output, /tag-description/);
  assert.ok(result.output.includes(path.basename(file)), result.output);
  assert.notEqual(strictLint(result).status, 0, 'gen-api-docs fails on it');
});

test('a file that does not parse as YAML fails, naming the file and the problem', () => {
  const {file, status, output} = lintBrokenCopy('unparsable.yaml', (yaml) =>
    yaml.replace('paths:\n', 'paths:\n  /broken: [unclosed\n'),
  );
  assert.notEqual(status, 0);
  assert.ok(output.includes(path.basename(file)), output);
  assert.match(output, /Failed to parse/);
});

test('a call without responses fails, naming the file and the problem', () => {
  const {file, status, output} = lintBrokenCopy('no-responses.yaml', (yaml) =>
    yaml.replace(/(operationId: listServices[\s\S]*?)\n {6}responses:/, '$1\n      x-responses:'),
  );
  assert.notEqual(status, 0);
  assert.ok(output.includes(path.basename(file)), output);
  assert.match(output, /responses/);
});

test('an example that breaks its schema fails, naming the file and the problem', () => {
  const {file, status, output} = lintBrokenCopy('bad-example.yaml', (yaml) =>
    yaml.replace(/batch_size: (\d+)\n/, 'batch_size: 1000\n'),
  );
  assert.notEqual(status, 0);
  assert.ok(output.includes(path.basename(file)), output);
  assert.match(output, /batch_size|256/);
});

test('a description too large to build is refused by name before it is parsed', () => {
  // The real trainer description padded with comment lines past the limit: valid YAML, just huge.
  const file = path.join(scratch, 'huge.yaml');
  const padding = `# ${'x'.repeat(1022)}\n`.repeat(Math.ceil((maxDescriptionBytes + 1024 ** 2) / 1024));
  writeFileSync(file, trainerYaml + padding);
  const started = performance.now();
  assert.throws(
    () => loadDescription(file),
    (error: Error) => {
      assert.match(error.message, /huge\.yaml: 6[56] MB, more than the 64 MB a description may have/);
      assert.match(error.message, /Split it into several descriptions/);
      return true;
    },
  );
  assert.throws(() => checkDescriptionSize(file), /huge\.yaml/);
  // Refused from its size, not after a parse of the whole file.
  assert.ok(performance.now() - started < 1000, 'refused at once');
  writeFileSync(file, trainerYaml);
  assert.doesNotThrow(() => loadDescription(file), 'the same description at its real size loads');
});

test("a generated copy (under .generated/) may be four times as large: the twins and Postman read Graph's 84 MB one", () => {
  // Valid JSON past 64 MB: the trainer description, then whitespace.
  const json = `${JSON.stringify(loadDescription(path.join(repoRoot, 'openapi/trainer.yaml')))}${' '.repeat(maxDescriptionBytes + 1024 ** 2)}`;
  const copy = path.join(scratch, '.generated/openapi/trainer.json');
  mkdirSync(path.dirname(copy), {recursive: true});
  writeFileSync(copy, json);
  assert.ok(loadDescription(copy).paths, 'the generated copy loads');
  const written = path.join(scratch, 'trainer-written.json');
  writeFileSync(written, json);
  assert.throws(
    () => loadDescription(written),
    /trainer-written\.json: 65 MB, more than the 64 MB/,
    'a description as written is still held to 64 MB',
  );
});

// What our descriptions must have beyond OpenAPI (redocly.yaml), and what loading no longer demands.
test('our rules fail the lint, naming the file: an operation without an operationId', () => {
  const {file, status, output} = lintBrokenCopy('no-operation-id.yaml', (yaml) =>
    yaml.replace(/\n {6}operationId: listServices/, ''),
  );
  assert.notEqual(status, 0);
  assert.ok(output.includes(path.basename(file)), output);
  assert.match(output, /operation-operationId/);
});

test('our rules fail the lint, naming the file: a path parameter without an example', () => {
  const {file, status, output} = lintBrokenCopy('no-path-example.yaml', (yaml) =>
    yaml.replace(/(\n {6}in: path[\s\S]*?)\n {6}example: model-123/, '$1'),
  );
  assert.notEqual(status, 0);
  assert.ok(output.includes(path.basename(file)), output);
  assert.match(output, /path-parameter-example/);
});

/** Writes a description to the scratch folder and loads it as the build does. */
function loadWritten(name: string, text: string) {
  const file = path.join(scratch, name);
  writeFileSync(file, text);
  return loadDescription(file);
}

test('a description without operationIds loads, each operation named by its method and path, uniquely', () => {
  const doc = loadWritten(
    'unnamed.yaml',
    [
      'openapi: 3.0.3',
      'info: {title: Unnamed, version: "1"}',
      'paths:',
      '  /v1/accounts/{account}:',
      '    get: {responses: {"200": {description: OK}}}',
      '    delete: {operationId: deleteAccount, responses: {"200": {description: OK}}}',
      '  /v1/accounts/account:',
      '    get: {responses: {"200": {description: OK}}}',
      '  /getV1AccountsAccount:',
      '    post: {operationId: getV1AccountsAccount, responses: {"200": {description: OK}}}',
    ].join('\n'),
  );
  const ids = Object.values(doc.paths).flatMap((item) =>
    (['get', 'post', 'delete'] as const).flatMap((method) => item?.[method]?.operationId ?? []),
  );
  // The derived name of both GETs is taken by the written one, so each is numbered on.
  assert.deepEqual(ids, ['getV1AccountsAccount2', 'deleteAccount', 'getV1AccountsAccount3', 'getV1AccountsAccount']);
});

test('OpenAPI 3.1 loads, a description of webhooks alone too; another version fails naming the file and it', () => {
  const webhooksOnly = loadWritten(
    'webhooks.yaml',
    [
      'openapi: 3.1.0',
      'info: {title: Hooks, version: "1"}',
      'webhooks:',
      '  newPet:',
      '    post:',
      '      requestBody: {content: {application/json: {schema: {type: [string, "null"]}}}}',
      '      responses: {"200": {description: OK}}',
    ].join('\n'),
  );
  assert.deepEqual(webhooksOnly.paths, {});
  assert.equal(webhooksOnly.openapi, '3.1.0');
  // OpenAPI 3.2 loads (tests/unit/openapi32.test.ts); 3.3 and others do not.
  for (const version of ['3.3.0', '2.0', '4']) {
    assert.throws(
      () => loadWritten('other.yaml', `openapi: "${version}"\ninfo: {title: T, version: "1"}\npaths: {}\n`),
      new RegExp(
        `other\\.yaml: not a Swagger 2\\.0 or OpenAPI 3\\.0, 3\\.1 or 3\\.2 description \\(openapi: "${version.replaceAll('.', '\\.')}"\\)`,
      ),
    );
  }
  // Swagger 2.0 is read converted (tests/unit/swagger2.test.ts); one without paths is refused as any is.
  assert.throws(() => loadWritten('swagger.yaml', 'swagger: "2.0"\n'), /swagger\.yaml: no paths object/);
});
