/**
 * OpenAPI 3.2 descriptions load and every output reads them (lib/openapi/openapi32.ts): the OpenAPI
 * Initiative's 3.2 documents as published (tests/fixtures/openapi-3.2/), and a 3.2 description of our
 * own that uses each construct (tests/fixtures/openapi-3.2-own/showcase.yaml); what no output can show is
 * said with the file and the line, proven by small broken copies written here.
 */
import assert from 'node:assert/strict';
import {mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, test} from 'node:test';

import {conversionOf, loadDescription, operationsOf, pagesCopy, repoRoot} from '../../lib/openapi';
import {lintOpenApi, lintProblemLine} from '../../lib/openapi/lint';
import {pluginInput} from '../../lib/openapi/plugin-input';
import {restorePlacedOperation} from '../../lib/openapi/placed';
import {postmanCollection} from '../../lib/openapi/postman';
import {answerStreams} from '../../lib/openapi/streams';
import {operationMarkdown} from '../../lib/openapi/markdown';
import type {OpenApiSpec} from '../../lib/openapi/specs';
import {codeSamples} from '../../lib/samples/write';
import {sandboxBasePath} from '../../lib/sandbox/servers';
import {createSandbox} from '../../sandbox/app';

const oaiDir = path.join(repoRoot, 'tests/fixtures/openapi-3.2');
const showcaseFile = path.join(repoRoot, 'tests/fixtures/openapi-3.2-own/showcase.yaml');
const written = mkdtempSync(path.join(os.tmpdir(), 'orchard-openapi32-'));
after(() => rmSync(written, {recursive: true, force: true}));

const specOf = (file: string, id = 'showcase') =>
  ({id, file: path.relative(repoRoot, file), title: id, referenceId: id}) as unknown as OpenApiSpec;

/** A 3.2 description written here, line by line. */
function writtenDescription(name: string, lines: readonly string[]): string {
  const file = path.join(written, name);
  writeFileSync(file, lines.join('\n'));
  return file;
}

test("the OpenAPI Initiative's 3.2 documents load as published; the one whose $ref is on another host says so with its line", () => {
  const files = readdirSync(oaiDir).filter((name) => /\.(ya?ml|json)$/.test(name));
  assert.ok(files.length >= 38, `the Initiative's documents are all here (${files.length})`);
  for (const name of files) {
    const load = () => loadDescription(path.join(oaiDir, name));
    if (name === 'oai-pass-security-scheme-object-examples.yaml')
      assert.throws(
        load,
        /oai-pass-security-scheme-object-examples\.yaml:69:\d+ .*leads to a file on another host, which the build does not fetch/,
      );
    else assert.equal(load().openapi.startsWith('3.2.'), true, name);
  }
});

test("a 3.2 path item's `query` and `additionalOperations` are operations like any other, in the order the page lists them", () => {
  const file = path.join(oaiDir, 'oai-pass-path-item-object-example.yaml');
  const operations = operationsOf(specOf(file), loadDescription(file));
  assert.deepEqual(
    operations.map(({method, path: at, operation}) => `${method} ${at} ${operation.operationId}`),
    ['get /pets/{id} getPetsById', 'query /pets/{id} queryPetsById', 'copy /pets/{id} copyPetsById'],
  );
});

test('the showcase: its querystring is query fields, its examples data and as sent, its media type by $ref the media type, its stream read from itemSchema', () => {
  const doc = loadDescription(showcaseFile);
  assert.deepEqual(conversionOf(doc)?.warnings, [], 'our own 3.2 description loses nothing');
  const operations = operationsOf(specOf(showcaseFile), doc);
  const byId = (id: string) => operations.find(({operation}) => operation.operationId === id)!;
  assert.deepEqual(
    operations.map(({method, operation}) => `${method} ${operation.operationId}`),
    ['get listItems', 'query searchItems', 'get getItem', 'copy copyItem', 'get streamChanges'],
  );
  // `in: querystring` of form fields: one query parameter per field, required and example as the schema says.
  assert.deepEqual(
    byId('listItems').parameters.map(({name, in: where, required, example}) => ({name, in: where, required, example})),
    [
      {name: 'colour', in: 'query', required: true, example: 'red'},
      {name: 'limit', in: 'query', required: undefined, example: 10},
    ],
  );
  // `dataValue` is the example's value; `serializedValue` an example of its own, "as sent".
  const examples = byId('copyItem').requestBody!.content!['application/x-www-form-urlencoded']!.examples as Record<
    string,
    {summary?: string; value?: unknown}
  >;
  assert.deepEqual(examples, {
    greenApple: {summary: 'A green copy', value: {name: 'Green apple'}},
    'greenApple (as sent)': {summary: 'A green copy (as sent)', value: 'name=Green+apple'},
  });
  // A stream's events from `itemSchema`, in SSE and, through components.mediaTypes, in JSON lines.
  const streams = answerStreams(doc, byId('streamChanges').responses as never);
  assert.deepEqual(
    streams.map(({mediaType, framing, schema}) => [mediaType, framing, Boolean(schema)]),
    [
      ['text/event-stream', 'server-sent events', true],
      ['application/jsonl', 'JSON lines', true],
    ],
  );
});

