/**
 * The Postman collection (lib/openapi/postman.ts) of descriptions in the shapes providers publish them
 * in, each written here: every operation is one request (one a tag), traced back to its own operation
 * (its test checks that operation's schema) whatever URL the converter wrote for it: an operation's own
 * server with a base path, a path with a final slash, Google's `{+name}:cancel`, `{id}.rss`, a query or
 * a fragment in the path key (AWS's `/#Action=…`), a tag given twice. A description without
 * `info.version` converts. What the converter or a fix cannot make for one operation leaves that
 * operation out (or without its tests) with a warning for another provider's description, and fails
 * naming the file for ours (`strict`), as a conversion that fails as a whole does.
 */
import assert from 'node:assert/strict';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, test, type TestContext} from 'node:test';

import {postmanCollection, schemasVariable, type PostmanCollection} from '../../lib/openapi/postman';
import type {OpenApiSpec} from '../../lib/openapi/specs';

const dir = mkdtempSync(path.join(os.tmpdir(), 'orchard-postman-shapes-'));
after(() => rmSync(dir, {recursive: true, force: true}));

/** A description written here as `<name>.json`, and its entry: another provider's, or ours with `strict`. */
function described(name: string, description: object, {strict = false} = {}): OpenApiSpec {
  const file = path.join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(description));
  return {
    id: name,
    file,
    title: 'Shapes entry',
    referenceId: 'shapes-entry',
    ...(strict ? {strict: true} : {}),
  } as unknown as OpenApiSpec;
}

/** An operation whose answer's schema requires a field named by its operationId: its tests name it. */
const operation = (operationId: string, more: object = {}) => ({
  operationId,
  responses: {
    '200': {
      description: 'The answer.',
      content: {
        'application/json': {
          schema: {type: 'object', required: [operationId], properties: {[operationId]: {type: 'string'}}},
          example: {[operationId]: 'yes'},
        },
      },
    },
  },
  ...more,
});

/** A path parameter with its example. */
const pathParameter = (name: string, example: unknown) => ({
  name,
  in: 'path',
  required: true,
  schema: {type: 'string'},
  example,
});

type Url = {
  host?: string[];
  path?: string[];
  protocol?: string;
  query?: {key: string | null; value: string | null; disabled?: boolean}[];
  variable?: {key: string; value: string}[];
};
type Item = {
  name?: string;
  item?: Item[];
  request?: {method: string; name?: string; url: Url};
  response?: {originalRequest?: {method?: string; url?: Url}}[];
  event?: {script: {exec: string[]}}[];
};

/** Where a URL leads: its host and path. */
const place = (url: Url | undefined) =>
  `${url?.protocol ? `${url.protocol}://` : ''}${(url?.host ?? []).join('.')}/${(url?.path ?? []).join('/')}`;

/** A URL as the reader sees it: where it leads, the query sent, and the path variables' values. */
function written(url: Url | undefined): string {
  const query = (url?.query ?? []).filter(({disabled}) => !disabled).map(({key, value}) => `${key}=${value}`);
  const variables = (url?.variable ?? []).map(({key, value}) => `${key}=${value}`);
  return [
    place(url),
    query.length > 0 ? `?${query.join('&')}` : '',
    variables.length > 0 ? ` (${variables.join(', ')})` : '',
  ].join('');
}

/**
 * Each request as `folder: METHOD url → operation`, the operation read from its test script (the field
 * its schema requires, or the schema it refers to); each saved answer's request checked to be the
 * request's own URL.
 */
function requests(collection: PostmanCollection): string[] {
  const walk = (items: Item[], folder: string): string[] =>
    items.flatMap((item) => {
      if (item.item) return walk(item.item, item.name ?? '?');
      const request = item.request!;
      const script = item.event?.[0]?.script.exec.join('\n') ?? '';
      const tested =
        /"required":\["([^"]+)"\]/.exec(script)?.[1] ??
        /"\$ref":"#\/definitions\/([^"]+)"/.exec(script)?.[1] ??
        'no tests';
      for (const answer of item.response ?? []) assert.equal(place(answer.originalRequest?.url), place(request.url));
      return [`${folder}${folder ? ': ' : ''}${request.method} ${written(request.url)} → ${tested}`];
    });
  return walk(collection.item as Item[], '');
}

/** Every request's name, and its request's, as Postman shows them. */
function names(collection: PostmanCollection): string[] {
  const walk = (items: Item[]): string[] =>
    items.flatMap((item) => (item.item ? walk(item.item) : [`${item.name} / ${item.request?.name}`]));
  return walk(collection.item as Item[]);
}

