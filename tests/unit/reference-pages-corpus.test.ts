/**
 * What the reference pages are made from, for descriptions we did not write
 * (tests/fixtures/openapi-corpus/): callbacks get pages of their own (presented to the plugin as
 * webhooks in the generated copy, lib/openapi/events.ts `pagesCopy`), operations without tags are
 * grouped by their path, and the twins name each oneOf and anyOf alternative with its fields.
 */
import assert from 'node:assert/strict';
import {mkdtempSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, test} from 'node:test';

import {
  callbacksOf,
  loadDescription,
  operationsOf,
  pagesCopy,
  pathGroup,
  webhooksOf,
  type Document,
  type ResponseObject,
  type SchemaNode,
} from '../../lib/openapi';
import {operationMarkdown, webhookMarkdown} from '../../lib/openapi/markdown';
import type {OpenApiSpec} from '../../lib/openapi/specs';
import {dereference, maxInlinedRefs} from '../../mcp/endpoints';
import {corpusFiles} from '../support/corpus';

const dir = mkdtempSync(path.join(os.tmpdir(), 'orchard-corpus-pages-'));
after(() => rmSync(dir, {recursive: true, force: true}));

/** One corpus description, loaded as the build loads it, as an API with the reference id `ref`. */
function described(name: string): {doc: Document; spec: OpenApiSpec} {
  const file = corpusFiles(dir).find((entry) => entry.name === name)!.file;
  const spec = {id: 'ref', file, title: 'Ref', referenceId: 'ref'} as unknown as OpenApiSpec;
  return {doc: loadDescription(file), spec};
}

test("an operation without tags is grouped by its path's first segment, past a version", () => {
  assert.equal(pathGroup('/pets/{id}'), 'pets');
  assert.equal(pathGroup('/v1/chat/completions'), 'chat');
  assert.equal(pathGroup('/2.0/repositories/{username}'), 'repositories');
  assert.equal(pathGroup('/{tenant}/files'), 'files');
  assert.equal(pathGroup('/v2'), 'v2');
  assert.equal(pathGroup('/'), '/');
  const {doc, spec} = described('oai-petstore-expanded.yaml');
  pagesCopy(spec, doc);
  assert.deepEqual(
    operationsOf(spec, doc).map(({operation}) => operation.tags),
    [['pets'], ['pets'], ['pets'], ['pets']],
  );
  // A tagged operation keeps its tags; a webhook without tags is grouped as one.
  const tictactoe = described('oai-tictactoe.yaml');
  pagesCopy(tictactoe.spec, tictactoe.doc);
  assert.ok(operationsOf(tictactoe.spec, tictactoe.doc).every(({operation}) => operation.tags?.[0] === 'Gameplay'));
  assert.deepEqual(
    webhooksOf(tictactoe.spec, tictactoe.doc).map(({operation}) => operation.tags),
    [['Webhooks']],
  );
});

test('each callback is named, routed and given to the plugin as a webhook saying whose callback it is', () => {
  const {doc, spec} = described('oai-callback-example.yaml');
  const [callback, ...others] = callbacksOf(spec, doc);
  assert.equal(others.length, 0);
  // Without an operationId of its own, named by its operation's and its own names.
  assert.equal(callback!.route, '/api/api-reference/ref/post-streams-on-data-callback');
  assert.equal(callback!.title, 'Callback: onData');
  assert.equal(callback!.callback.expression, '{$request.query.callbackUrl}/data');
  pagesCopy(spec, doc);
  const page = doc.webhooks?.postStreamsOnDataCallback as Record<string, Record<string, unknown>> | undefined;
  assert.ok(page?.post, `a webhook for the callback: ${Object.keys(doc.webhooks ?? {}).join(', ')}`);
  assert.equal(page.post.operationId, 'postStreamsOnDataCallback');
  assert.equal(page.post.summary, 'Callback: onData');
  assert.match(
    String(page.post.description),
    /^Callback `onData` of \[postStreams\]\(\/api\/api-reference\/ref\/post-streams\) \(`POST \/streams`\): the API sends `POST` requests to `\{\$request\.query\.callbackUrl\}\/data`\./,
  );
  assert.deepEqual(page.post.tags, ['streams']);
  // The page shows an example payload, made from the schema when the description gives none.
  const media = (page.post.requestBody as {content: Record<string, {examples?: Record<string, {value: unknown}>}>})
    .content['application/json'];
  assert.deepEqual(Object.keys(media?.examples?.['Made from the schema']?.value as object), ['timestamp', 'userData']);
  // In the generated copy, the callback is still read as a callback, not as a webhook.
  assert.deepEqual(webhooksOf(spec, doc), []);
  assert.deepEqual(
    callbacksOf(spec, doc).map(({route}) => route),
    ['/api/api-reference/ref/post-streams-on-data-callback'],
  );
});

