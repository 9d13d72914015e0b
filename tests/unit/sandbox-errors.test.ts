/**
 * The sandbox's errors are the docs' errors: every 422 example of openapi/*.yaml, and every 422 body a
 * content page shows, is turned back into the mistake it describes (the `loc` and `type` say which),
 * that mistake is sent to the sandbox, and the sandbox must answer the same `detail`: `loc`, `msg`
 * and `type`. A kind of mistake this test cannot make fails it, so a new kind of example is never
 * skipped.
 */
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';

import {apiBaseUrl} from '../../src/provider';
import {createSandbox, type Sandbox} from '../../sandbox/app';
import {contentFiles, parseContent, readContent} from '../../lib/content';
import {allOperations, flattenSchema, loadSpec, type ApiOperation, type SchemaNode} from '../../lib/openapi';
import {mediaTypeExamples, requestSchema} from '../../lib/openapi/validate';
import {callsInBlock, checkCall} from '../../lib/samples/check';

type Detail = {loc: (string | number)[]; msg: string; type: string}[];
/** A request as the test sends it: a correct call, before the mistake is made. */
type Request = {operation: ApiOperation; path: Record<string, string>; headers: Record<string, string>; body: unknown};

const key = 'errors-test-key';

/** The schema at a body path (`training_config`, `batch_size`), through `$ref` and `allOf`. */
function schemaAt(operation: ApiOperation, names: (string | number)[]): SchemaNode | undefined {
  const doc = loadSpec(operation.spec);
  let schema = flattenSchema(doc, requestSchema(operation));
  for (const name of names)
    schema = flattenSchema(doc, typeof name === 'number' ? schema?.items : schema?.properties?.[name]);
  return schema;
}

/** Sets (or, with `undefined`, deletes) the value at a body path, creating objects on the way. */
function setAt(body: unknown, names: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(body ?? {}) as Record<string | number, unknown>;
  let node = copy;
  names.slice(0, -1).forEach((name) => {
    node[name] = (node[name] as Record<string, unknown> | undefined) ?? {};
    node = node[name] as Record<string | number, unknown>;
  });
  const last = names.at(-1)!;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy;
}

/** Makes the mistake one documented error item describes; throws if it is a kind this test does not know. */
function makeMistake(request: Request, item: Detail[number]): Request {
  const [where, ...names] = item.loc;
  const {operation} = request;
  const schema = where === 'body' ? schemaAt(operation, names) : undefined;
  const limit = (name: 'maximum' | 'minimum' | 'maxItems') => {
    const value = schema?.[name];
    assert.equal(typeof value, 'number', `${operation.operation.operationId}: no ${name} at ${item.loc.join('.')}`);
    return value as number;
  };
  switch (`${String(where)} ${item.type}`) {
    case 'header value_error.missing': {
      const headers = {...request.headers};
      delete headers[String(names[0])];
      return {...request, headers};
    }
    case 'body value_error.missing':
      return {...request, body: setAt(request.body, names, undefined)};
    case 'body value_error.number.not_le':
      return {...request, body: setAt(request.body, names, limit('maximum') + 1)};
    case 'body value_error.number.not_lt':
      return {...request, body: setAt(request.body, names, limit('maximum'))};
    case 'body value_error.number.not_ge':
      return {...request, body: setAt(request.body, names, limit('minimum') - 1)};
    case 'body value_error.list.max_items':
      return {
        ...request,
        body: setAt(
          request.body,
          names,
          Array.from({length: limit('maxItems') + 1}, (_, index) => `query ${index}`),
        ),
      };
    case 'path type_error.enum':
      return {...request, path: {...request.path, [String(names[0])]: 'not-a-documented-name'}};
    default:
      throw new Error(
        `this test cannot yet make the mistake "${item.type}" at ${JSON.stringify(item.loc)}: teach makeMistake`,
      );
  }
}

async function send(sandbox: Sandbox, request: Request) {
  const url = request.operation.fullPath.replace(/\{(\w+)\}/g, (_, name: string) => request.path[name] ?? '');
  return sandbox.handle({
    method: request.operation.method.toUpperCase(),
    url,
    headers: {'content-type': 'application/json', ...request.headers},
    body: request.operation.operation.requestBody ? JSON.stringify(request.body) : undefined,
  });
}

// One sandbox for every mistake, each made under a key of its own: state is per key (SPEC.md §6), and
// making a sandbox parses and compiles the descriptions again.
let shared: Promise<Sandbox> | undefined;
let keys = 0;

