/**
 * The sandbox answers any API of lib/openapi/specs.ts, not only ours: a description of the corpus
 * (tests/fixtures/openapi-corpus/) added as an entry is served under /apis/<id>, each documented call
 * answered from its examples, or a body made from its response schema; its request validated for 3.0
 * and 3.1 alike (a recursive schema to any depth, a discriminator's oneOf as OpenAPI means it), in
 * JSON, form-encoded, multipart and binary bodies; and every kind of credential its
 * description declares is accepted (any value), its absence a 422 naming where it goes.
 */
import assert from 'node:assert/strict';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import type {ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {after, before, test} from 'node:test';

import {documentedSuccess, loadDescription, operationsOf} from '../../lib/openapi';
import {referenceIdOf, type OpenApiSpec} from '../../lib/openapi/specs';
import {unfitHeader} from '../../sandbox/answers';
import {createSandbox, type Sandbox, type SandboxRequest} from '../../sandbox/app';
import {createSandboxServer} from '../../sandbox/server';
import {addedSandboxServer, sandboxBasePath} from '../../lib/sandbox/servers';
import {corpusDir} from '../support/corpus';

/** A corpus description as a maintainer adds it: one entry (its id from its file's name). */
function entry(name: string): OpenApiSpec {
  const file = path.join(corpusDir, name);
  const title = loadDescription(file).info.title;
  return {id: name.replace(/\.ya?ml$/, ''), file, title, referenceId: referenceIdOf(title)} as unknown as OpenApiSpec;
}

const specs = [
  'auth-and-bodies.yaml',
  'oai-tictactoe.yaml',
  'oai-uspto.yaml',
  'oai-api-with-examples.yaml',
  'oai-petstore-expanded.yaml',
  'plugin-720-circular-ref.yaml',
  'plugin-1241-polymorphic-body.yaml',
  'streams.yaml',
  'oai-webhook-example.yaml',
  'oai-callback-example.yaml',
].map(entry);
const spec = (id: string) => specs.find((candidate) => candidate.id === id)!;

let sandbox: Sandbox;
before(async () => {
  sandbox = await createSandbox({specs});
});

const call = (request: Partial<SandboxRequest> & {url: string}) =>
  sandbox.handle({method: 'GET', headers: {}, ...request});

/** A JSON body POSTed to `url`, as a client (or the API, for a webhook or callback) sends it. */
const postJson = (url: string, value: unknown) =>
  call({method: 'POST', url, headers: {'content-type': 'application/json'}, body: JSON.stringify(value)});

const written = mkdtempSync(path.join(os.tmpdir(), 'orchard-sandbox-written-'));
after(() => rmSync(written, {recursive: true, force: true}));

/** The sandbox of one description written here (its YAML's lines), served under /apis/<id>. */
function sandboxOfYaml(id: string, lines: readonly string[]): Promise<Sandbox> {
  const file = path.join(written, `${id}.yaml`);
  writeFileSync(file, lines.join('\n'));
  return createSandbox({specs: [{id, file, title: id, referenceId: id} as unknown as OpenApiSpec]});
}

test("an operation's documented success is its first 2XX response, else its default one", () => {
  // The lowest: JavaScript keeps a record's numeric keys in numeric order, whatever the YAML's.
  assert.deepEqual(documentedSuccess({'422': 'invalid', '201': 'created', '200': 'ok', default: 'other'}), [
    '200',
    'ok',
  ]);
  assert.deepEqual(documentedSuccess({'404': 'missing', default: 'other'}), ['default', 'other']);
  assert.equal(documentedSuccess({'404': 'missing'}), undefined);
});

test('each API is served under /apis/<id>; a path two APIs share is answered by each its own way', async () => {
  for (const each of specs) assert.equal(sandboxBasePath(each, loadDescription(each.file)), `/apis/${each.id}`);
  const examples = await call({url: '/apis/oai-api-with-examples/'});
  assert.equal(examples.status, 200);
  // The description's own example, as written.
  assert.deepEqual(
    (examples.body as {versions: {id: string}[]}).versions.map(({id}) => id),
    ['v2.0', 'v3.0'],
  );
  const unknown = await call({url: '/apis/oai-petstore/pets'});
  assert.equal(unknown.status, 404);
});

test("the explorer's Local sandbox server is added to a description without one, and is not taken for the API's own", () => {
  const auth = spec('auth-and-bodies');
  const doc = loadDescription(auth.file);
  const before = operationsOf(auth, doc).map(({url}) => url);
  doc.servers = [...(doc.servers ?? []), addedSandboxServer(auth, doc)];
  assert.equal(doc.servers[0]?.url, 'http://127.0.0.1:4010/apis/auth-and-bodies');
  assert.match(doc.servers[0]?.description ?? '', /^Local sandbox \(/);
  // No server of its own: its calls' URLs stay paths (the samples name a placeholder host).
  assert.deepEqual(
    operationsOf(auth, doc).map(({url}) => url),
    before,
  );
  assert.ok(before.includes('/tokens'));
  // A description that lists the sandbox itself (ours) is served where it says.
  assert.equal(sandboxBasePath(auth, {servers: [{url: 'http://127.0.0.1:4010/api/'}]}), '/api');
});

test('without an example, the answer is made from the response schema', async () => {
  const answer = await call({url: '/apis/oai-petstore-expanded/pets'});
  assert.equal(answer.status, 200);
  assert.ok(Array.isArray(answer.body), JSON.stringify(answer.body));
  const [pet] = answer.body as {name: unknown; id: unknown}[];
  assert.equal(typeof pet?.name, 'string');
  assert.equal(typeof pet?.id, 'number');
});

test('a JSON body is validated against a 3.1 schema and a recursive one', async () => {
  const board = (body: string) =>
    call({
      method: 'PUT',
      url: '/apis/oai-tictactoe/board/1/1',
      headers: {authorization: 'Bearer any-token', 'content-type': 'application/json'},
      body,
    });
  assert.equal((await board('"X"')).status, 200);
  const wrong = await board('"Z"');
  assert.equal(wrong.status, 422);
  assert.deepEqual(wrong.body, {
    detail: [{loc: ['body'], msg: 'value is not a valid enumeration member', type: 'type_error.enum'}],
  });

  const node = (value: unknown) => postJson('/apis/plugin-720-circular-ref/nodes', value);
  assert.equal((await node({name: 'root', children: [{name: 'leaf', children: [{name: 'deeper'}]}]})).status, 201);
  // Three levels down, where an inlined copy of the schema would have stopped checking.
  const deep = await node({name: 'root', children: [{name: 'leaf', children: [{children: []}]}]});
  assert.equal(deep.status, 422);
  assert.deepEqual(deep.body, {
    detail: [{loc: ['body', 'children', 0, 'children', 0, 'name'], msg: 'field required', type: 'value_error.missing'}],
  });
});

test('a oneOf with a discriminator takes the alternative it names, though another would fit too', async () => {
  const pet = (value: unknown) => postJson('/apis/plugin-1241-polymorphic-body/one-of-discriminator', value);
  // A dog has every field a cat has: JSON Schema's oneOf alone would refuse both.
  assert.equal((await pet({petType: 'cat', name: 'Tom', indoor: true})).status, 201);
  assert.equal((await pet({petType: 'dog', name: 'Rex'})).status, 201);
  const nameless = await pet({petType: 'dog'});
  assert.equal(nameless.status, 422);
  assert.ok(
    (nameless.body as {detail: {loc: string[]; type: string}[]}).detail.some(
      ({loc, type}) => loc.join('.') === 'body.name' && type === 'value_error.missing',
    ),
    JSON.stringify(nameless.body),
  );
});

test('every credential kind is accepted with any value, and its absence is a 422 naming where it goes', async () => {
  const base = '/apis/auth-and-bodies';
  const form = {'content-type': 'application/x-www-form-urlencoded'};
  const token = (headers: Record<string, string>) =>
    call({
      method: 'POST',
      url: `${base}/tokens`,
      headers: {...form, ...headers},
      body: 'grant_type=client_credentials',
    });
  assert.equal((await token({authorization: `Basic ${btoa('user:pass')}`})).status, 200);
  // This call takes HTTP basic only: a bearer token is not it.
  for (const headers of [{}, {authorization: 'Bearer t'}] as Record<string, string>[]) {
    const refused = await token(headers);
    assert.equal(refused.status, 422);
    assert.deepEqual(refused.body, {
      detail: [{loc: ['header', 'authorization'], msg: 'field required', type: 'value_error.missing'}],
    });
  }
  // An API key in the query string, or a bearer token with it.
  const blob = (query: string, headers: Record<string, string> = {}) =>
    call({
      method: 'PUT',
      url: `${base}/blobs/b1${query}`,
      headers: {'content-type': 'application/octet-stream', ...headers},
      body: '\u0001\u0002 bytes',
    });
  assert.equal((await blob('?api_key=k')).status, 204);
  const withoutKey = await blob('', {authorization: 'Bearer t'});
  assert.equal(withoutKey.status, 422);
  assert.deepEqual((withoutKey.body as {detail: {loc: string[]}[]}).detail[0]?.loc, ['query', 'api_key']);
  // The tic-tac-toe board is read with an API key header or OAuth 2 (a bearer token); basic is not one of them.
  const board = (headers: Record<string, string>) => call({url: '/apis/oai-tictactoe/board', headers});
  for (const headers of [{'api-key': 'k'}, {authorization: 'Bearer t'}] as Record<string, string>[])
    assert.equal((await board(headers)).status, 200, JSON.stringify(headers));
  for (const headers of [{}, {authorization: 'Basic dTpw'}] as Record<string, string>[]) {
    const refused = await board(headers);
    assert.equal(refused.status, 422);
    assert.deepEqual(refused.body, {
      detail: [{loc: ['header', 'api-key'], msg: 'field required', type: 'value_error.missing'}],
    });
  }
  // A public operation needs none.
  const health = await call({url: `${base}/health`});
  assert.deepEqual(health, {status: 200, body: 'ok', contentType: 'text/plain'});
});

test('form-encoded and multipart bodies are read as their schema says, and validated', async () => {
  const base = '/apis/auth-and-bodies';
  const basic = {authorization: `Basic ${btoa('user:pass')}`, 'content-type': 'application/x-www-form-urlencoded'};
  const token = (body: string) => call({method: 'POST', url: `${base}/tokens`, headers: basic, body});
  assert.equal((await token('grant_type=refresh_token&scope=a&metadata[order]=6735&metadata[note]=x')).status, 200);
  const nested = await token('grant_type=nope&metadata[order][deeper]=1');
  assert.equal(nested.status, 422);
  assert.deepEqual(
    (nested.body as {detail: {loc: string[]}[]}).detail.map(({loc}) => loc.join('.')),
    ['body.grant_type', 'body.metadata.order'],
  );
  // The USPTO search takes numbers as form text.
  const search = (body: string) =>
    call({
      method: 'POST',
      url: '/apis/oai-uspto/oa_citations/v1/records',
      headers: {'content-type': 'application/x-www-form-urlencoded'},
      body,
    });
  assert.equal((await search('criteria=*:*&start=0&rows=100')).status, 200);
  assert.equal((await search('criteria=*:*&start=first')).status, 422);

  const upload = async (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.append(name, value);
    const encoded = new Response(data);
    return call({
      method: 'POST',
      url: `${base}/files`,
      headers: {authorization: 'Bearer t', 'content-type': encoded.headers.get('content-type')!},
      body: await encoded.text(),
    });
  };
  const stored = await upload({file: '{"a": 1}\n', purpose: 'training', labels: 'x'});
  assert.equal(stored.status, 201, JSON.stringify(stored.body));
  const missing = await upload({file: 'a,b\n'});
  assert.equal(missing.status, 422);
  assert.deepEqual((missing.body as {detail: {loc: string[]}[]}).detail[0]?.loc, ['body', 'purpose']);
  // A required file part is required too (openapi-backend leaves binary fields out of `required`).
  const withoutFile = await upload({purpose: 'training'});
  assert.equal(withoutFile.status, 422);
  assert.deepEqual((withoutFile.body as {detail: {loc: string[]; msg: string}[]}).detail, [
    {loc: ['body', 'file'], msg: 'field required', type: 'value_error.missing'},
  ]);
  const broken = await call({
    method: 'POST',
    url: `${base}/files`,
    headers: {authorization: 'Bearer t', 'content-type': 'multipart/form-data; boundary=x'},
    body: '--x\r\nContent-Disposition: form-data; name="purpose"\r\n\r\ntrain',
  });
  assert.equal(broken.status, 422);
});

test("a webhook is received as the reader's server would: its payload validated, the answer the API expects", async () => {
  const deliver = (payload: unknown) => postJson('/apis/oai-webhook-example/webhooks/newPet', payload);
  // No credential: the API sends it, the reader's server receives it.
  assert.deepEqual(await deliver({id: 1, name: 'Rex'}), {status: 200});
  const nameless = await deliver({id: 1});
  assert.equal(nameless.status, 422);
  assert.deepEqual(nameless.body, {
    detail: [{loc: ['body', 'name'], msg: 'field required', type: 'value_error.missing'}],
  });
  assert.equal((await call({url: '/apis/oai-webhook-example/webhooks/oldPet', method: 'POST'})).status, 404);
});

test("a callback is received where its page's explorer sends it: its payload validated, the answer the API expects", async () => {
  const deliver = (payload: unknown) =>
    // Its page's operationId (lib/openapi callbacksOf): the subscription's, the callback's name.
    postJson('/apis/oai-callback-example/webhooks/postStreamsOnDataCallback', payload);
  assert.equal((await deliver({timestamp: '2026-11-26T10:00:00Z', userData: 'hello'})).status, 202);
  const wrong = await deliver({timestamp: 5});
  assert.equal(wrong.status, 422);
  assert.deepEqual(
    (wrong.body as {detail: {loc: string[]}[]}).detail.map(({loc}) => loc),
    [['body', 'timestamp']],
  );
});

test("an object query parameter is read in OpenAPI's default style, its keys as parameters of their own", async () => {
  // As OpenAI's listChatCompletions takes `metadata`: form style, exploded (the default).
  const filters = await sandboxOfYaml('filters', [
    'openapi: 3.1.0',
    'info: {title: Filters, version: "1"}',
    'paths:',
    '  /items:',
    '    get:',
    '      parameters:',
    '        - name: metadata',
    '          in: query',
    '          schema: {anyOf: [{type: object, additionalProperties: {type: string}}, {type: "null"}]}',
    '        - {name: limit, in: query, schema: {type: integer}}',
    '      responses: {"200": {description: The items.}}',
  ]);
  const list = (query: string) => filters.handle({method: 'GET', url: `/apis/filters/items?${query}`, headers: {}});
  assert.equal((await list('key_0=a&key_1=b&limit=2')).status, 200);
  assert.deepEqual((await list('key_0=a&limit=many')).body, {
    detail: [{loc: ['query', 'limit'], msg: 'value is not a valid integer', type: 'type_error.integer'}],
  });
});

test("a $ref into a path's own schemas (a pointer with ~1 in it) is followed and validated", async () => {
  // As Mistral's description, mended by its maintainer: an inline schema's `$defs`, reached from the root.
  const pointers = await sandboxOfYaml('pointers', [
    'openapi: 3.1.0',
    'info: {title: Pointers, version: "1"}',
    'paths:',
    '  /v1/chats:',
    '    post:',
    '      requestBody:',
    '        content:',
    '          application/json:',
    '            schema:',
    '              type: object',
    '              required: [message]',
    "              properties: {message: {$ref: '#/paths/~1v1~1chats/post/requestBody/content/application~1json/schema/$defs/Message'}}",
    '              $defs: {Message: {type: object, required: [role], properties: {role: {type: string}}}}',
    '      responses: {"200": {description: Sent.}}',
  ]);
  const send = (body: unknown) =>
    pointers.handle({
      method: 'POST',
      url: '/apis/pointers/v1/chats',
      headers: {'content-type': 'application/json'},
      body: JSON.stringify(body),
    });
  assert.equal((await send({message: {role: 'user'}})).status, 200);
  assert.deepEqual((await send({message: {}})).body, {
    detail: [{loc: ['body', 'message', 'role'], msg: 'field required', type: 'value_error.missing'}],
  });
});

test('an answer comes in the media type asked for: an event stream, NDJSON, bytes', async () => {
  const [stream] = operationsOf(spec('streams'), loadDescription(spec('streams').file));
  assert.ok(stream);
  const events = await call({
    method: 'POST',
    url: `/apis/streams${stream.path}`,
    headers: {authorization: 'Bearer t', 'content-type': 'application/json', accept: 'text/event-stream'},
    body: JSON.stringify({model: 'm', messages: [{role: 'user', content: 'hi'}], stream: true}),
  });
  assert.equal(events.status, 200, JSON.stringify(events.body));
  assert.equal(events.contentType, 'text/event-stream');
  assert.match(events.stream?.[0] ?? '', /^event: response\.created\ndata: /);
  const bytes = await call({url: '/apis/auth-and-bodies/blobs/b1', headers: {authorization: 'Bearer t'}});
  assert.equal(bytes.status, 200);
  assert.equal(bytes.contentType, 'application/octet-stream');
});

/** The chat call of the streams fixture: `stream` in its body, `accept` its Accept header if given. */
const chatCall = (stream: boolean | undefined, accept?: string) =>
  call({
    method: 'POST',
    url: '/apis/streams/chat/completions',
    headers: {authorization: 'Bearer t', 'content-type': 'application/json', ...(accept ? {accept} : {})},
    body: JSON.stringify({
      model: 'm',
      messages: [{role: 'user', content: 'hi'}],
      ...(stream === undefined ? {} : {stream}),
    }),
  });

test('a streamed answer is chosen by `"stream": true` or by Accept, and is the example stream event by event', async () => {
  const streamed = await chatCall(true);
  assert.equal(streamed.contentType, 'text/event-stream');
  assert.equal(streamed.body, undefined);
  // Each server-sent message of the example, its blank line included, in order; the last `[DONE]`.
  assert.deepEqual(
    streamed.stream?.map((piece) => /^event: (.+)$/m.exec(piece)?.[1] ?? piece),
    ['response.created', 'response.delta', 'response.delta', 'response.completed', 'data: [DONE]\n\n'],
  );
  for (const piece of streamed.stream!) assert.match(piece, /\n\n$/);
  assert.equal((await chatCall(undefined, 'text/event-stream')).contentType, 'text/event-stream');
  // Without either, JSON: the whole completion.
  for (const whole of [await chatCall(false), await chatCall(undefined)]) {
    assert.equal(whole.stream, undefined);
    assert.equal(whole.contentType, undefined);
    assert.deepEqual(Object.keys(whole.body as object).sort(), ['id', 'text']);
  }
  // JSON lines: each line of the example, with its newline.
  const lines = await call({url: '/apis/streams/jobs/job_1/events', headers: {authorization: 'Bearer t'}});
  assert.equal(lines.contentType, 'application/x-ndjson');
  assert.deepEqual(
    lines.stream?.map((line) => (JSON.parse(line) as {status: string}).status),
    ['queued', 'running', 'succeeded'],
  );
  for (const line of lines.stream!) assert.match(line, /^\{.*\}\n$/);
});

test('a stream without an example is made from its event schemas, one event each, named where the data does not name it', async () => {
  const made = await sandboxOfYaml('made', [
    'openapi: 3.1.0',
    'info: {title: Made, version: "1"}',
    'paths:',
    '  /tagged:',
    '    get:',
    '      responses:',
    '        "200":',
    '          description: Events told apart by their type.',
    '          content:',
    '            text/event-stream:',
    '              schema:',
    '                oneOf:',
    '                  - {type: object, required: [type, text], properties: {type: {const: delta}, text: {type: string}}}',
    '                  - {type: object, required: [type], properties: {type: {const: done}}}',
    '  /named:',
    '    get:',
    '      responses:',
    '        "200":',
    '          description: Events named by title.',
    '          content:',
    '            text/event-stream:',
    '              schema:',
    '                oneOf:',
    '                  - {title: progress, type: object, properties: {percent: {type: integer}}}',
    '                  - {title: finished, type: object, properties: {ok: {type: boolean}}}',
    '  /lines:',
    '    get:',
    '      responses:',
    '        "200":',
    '          description: One line.',
    '          content:',
    '            application/x-ndjson:',
    '              schema: {type: object, required: [n], properties: {n: {type: integer}}}',
  ]);
  const pieces = async (url: string) => (await made.handle({method: 'GET', url, headers: {}})).stream;
  assert.deepEqual(await pieces('/apis/made/tagged'), [
    'data: {"type":"delta","text":"string"}\n\n',
    'data: {"type":"done"}\n\n',
  ]);
  assert.deepEqual(await pieces('/apis/made/named'), [
    'event: progress\ndata: {"percent":0}\n\n',
    'event: finished\ndata: {"ok":true}\n\n',
  ]);
  assert.deepEqual(await pieces('/apis/made/lines'), ['{"n":0}\n']);
});

test('the sandbox server sends a stream event by event, apart in time, and can break one midway', async () => {
  const delay = 200;
  for (const options of [{eventDelayMs: delay}, {eventDelayMs: delay, breakStreamsAfter: 2}]) {
    const server = createSandboxServer(sandbox, options);
    // When the server writes each piece: measured where it is sent, so a busy client reading two
    // pieces at once (as one chunk) cannot make them look sent together.
    const written: {text: string; at: number}[] = [];
    server.on('request', (_request, response: ServerResponse) => {
      const write = response.write.bind(response) as (chunk: string) => boolean;
      response.write = ((chunk: string) => {
        written.push({text: String(chunk), at: performance.now()});
        return write(chunk);
      }) as typeof response.write;
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const response = await fetch(
        `http://127.0.0.1:${(server.address() as AddressInfo).port}/apis/streams/chat/completions`,
        {
          method: 'POST',
          headers: {authorization: 'Bearer t', 'content-type': 'application/json'},
          body: JSON.stringify({model: 'm', messages: [{role: 'user', content: 'hi'}], stream: true}),
        },
      );
      assert.equal(response.headers.get('content-type'), 'text/event-stream');
      assert.equal(response.headers.get('cache-control'), 'no-cache');
      let text = '';
      let error: unknown;
      try {
        text = await response.text();
      } catch (caught) {
        error = caught;
      }
      if (options.breakStreamsAfter === undefined) {
        assert.equal(error, undefined);
        assert.match(text, /data: \[DONE\]\n\n$/);
        // One write an event, each at least the delay after the one before (timers never fire early).
        assert.deepEqual(
          written.map((piece) => piece.text.match(/^(?:event: |data: \[DONE\])/gm)?.length),
          [1, 1, 1, 1, 1],
        );
        for (let index = 1; index < written.length; index++)
          assert.ok(written[index]!.at - written[index - 1]!.at >= delay - 2, `event ${index + 1} was sent too soon`);
      } else {
        assert.ok(error, 'the stream breaks');
        assert.equal(written.length, 2);
      }
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }
});

test("an added API's operations named as ours get their own documented answers, not our trainer's", async () => {
  // As OpenAI's `deleteModel` and `listModels`: the same operationIds as the trainer's, another API.
  const models = await sandboxOfYaml('models', [
    'openapi: 3.1.0',
    'info: {title: Models, version: "1"}',
    'paths:',
    '  /models:',
    '    get:',
    '      operationId: listModels',
    '      responses:',
    '        "200":',
    '          description: The models.',
    '          content: {application/json: {example: {object: list, data: [{id: gpt-x}]}}}',
    '  /models/{model_id}:',
    '    delete:',
    '      operationId: deleteModel',
    '      parameters: [{name: model_id, in: path, required: true, schema: {type: string}}]',
    '      responses:',
    '        "200":',
    '          description: Deleted.',
    '          content: {application/json: {example: {id: ft-1, deleted: true}}}',
  ]);
  const listed = await models.handle({method: 'GET', url: '/apis/models/models', headers: {'x-public-key': 'k'}});
  assert.equal(listed.status, 200);
  assert.deepEqual(listed.body, {object: 'list', data: [{id: 'gpt-x'}]});
  const deleted = await models.handle({method: 'DELETE', url: '/apis/models/models/ft-1', headers: {}});
  assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
  assert.deepEqual(deleted.body, {id: 'ft-1', deleted: true});
});

test('a path key with a query is the call that sends it, one with a fragment the call its body fits', async () => {
  // As OpenAI's `/responses?beta=true` and Mistral's `/v1/conversations#stream`.
  const variants = await sandboxOfYaml('variants', [
    'openapi: 3.1.0',
    'info: {title: Variants, version: "1"}',
    'paths:',
    '  /items/{id}:',
    '    get:',
    '      parameters: [{name: id, in: path, required: true, schema: {type: string}}]',
    '      responses: {"200": {description: Plain., content: {application/json: {example: {kind: plain}}}}}',
    '  /items/{id}?beta=true:',
    '    get:',
    '      parameters: [{name: id, in: path, required: true, schema: {type: string}}]',
    '      responses: {"200": {description: Beta., content: {application/json: {example: {kind: beta}}}}}',
    '  /chats:',
    '    post:',
    '      requestBody:',
    '        required: true',
    '        content:',
    '          application/json:',
    '            schema: {type: object, required: [stream], properties: {stream: {const: false}}}',
    '      responses: {"200": {description: Whole., content: {application/json: {example: {kind: whole}}}}}',
    '  /chats#stream:',
    '    post:',
    '      requestBody:',
    '        required: true',
    '        content:',
    '          application/json:',
    '            schema: {type: object, required: [stream], properties: {stream: {const: true}}}',
    '      responses: {"200": {description: Streamed., content: {application/json: {example: {kind: streamed}}}}}',
  ]);
  const get = (url: string) => variants.handle({method: 'GET', url: `/apis/variants${url}`, headers: {}});
  assert.deepEqual((await get('/items/7')).body, {kind: 'plain'});
  assert.deepEqual((await get('/items/7?beta=true')).body, {kind: 'beta'});
  const chat = (stream: unknown) =>
    variants.handle({
      method: 'POST',
      url: '/apis/variants/chats',
      headers: {'content-type': 'application/json'},
      body: JSON.stringify({stream}),
    });
  assert.deepEqual((await chat(false)).body, {kind: 'whole'});
  assert.deepEqual((await chat(true)).body, {kind: 'streamed'});
  // Neither fits: the plain call's refusal.
  assert.deepEqual((await chat('yes')).body, {
    detail: [{loc: ['body', 'stream'], msg: 'must be equal to constant', type: 'value_error'}],
  });
});

test("a header parameter that is an array is read in OpenAPI's style for headers, its values comma-separated", async () => {
  // As OpenAI's `openai-beta` header.
  const betas = await sandboxOfYaml('betas', [
    'openapi: 3.1.0',
    'info: {title: Betas, version: "1"}',
    'paths:',
    '  /things:',
    '    get:',
    '      parameters:',
    '        - name: thing-beta',
    '          in: header',
    '          style: simple',
    '          schema: {type: array, items: {type: string, enum: [a=v1, b=v2]}}',
    '      responses: {"200": {description: Things., content: {application/json: {example: {things: []}}}}}',
  ]);
  const get = (value: string) =>
    betas.handle({method: 'GET', url: '/apis/betas/things', headers: {'Thing-Beta': value}});
  assert.equal((await get('a=v1')).status, 200);
  assert.equal((await get('a=v1, b=v2')).status, 200);
  assert.deepEqual((await get('a=v1,c=v3')).body, {
    detail: [
      {loc: ['header', 'thing-beta', 1], msg: 'value is not a valid enumeration member', type: 'type_error.enum'},
    ],
  });
});

test('a body in JSON or multipart is validated against the schema of the media type it is sent in', async () => {
  // As OpenAI's image edit: JSON names the image by URL, multipart sends the file.
  const edits = await sandboxOfYaml('edits', [
    'openapi: 3.1.0',
    'info: {title: Edits, version: "1"}',
    'paths:',
    '  /edits:',
    '    post:',
    '      operationId: createEdit',
    '      requestBody:',
    '        required: true',
    '        content:',
    '          application/json:',
    '            schema: {type: object, required: [image_url], properties: {image_url: {type: string}}}',
    '          multipart/form-data:',
    '            schema: {type: object, required: [image], properties: {image: {type: string, format: binary}}}',
    '      responses: {"200": {description: Edited., content: {application/json: {example: {edited: true}}}}}',
  ]);
  const send = (contentType: string, body: string) =>
    edits.handle({method: 'POST', url: '/apis/edits/edits', headers: {'content-type': contentType}, body});
  const multipart = async (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.append(name, value);
    const encoded = new Response(data);
    return send(encoded.headers.get('content-type')!, await encoded.text());
  };
  assert.deepEqual((await send('application/json', '{"image_url": "https://example.com/a.png"}')).body, {edited: true});
  assert.deepEqual((await multipart({image: 'PNG…'})).body, {edited: true});
  assert.deepEqual((await multipart({image_url: 'https://example.com/a.png'})).body, {
    detail: [{loc: ['body', 'image'], msg: 'field required', type: 'value_error.missing'}],
  });
  assert.deepEqual((await send('application/json', '{"image": "a.png"}')).body, {
    detail: [{loc: ['body', 'image_url'], msg: 'field required', type: 'value_error.missing'}],
  });
});

test('an answer no body the sandbox can make fits is sent, and marked as breaking its schema', async () => {
  // As Stripe's lists: a `url` whose pattern openapi-sampler does not follow, and no example.
  const lists = await sandboxOfYaml('lists', [
    'openapi: 3.1.0',
    'info: {title: Lists, version: "1"}',
    'paths:',
    '  /accounts:',
    '    get:',
    '      responses:',
    '        "200":',
    '          description: The accounts.',
    '          content:',
    '            application/json:',
    '              schema: {type: object, required: [url], properties: {url: {type: string, pattern: "^/v1/accounts"}}}',
    '  /files:',
    '    get:',
    '      responses:',
    '        "200":',
    '          description: The files.',
    '          content: {application/json: {schema: {type: object, properties: {url: {type: string}}}}}',
  ]);
  const unfit = await lists.handle({method: 'GET', url: '/apis/lists/accounts', headers: {}});
  assert.equal(unfit.status, 200);
  assert.equal(unfit.unfit, true);
  const fitting = await lists.handle({method: 'GET', url: '/apis/lists/files', headers: {}});
  assert.equal(fitting.unfit, undefined);

  const server = createSandboxServer(lists);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const marked = await fetch(`${origin}/apis/lists/accounts`);
    assert.equal(marked.headers.get(unfitHeader.name), unfitHeader.value);
    assert.equal((await fetch(`${origin}/apis/lists/files`)).headers.get(unfitHeader.name), null);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

test("an example that breaks its schema's format is not the answer: a value of the format is", async () => {
  // Mistral's Timestamp: `format: date-time` with `examples: ["1s"]`, which Postman's schema test refuses.
  const stamps = await sandboxOfYaml('stamps', [
    'openapi: 3.1.0',
    'info: {title: Stamps, version: "1"}',
    'paths:',
    '  /prompt:',
    '    get:',
    '      responses:',
    '        "200":',
    '          description: The prompt.',
    '          content:',
    '            application/json:',
    '              schema: {type: object, required: [createdAt], properties: {createdAt: {$ref: "#/components/schemas/Timestamp"}}}',
    'components:',
    '  schemas:',
    '    Timestamp: {type: string, format: date-time, examples: ["1s"]}',
  ]);
  const answer = await stamps.handle({method: 'GET', url: '/apis/stamps/prompt', headers: {}});
  assert.equal(answer.status, 200);
  const {createdAt} = answer.body as {createdAt: string};
  assert.ok(!Number.isNaN(Date.parse(createdAt)), `a date-time: ${createdAt}`);
  assert.equal(answer.unfit, undefined);
});

test("a path that ends with a slash (Zapier's `/api/v1/check/`) is answered as written, beside the same path without it", async () => {
  const file = path.join(written, 'trailing.json');
  const answer = (field: string) => ({
    '200': {
      description: 'ok',
      content: {'application/json': {schema: {type: 'object'}, example: {[field]: true}}},
    },
  });
  writeFileSync(
    file,
    JSON.stringify({
      openapi: '3.0.3',
      info: {title: 'Trailing', version: '1'},
      paths: {
        '/api/v1/check/': {get: {operationId: 'check', responses: answer('slashed')}},
        '/api/v1/address': {get: {operationId: 'address', responses: answer('plain')}},
        '/api/v1/address/': {post: {operationId: 'addAddress', responses: answer('posted')}},
      },
    }),
  );
  const trailing = {id: 'trailing', file, title: 'Trailing', referenceId: 'trailing'} as unknown as OpenApiSpec;
  const own = await createSandbox({specs: [trailing]});
  const base = `/apis/trailing`;
  const body = async (request: Partial<SandboxRequest> & {url: string}) => {
    const answered = await own.handle({method: 'GET', headers: {}, ...request});
    assert.equal(answered.status, 200, `${request.method ?? 'GET'} ${request.url}: ${JSON.stringify(answered.body)}`);
    return answered.body;
  };
  assert.deepEqual(await body({url: `${base}/api/v1/check/`}), {slashed: true});
  assert.deepEqual(await body({url: `${base}/api/v1/address`}), {plain: true});
  assert.deepEqual(await body({method: 'POST', url: `${base}/api/v1/address/`}), {posted: true});
});
