/**
 * Postman collections (lib/openapi/postman.ts) of descriptions we did not write
 * (tests/fixtures/openapi-corpus/): a recursive schema is checked through JSON Schema definitions, a
 * 3.1 description of webhooks alone converts (to no request), a path given twice, with a query or a
 * fragment in its key, is matched to both its operations, an operation with two tags to a request in
 * each tag's folder, one on a server of its own to its request; and a schema reached many times is
 * written once.
 */
import assert from 'node:assert/strict';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, test} from 'node:test';

import Ajv from 'ajv';

import {loadDescription, repoRoot, type Document, type SchemaOrRef} from '../../lib/openapi';
import type {OpenApiSpec} from '../../lib/openapi/specs';
import {postmanCollection, toJsonSchema} from '../../lib/openapi/postman';
import {createSandbox} from '../../sandbox/app';
import {corpusDir} from '../support/corpus';

const dir = mkdtempSync(path.join(os.tmpdir(), 'orchard-corpus-postman-'));
after(() => rmSync(dir, {recursive: true, force: true}));

/** A spec entry for a description file, as lib/openapi/specs.ts would list it. */
const specOf = (file: string) =>
  ({
    id: 'corpus',
    file: path.relative(repoRoot, file),
    title: 'Corpus',
    referenceId: 'corpus',
  }) as unknown as OpenApiSpec;

/** The collection of a description written here, line by line, as `name`. */
async function collectionOf(name: string, lines: string[]) {
  const file = path.join(dir, name);
  writeFileSync(file, lines.join('\n'));
  return postmanCollection(specOf(file));
}

test('a recursive schema is written once under definitions, and a tree of any depth is checked against it', () => {
  const file = path.join(corpusDir, 'plugin-720-circular-ref.yaml');
  const doc = loadDescription(file);
  const schema = toJsonSchema(doc, {$ref: '#/components/schemas/TreeNode'} as SchemaOrRef);
  assert.ok(schema.definitions, JSON.stringify(schema));
  const validate = new Ajv({strict: false}).compile(schema);
  const leaf = (name: string) => ({name, children: []});
  const tree = {name: 'root', children: [{...leaf('a'), children: [leaf('b')]}]};
  assert.ok(validate(tree), JSON.stringify(validate.errors));
  // The recursion is checked too: a child deep down with a wrong type fails.
  const wrong = {...tree, children: [{...leaf('a'), children: [{...leaf('b'), name: 7}]}]};
  assert.equal(validate(wrong), false, 'a wrong type three levels down is caught');
});

test('a date-time the converter makes up is the same a month later', async () => {
  const lines = [
    'openapi: 3.0.3',
    'info: {title: Dated, version: "1"}',
    'paths:',
    '  /events:',
    '    get:',
    '      responses:',
    '        "200":',
    '          description: The latest event.',
    '          content:',
    '            application/json:',
    '              schema: {type: object, required: [at], properties: {at: {type: string, format: date-time}}}',
  ];
  const today = JSON.stringify(await collectionOf('dated.yaml', lines));
  const clock = globalThis.Date;
  // The machine's clock a month on, as a build next month reads it.
  class MonthLater extends clock {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(clock.now() + 30 * 86_400_000);
      else super(...(args as ConstructorParameters<DateConstructor>));
    }
    static override now() {
      return clock.now() + 30 * 86_400_000;
    }
  }
  globalThis.Date = MonthLater as DateConstructor;
  let later: string;
  try {
    assert.ok(new Date().getTime() - clock.now() > 29 * 86_400_000, 'the clock reads a month on');
    later = JSON.stringify(await collectionOf('dated.yaml', lines));
  } finally {
    globalThis.Date = clock;
  }
  assert.match(today, /\\"at\\": \\"\d{4}-\d\d-\d\dT[\d:.]+Z\\"/, 'a date-time was made up');
  assert.equal(later, today);
});

test('a description gives one collection, however often it is made: its values without an example too', async () => {
  // The OpenAPI Initiative's 2.0 Petstore has no example: the converter makes up its ids and limits.
  const spec = specOf(path.join(corpusDir, 'swagger2-oai-petstore-expanded.yaml'));
  const [first, second] = [
    JSON.stringify(await postmanCollection(spec)),
    JSON.stringify(await postmanCollection(spec)),
  ];
  assert.match(first, /"key":"limit","value":"\d+"/, 'a value the converter made up');
  assert.equal(second, first);
  // Made up from the description: another gives other values.
  const other = JSON.stringify(
    await postmanCollection(specOf(path.join(corpusDir, 'swagger2-oai-petstore-simple.yaml'))),
  );
  assert.notEqual(/"key":"limit","value":"(\d+)"/.exec(other)?.[1], /"key":"limit","value":"(\d+)"/.exec(first)?.[1]);
});