test('what no output can show is left out and said with its line: a querystring of JSON, a fixed method under additionalOperations', () => {
  const file = writtenDescription('broken.yaml', [
    'openapi: 3.2.0',
    'info: {title: Broken, version: "1"}',
    'paths:',
    '  /things:',
    '    get:',
    '      operationId: listThings',
    '      parameters:',
    '        - name: where',
    '          in: querystring',
    '          content:',
    '            application/json:',
    '              schema: {type: object}',
    '      responses:',
    "        '200': {description: OK}",
    '    additionalOperations:',
    '      POST:',
    '        operationId: postAgain',
    '        responses:',
    "          '200': {description: OK}",
  ]);
  const doc = loadDescription(file);
  assert.deepEqual(conversionOf(doc)?.warnings, [
    'paths./things.additionalOperations.POST (line 16): the operation under additionalOperations.POST is left out: its own field `post` holds that method',
    'paths./things.get.parameters.0 (line 8): the querystring parameter "where" (application/json) is left out: a page shows, the explorer sends and a sample writes a query string only as form fields (application/x-www-form-urlencoded of an object schema)',
  ]);
  const operations = operationsOf(specOf(file, 'broken'), doc);
  assert.deepEqual(
    operations.map(({method, parameters}) => [method, parameters.length]),
    [['get', 0]],
  );
});

test("the plugin's copy places QUERY and COPY where the plugin reads them, and each page and sidebar item gets its method back", () => {
  type Copy = {paths: Record<string, Record<string, {[key: string]: unknown}>>};
  const placedIn = (copy: Copy) =>
    Object.entries(copy.paths).flatMap(([key, item]) =>
      Object.entries(item)
        .filter(
          ([, operation]) => typeof operation === 'object' && operation !== null && 'x-orchard-placed-for' in operation,
        )
        .map(([method, operation]) => ({key, method, operation})),
    );
  // Under a method its path leaves free: the plugin's request for the explorer has the path.
  const placed = placedIn(pluginInput(loadDescription(showcaseFile)) as unknown as Copy);
  assert.deepEqual(
    placed.map(({key, method, operation}) => [`${method} ${key}`, operation['x-orchard-placed-for']]),
    [
      ['post /items', {method: 'query', path: '/items'}],
      ['post /items/{item_id}', {method: 'copy', path: '/items/{item_id}'}],
    ],
  );
  const oai = placedIn(
    pluginInput(loadDescription(path.join(oaiDir, 'oai-pass-path-item-object-example.yaml'))) as unknown as Copy,
  );
  assert.deepEqual(
    oai.map(({key, method}) => `${method} ${key}`),
    ['post /pets/{id}', 'put /pets/{id}'],
  );
  // A path whose every method is taken: the `post` of a path of its own, with the path's parameters.
  const file = writtenDescription('full.yaml', [
    'openapi: 3.2.0',
    'info: {title: Full, version: "1"}',
    'paths:',
    '  /things/{id}:',
    '    parameters: [{name: id, in: path, required: true, schema: {type: string}}]',
    ...['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace', 'query'].flatMap((method) => [
      `    ${method}:`,
      `      operationId: ${method}Thing`,
      "      responses: {'200': {description: OK}}",
    ]),
  ]);
  const full = pluginInput(loadDescription(file)) as unknown as Copy;
  const [own] = placedIn(full);
  assert.equal(`${own?.method} ${own?.key}`, 'post /things/{id}#~query');
  assert.equal((full.paths['/things/{id}#~query']!.parameters as unknown as {name: string}[])[0]!.name, 'id');
  // Given back: the method, the path, and the method of the request the explorer sends.
  const api = {method: 'post', path: '/items', postman: {method: 'POST'}, ...(placed[0]!.operation as object)};
  restorePlacedOperation(api);
  assert.deepEqual(
    [api.method, api.path, api.postman.method, 'x-orchard-placed-for' in api],
    ['query', '/items', 'QUERY', false],
  );
});

