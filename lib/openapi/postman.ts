/**
 * Postman collections of the descriptions (`/openapi/<name>.postman.json`), converted from the
 * YAML by openapi-to-postmanv2, with the API key and the base URL as collection variables, and two
 * environments to choose between (production, the local sandbox). The converter writes no tests, so
 * each request gets two: the status is 2xx, and the body matches the documented response schema.
 */
import {createHash} from 'node:crypto';
import {existsSync} from 'node:fs';
import path from 'node:path';

import type * as PostmanConverter from 'openapi-to-postmanv2';

import {apiBaseUrl} from '../../src/provider';
import {
  isReference,
  loadSpec,
  operationsOf,
  repoRoot,
  resolve,
  type ApiOperation,
  type Document,
  type SchemaOrRef,
} from './index';
import {generatedSpecPath, openApiSpecs, specDownloadPath, type OpenApiSpec} from './specs';

/** Site path of the Postman collection beside a YAML download (`/openapi/trainer.yaml` → `.postman.json`). */
export function collectionBeside(downloadPath: string): string {
  // Beside the download, a description in JSON as well as one in YAML.
  return downloadPath.replace(/\.(ya?ml|json)$/, '.postman.json');
}

/** Site path of a description's Postman collection, beside its YAML download. */
export function postmanCollectionPath(spec: OpenApiSpec): string {
  return collectionBeside(specDownloadPath(spec));
}

/**
 * The local sandbox's address, as the descriptions list it among their servers (on loopback). The
 * descriptions are read in order until one lists it: the first, the small predictor, does, and the
 * others can be megabytes (parsing every one took 4.5 s at 2,000 operations, on every call).
 */
function sandboxServerUrl(): string {
  for (const spec of openApiSpecs) {
    // Generation's JSON copy once it is written (at build time; the Markdown twins ask): no YAML parse.
    const generated = existsSync(path.join(repoRoot, generatedSpecPath(spec)));
    const local = (loadSpec(spec, {generated}).servers ?? []).find(
      (server) => new URL(server.url).hostname === '127.0.0.1',
    );
    if (local) return local.url;
  }
  throw new Error(`${openApiSpecs[0].file}: no server on 127.0.0.1 (the local sandbox) among the servers`);
}

/** The two environments a reader picks between in Postman, and where they are downloaded. */
export function postmanEnvironments(): {name: string; file: string; baseUrl: string}[] {
  return [
    {name: 'Orchard AI production', file: '/openapi/production.postman_environment.json', baseUrl: apiBaseUrl},
    {name: 'Orchard AI local sandbox', file: '/openapi/sandbox.postman_environment.json', baseUrl: sandboxServerUrl()},
  ];
}

type JsonSchema = Record<string, unknown>;
type PostmanItem = {
  name?: string;
  item?: PostmanItem[];
  request?: {method: string; url: {path?: string[]}};
  event?: {listen: string; script: {type: string; exec: string[]}}[];
};
export type PostmanCollection = {
  info: {name: string};
  item: PostmanItem[];
  variable?: {key: string; value: string; type?: string; description?: string}[];
};

/**
 * An OpenAPI schema as the JSON Schema (draft-07) that Postman's `jsonSchema` assertion checks with:
 * `$ref`s resolved, `nullable` as a `null` type, boolean `exclusiveMinimum`/`exclusiveMaximum` as
 * numbers, annotations that are not JSON Schema dropped. A schema that contains itself (a tree, a
 * linked list) is written once under `definitions` and referred to from within.
 */
export function toJsonSchema(doc: Document, schema: SchemaOrRef): JsonSchema {
  const definitions = new Map<string, JsonSchema | undefined>();
  const out = writeJsonSchema(doc, schema, [], definitions);
  if (definitions.size === 0) return out;
  // Each recursive schema's own definition, written with itself in `seen` so that it refers to itself.
  for (let pending = [...definitions].find(([, written]) => !written); pending; pending = [...definitions].find(([, written]) => !written)) {
    const [ref] = pending;
    definitions.set(ref, {});
    definitions.set(ref, writeJsonSchema(doc, resolve(doc, {$ref: ref}), [ref], definitions));
  }
  return {...out, definitions: Object.fromEntries([...definitions].map(([ref, written]) => [definitionName(ref), written]))};
}

