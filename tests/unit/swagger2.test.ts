/**
 * Swagger 2.0 read as OpenAPI 3.1 (lib/openapi/swagger2.ts): what the conversion loses is said, naming
 * the file and the place; a broken 2.0 file's error names the line and the `$ref` as the file wrote them;
 * a version the site does not read is refused by name; the changelog compares 2.0 versions by contract.
 * The 2.0 descriptions as published (Slack's, the OpenAPI Initiative's) are in the corpus suites.
 */
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, test} from 'node:test';

import {parse} from 'yaml';

import {conversionOf, loadDescription, operationsOf} from '../../lib/openapi';
import {changelogs} from '../../lib/openapi/changelog';
import {conversionLosses} from '../../lib/openapi/degrade';
import {fromSwagger2, isSwagger2, swagger2Place} from '../../lib/openapi/swagger2';
import type {OpenApiSpec} from '../../lib/openapi/specs';

const root = mkdtempSync(path.join(tmpdir(), 'orchard-swagger2-test-'));
after(() => rmSync(root, {recursive: true, force: true}));

/** A small 2.0 description; `extra` is appended to the `/things` path item's operations. */
function things({extra = '', owner = '{type: string}', statuses = 'ready'} = {}): string {
  return `swagger: "2.0"
info: {title: Things, version: "1"}
host: api.example.com
basePath: /v1
schemes: [https]
securityDefinitions:
  key: {type: apiKey, in: header, name: X-Key}
  basic: {type: basic}
  oauth: {type: oauth2, flow: accessCode, authorizationUrl: "https://auth.example.com/authorize", tokenUrl: "https://auth.example.com/token", scopes: {read: Read things}}
security: [{key: []}]
paths:
  /things:
    get:
      operationId: listThings
      parameters:
        - {name: ids, in: query, type: array, items: {type: string}, collectionFormat: csv}
      responses:
        "200": {description: The things., schema: {type: array, items: {$ref: "#/definitions/Thing"}}}
    post:
      operationId: makeThing
      consumes: [multipart/form-data]
      parameters:
        - {name: name, in: formData, type: string, required: true}
        - {name: picture, in: formData, type: file}
      responses:
        "201": {description: Made.}
${extra}definitions:
  Thing:
    type: object
    properties:
      id: {type: string}
      status: {type: string, enum: [${statuses}]}
      owner: ${owner}
`;
}

function written(name: string, text: string): string {
  const file = path.join(root, name);
  writeFileSync(file, text);
  return file;
}

test('a 2.0 description is read as OpenAPI 3.1: servers, a form body from formData, every auth kind, nothing said lost', () => {
  const file = written('things.yaml', things());
  const doc = loadDescription(file);
  assert.equal(doc.openapi, '3.1.1');
  assert.deepEqual(doc.servers, [{url: 'https://api.example.com/v1'}]);
  assert.deepEqual(conversionOf(doc), {converter: '@scalar/openapi-upgrader', from: 'Swagger 2.0', warnings: []});
  const spec = {id: 'things', file, title: 'Things', referenceId: 'things'} as unknown as OpenApiSpec;
  const [list, make] = operationsOf(spec, doc);
  assert.equal(list?.url, 'https://api.example.com/v1/things');
  assert.deepEqual(list?.credentials, [{in: 'header', name: 'X-Key', prefix: '', scheme: 'apiKey'}]);
  assert.deepEqual(Object.keys(make?.requestBody?.content ?? {}), ['multipart/form-data']);
  const schemes = doc.components?.securitySchemes ?? {};
  assert.deepEqual(
    Object.fromEntries(Object.entries(schemes).map(([name, scheme]) => [name, (scheme as {type: string}).type])),
    {key: 'apiKey', basic: 'http', oauth: 'oauth2'},
  );
  assert.deepEqual(Object.keys((schemes.oauth as {flows: object}).flows), ['authorizationCode']);
  // A 3.0 file is no conversion.
  assert.equal(conversionOf(loadDescription('openapi/trainer.yaml')), undefined);
});

test('what the conversion loses is a warning naming the operation and the parameter', () => {
  const extra = `  /exports:
    get:
      operationId: exportThings
      parameters:
        - {name: columns, in: query, type: array, items: {type: string}, collectionFormat: tsv}
      responses:
        "200": {description: The export.}
    post:
      operationId: importThings
      consumes: [multipart/form-data]
      parameters:
        - {name: file, in: formData, type: file}
        - {name: options, in: body, schema: {type: object}}
      responses:
        "201": {description: Imported.}
`;
  const doc = parse(things().replace('definitions:', `${extra}definitions:`)) as Record<string, unknown>;
  assert.ok(isSwagger2(doc));
  assert.deepEqual(fromSwagger2(doc).warnings, [
    'GET /exports, parameter columns: collectionFormat tsv has no OpenAPI 3 style; the default style of its place is used',
    'POST /exports: it has both body and formData parameters, which Swagger 2.0 forbids; only the form is kept',
  ]);
});

