/**
 * The Postman collections (lib/openapi/postman.ts): each holds every operation of its description with
 * its two tests and the key and base URL as variables, and Newman, Postman's own runner, runs every
 * collection against the sandbox with every request passing both tests; against a server that answers
 * wrongly, the tests fail. tests/build/postman.test.ts checks the files readers download.
 */
import assert from 'node:assert/strict';
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {after, before, test} from 'node:test';

import newman, {type NewmanRunSummary} from 'newman';

import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import {
  loadDescription,
  loadSpec,
  operationsOf,
  placeholderHost,
  type Document,
  type SchemaOrRef,
} from '../../lib/openapi';
import {
  fitsSchema,
  postmanCollection,
  postmanEnvironment,
  postmanEnvironments,
  postmanEnvironmentsOf,
  postmanOffer,
  operationServersOf,
  schemasVariable,
  toJsonSchema,
  type PostmanCollection,
} from '../../lib/openapi/postman';
import {openApiSpecs, referenceIdOf, type OpenApiSpec} from '../../lib/openapi/specs';
import {createSandbox} from '../../sandbox/app';
import {createSandboxServer} from '../../sandbox/server';
import {corpusDir} from '../support/corpus';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Runs a collection with Newman against `baseUrl` (the sandbox environment, pointed at the test's port). */
function run(collection: PostmanCollection, baseUrl: string): Promise<NewmanRunSummary> {
  const sandboxEnvironment = postmanEnvironments()[1]!;
  const environment = postmanEnvironment({...sandboxEnvironment, baseUrl});
  return new Promise((resolve, reject) =>
    newman.run(
      {
        collection: collection as never,
        environment: environment as never,
        envVar: [{key: 'apiKey', value: 'postman-test-key'}],
      },
      (error, summary) => (error ? reject(error) : resolve(summary)),
    ),
  );
}

const collections = new Map<string, PostmanCollection>();
let sandbox: Server;
let sandboxUrl = '';
before(async () => {
  for (const spec of openApiSpecs) collections.set(spec.id, await postmanCollection(spec));
  sandbox = createSandboxServer(await createSandbox());
  sandboxUrl = `${await listen(sandbox)}/api`;
});
after(() => new Promise<void>((resolve) => sandbox.close(() => resolve())));

type Item = {item?: Item[]; request?: {method: string; url: {path?: string[]}}; event?: {script: {exec: string[]}}[]};
const requestsOf = (items: Item[]): Item[] => items.flatMap((item) => (item.item ? requestsOf(item.item) : [item]));

test('each collection holds every operation of its description, each with its two tests, and the key and base URL as variables', () => {
  for (const spec of openApiSpecs) {
    const collection = collections.get(spec.id)!;
    assert.equal(collection.info.name, spec.title);
    const requests = requestsOf(collection.item as Item[]);
    const calls = requests.map(
      ({request}) => `${request!.method} /${(request!.url.path ?? []).join('/').replace(/:(\w+)/g, '{$1}')}`,
    );
    assert.deepEqual(
      calls.sort(),
      operationsOf(spec)
        .map((operation) => `${operation.method.toUpperCase()} ${operation.path}`)
        .sort(),
      spec.file,
    );
    for (const {event} of requests) {
      const script = event?.[0]?.script.exec.join('\n') ?? '';
      assert.match(script, /pm\.test\("the status is 2xx"/);
      assert.match(script, /pm\.test\("the body (matches the documented response schema|is empty, as documented)"/);
    }
    // The answers' schemas, once for every request (each of our descriptions names some in components).
    assert.deepEqual(
      collection.variable?.map(({key}) => key),
      ['baseUrl', 'apiKey', schemasVariable],
    );
  }
  assert.deepEqual(
    postmanEnvironments().map(({baseUrl}) => baseUrl),
    ['https://api.orchard.example/api', 'http://127.0.0.1:4010/api'],
  );
});

/** A corpus description as a maintainer adds it: one entry (its id from its file's name). */
function added(name: string): OpenApiSpec {
  const file = path.join(corpusDir, name);
  const title = loadDescription(file).info.title;
  return {
    id: name.replace(/\.(ya?ml|json)$/, ''),
    file,
    title,
    referenceId: referenceIdOf(title),
  } as unknown as OpenApiSpec;
}

test('an added API with hosts of its own gets its own environments, and its collection calls its server, not ours', async () => {
  const petstore = added('oai-petstore-expanded.yaml');
  assert.deepEqual(postmanEnvironmentsOf(petstore), [
    {
      name: 'Swagger Petstore production',
      file: '/openapi/oai-petstore-expanded.production.postman_environment.json',
      baseUrl: 'https://petstore.swagger.io/v2',
      servers: {},
    },
    {
      name: 'Swagger Petstore local sandbox',
      file: '/openapi/oai-petstore-expanded.sandbox.postman_environment.json',
      baseUrl: 'http://127.0.0.1:4010/apis/oai-petstore-expanded',
      servers: {},
    },
  ]);
  const collection = await postmanCollection(petstore);
  assert.equal(collection.variable?.find(({key}) => key === 'baseUrl')?.value, 'https://petstore.swagger.io/v2');
  const offer = postmanOffer(petstore, (text, href) => `[${text}](${href})`);
  assert.match(offer, /\[production\]\(\/openapi\/oai-petstore-expanded\.production\.postman_environment\.json\)/);
  assert.match(offer, /\[local sandbox\]\(\/openapi\/oai-petstore-expanded\.sandbox\.postman_environment\.json\)/);
  // A description that names no server: the samples' placeholder host, for the reader to replace.
  const [production] = postmanEnvironmentsOf(added('hf-text-generation-inference.json'));
  assert.equal(production!.baseUrl, placeholderHost);
  // Ours share the two environments.
  for (const spec of openApiSpecs)
    assert.deepEqual(
      postmanEnvironmentsOf(spec).map(({file}) => file),
      ['/openapi/production.postman_environment.json', '/openapi/sandbox.postman_environment.json'],
    );
});

/** Stripe's shape: the API on one host, its uploads on another, named by the operation (with a final slash). */
const uploadsDescription = `openapi: 3.0.3
info: {title: Uploads example, version: '1'}
servers: [{url: 'https://api.example.com'}]
paths:
  /v1/files:
    get:
      operationId: listFiles
      responses:
        '200': {description: The files, content: {application/json: {schema: {type: array, items: {type: string}}, example: [a.txt]}}}
    post:
      operationId: uploadFile
      servers: [{url: 'https://uploads.example.com/'}]
      requestBody:
        required: true
        content: {application/json: {schema: {type: object, required: [name], properties: {name: {type: string}}}, example: {name: a.txt}}}
      responses:
        '200': {description: The file, content: {application/json: {schema: {type: object, properties: {id: {type: string}}}, example: {id: file_1}}}}
`;

test("an operation with a server of its own is sent to a variable both environments set: production its server, the sandbox the sandbox's base", async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'orchard-postman-servers-'));
  try {
    const file = path.join(dir, 'uploads.yaml');
    writeFileSync(file, uploadsDescription);
    const spec = {
      id: 'uploads',
      file,
      title: 'Uploads example',
      referenceId: 'uploads-example',
    } as unknown as OpenApiSpec;
    const doc = loadDescription(file);
    assert.deepEqual(operationServersOf(spec, doc), [
      {variable: 'uploadsExampleComUrl', url: 'https://uploads.example.com'},
    ]);
    const [production, local] = postmanEnvironmentsOf(spec, doc);
    assert.deepEqual(production!.servers, {uploadsExampleComUrl: 'https://uploads.example.com'});
    assert.deepEqual(local!.servers, {uploadsExampleComUrl: 'http://127.0.0.1:4010/apis/uploads'});
    assert.deepEqual(
      postmanEnvironment(local!).values.map(({key, value}) => `${key}=${value}`),
      [
        'baseUrl=http://127.0.0.1:4010/apis/uploads',
        'uploadsExampleComUrl=http://127.0.0.1:4010/apis/uploads',
        'apiKey=',
      ],
    );
    assert.match(
      postmanOffer(spec, (text) => text, doc),
      /collection's `baseUrl`, `uploadsExampleComUrl` and `apiKey` variables/,
    );
    const collection = await postmanCollection(spec);
    const urls = requestsOf(collection.item as Item[]).map(({request}) => {
      const url = request!.url as {host?: string[]; path?: string[]; protocol?: string};
      return `${request!.method} ${url.protocol ?? ''}${(url.host ?? []).join('.')}/${(url.path ?? []).join('/')}`;
    });
    // Not `https://uploads.example.com//v1/files`, the converter's: no protocol of its own, no empty part.
    assert.deepEqual(urls.sort(), ['GET {{baseUrl}}/v1/files', 'POST {{uploadsExampleComUrl}}/v1/files']);
    assert.deepEqual(
      collection.variable?.filter(({key}) => key !== schemasVariable).map(({key, value}) => `${key}=${value}`),
      ['baseUrl=https://api.example.com', 'uploadsExampleComUrl=https://uploads.example.com', 'apiKey='],
    );
    // With the sandbox environment, Newman sends both to the sandbox, and both pass their tests.
    const sandbox = await createSandbox({specs: [spec]});
    const received: string[] = [];
    const server = createSandboxServer({
      ...sandbox,
      handle: (request) => (received.push(`${request.method} ${request.url}`), sandbox.handle(request)),
    });
    try {
      const base = `${await listen(server)}/apis/uploads`;
      const summary = await new Promise<NewmanRunSummary>((resolve, reject) =>
        newman.run(
          {
            collection: collection as never,
            environment: postmanEnvironment({...local!, baseUrl: base, servers: {uploadsExampleComUrl: base}}) as never,
          },
          (error, result) => (error ? reject(error) : resolve(result)),
        ),
      );
      assert.deepEqual(received.sort(), ['GET /apis/uploads/v1/files', 'POST /apis/uploads/v1/files']);
      assert.deepEqual(
        summary.run.executions.map(({response}) => response?.code),
        [200, 200],
      );
      assert.deepEqual(
        summary.run.failures.map(({error}) => error.message),
        [],
      );
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

test('Newman runs every collection against the sandbox: every request sent, every one passes both tests', async () => {
  for (const spec of openApiSpecs) {
    const summary = await run(collections.get(spec.id)!, sandboxUrl);
    const {requests, assertions} = summary.run.stats;
    const failures = summary.run.failures.map((failure) => `${failure.source?.name ?? '?'}: ${failure.error.message}`);
    assert.deepEqual(failures, [], spec.file);
    assert.equal(requests.total, operationsOf(spec).length, `${spec.file}: requests sent`);
    assert.equal(requests.failed, 0, `${spec.file}: requests that got no answer`);
    assert.equal(assertions.total, 2 * requests.total, `${spec.file}: two tests a request`);
    assert.equal(assertions.failed, 0);
  }
});

test('the tests fail where an answer is wrong: a 500, or a 200 whose body is not the documented one', async () => {
  const wrong = createServer((request, response) => {
    const status = request.url?.includes('/predictor/') ? 500 : 200;
    response.writeHead(status, {'content-type': 'application/json'}).end('{"unexpected": true}');
  });
  const url = await listen(wrong);
  try {
    const summary = await run(collections.get('predictor')!, `${url}/api`);
    const failed = summary.run.failures.map((failure) => failure.error.test);
    assert.deepEqual(failed.sort(), [
      'the body matches the documented response schema',
      'the body matches the documented response schema',
      'the status is 2xx',
      'the status is 2xx',
    ]);
    const medley = await run(collections.get('medley')!, `${url}/api`);
    assert.ok(medley.run.failures.length >= 1, 'a 200 with the wrong body fails the schema test');
    assert.ok(
      medley.run.failures.every((failure) => failure.error.test === 'the body matches the documented response schema'),
    );
  } finally {
    await new Promise<void>((resolve) => wrong.close(() => resolve()));
  }
});

test('OpenAPI schemas become the JSON Schema Postman checks with: refs as definitions, nullable, exclusive bounds', () => {
  const doc = {
    ...loadSpec(openApiSpecs[0]),
    components: {
      schemas: {
        Rate: {
          type: 'number',
          minimum: 0,
          exclusiveMinimum: true,
          maximum: 0.1,
          exclusiveMaximum: true,
          example: 0.001,
        },
      },
    },
  } as unknown as Document;
  assert.deepEqual(
    toJsonSchema(doc, {
      type: 'object',
      properties: {rate: {$ref: '#/components/schemas/Rate'}, note: {type: 'string', nullable: true, enum: ['a']}},
    }),
    {
      type: 'object',
      properties: {
        rate: {$ref: '#/definitions/Rate'},
        note: {type: ['string', 'null'], enum: ['a', null]},
      },
      definitions: {Rate: {type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 0.1}},
    },
  );
});

test('checks of one description share the schemas they reach: each judges by its own, a broken one judges nothing', () => {
  const doc = {
    openapi: '3.0.3',
    info: {title: 'Shared', version: '1'},
    paths: {},
    components: {
      schemas: {
        Node: {
          type: 'object',
          required: ['name'],
          properties: {name: {type: 'string'}, children: {type: 'array', items: {$ref: '#/components/schemas/Node'}}},
        },
        Tree: {type: 'object', required: ['root'], properties: {root: {$ref: '#/components/schemas/Node'}}},
        // A pattern Ajv cannot compile: a check reaching it judges nothing.
        Code: {type: 'string', pattern: '(unclosed'},
      },
    },
  } as unknown as Document;
  const [node, tree] = [{$ref: '#/components/schemas/Node'}, {$ref: '#/components/schemas/Tree'}];
  const deep = (name: unknown) => ({name: 'a', children: [{name: 'b', children: [{name}]}]});
  assert.equal(fitsSchema(doc, node, deep('c')), true);
  assert.equal(fitsSchema(doc, node, deep(7)), false, 'a wrong type three levels down');
  // The second check reaches the schema the first compiled, and still judges by its own.
  assert.equal(fitsSchema(doc, tree, {root: deep('c')}), true);
  assert.equal(fitsSchema(doc, tree, {root: deep(7)}), false);
  assert.equal(fitsSchema(doc, tree, deep('c')), false, 'a node is not a tree');
  const coded = {
    type: 'object',
    required: ['code'],
    properties: {code: {$ref: '#/components/schemas/Code'}},
  } as SchemaOrRef;
  assert.equal(fitsSchema(doc, coded, {}), true, 'a schema Ajv cannot compile judges nothing');
  assert.equal(fitsSchema(doc, tree, {}), false, 'and the others still judge');
  assert.equal(
    fitsSchema(doc, {$ref: '#/components/schemas/Missing'}, 1),
    true,
    'nor does a reference that leads nowhere',
  );
});

test('fitsSchema judges each copy of a schema written in many places by that schema, not by another of the same shape', () => {
  const doc = {openapi: '3.0.3', info: {title: 'Copies', version: '1'}, paths: {}} as unknown as Document;
  // Kubernetes' query parameters: the same small schema written anew on each operation.
  const copies = Array.from({length: 3}, () => ({type: 'string', maxLength: 3}) as SchemaOrRef);
  const integer = {type: 'integer', maxLength: 3} as SchemaOrRef;
  const longer = {type: 'string', maxLength: 4} as SchemaOrRef;
  for (const copy of copies) {
    assert.equal(fitsSchema(doc, copy, 'abc'), true);
    assert.equal(fitsSchema(doc, copy, 'abcd'), false);
  }
  assert.equal(fitsSchema(doc, integer, 'abc'), false, 'a schema of other text is judged by its own');
  assert.equal(fitsSchema(doc, longer, 'abcd'), true);
  // Text names a schema within one document: the same `$ref` in another document is another schema.
  const documentOf = (type: string) =>
    ({
      openapi: '3.0.3',
      info: {title: type, version: '1'},
      paths: {},
      components: {schemas: {Id: {type}}},
    }) as unknown as Document;
  assert.equal(fitsSchema(documentOf('string'), {$ref: '#/components/schemas/Id'}, 'x'), true);
  assert.equal(fitsSchema(documentOf('integer'), {$ref: '#/components/schemas/Id'}, 'x'), false);
});