const definitionName = (ref: string) => ref.split('/').pop()!;

function writeJsonSchema(
  doc: Document,
  schema: SchemaOrRef,
  seen: string[],
  definitions: Map<string, JsonSchema | undefined>,
): JsonSchema {
  const toJsonSchema = (child: SchemaOrRef, within = seen) => writeJsonSchema(doc, child, within, definitions);
  if (isReference(schema)) {
    if (seen.includes(schema.$ref)) {
      if (!definitions.has(schema.$ref)) definitions.set(schema.$ref, undefined);
      return {$ref: `#/definitions/${definitionName(schema.$ref)}`};
    }
    return toJsonSchema(resolve(doc, schema), [...seen, schema.$ref]);
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (['example', 'examples', 'nullable', 'discriminator', 'xml', 'externalDocs', 'deprecated', 'readOnly', 'writeOnly'].includes(key))
      continue;
    if (key === 'properties' || key === 'patternProperties')
      out[key] = Object.fromEntries(Object.entries(value as Record<string, SchemaOrRef>).map(([name, child]) => [name, toJsonSchema(child)]));
    else if (key === 'items' || (key === 'additionalProperties' && typeof value === 'object') || key === 'not')
      out[key] = toJsonSchema(value as SchemaOrRef);
    else if (key === 'allOf' || key === 'anyOf' || key === 'oneOf') out[key] = (value as SchemaOrRef[]).map((child) => toJsonSchema(child));
    else out[key] = value;
  }
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (out[flag] === true) {
      out[flag] = out[bound];
      delete out[bound];
    } else if (out[flag] === false) delete out[flag];
  }
  if ('nullable' in schema && schema.nullable) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    if (Array.isArray(out.enum)) out.enum = [...(out.enum as unknown[]), null];
  }
  return out;
}

/** The schema of an operation's success (2XX) JSON body, or undefined when it documents none. */
function successSchema(operation: ApiOperation): SchemaOrRef | undefined {
  const [, response] = Object.entries(operation.responses).find(([status]) => /^2/.test(status)) ?? [];
  const resolved = response && (isReference(response) ? undefined : response);
  return resolved?.content?.['application/json']?.schema;
}

/** The test script of one request: a 2xx status, and a body that matches the documented schema. */
export function testScript(doc: Document, operation: ApiOperation): string[] {
  const schema = successSchema(operation);
  return [
    'pm.test("the status is 2xx", function () {',
    '  pm.expect(pm.response.code).to.be.within(200, 299);',
    '});',
    schema
      ? 'pm.test("the body matches the documented response schema", function () {'
      : 'pm.test("the body is empty, as documented", function () {',
    schema ? `  pm.response.to.have.jsonSchema(${JSON.stringify(toJsonSchema(doc, schema))});` : '  pm.expect(pm.response.text()).to.equal("");',
    '});',
  ];
}

