/**
 * A description's Postman collection run by Newman against the sandbox, each request judged against
 * the description: one whose body (and query parameters sent as JSON) fits it must get a 2xx that
 * passes the collection's tests; one that does not (the converter writes some bodies from schemas it
 * cannot follow, and some descriptions' own examples break their schemas) must get the 422 naming the
 * field. Used by tests/slow/sandbox-postman-corpus.test.ts and tests/corpus/site.test.ts.
 */
import assert from 'node:assert/strict';

import newman, {type NewmanRunSummary} from 'newman';

import {operationsOf, type ApiOperation, type Document, type SchemaNode, type SchemaOrRef} from '../../lib/openapi';
import {fitsSchema, operationServersOf, postmanEnvironment, type OperationServer} from '../../lib/openapi/postman';
import type {OpenApiSpec} from '../../lib/openapi/specs';
import {unfitHeader} from '../../sandbox/answers';
import {readForm} from '../../lib/sandbox/bodies';
import {sandboxBasePath} from '../../lib/sandbox/servers';

/** What Newman sent (types/postman.d.ts declares postman-collection's Request only as far as the samples use it). */
type SentRequest = {
  method: string;
  url: {path?: string[]; query: {all(): {key: string | null; value: string | null}[]}};
  body?: {mode?: string; raw?: string} & Partial<Record<'urlencoded' | 'formdata', {all(): FormField[]}>>;
};
type FormField = {key: string; value?: string; type?: string; disabled?: boolean};

/** Newman's run of `collection` with every server of it (`baseUrl`, and `servers`' variables) at `baseUrl`. */
function run(collection: unknown, baseUrl: string, servers: readonly OperationServer[]): Promise<NewmanRunSummary> {
  const atSandbox = Object.fromEntries(servers.map(({variable}) => [variable, baseUrl]));
  return new Promise((resolve, reject) =>
    newman.run(
      {
        collection: collection as never,
        environment: postmanEnvironment({name: 'sandbox', baseUrl, servers: atSandbox}) as never,
        envVar: [{key: 'apiKey', value: 'postman-test-key'}],
      },
      (error, summary) => (error ? reject(error) : resolve(summary)),
    ),
  );
}

/** Whether JSON text is a value of a schema, by Postman's reading of the schema. */
function fitsJson(doc: Document, schema: SchemaOrRef | undefined, text: string): boolean {
  if (!schema) return true;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return false;
  }
  return fitsSchema(doc, schema, value, {formats: 'all'});
}

/**
 * Whether a form body (URL-encoded or multipart) fits the operation's schema for it: read as the
 * sandbox reads forms (lib/sandbox/bodies.ts), judged by Postman's reading of the schema. A file part counts
 * as given.
 */
async function fitsForm(doc: Document, operation: ApiOperation, body: NonNullable<SentRequest['body']>) {
  const reading = body.mode === 'formdata' ? 'multipart' : 'form';
  const contentType = reading === 'form' ? 'application/x-www-form-urlencoded' : 'multipart/form-data';
  const schema = operation.requestBody?.content[contentType]?.schema;
  if (!schema) return true;
  const fields = (body[body.mode === 'formdata' ? 'formdata' : 'urlencoded']?.all() ?? []).filter(
    ({disabled}) => !disabled,
  );
  const data = new FormData();
  for (const {key, value, type} of fields) data.append(key, type === 'file' ? 'file' : (value ?? ''));
  const encoded =
    reading === 'form'
      ? new Response(new URLSearchParams(fields.map(({key, value}) => [key, value ?? ''])))
      : new Response(data);
  const value = await readForm(
    doc,
    reading,
    await encoded.text(),
    encoded.headers.get('content-type') ?? contentType,
    schema as SchemaNode,
  );
  return fitsSchema(doc, schema, value, {formats: 'all'});
}

