/**
 * The Postman collection of each description of the corpus (tests/fixtures/openapi-corpus/), run by
 * Newman against the sandbox serving that description as an added API: every request is answered,
 * a request whose body fits the description gets a 2xx whose body passes the collection's tests, and
 * one whose body does not (the converter writes some from schemas it cannot follow, some descriptions'
 * own examples break their schemas) gets the 422 naming the field. The large descriptions are left to
 * tests/slow/corpus-site.test.ts. A few seconds; with Newman's start, in `npm run test:slow`.
 */
import assert from 'node:assert/strict';
import type {AddressInfo} from 'node:net';
import {after, before, test} from 'node:test';

import Ajv from 'ajv';
import newman, {type NewmanRunSummary} from 'newman';

import {loadDescription, operationsOf, type ApiOperation, type SchemaOrRef} from '../../lib/openapi';
import {postmanCollection, postmanEnvironment, toJsonSchema} from '../../lib/openapi/postman';
import {referenceIdOf, type OpenApiSpec} from '../../lib/openapi/specs';
import {createSandbox} from '../../sandbox/app';
import {createSandboxServer} from '../../sandbox/main';
import {sandboxBasePath} from '../../sandbox/servers';
import {corpusFiles} from '../support/corpus';
import {mkdtempSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dir = mkdtempSync(path.join(os.tmpdir(), 'orchard-sandbox-postman-'));

/** Swagger's Petstore 3.1 has a `$ref` no tool here follows (see tests/slow/corpus-site.test.ts). */
const specs = corpusFiles(dir)
  .filter((entry) => !entry.large && entry.name !== 'swagger-petstore-3.1.yaml')
  .map((entry) => {
    const title = loadDescription(entry.file).info.title;
    const id = entry.name.replace(/\.(ya?ml|json)$/, '');
    return {id, file: entry.file, title, referenceId: referenceIdOf(title)} as unknown as OpenApiSpec;
  });

/**
 * Answers no body can pass: plugin-1295's Condition is a oneOf of four objects that each accept any
 * object (no required field, no discriminator), so every condition fits all four, never exactly one.
 */
const unsatisfiable = new Set(['plugin-1295-recursive-inlining listChecks', 'plugin-1295-recursive-inlining getCheck']);

let server: ReturnType<typeof createSandboxServer>;
let origin = '';
before(async () => {
  server = createSandboxServer(await createSandbox({specs}));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, {recursive: true, force: true});
});

type SentRequest = {
  method: string;
  url: {path?: string[]; query: {all(): {key: string | null; value: string | null}[]}};
  body?: {mode?: string; raw?: string};
};

function run(collection: unknown, baseUrl: string): Promise<NewmanRunSummary> {
  return new Promise((resolve, reject) =>
    newman.run(
      {
        collection: collection as never,
        environment: postmanEnvironment({name: 'sandbox', baseUrl}) as never,
        envVar: [{key: 'apiKey', value: 'postman-test-key'}],
      },
      (error, summary) => (error ? reject(error) : resolve(summary)),
    ),
  );
}

/** Whether JSON text is a value of a schema, by Postman's reading of the schema. */
function fitsJson(spec: OpenApiSpec, schema: SchemaOrRef | undefined, text: string): boolean {
  if (!schema) return true;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return false;
  }
  const doc = loadDescription(spec.file);
  return new Ajv({strict: false, validateFormats: false}).compile(toJsonSchema(doc, schema))(value) as boolean;
}

/** Whether a request fits its operation: its JSON body, and its query parameters sent as JSON. */
function fits(spec: OpenApiSpec, operation: ApiOperation, body: string, query: [string, string][]): boolean {
  const bodySchema = operation.requestBody?.content['application/json']?.schema;
  if (body.trim() !== '' && !fitsJson(spec, bodySchema, body)) return false;
  return query.every(([name, value]) => {
    const parameter = operation.parameters.find((candidate) => candidate.in === 'query' && candidate.name === name);
    const media = parameter?.content?.['application/json'];
    return !media || fitsJson(spec, media.schema, value);
  });
}

test('Newman runs each corpus collection against the sandbox: answered, 2xx where the request fits, else a 422', async () => {
  for (const spec of specs) {
    let fitting = 0;
    const doc = loadDescription(spec.file);
    const operations = operationsOf(spec, doc);
    const summary = await run(await postmanCollection(spec), `${origin}${sandboxBasePath(spec, doc)}`);
    assert.equal(summary.run.stats.requests.failed, 0, `${spec.id}: requests without an answer`);
    assert.equal(summary.run.executions.length, operations.length, `${spec.id}: one request an operation`);
    for (const execution of summary.run.executions) {
      // What Newman sent (types/postman.d.ts declares postman-collection's Request only as far as the samples use it).
      const request = execution.request as unknown as SentRequest;
      const {method} = request;
      const sentPath = `/${request.url.path?.join('/') ?? ''}`.slice(sandboxBasePath(spec, doc).length);
      const operation = operations.find(
        (candidate) =>
          candidate.method.toUpperCase() === method &&
          new RegExp(`^${candidate.path.replace(/\{[^}]+\}/g, '[^/]+')}/?$`).test(sentPath),
      );
      assert.ok(operation, `${spec.id}: ${method} ${sentPath} is an operation`);
      const label = `${spec.id} ${operation.operation.operationId}`;
      const code = execution.response?.code ?? 0;
      const failed = (execution.assertions ?? []).filter(({error}) => error).map(({assertion}) => assertion);
      const body = request.body?.mode === 'raw' ? (request.body.raw ?? '') : '';
      const query = request.url.query.all().map(({key, value}): [string, string] => [key ?? '', value ?? '']);
      if (fits(spec, operation, body, query)) {
        fitting += 1;
        assert.ok(code >= 200 && code < 300, `${label}: ${code} ${execution.response?.stream?.toString()}`);
        const expected = unsatisfiable.has(label) ? ['the body matches the documented response schema'] : [];
        assert.deepEqual(failed, expected, label);
      } else {
        assert.equal(code, 422, `${label}: a body that breaks the description`);
        const answer = JSON.parse(execution.response?.stream?.toString() ?? '{}') as {detail?: {loc: unknown[]}[]};
        assert.ok((answer.detail?.length ?? 0) > 0, `${label}: the 422 names the field`);
      }
    }
    // Not a test of refusals alone: each description with operations has a call that fits and passes.
    if (operations.length > 0) assert.ok(fitting > 0, `${spec.id}: no request fits its description`);
  }
});