test('a 3.1 description of webhooks alone converts, to a collection of no request', async () => {
  const collection = await postmanCollection(specOf(path.join(corpusDir, 'oai-webhook-example.yaml')));
  assert.deepEqual(collection.item, []);
});

test('one path given twice, with a query or a fragment in its key, is two requests, each with its tests', async () => {
  // OpenAI's description has `/responses` and `/responses?beta=true`; Mistral's `…#stream` keys.
  const operation = (id: string) =>
    `    post: {operationId: ${id}, responses: {"200": {description: OK, content: {application/json: {schema: {type: object}}}}}}`;
  const collection = await collectionOf('twice.yaml', [
    'openapi: 3.1.0',
    'info: {title: Twice, version: "1"}',
    'servers: [{url: "https://api.example.com/v1"}]',
    'paths:',
    '  /responses:',
    operation('createResponse'),
    '  /responses?beta=true:',
    operation('createBetaResponse'),
    '  /chat#stream:',
    operation('streamChat'),
  ]);
  const requests = JSON.stringify(collection.item);
  assert.equal(requests.split('the body matches the documented response schema').length - 1, 3, requests);
});

test('a path parameter in a key with a fragment is a path variable with a value, and the fragment is not sent', async () => {
  // Mistral's `/v1/connectors/{connector_id}#id`, which the converter writes as `{{connector_id}}`.
  const collection = await collectionOf('fragment-parameter.yaml', [
    'openapi: 3.1.0',
    'info: {title: Fragment, version: "1"}',
    'paths:',
    '  /connectors/{connector_id}#id:',
    '    delete:',
    '      operationId: deleteConnector',
    '      parameters: [{name: connector_id, in: path, required: true, schema: {type: string, format: uuid}}]',
    '      responses: {"204": {description: Deleted.}}',
  ]);
  const [item] = collection.item;
  const {url} = (item?.item?.[0] ?? item)!.request!;
  assert.deepEqual(url.path, ['connectors', ':connector_id']);
  assert.equal(url.hash, undefined);
  const [variable] = url.variable ?? [];
  assert.equal(variable?.key, 'connector_id');
  assert.match(variable?.value ?? '', /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/);
});

test('path and query parameters the converter leaves empty get a value their schema takes: the one it documents, else one made from it', async () => {
  // Mistral's `examples: {}` beside a schema's own `examples` (3.1): the converter wrote "" for each.
  const collection = await collectionOf('empty-examples.yaml', [
    'openapi: 3.1.0',
    'info: {title: Empty examples, version: "1"}',
    'paths:',
    '  /runs/{run_id}/{state}:',
    '    get:',
    '      operationId: getRun',
    '      parameters:',
    '        - {name: state, in: path, required: true, schema: {$ref: "#/components/schemas/State"}}',
    '        - {name: run_id, in: path, required: true, examples: {}, schema: {type: string, format: uuid, examples: ["6f9619ff-8b86-d011-b42d-00cf4fc964ff"]}}',
    '        - {name: limit, in: query, examples: {}, schema: {type: integer, minimum: 1, maximum: 100, examples: [100], default: 100}}',
    '        - {name: sort_by, in: query, schema: {anyOf: [{const: created_at}, {type: "null"}]}}',
    '      responses: {"204": {description: Found.}}',
    'components:',
    '  schemas:',
    '    # Among its own alternatives: read once, not forever.',
    '    State: {anyOf: [{$ref: "#/components/schemas/State"}, {type: string, enum: [open]}]}',
  ]);
  const [item] = collection.item;
  const {url} = (item?.item?.[0] ?? item)!.request!;
  // `state` is judged by nothing (its schema never ends): made without a crash, its value left as written.
  assert.deepEqual(
    url.variable?.map(({key}) => key),
    ['run_id', 'state'],
  );
  assert.equal(url.variable?.[0]?.value, '6f9619ff-8b86-d011-b42d-00cf4fc964ff');
  assert.deepEqual(
    url.query?.filter(({disabled}) => !disabled).map(({key, value}) => [key, value]),
    [
      ['limit', '100'],
      ['sort_by', 'created_at'],
    ],
  );
});