/** Whether a request fits its operation: its body, and its query parameters sent as JSON. */
async function fits(doc: Document, operation: ApiOperation, request: SentRequest, query: [string, string][]) {
  const bodySchema = operation.requestBody?.content['application/json']?.schema;
  const body = request.body?.mode === 'raw' ? (request.body.raw ?? '') : '';
  if (body.trim() !== '' && !fitsJson(doc, bodySchema, body)) return false;
  if (
    (request.body?.mode === 'urlencoded' || request.body?.mode === 'formdata') &&
    !(await fitsForm(doc, operation, request.body))
  )
    return false;
  return query.every(([name, value]) => {
    const parameter = operation.parameters.find((candidate) => candidate.in === 'query' && candidate.name === name);
    const media = parameter?.content?.['application/json'];
    return !media || fitsJson(doc, media.schema, value);
  });
}

/**
 * Runs `collection` against the sandbox at `origin` (serving `spec` under its path) and asserts the
 * above of every request. An answer the sandbox marks as breaking its schema (it could make no body
 * that fits, sandbox/answers.ts) must fail the schema test and no other. Returns how many requests
 * fit and how many did not.
 */
export async function assertNewmanRun(
  spec: OpenApiSpec,
  doc: Document,
  collection: unknown,
  origin: string,
): Promise<{fitting: number; refused: number}> {
  const operations = operationsOf(spec, doc);
  const base = sandboxBasePath(spec, doc);
  const summary = await run(collection, `${origin}${base}`, operationServersOf(spec, doc));
  assert.equal(summary.run.stats.requests.failed, 0, `${spec.id}: requests without an answer`);
  // An operation with two tags is a request in each tag's folder (lib/openapi/postman.ts).
  const requested = new Set<ApiOperation>();
  let fitting = 0;
  let refused = 0;
  for (const execution of summary.run.executions) {
    const request = execution.request as unknown as SentRequest;
    const {method} = request;
    const sentPath = `/${request.url.path?.join('/') ?? ''}`.slice(base.length);
    // A path a description gives twice, with a query or a fragment in its key (OpenAI's
    // `/responses?beta=true`, Mistral's `#stream`), is one path: its next operation not yet requested.
    const candidates = operations.filter(
      (candidate) =>
        candidate.method.toUpperCase() === method &&
        new RegExp(`^${candidate.path.replace(/[?#].*$/, '').replace(/\{[^}]+\}/g, '[^/]+')}/?$`).test(sentPath),
    );
    const operation = candidates.find((candidate) => !requested.has(candidate)) ?? candidates[0];
    assert.ok(operation, `${spec.id}: ${method} ${sentPath} is an operation`);
    requested.add(operation);
    const label = `${spec.id} ${operation.operation.operationId}`;
    const code = execution.response?.code ?? 0;
    const failed = (execution.assertions ?? []).filter(({error}) => error).map(({assertion}) => assertion);
    const query = request.url.query.all().map(({key, value}): [string, string] => [key ?? '', value ?? '']);
    if (await fits(doc, operation, request, query)) {
      fitting += 1;
      assert.ok(code >= 200 && code < 300, `${label}: ${code} ${execution.response?.stream?.toString()}`);
      // An answer the sandbox says breaks its schema (sandbox/answers.ts) fails that test, and that one only.
      const unfit = execution.response?.headers?.has(unfitHeader.name) ?? false;
      const expected = unfit ? ['the body matches the documented response schema'] : [];
      assert.deepEqual(failed, expected, label);
    } else {
      refused += 1;
      assert.equal(code, 422, `${label}: a body that breaks the description`);
      const answer = JSON.parse(execution.response?.stream?.toString() ?? '{}') as {detail?: {loc: unknown[]}[]};
      assert.ok((answer.detail?.length ?? 0) > 0, `${label}: the 422 names the field`);
    }
  }
  const missing = operations.filter((operation) => !requested.has(operation));
  assert.deepEqual(
    missing.map(({operation}) => operation.operationId),
    [],
    `${spec.id}: operations without a request`,
  );
  // Not a test of refusals alone: each description with operations has a call that fits and passes.
  if (operations.length > 0) assert.ok(fitting > 0, `${spec.id}: no request fits its description`);
  return {fitting, refused};
}