function convert(yaml: string, file: string): Promise<PostmanCollection> {
  // Loaded when a collection is made (0.6 s of modules), not by every module that imports this one
  // for paths and names: the site's config, the Markdown twins' worker.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const {convertV2} = require('openapi-to-postmanv2') as typeof PostmanConverter;
  return new Promise((done, fail) =>
    convertV2(
      {type: 'string', data: yaml},
      // Parameters and bodies from the description's examples (the sandbox is seeded with them), one
      // folder per tag, as in the reference's sidebar.
      {folderStrategy: 'Tags', parametersResolution: 'Example', includeAuthInfoInExample: true},
      (error, result) => {
        if (error || !result?.result || !result.output?.[0]) {
          fail(new Error(`${file}: the Postman conversion failed: ${error?.message ?? result?.reason ?? 'no collection'}`));
          return;
        }
        done(result.output[0].data as unknown as PostmanCollection);
      },
    ),
  );
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The collection as plain JSON, its random ids (the converter makes new ones on every run) replaced
 * by ids derived from the description and their place, so a build writes the same file every time.
 */
function withStableIds(collection: PostmanCollection, seed: string): PostmanCollection {
  let count = 0;
  return JSON.parse(JSON.stringify(collection), (key, value: unknown) => {
    if ((key === 'id' || key === '_postman_id') && typeof value === 'string' && uuid.test(value)) {
      const hex = createHash('sha256').update(`${seed}:${(count += 1)}`).digest('hex');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
    }
    return value;
  }) as PostmanCollection;
}

/** Every request of a collection, through its folders. */
function requestsOf(items: PostmanItem[]): PostmanItem[] {
  return items.flatMap((item) => (item.item ? requestsOf(item.item) : item.request ? [item] : []));
}

/** The collection of one description, each request with its tests; fails naming the file. */
export async function postmanCollection(spec: OpenApiSpec): Promise<PostmanCollection> {
  const doc = loadSpec(spec);
  // The description as loaded (a webhooks-only 3.1 description has an empty paths, every operation an
  // operationId), not the file: the converter refuses a description without paths.
  const collection = withStableIds(await convert(JSON.stringify(doc), spec.file), spec.id);
  // By method and path without a query: a description may give one path twice, with a query in its key
  // (OpenAI's `/responses?beta=true`, Mistral's `#stream`), which the converter writes as two requests of one path.
  const operations = new Map<string, ApiOperation[]>();
  for (const operation of operationsOf(spec, doc)) {
    const key = `${operation.method.toUpperCase()} ${operation.path.replace(/[?#].*$/, '')}`;
    operations.set(key, [...(operations.get(key) ?? []), operation]);
  }
  for (const item of requestsOf(collection.item)) {
    // A path parameter is written `:name`, or `{{name}}` where the converter did not take it for one.
    const route = `/${(item.request!.url.path ?? []).map((part) => part.replace(/^(?::(.+)|\{\{(.+)\}\})$/, '{$1$2}')).join('/')}`;
    const key = `${item.request!.method} ${route}`;
    const operation = operations.get(key)?.shift();
    if (!operation) throw new Error(`${spec.file}: the Postman request ${key} matches no operation`);
    if (operations.get(key)?.length === 0) operations.delete(key);
    item.event = [{listen: 'test', script: {type: 'text/javascript', exec: testScript(doc, operation)}}];
  }
  if (operations.size > 0) throw new Error(`${spec.file}: no Postman request for ${[...operations.keys()].join(', ')}`);
  collection.variable = [
    {key: 'baseUrl', value: apiBaseUrl, type: 'string', description: 'Where calls go: an environment (production, local sandbox) sets it.'},
    {key: 'apiKey', value: '', type: 'string', description: 'Your API key, from the developer portal (the sandbox takes any).'},
  ];
  return collection;
}

/**
 * The paragraph that offers a description's collection and the environments, with `link` writing
 * each link (the landing page and its Markdown twin write links their own way).
 */
export function postmanOffer(collectionPath: string, link: (text: string, href: string) => string): string {
  const [production, sandbox] = postmanEnvironments();
  return [
    `${link('Download the Postman collection', collectionPath)} of this API: every call with its example`,
    'parameters and body, and tests that check each answer: a 2xx status and a body that matches this',
    "description. Set the collection's `baseUrl` and `apiKey` variables, or import an environment:",
    `${link('production', production!.file)} or the ${link('local sandbox', sandbox!.file)} (\`npm run sandbox\`).`,
  ].join('\n');
}

/** A Postman environment file that points the collections at `baseUrl`. */
export function postmanEnvironment({name, baseUrl}: {name: string; baseUrl: string}) {
  return {
    name,
    values: [
      {key: 'baseUrl', value: baseUrl, type: 'default', enabled: true},
      {key: 'apiKey', value: '', type: 'secret', enabled: true},
    ],
  };
}