test("a JSON body the converter writes against its operation's schema is made from the schema instead", async () => {
  // Mistral's `…#stream` calls: an allOf of a base with `stream: false` and `stream: {enum: [true]}`.
  const collection = await collectionOf('merged-all-of.yaml', [
    'openapi: 3.1.0',
    'info: {title: Merged, version: "1"}',
    'paths:',
    '  /chat#stream:',
    '    post:',
    '      operationId: streamChat',
    '      requestBody:',
    '        required: true',
    '        content:',
    '          application/json:',
    '            schema:',
    '              allOf:',
    '                - $ref: "#/components/schemas/Chat"',
    '                - {type: object, properties: {stream: {type: boolean, enum: [true], default: true}}}',
    '      responses: {"204": {description: Streamed.}}',
    'components:',
    '  schemas:',
    '    Chat:',
    '      type: object',
    '      required: [input]',
    '      properties: {input: {type: string}, stream: {type: boolean, default: false}}',
  ]);
  const [item] = collection.item;
  const body = (item?.item?.[0] ?? item)!.request!.body as {raw?: string};
  assert.deepEqual(JSON.parse(body.raw ?? '{}'), {input: 'string', stream: true});
});

test('an operation with two tags is a request in each tag folder, as in the sidebar, each with its tests', async () => {
  // Mistral's `GET /v1/workflows/events/stream`, tagged `events` and `workflows.events`.
  const collection = await collectionOf('two-tags.yaml', [
    'openapi: 3.1.0',
    'info: {title: Two tags, version: "1"}',
    'paths:',
    '  /events/stream:',
    '    get: {operationId: streamEvents, tags: [events, workflows.events], responses: {"204": {description: Done}}}',
    '  /events/list:',
    '    get: {operationId: listEvents, tags: [events], responses: {"204": {description: Done}}}',
  ]);
  const folders = Object.fromEntries(
    collection.item.map((folder) => [
      folder.name,
      (folder.item ?? []).map((item) => item.request?.url.path?.join('/')),
    ]),
  );
  assert.deepEqual(folders, {events: ['events/stream', 'events/list'], 'workflows.events': ['events/stream']});
  for (const folder of collection.item)
    for (const item of folder.item ?? []) assert.match(JSON.stringify(item.event), /the status is 2xx/, item.name);
});

test('an operation on a server of its own whose URL ends in a slash is matched to its request', async () => {
  // Stripe's `POST /v1/files` goes to `https://files.stripe.com/`: the converter writes its path `//v1/files`.
  const collection = await collectionOf('own-server.yaml', [
    'openapi: 3.0.3',
    'info: {title: Own server, version: "1"}',
    'servers: [{url: "https://api.example.com/"}]',
    'paths:',
    '  /v1/files:',
    '    post: {operationId: createFile, servers: [{url: "https://files.example.com/"}], responses: {"204": {description: Done}}}',
  ]);
  const requests = JSON.stringify(collection.item);
  // Sent to its own variable (tests/unit/postman.test.ts), in the request and in its saved answer's.
  assert.equal(requests.match(/"path":\["v1","files"\],"host":\["\{\{filesExampleComUrl\}\}"\]/g)?.length, 2);
  assert.doesNotMatch(requests, /files","example|"path":\["",/);
  assert.match(requests, /the body is empty, as documented/);
});

test('an array the converter cannot write (Stripe\'s deepObject `expand`, an array or "" in a form) is written as the API reads it', async () => {
  const collection = await collectionOf('arrays.yaml', [
    'openapi: 3.0.3',
    'info: {title: Arrays, version: "1"}',
    'servers: [{url: "https://api.example.com"}]',
    'paths:',
    '  /v1/customers:',
    '    get:',
    '      operationId: listCustomers',
    '      parameters:',
    '        - {name: expand, in: query, style: deepObject, explode: true, schema: {type: array, items: {type: string}}, example: [data.source, data.tax]}',
    '      responses: {"204": {description: Done}}',
    '    post:',
    '      operationId: createCustomer',
    '      requestBody:',
    '        content:',
    '          application/x-www-form-urlencoded:',
    '            schema:',
    '              type: object',
    '              properties:',
    '                expand: {type: array, items: {type: string, example: source}}',
    '                aliases: {anyOf: [{type: array, items: {type: string}}, {type: string, enum: [""]}]}',
    '            encoding: {expand: {style: deepObject, explode: true}, aliases: {style: deepObject, explode: true}}',
    '      responses: {"204": {description: Done}}',
  ]);
  const requests = JSON.stringify(collection.item);
  assert.doesNotMatch(requests, /<Error/);
  assert.match(requests, /"key":"expand\[\]","value":"data\.source"\},\{[^}]*"key":"expand\[\]","value":"data\.tax"/);
  assert.match(requests, /"key":"expand\[\]","value":"source"/);
  assert.match(requests, /"key":"aliases\[\]","value":"string"/);
});