/** The warnings printed while `work` runs (each one line, through lib/openapi/degrade.ts). */
async function warned<T>(t: TestContext, work: () => Promise<T>): Promise<{result: T; warnings: string[]}> {
  const warn = t.mock.method(console, 'warn', () => {});
  try {
    const result = await work();
    return {result, warnings: warn.mock.calls.map(({arguments: [line]}) => String(line))};
  } finally {
    warn.mock.restore();
  }
}

/**
 * The collection of a description in one shape, held strictly (ours) and not (another provider's): the
 * same, with no warning either way.
 */
async function collectionOf(t: TestContext, name: string, description: object): Promise<PostmanCollection> {
  const {result: strict, warnings} = await warned(t, () =>
    postmanCollection(described(name, description, {strict: true})),
  );
  const {result: lenient, warnings: more} = await warned(t, () =>
    postmanCollection(described(`${name}-lenient`, description)),
  );
  assert.deepEqual([...warnings, ...more], []);
  assert.deepEqual(requests(lenient), requests(strict));
  return strict;
}

const info = {title: 'Shapes', version: '1.0'};

test("an operation's own server with a base path, the same path under two servers: each request to its server's variable, the path after it", async (t) => {
  const collection = await collectionOf(t, 'servers', {
    openapi: '3.0.3',
    info,
    servers: [{url: 'https://api.example.com/v3'}],
    paths: {
      '/items': {
        get: operation('listItems', {servers: [{url: 'https://a.example.com/v1/'}]}),
        post: operation('createItem', {
          servers: [{url: 'https://{region}.b.example.com/v2', variables: {region: {default: 'eu'}}}],
        }),
      },
      '/items/{id}': {
        parameters: [pathParameter('id', 'it-1')],
        // Its own server is the API's: sent to `baseUrl`, its base path not written twice.
        get: operation('getItem', {servers: [{url: 'https://api.example.com/v3'}]}),
        delete: operation('deleteItem'),
      },
    },
  });
  assert.deepEqual(requests(collection).sort(), [
    'DELETE {{baseUrl}}/items/:id (id=it-1) → deleteItem',
    'GET {{aExampleComV1Url}}/items → listItems',
    'GET {{baseUrl}}/items/:id (id=it-1) → getItem',
    'POST {{euBExampleComV2Url}}/items → createItem',
  ]);
  assert.deepEqual(
    collection.variable?.filter(({key}) => key !== schemasVariable).map(({key, value}) => `${key}=${value}`),
    [
      'baseUrl=https://api.example.com/v3',
      'aExampleComV1Url=https://a.example.com/v1',
      'euBExampleComV2Url=https://eu.b.example.com/v2',
      'apiKey=',
    ],
  );
});

test('a path with a final slash, beside the same path without one: each its own request, the slash kept', async (t) => {
  const collection = await collectionOf(t, 'slashes', {
    openapi: '3.0.3',
    info,
    servers: [{url: 'https://api.example.com/api/v1'}],
    paths: {
      '/check/': {get: operation('checkWithSlash')},
      '/check': {get: operation('check')},
      '/check/{id}/': {get: operation('checkOne', {parameters: [pathParameter('id', 'c-1')]})},
    },
  });
  assert.deepEqual(requests(collection), [
    'GET {{baseUrl}}/check/ → checkWithSlash',
    'GET {{baseUrl}}/check → check',
    'GET {{baseUrl}}/check/:id/ (id=c-1) → checkOne',
  ]);
});

test("Google's `{+name}:cancel` and `{name}:undelete`: the parameter's value in the segment, `{+name}` alone a path variable", async (t) => {
  const name = pathParameter('name', 'projects/p-1/operations/op-1');
  const collection = await collectionOf(t, 'google', {
    openapi: '3.0.3',
    info,
    servers: [{url: 'https://spanner.example.com'}],
    paths: {
      '/v1/{+name}:cancel': {post: operation('cancelOperation', {parameters: [name]})},
      '/v1/{+name}': {get: operation('getOperation', {parameters: [name]})},
      '/v1/{name}:undelete': {post: operation('undeleteModel', {parameters: [pathParameter('name', 'model-1')]})},
    },
  });
  assert.deepEqual(requests(collection), [
    'POST {{baseUrl}}/v1/projects/p-1/operations/op-1:cancel → cancelOperation',
    'GET {{baseUrl}}/v1/:name (name=projects/p-1/operations/op-1) → getOperation',
    'POST {{baseUrl}}/v1/model-1:undelete → undeleteModel',
  ]);
});