test('the build says each loss with the API and its file; a strict description fails, naming them all', (context) => {
  const lines: string[] = [];
  context.mock.method(console, 'warn', (line: string) => lines.push(line));
  const losses = ['GET /exports, parameter columns: collectionFormat tsv has no OpenAPI 3 style'];
  conversionLosses(
    {id: 'things', file: 'openapi/things.yaml'},
    {converter: '@scalar/openapi-upgrader', from: 'Swagger 2.0', warnings: losses},
  );
  assert.deepEqual(lines, [
    '[warning] things (openapi/things.yaml): converted from Swagger 2.0 by @scalar/openapi-upgrader: GET /exports, parameter columns: collectionFormat tsv has no OpenAPI 3 style',
  ]);
  assert.throws(
    () =>
      conversionLosses(
        {id: 'things', file: 'openapi/things.yaml', strict: true},
        {converter: '@scalar/openapi-upgrader', from: 'Swagger 2.0', warnings: losses},
      ),
    /^Error: openapi\/things\.yaml: converted from Swagger 2\.0 by @scalar\/openapi-upgrader, which lost:\n {2}GET \/exports, parameter columns/,
  );
  conversionLosses(
    {id: 'things', file: 'openapi/things.yaml', strict: true},
    {converter: '@scalar/openapi-upgrader', from: 'Swagger 2.0', warnings: []},
  );
});

test("a broken 2.0 file's error names its line and the $ref as the file wrote it, not the converted one", () => {
  const text = things({owner: '{$ref: "#/definitions/Person"}'});
  const file = written('broken.yaml', text);
  const line = text.split('\n').findIndex((each) => each.includes('#/definitions/Person')) + 1;
  assert.throws(
    () => loadDescription(file),
    (error: Error) => {
      assert.match(
        error.message,
        new RegExp(`broken\\.yaml:${line}:\\d+ \\(at #/definitions/Thing/properties/owner/\\$ref\\)`),
      );
      assert.match(error.message, /the \$ref "#\/definitions\/Person" leads to nothing: no \/definitions\/Person/);
      assert.doesNotMatch(error.message, /components/);
      return true;
    },
  );
});

test('a version the site does not read is refused, naming the file and the version', () => {
  const file = written('old.yaml', 'swagger: "1.2"\ninfo: {title: Old}\napis: []\n');
  assert.throws(
    () => loadDescription(file),
    /old\.yaml: not a Swagger 2\.0 or OpenAPI 3\.0, 3\.1 or 3\.2 description \(swagger: "1\.2"\)/,
  );
});

test('places of the converted description are looked for where 2.0 wrote them', () => {
  assert.deepEqual(swagger2Place(['components', 'schemas', 'Thing', 'properties', 'id']), [
    'definitions',
    'Thing',
    'properties',
    'id',
  ]);
  assert.deepEqual(swagger2Place(['components', 'securitySchemes', 'oauth', 'flows']), [
    'securityDefinitions',
    'oauth',
  ]);
  assert.deepEqual(swagger2Place(['paths', '/things', 'post', 'requestBody', 'content']), [
    'paths',
    '/things',
    'post',
    'parameters',
  ]);
  assert.deepEqual(
    swagger2Place(['paths', '/things', 'get', 'responses', '200', 'content', 'application/json', 'schema', 'items']),
    ['paths', '/things', 'get', 'responses', '200', 'schema', 'items'],
  );
  assert.deepEqual(swagger2Place(['servers', 0, 'url']), ['host']);
});

test('the changelog of a 2.0 description compares its versions by contract', () => {
  const repo = path.join(root, 'repo');
  mkdirSync(path.join(repo, 'openapi'), {recursive: true});
  const git = (...args: string[]) => execFileSync('git', args, {cwd: repo, encoding: 'utf8'}).trim();
  git('init', '-q', '-b', 'main');
  const commit = (text: string, message: string) => {
    writeFileSync(path.join(repo, 'openapi/things.yaml'), text);
    git('add', '.');
    git('-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '-q', '-m', message);
    return git('rev-parse', 'HEAD');
  };
  const published = commit(things(), 'Publish');
  const deleting = `    delete:
      operationId: deleteThings
      responses:
        "204": {description: Deleted.}
`;
  commit(things({extra: deleting, statuses: 'ready, archived'}), 'Delete things; archived things');
  writeFileSync(path.join(repo, 'openapi/published.yaml'), `published:\n  things: ${published}\n`);
  const [log] = changelogs(repo, [{id: 'things', title: 'Things', file: 'openapi/things.yaml'}]);
  assert.ok(log?.history.available, JSON.stringify(log?.history));
  assert.deepEqual(log.operations, ['GET /things', 'POST /things', 'DELETE /things']);
  const texts = log.history.entries.flatMap((entry) =>
    entry.changes.map((change) => `${change.operation ?? ''}: ${change.text}`),
  );
  assert.ok(
    texts.some((text) => text === 'DELETE /things: Operation `DELETE /things` was added.'),
    texts.join('\n'),
  );
  assert.ok(
    texts.some((text) => /archived/.test(text)),
    texts.join('\n'),
  );
});