/** Sends the correct request (it must succeed), then the mistaken one, and returns the sandbox's detail. */
async function detailFor(example: Request, item: Detail[number]): Promise<unknown> {
  const sandbox = await (shared ??= createSandbox());
  keys += 1;
  const request = {
    ...example,
    headers: Object.fromEntries(Object.entries(example.headers).map(([name, value]) => [name, `${value}-${keys}`])),
  };
  const correct = await send(sandbox, request);
  assert.ok(
    correct.status >= 200 && correct.status < 300,
    `the correct request fails: ${correct.status} ${JSON.stringify(correct.body)}`,
  );
  const answer = await send(sandbox, makeMistake(request, item));
  assert.equal(answer.status, 422, JSON.stringify(answer.body));
  return (answer.body as {detail: unknown}).detail;
}

/** The operation's documented example request: path parameter examples, its key header, its first body example. */
function exampleRequest(operation: ApiOperation): Request {
  const path = Object.fromEntries(
    operation.parameters
      .filter((parameter) => parameter.in === 'path')
      .map((parameter) => [parameter.name, String(parameter.example)]),
  );
  const body = mediaTypeExamples(operation.requestBody?.content['application/json'], 'request')[0]?.value;
  return {operation, path, headers: {[operation.keyHeaders[0] ?? 'x-public-key']: key}, body};
}

describe('every 422 example of the reference is what the sandbox answers to that mistake', () => {
  let count = 0;
  for (const operation of allOperations()) {
    const examples = mediaTypeExamples(operation.responses['422']?.content?.['application/json'], '422');
    for (const {label, value} of examples) {
      const detail = (value as {detail: Detail}).detail;
      for (const item of detail) {
        count += 1;
        test(`${operation.operation.operationId} ${label}: ${item.type} at ${item.loc.join('.')}`, async () => {
          assert.deepEqual(await detailFor(exampleRequest(operation), item), [item]);
        });
      }
    }
  }
  test('the reference has 422 examples of every kind the docs show', () => {
    assert.ok(count >= 15, `${count} examples`);
  });
});

/** Each `json title="422 response"` block of a page, with the last call sample before it: the call it answers. */
function contentErrorExamples(file: string): {line: number; detail: Detail; request?: Request}[] {
  type Node = {
    type: string;
    lang?: string | null;
    meta?: string | null;
    value?: string;
    children?: Node[];
    position?: {start: {line: number}};
  };
  const found: {line: number; detail: Detail; request?: Request}[] = [];
  let last: Request | undefined;
  const visit = (node: Node) => {
    if (node.type === 'code') {
      const line = node.position?.start.line ?? 0;
      const block = {lang: node.lang ?? '', meta: node.meta ?? '', value: node.value ?? '', line};
      if (block.lang === 'json' && /\b422\b/.test(block.meta)) {
        found.push({line, detail: (JSON.parse(block.value) as {detail: Detail}).detail, request: last});
      }
      for (const call of callsInBlock(block).calls) {
        const {operation} = checkCall(call);
        if (!operation) continue;
        const names = operation.fullPath.split('/');
        const values = new URL(call.url).pathname.split('/');
        const path = Object.fromEntries(
          names.flatMap((name, index) => (/^\{\w+\}$/.test(name) ? [[name.slice(1, -1), values[index] ?? '']] : [])),
        );
        const headers = Object.fromEntries(
          [...call.headers].filter(([, value]) => value.kind === 'env').map(([name]) => [name, key]),
        );
        last = {operation, path, headers, body: call.body};
      }
    }
    node.children?.forEach(visit);
  };
  visit(parseContent(readContent(file)) as Node);
  return found;
}

describe('every 422 body a content page shows is what the sandbox answers to that mistake', () => {
  let count = 0;
  for (const file of contentFiles()) {
    for (const {line, detail, request} of contentErrorExamples(file)) {
      for (const item of detail) {
        count += 1;
        test(`${file}:${line}: ${item.type} at ${item.loc.join('.')}`, async () => {
          assert.ok(request, `${file}:${line}: no call sample before this 422 body: which call does it answer?`);
          assert.ok(request.operation.url.startsWith(apiBaseUrl));
          assert.deepEqual(await detailFor(request, item), [item]);
        });
      }
    }
  }
  test('the content shows 422 bodies', () => {
    assert.ok(count >= 5, `${count} bodies`);
  });
});