test('a callback with an operationId is named by it, unless a page already has that name', () => {
  const {doc, spec} = described('oai-tictactoe.yaml');
  assert.deepEqual(
    callbacksOf(spec, doc).map(({route}) => route),
    ['/api/api-reference/ref/mark-operation-callback'],
  );
  doc.paths['/board']!.get!.operationId = 'markOperationCallback';
  assert.deepEqual(
    callbacksOf(spec, doc).map(({route}) => route),
    ['/api/api-reference/ref/put-square-status-callback-callback'],
  );
});

test("a callback's twin names its operation and URL, its payload's fields, a sample and the answers", () => {
  const {doc, spec} = described('oai-callback-example.yaml');
  const twin = webhookMarkdown(doc, callbacksOf(spec, doc)[0]!);
  assert.match(
    twin,
    /^# Callback: onData\n\nCallback `onData` of \[postStreams\]\(\/api\/api-reference\/ref\/post-streams\.md\) \(`POST \/streams`\): /,
  );
  assert.match(twin, /the API sends `POST` requests to `\{\$request\.query\.callbackUrl\}\/data`/);
  assert.match(twin, /\| `timestamp` \| string \(date-time\) \| no \|/);
  assert.match(twin, /Example: Made from the schema\n\n```json\n\{\n {2}"timestamp": /);
  // A description that wraps is one heading line.
  assert.match(
    twin,
    /### 202: Your server implementation should return this HTTP status code if the data was received successfully\n/,
  );
});

test('a twin names each oneOf and anyOf alternative, with its fields, with and without a discriminator', () => {
  const {doc, spec} = described('plugin-1241-polymorphic-body.yaml');
  const twins = new Map(
    operationsOf(spec, doc).map((entry) => [entry.operation.operationId, operationMarkdown(doc, entry)]),
  );
  const twin = (id: string) => twins.get(id) ?? assert.fail(`no operation ${id}`);
  assert.match(
    twin('createWithOneOf'),
    /One of these 2:\n\n\*\*1\. TextPart\*\*\n\n\| field \|[^]*\| `text` \|[^]*\*\*2\. ImagePart\*\*\n\n\| field \|[^]*\| `url` \|/,
  );
  // With a discriminator, each alternative by its schema and the value that selects it, its allOf merged.
  assert.match(twin('createPet'), /One of these 2, told apart by `petType`:\n\n\*\*1\. Cat \(`petType`: `cat`\)\*\*/);
  assert.match(
    twin('createPet'),
    /\*\*2\. Dog \(`petType`: `dog`\)\*\*\n\n[^*]*\| `petType` \| string \| yes \|[^*]*\| `breed` \|/,
  );
  // The answer too.
  assert.match(twin('createPet').split('## Responses')[1]!, /\*\*2\. Dog \(`petType`: `dog`\)\*\*/);
  assert.match(
    twin('createWithAnyOf'),
    /Any of these 3:\n\n\*\*1\. TextPart\*\*[^]*\*\*2\. string\*\*\n\nType: string\.\n\n\*\*3\. array of TextPart \(object\)\*\*/,
  );
  // Written in place, by its fields; beside the object's own fields.
  assert.match(
    twin('restore'),
    /\| `accountId` \|[^]*One of these 2:\n\n\*\*1\. object with bucket\*\*[^]*\| `bucket` \| string \| yes \|[^]*\*\*2\. object with volume\*\*/,
  );
});

test("a field's alternatives are listed under it, each row saying which alternative it is in", () => {
  const {doc, spec} = described('plugin-720-circular-ref.yaml');
  const entry = operationsOf(spec, doc).find(({operation}) => operation.operationId === 'evaluateExpression')!;
  const twin = operationMarkdown(doc, entry);
  const answer = twin.split('## Responses')[1]!;
  // A parameter given by a media type's schema (`content`) names its alternatives too.
  assert.match(twin, /\| `filter` \| query \| no \| Literal \(object\) or BinaryOperation \(object\) \|/);
  assert.match(answer, /\| `source` \| Literal \(object\) or BinaryOperation \(object\) \| no \| {2}\|\n/);
  assert.match(answer, /\| `source\.value` \| number \| yes \| In Literal\. \|\n/);
  assert.match(answer, /\| `source\.operator` \| string \| yes \| In BinaryOperation\. \(one of `add`/);
  // An alternative the field is already inside, or whose fields are listed above, is named, not listed again.
  assert.match(
    answer,
    /\| `source\.left` \| Literal \(object\) or BinaryOperation \(object\) \| yes \| In BinaryOperation\. \|\n\| `source\.right` \|/,
  );
  assert.doesNotMatch(answer, /source\.left\./);
});

test("an operation's twin lists its callbacks, its answers' headers, and each media type's own schema", () => {
  const callbackExample = described('oai-callback-example.yaml');
  const callbacks = callbacksOf(callbackExample.spec, callbackExample.doc);
  const postStreams = operationMarkdown(callbackExample.doc, callbacks[0]!.callback.of, callbacks);
  assert.match(
    postStreams,
    /## Callbacks\n\n- \[Callback: onData\]\(\/api\/api-reference\/ref\/post-streams-on-data-callback\.md\): the API sends `POST` requests to `\{\$request\.query\.callbackUrl\}\/data`\.\n$/,
  );
  const tictactoe = described('oai-tictactoe.yaml');
  const putSquare = operationsOf(tictactoe.spec, tictactoe.doc).find(
    ({operation}) => operation.operationId === 'put-square',
  )!;
  assert.match(
    operationMarkdown(tictactoe.doc, putSquare),
    /### 202: [^\n]*\n\n\| header \| type \| description \|\n\| --- \| --- \| --- \|\n\| `Location` \| string \| Callback URL \|/,
  );
  const streams = described('streams.yaml');
  const completion = operationsOf(streams.spec, streams.doc).find(
    ({operation}) => operation.operationId === 'createChatCompletion',
  )!;
  // The whole answer in JSON, then the stream's events, each alternative named by its discriminator value.
  assert.match(
    operationMarkdown(streams.doc, completion),
    /Content type: `text\/event-stream`\.\n\nOne of these 3, told apart by `type`:\n\n\*\*1\. CreatedEvent \(`type`: `response\.created`\)\*\*/,
  );
});

test("a twin's table lists a schema's fields once, and at most a bounded number of nested rows", () => {
  const {doc, spec} = described('plugin-720-circular-ref.yaml');
  const person = operationsOf(spec, doc).find(({operation}) => operation.operationId === 'getPerson')!;
  const twin = operationMarkdown(doc, person);
  // Organisation is listed under `employer` (the first field of that type), not again under `friends[]`.
  assert.match(twin, /\| `employer\.name` \|/);
  assert.doesNotMatch(twin, /\| `friends\[\]\.name` \|[^\n]*In Organisation/);
  // A schema with thousands of nested fields: its table stops nesting past the bound, every top field still listed.
  const wide: Record<string, SchemaNode> = {};
  for (let index = 0; index < 60; index += 1)
    wide[`field${index}`] = {
      type: 'object',
      properties: Object.fromEntries([...Array(20).keys()].map((key) => [`inner${key}`, {type: 'string'}])),
    };
  const answer = {description: 'Wide.', content: {'application/json': {schema: {type: 'object', properties: wide}}}};
  const entry = {...person, responses: {'200': answer as ResponseObject}};
  const rows = operationMarkdown(doc, entry)
    .split('\n')
    .filter((line) => line.startsWith('| `'));
  // 60 × 20 nested rows without the bound.
  assert.ok(rows.length < 500, `${rows.length} rows`);
  assert.ok(
    rows.some((row) => row.startsWith('| `field59` |')),
    'the last top field',
  );
});

test('an MCP get_endpoint answer inlines a bounded number of references, each past the bound named', () => {
  const {doc} = described('plugin-720-circular-ref.yaml');
  const person = {$ref: '#/components/schemas/Person'};
  const whole = JSON.stringify(dereference(doc, person));
  assert.doesNotMatch(whole, /omitted/);
  assert.match(whole, /"circular":true/, 'a schema inside itself stays a reference');
  const bounded = dereference(doc, person, {refs: 1}) as {properties: Record<string, {$ref?: string; omitted?: true}>};
  assert.deepEqual(bounded.properties.employer, {$ref: '#/components/schemas/Organisation', omitted: true});
  assert.ok(maxInlinedRefs >= 100, 'our answers are whole (tests/build/mcp.test.ts)');
});