test("a list of objects in a query (Stripe's `lines` of a credit note preview) is written by index and field, and the sandbox takes it", async () => {
  const lines = [
    'openapi: 3.0.3',
    'info: {title: Lines, version: "1"}',
    'servers: [{url: "https://api.example.com"}]',
    'paths:',
    '  /v1/credit_notes/preview:',
    '    get:',
    '      operationId: previewCreditNote',
    '      parameters:',
    '        - name: lines',
    '          in: query',
    '          style: deepObject',
    '          explode: true',
    '          schema:',
    '            type: array',
    '            items:',
    '              type: object',
    '              required: [type]',
    '              properties:',
    '                amount: {type: integer, example: 500}',
    '                type: {type: string, enum: [custom_line_item, invoice_line_item]}',
    '                tax_rates: {type: array, items: {type: string, example: txr_1}}',
    '                tax_amounts: {type: array, items: {type: object, properties: {amount: {type: integer, example: 20}}}}',
    '      responses: {"204": {description: Done}}',
  ];
  const collection = await collectionOf('lines.yaml', lines);
  const request = collection.item.flatMap((item) => ('item' in item ? item.item : [item]))[0]!.request!;
  const query = (request.url.query ?? []).filter(({disabled}) => !disabled);
  assert.deepEqual(
    query.map(({key, value}) => `${key}=${value}`),
    [
      'lines[0][amount]=500',
      'lines[0][type]=custom_line_item',
      'lines[0][tax_rates][]=txr_1',
      'lines[0][tax_amounts][0][amount]=20',
    ],
  );
  // The sandbox reads the list back as the API does (qs): a 2xx, not "value is not a valid dict".
  // The file collectionOf wrote, served under /apis/<id> of specOf's entry.
  const sandbox = await createSandbox({specs: [specOf(path.join(dir, 'lines.yaml'))]});
  const search = new URLSearchParams(query.map(({key, value}) => [key!, value!])).toString();
  const answer = await sandbox.handle({
    method: 'GET',
    url: `/apis/corpus/v1/credit_notes/preview?${search}`,
    headers: {},
  });
  assert.equal(answer.status, 204, JSON.stringify(answer.body));
});

test('each schema an answer refers to is written once, however often it is reached', () => {
  // Twenty schemas, each naming the next twice: inlined at every use, the last would be written 2^19
  // times (Stripe's answers reach 500 of its schemas this way, and the collection never got written).
  const schemas = Object.fromEntries(
    Array.from({length: 20}, (_, level) => [
      `Level${level}`,
      level === 19
        ? {type: 'string'}
        : {
            type: 'object',
            properties: {
              left: {$ref: `#/components/schemas/Level${level + 1}`},
              right: {$ref: `#/components/schemas/Level${level + 1}`},
            },
          },
    ]),
  );
  const doc = {openapi: '3.1.0', info: {title: 'Diamonds', version: '1'}, paths: {}, components: {schemas}};
  const schema = toJsonSchema(doc as unknown as Document, {$ref: '#/components/schemas/Level0'});
  assert.equal(Object.keys(schema.definitions as object).length, 20);
  assert.ok(JSON.stringify(schema).length < 5000, `${JSON.stringify(schema).length} characters`);
  const validate = new Ajv({strict: false}).compile(schema);
  let body: unknown = 'leaf';
  for (let level = 18; level >= 0; level -= 1) body = {left: body, right: body};
  assert.ok(validate(body), JSON.stringify(validate.errors));
  body = 'leaf';
  for (let level = 18; level >= 0; level -= 1) body = {left: body, right: level === 3 ? 7 : body};
  assert.equal(validate(body), false, 'a wrong type deep down is caught');
});