test('a parameter within a segment (`{id}.rss`, `{name}.{format}`): its value written in, beside a segment with a dot alone', async (t) => {
  const collection = await collectionOf(t, 'suffixes', {
    openapi: '3.0.3',
    info,
    servers: [{url: 'https://bills.example.com'}],
    paths: {
      '/api/v1/Rss/Bills/{id}.rss': {get: operation('billFeed', {parameters: [pathParameter('id', '7')]})},
      '/api/v1/Rss/allBills.rss': {get: operation('allBillsFeed')},
      '/files/{name}.{format}': {
        get: operation('getFile', {parameters: [pathParameter('name', 'report'), pathParameter('format', 'csv')]}),
      },
    },
  });
  assert.deepEqual(requests(collection), [
    'GET {{baseUrl}}/api/v1/Rss/Bills/7.rss → billFeed',
    'GET {{baseUrl}}/api/v1/Rss/allBills.rss → allBillsFeed',
    'GET {{baseUrl}}/files/report.csv → getFile',
  ]);
});

test("a query or a fragment in the path key (AWS's `/#Action=…`, `?lat={lat}`, `?beta=true`, `#stream`): one request each, the fragment not sent", async (t) => {
  const collection = await collectionOf(t, 'keys', {
    openapi: '3.0.3',
    info,
    servers: [{url: 'https://queue.example.com'}],
    paths: {
      '/#Action=ListQueues': {get: operation('listQueues')},
      '/{AccountNumber}/{QueueName}/#Action=SendMessage': {
        get: operation('sendMessage', {
          parameters: [pathParameter('AccountNumber', '123456789012'), pathParameter('QueueName', 'jobs')],
        }),
      },
      '/alerts?lat={lat}&lon={lon}': {
        get: operation('alertsAtPoint', {parameters: [pathParameter('lat', '51.5'), pathParameter('lon', '-0.1')]}),
      },
      '/alerts?city={city}': {get: operation('alertsInCity', {parameters: [pathParameter('city', 'Leeds')]})},
      '/responses': {post: operation('createResponse')},
      '/responses?beta=true': {post: operation('createBetaResponse')},
      '/chat#stream': {post: operation('streamChat')},
      '/chat': {post: operation('chat')},
    },
  });
  assert.deepEqual(requests(collection), [
    'GET {{baseUrl}}/ → listQueues',
    'GET {{baseUrl}}/:AccountNumber/:QueueName/ (AccountNumber=123456789012, QueueName=jobs) → sendMessage',
    'GET {{baseUrl}}/alerts?lat=51.5&lon=-0.1 → alertsAtPoint',
    'GET {{baseUrl}}/alerts?city=Leeds → alertsInCity',
    'POST {{baseUrl}}/responses → createResponse',
    'POST {{baseUrl}}/responses?beta=true → createBetaResponse',
    'POST {{baseUrl}}/chat → streamChat',
    'POST {{baseUrl}}/chat → chat',
  ]);
});

test('an operation with several tags is a request in each tag folder, a tag given twice one, each named as the converter names it', async (t) => {
  const collection = await collectionOf(t, 'tags', {
    openapi: '3.0.3',
    info,
    servers: [{url: 'https://api.example.com'}],
    tags: [{name: 'events'}, {name: 'workflows.events'}, {name: 'responses'}],
    paths: {
      '/events/stream': {
        get: operation('streamEvents', {summary: 'Stream events', tags: ['events', 'workflows.events']}),
      },
      '/responses': {post: operation('createResponse', {tags: ['responses', 'responses']})},
      '/responses?beta=true': {post: operation('createBetaResponse', {tags: ['responses']})},
      '/events': {get: operation('list_events', {description: 'Every event.'})},
    },
  });
  assert.deepEqual(requests(collection), [
    'events: GET {{baseUrl}}/events/stream → streamEvents',
    'workflows.events: GET {{baseUrl}}/events/stream → streamEvents',
    'responses: POST {{baseUrl}}/responses → createResponse',
    'responses: POST {{baseUrl}}/responses?beta=true → createBetaResponse',
    'GET {{baseUrl}}/events → list_events',
  ]);
  // The summary, else the operationId with spaces (the converter's names, which its markers stood in for).
  assert.deepEqual(names(collection), [
    'Stream events / Stream events',
    'Stream events / Stream events',
    'create Response / create Response',
    'create Beta Response / create Beta Response',
    'list events / list events',
  ]);
  assert.doesNotMatch(JSON.stringify(collection), /orchard-postman-operation/);
});