test('a badge tag is a label of its operations, not a group: the sidebar groups by the others, the twin names it', () => {
  const spec = specOf(showcaseFile);
  const doc = loadDescription(showcaseFile);
  pagesCopy(spec, doc);
  const search = operationsOf(spec, doc).find(({operation}) => operation.operationId === 'searchItems')!;
  assert.deepEqual(search.operation.tags, ['items']);
  assert.deepEqual((search.operation as Record<string, unknown>)['x-tag-labels'], [
    {name: 'beta', kind: 'badge', summary: 'Beta'},
  ]);
  assert.match(
    operationMarkdown(doc, search),
    /^`QUERY https:\/\/api\.showcase\.test\/v1\/items`\n\nLabels: Beta \(badge\)$/m,
  );
});

test('samples, the Postman collection and the sandbox send QUERY and COPY', async () => {
  const spec = specOf(showcaseFile);
  const doc = loadDescription(showcaseFile);
  const operations = operationsOf(spec, doc);
  const search = operations.find(({operation}) => operation.operationId === 'searchItems')!;
  const curl = (await codeSamples(search, doc)).find(({lang}) => lang === 'Shell')!.source;
  assert.match(curl, /curl -X QUERY 'https:\/\/api\.showcase\.test\/v1\/items'/);
  const list = operations.find(({operation}) => operation.operationId === 'listItems')!;
  const listCurl = (await codeSamples(list, doc)).find(({lang}) => lang === 'Shell')!.source;
  assert.match(listCurl, /'https:\/\/api\.showcase\.test\/v1\/items\?colour=red&limit=10'/);

  const collection = JSON.stringify(await postmanCollection(spec));
  for (const method of ['QUERY', 'COPY'])
    assert.ok(collection.includes(`"method":"${method}"`), `the collection sends ${method}`);

  const sandbox = await createSandbox({specs: [spec]});
  const base = sandboxBasePath(spec, doc);
  const headers = {'x-api-key': 'any', 'content-type': 'application/json'};
  const searched = await sandbox.handle({method: 'QUERY', url: `${base}/items`, headers, body: '{"text":"apple"}'});
  assert.equal(searched.status, 200, JSON.stringify(searched.body));
  const refused = await sandbox.handle({method: 'QUERY', url: `${base}/items`, headers, body: '{"limit":5}'});
  assert.equal(refused.status, 422, 'the QUERY body is validated against its schema');
  const copied = await sandbox.handle({
    method: 'COPY',
    url: `${base}/items/item_1`,
    headers: {'x-api-key': 'any', 'content-type': 'application/x-www-form-urlencoded'},
    body: 'name=Green+apple',
  });
  assert.equal(copied.status, 201, JSON.stringify(copied.body));
  const listed = await sandbox.handle({
    method: 'GET',
    url: `${base}/items?colour=red&limit=10`,
    headers: {'x-api-key': 'any'},
  });
  assert.equal(listed.status, 200, JSON.stringify(listed.body));
  const unfiltered = await sandbox.handle({method: 'GET', url: `${base}/items`, headers: {'x-api-key': 'any'}});
  assert.equal(unfiltered.status, 422, 'the querystring field the schema requires is required');
});

test("Redocly's 3.2 rules lint a 3.2 description: ours passes; a broken copy's finding names its file and line", () => {
  assert.equal(lintOpenApi([showcaseFile], {quiet: true}).status, 0, 'the showcase lints clean');
  const lines = readFileSync(showcaseFile, 'utf8').split('\n');
  // A tag's `kind` must be a string (3.2's Tag Object): a broken copy, written here.
  const at = lines.indexOf('    kind: badge');
  const broken = writtenDescription('showcase-broken.yaml', lines.with(at, '    kind: [badge]'));
  const lint = lintOpenApi([broken], {quiet: true});
  assert.notEqual(lint.status, 0);
  const found = (lint.problems.get(broken) ?? []).map((problem) => lintProblemLine(broken, problem));
  assert.ok(
    found.some((line) => new RegExp(`showcase-broken\\.yaml:${at + 1}:\\d+ {2}error {2}struct`).test(line)),
    found.join('\n'),
  );
});