test("tests Postman can run: formats its validator does not know dropped, a discriminator's oneOf as anyOf", () => {
  const petstore = loadDescription(path.join(corpusDir, 'oai-petstore.yaml'));
  // OpenAPI's int64 is no format of Postman's validator, which stops at it ("unknown format").
  assert.equal(
    JSON.stringify(toJsonSchema(petstore, {$ref: '#/components/schemas/Pet'} as SchemaOrRef)).includes('int64'),
    false,
  );
  const polymorphic = loadDescription(path.join(corpusDir, 'plugin-1241-polymorphic-body.yaml'));
  const pet = toJsonSchema(polymorphic, {$ref: '#/components/schemas/Pet'} as SchemaOrRef);
  const validate = new Ajv({strict: false}).compile(pet);
  // A cat has the fields a dog has: JSON Schema's oneOf refuses it, the discriminator says it is a cat.
  assert.ok(validate({petType: 'cat', name: 'Tom', indoor: true}), JSON.stringify(validate.errors));
  assert.equal(validate({petType: 'cat'}), false);
  // A field required twice (as OpenAI's ContainerResource has it) is required once: Ajv refuses the list.
  assert.deepEqual(toJsonSchema(petstore, {type: 'object', required: ['id', 'name', 'id']}).required, ['id', 'name']);
  // A schema under any keyword refers to its definitions (Mistral's `propertyNames`).
  const keyed = toJsonSchema(petstore, {
    type: 'object',
    propertyNames: {$ref: '#/components/schemas/Pet'},
  } as unknown as SchemaOrRef);
  assert.equal(JSON.stringify(keyed).includes('#/components/'), false, JSON.stringify(keyed));
  // So is an enum value given twice (Mistral's StaticWorkspaceRoles).
  assert.deepEqual(toJsonSchema(petstore, {type: 'string', enum: ['a', 'b', 'a']}).enum, ['a', 'b']);
});

test('an answer documented in JSON and in bytes is checked against the schema only when it comes in JSON', async () => {
  // OpenAI's video content: the video, or JSON, as the request's Accept asks.
  const collection = await collectionOf('bytes-or-json.yaml', [
    'openapi: 3.1.0',
    'info: {title: Bytes or JSON, version: "1"}',
    'paths:',
    '  /videos/{id}/content:',
    '    get:',
    '      operationId: getVideoContent',
    '      parameters: [{name: id, in: path, required: true, schema: {type: string}}]',
    '      responses:',
    '        "200":',
    '          description: The video.',
    '          content:',
    '            video/mp4: {schema: {type: string, format: binary}}',
    '            application/json: {schema: {type: string}}',
  ]);
  const [item] = collection.item;
  const script = ((item?.item?.[0] ?? item)!.event?.[0]?.script.exec ?? []).join('\n');
  // Run as Postman runs it: the schema test for a JSON answer, the media type test for the bytes.
  const run = (contentType: string) => {
    const tests: string[] = [];
    const pm = {
      test: (name: string) => tests.push(name),
      response: {code: 200, headers: {get: () => contentType}},
    };
    new Function('pm', script)(pm);
    return tests;
  };
  assert.deepEqual(run('video/mp4'), ['the status is 2xx', 'the answer is of a documented media type']);
  assert.deepEqual(run('application/json'), ['the status is 2xx', 'the body matches the documented response schema']);
});

test('an answer documented without a JSON schema is tested for its media type, not for an empty body', async () => {
  const collection = await postmanCollection(specOf(path.join(corpusDir, 'auth-and-bodies.yaml')));
  type Item = {name?: string; item?: Item[]; event?: {script: {exec: string[]}}[]};
  const items = (list: Item[]): Item[] => list.flatMap((item) => (item.item ? items(item.item) : [item]));
  const script = (name: string) =>
    items(collection.item as Item[])
      .find((item) => item.name?.startsWith(name))
      ?.event?.[0]?.script.exec.join('\n') ?? '';
  assert.match(script('Health'), /the answer is of a documented media type[\s\S]*\["text\/plain"\]/);
  assert.match(script('Read raw bytes'), /\["application\/octet-stream"\]/);
  assert.match(script('Store raw bytes'), /the body is empty, as documented/);
});