test('a description without info.version (or with a null one and no title) gets its collection; the file is left as it is', async (t) => {
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);
  process.on('unhandledRejection', onRejection);
  try {
    const paths = {'/things': {get: operation('listThings')}};
    const servers = [{url: 'https://api.example.com'}];
    const unversioned = await collectionOf(t, 'unversioned', {
      openapi: '3.0.3',
      info: {title: 'No version'},
      servers,
      paths,
    });
    assert.equal(unversioned.info.name, 'No version');
    assert.deepEqual(requests(unversioned), ['GET {{baseUrl}}/things → listThings']);
    const spec = described('untitled', {openapi: '3.1.0', info: {version: null}, servers, paths});
    const before = readFileSync(spec.file, 'utf8');
    const {result: untitled, warnings} = await warned(t, () => postmanCollection(spec));
    assert.deepEqual(warnings, []);
    // Named by its entry, as its pages are.
    assert.equal(untitled.info.name, 'Shapes entry');
    assert.deepEqual(requests(untitled), ['GET {{baseUrl}}/things → listThings']);
    assert.equal(readFileSync(spec.file, 'utf8'), before);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(rejections, []);
  } finally {
    process.off('unhandledRejection', onRejection);
  }
});

/** An operation the converter makes no request for: a header parameter with an empty schema. */
const noRequest = {
  openapi: '3.0.3',
  info,
  servers: [{url: 'https://api.example.com'}],
  paths: {
    '/broken': {get: operation('broken', {parameters: [{name: 'X-Trace', in: 'header', schema: null}]})},
    '/fine': {get: operation('fine')},
  },
};

test('an operation the converter makes no request for: left out with a warning saying why, or, for ours, the build fails naming it', async (t) => {
  const {result, warnings} = await warned(t, () => postmanCollection(described('no-request', noRequest)));
  assert.deepEqual(requests(result), ['GET {{baseUrl}}/fine → fine']);
  assert.equal(warnings.length, 1, warnings.join('\n'));
  assert.match(
    warnings[0]!,
    /^\[warning\] no-request \(.*no-request\.json\): GET \/broken left out of the Postman collection: the converter made no request for it: Cannot read properties of null/,
  );
  const strict = described('no-request-strict', noRequest, {strict: true});
  await assert.rejects(postmanCollection(strict), (error: Error) => {
    assert.match(
      error.message,
      /^\/.*no-request-strict\.json: Postman collection of GET \/broken: the converter made no request for it/,
    );
    return true;
  });
});

/** A request whose path parameter no fix can judge (its schema's `$ref`s go round), an answer the tests cannot check (the same). */
const unfixable = {
  openapi: '3.0.3',
  info,
  servers: [{url: 'https://api.example.com'}],
  paths: {
    '/loops/{id}': {
      get: operation('loopingParameter', {
        parameters: [{name: 'id', in: 'path', required: true, schema: {$ref: '#/components/schemas/Loop'}}],
      }),
    },
    '/loops': {
      get: {
        operationId: 'loopingAnswer',
        responses: {
          '200': {
            description: 'The answer.',
            content: {'application/json': {schema: {$ref: '#/components/schemas/Loop'}}},
          },
        },
      },
    },
    '/things': {
      get: {
        operationId: 'listThings',
        responses: {
          '200': {
            description: 'The answer.',
            content: {'application/json': {schema: {$ref: '#/components/schemas/Thing'}}},
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Loop: {$ref: '#/components/schemas/Loop2'},
      Loop2: {$ref: '#/components/schemas/Loop'},
      Thing: {type: 'object', required: ['thing'], properties: {thing: {type: 'string'}}},
    },
  },
};

test('a request a fix cannot write is left out, an answer its tests cannot check left without them; for ours, the build fails', async (t) => {
  const {result, warnings} = await warned(t, () => postmanCollection(described('unfixable', unfixable)));
  assert.deepEqual(requests(result), ['GET {{baseUrl}}/loops → no tests', 'GET {{baseUrl}}/things → Thing']);
  // The schemas held for the other operations' tests hold nothing of the loop.
  const held = result.variable?.find(({key}) => key === schemasVariable)?.value ?? '';
  assert.deepEqual(Object.keys(JSON.parse(held) as object), ['Thing']);
  assert.equal(warnings.length, 2, warnings.join('\n'));
  const because = ': \\S*unfixable\\.json: cannot resolve #/components/schemas/Loop$';
  assert.match(
    warnings[0]!,
    new RegExp(
      `^\\[warning\\] unfixable \\(.*\\): GET /loops/\\{id\\} left out of the Postman collection: its request could not be written${because}`,
    ),
  );
  assert.match(
    warnings[1]!,
    new RegExp(
      `^\\[warning\\] unfixable \\(.*\\): the tests of GET /loops left out of the Postman collection${because}`,
    ),
  );
  await assert.rejects(
    postmanCollection(described('unfixable-strict', unfixable, {strict: true})),
    /^Error: \/.*unfixable-strict\.json: Postman collection of GET \/loops\/\{id\}: its request could not be written/,
  );
});

test("a description the converter refuses as a whole: another provider's gets a collection of no request, ours fails naming the file", async (t) => {
  // An empty entry in the list of tags: the converter stops at it.
  const refused = {
    openapi: '3.0.3',
    info,
    servers: [{url: 'https://api.example.com'}],
    tags: [null],
    paths: {'/things': {get: operation('listThings')}},
  };
  const {result, warnings} = await warned(t, () => postmanCollection(described('refused', refused)));
  assert.equal(warnings.length, 1);
  assert.match(warnings[0]!, /: every operation left out of the Postman collection: the Postman conversion failed: /);
  assert.deepEqual(result.item, []);
  assert.equal(result.info.name, 'Shapes');
  assert.equal(result.info.schema, 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json');
  assert.match(result.info._postman_id ?? '', /^[\da-f]{8}-[\da-f]{4}-4[\da-f]{3}-8[\da-f]{3}-[\da-f]{12}$/);
  assert.deepEqual(
    result.variable?.map(({key}) => key),
    ['baseUrl', 'apiKey'],
  );
  await assert.rejects(
    postmanCollection(described('refused-strict', refused, {strict: true})),
    /refused-strict\.json: Postman collection of every operation: the Postman conversion failed: /,
  );
});

test("a body whose `oneOf` says which fields are required (urlbox's `url` or `html`) is sent as one its schema takes", async () => {
  const spec = described('either-field', {
    openapi: '3.1.0',
    info: {title: 'Either', version: '1'},
    servers: [{url: 'https://api.either.example'}],
    paths: {
      '/render': {
        post: operation('render', {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  oneOf: [{required: ['url']}, {required: ['html']}],
                  properties: {url: {type: 'string'}, html: {type: 'string'}, width: {type: 'integer'}},
                },
              },
            },
          },
        }),
      },
    },
  });
  const collection = await postmanCollection(spec);
  const [request] = JSON.stringify(collection).match(/"raw":"((?:[^"\\]|\\.)*)"/) ?? [];
  assert.ok(request, JSON.stringify(collection).slice(0, 500));
  const body = JSON.parse(JSON.parse(`{${request}}`).raw as string) as Record<string, unknown>;
  // Exactly one of the two, a string: a body with both (a whole sample) or `{"url": true}` (what the
  // converter writes from the alternative alone) is refused.
  const given = ['url', 'html'].filter((field) => field in body);
  assert.equal(given.length, 1, JSON.stringify(body));
  assert.equal(typeof body[given[0]!], 'string', JSON.stringify(body));
});

test("a key in a cookie is sent as one, and a session cookie listed before an API key (Zapier's) gives way to the key", async () => {
  const spec = described('cookies', {
    openapi: '3.0.3',
    info: {title: 'Cookies', version: '1'},
    servers: [{url: 'https://api.cookies.example'}],
    components: {
      securitySchemes: {
        session: {type: 'apiKey', in: 'cookie', name: 'sessionid'},
        key: {type: 'apiKey', in: 'header', name: 'X-API-Key'},
      },
    },
    paths: {
      '/check/': {get: operation('check', {security: [{session: []}, {key: []}]})},
      '/session': {get: operation('session', {security: [{session: []}]})},
    },
  });
  const {createSandbox} = await import('../../sandbox/app');
  const {createSandboxServer} = await import('../../sandbox/server');
  const {assertNewmanRun} = await import('../support/newman-sandbox');
  const {loadDescription} = await import('../../lib/openapi');
  const server = createSandboxServer(await createSandbox({specs: [spec]}));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const collection = await postmanCollection(spec);
    const requests = JSON.stringify(collection);
    assert.match(requests, /"key":"Cookie","value":"sessionid=\{\{apiKey\}\}"/);
    // Each answered 2xx by the sandbox, which refuses a call without its credential (a 422).
    const {fitting} = await assertNewmanRun(
      spec,
      loadDescription(spec.file),
      collection,
      `http://127.0.0.1:${(server.address() as {port: number}).port}`,
    );
    assert.equal(fitting, 2);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
