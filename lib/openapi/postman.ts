/**
 * Postman collections of the descriptions (`/openapi/<name>.postman.json`), converted from the
 * YAML by openapi-to-postmanv2, with the API key and the base URL as collection variables, and two
 * environments to choose between (production, the local sandbox). The converter writes no tests, so
 * each request gets two: the status is 2xx, and the body matches the documented response schema (the
 * schemas those refer to are written once, in a collection variable). Each request is traced back to its
 * operation by a marker the converter carries as its name, whatever URL it wrote (postmanCollection);
 * what cannot be made for one operation of another provider's description leaves that operation out
 * with a warning (lib/openapi/degrade.ts), and fails the build for ours.
 */
import {createHash} from 'node:crypto';
import {existsSync} from 'node:fs';
import path from 'node:path';

import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import camelCase from 'lodash/camelCase';
import isEqual from 'lodash/isEqual';
import uniqWith from 'lodash/uniqWith';
import {sample} from 'openapi-sampler';
import type * as PostmanConverter from 'openapi-to-postmanv2';

import {apiBaseUrl} from '../../src/provider';
import {
  bracketedFields,
  flattenSchema,
  httpMethods,
  isReference,
  loadSpec,
  operationsOf,
  parameterExample,
  placeholderHost,
  preferredWay,
  repoRoot,
  resolve,
  serverUrl,
  typesOf,
  waysOf,
  type ApiOperation,
  type Document,
  type ParameterObject,
  type SchemaNode,
  type SchemaObject,
  type SchemaOrRef,
} from './index';
import {seededRandom} from '../seeded-random';
import {leftOut, messageOf} from './degrade';
import {boundedSample, schemaText} from './schema-sample';
import {generatedSpecPath, openApiSpecs, specDownloadPath, type OpenApiSpec} from './specs';
import {oneSchema} from './structure';
import {isJsonType} from '../sandbox/bodies';
import {isLoopback, sandboxBasePath, sandboxOrigin} from '../sandbox/servers';

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
 * A Postman environment the site offers: its name, where it is downloaded, the `baseUrl` it sets, and
 * the variables of the servers some operations name instead (`operationServersOf`), by variable.
 */
export type PostmanEnvironmentFile = {name: string; file: string; baseUrl: string; servers: Record<string, string>};

/** A server an operation or its path names in place of the API's (Stripe's uploads go to `https://files.stripe.com/`). */
export type OperationServer = {
  /** The collection and environment variable that holds it: `filesStripeComUrl`. */
  variable: string;
  /** Its URL, variables at their defaults, without a final slash. */
  url: string;
};

/**
 * A server's URL as a request can be sent to it: a relative one (`/v1`), or none at all, on the
 * placeholder host, as the code samples call it.
 */
const callable = (url: string) => (/^[a-z][a-z\d+.-]*:\/\//i.test(url) ? url : `${placeholderHost}${url}`);

/**
 * Where an operation is called: its URL less its path (the operation's, its path's or the API's server,
 * without its final slash: serverUrl), on the placeholder host where it names none.
 */
const serverOf = (operation: ApiOperation) => callable(operation.url.slice(0, -operation.path.length));

/**
 * The servers that operations or paths of `doc` name in place of the API's first, each once, in path
 * order. A collection sends those operations to a variable of their own, so that an environment can
 * point them at production or at the sandbox like every other request (the converter writes their host
 * as it is: the sandbox environment would still send them, and the key, to production).
 */
export function operationServersOf(spec: OpenApiSpec, doc: Document): OperationServer[] {
  const {production} = baseUrlsOf(spec, doc);
  const servers = new Map<string, string>();
  for (const operation of operationsOf(spec, doc)) {
    const url = serverOf(operation);
    if (url === production || servers.has(url)) continue;
    const name = camelCase(url.replace(/^[a-z]+:\/\//, '')) || 'server';
    let variable = `${name}Url`;
    for (let n = 2; [...servers.values(), 'baseUrl', 'apiKey', schemasVariable].includes(variable); n++)
      variable = `${name}${n}Url`;
    servers.set(url, variable);
  }
  return [...servers].map(([url, variable]) => ({variable, url}));
}

/** Where one description's calls go, and where the local sandbox serves them. */
function baseUrlsOf(spec: OpenApiSpec, doc: Document): {production: string; sandbox: string} {
  // The description's first server that is not the sandbox, variables at their defaults; else a placeholder.
  const own = (doc.servers ?? []).find(
    (server) => !isLoopback(serverUrl(server)) && !(server as {'x-sandbox'?: boolean})['x-sandbox'],
  );
  return {
    production: callable(own ? serverUrl(own) : ''),
    sandbox: `${sandboxOrigin}${sandboxBasePath(spec, doc)}`,
  };
}

/**
 * The two environments of one description, production and the local sandbox: for an API served where
 * Orchard AI's are (our four), the ones they share; for an API added with hosts of its own, its own
 * (`/openapi/<id>.production.postman_environment.json`), so that its collection is not sent to ours.
 */
export function postmanEnvironmentsOf(spec: OpenApiSpec, doc?: Document): PostmanEnvironmentFile[] {
  // Generation's JSON copy once it is written (at build time; the Markdown twins ask): no YAML parse.
  const generated = existsSync(path.join(repoRoot, generatedSpecPath(spec)));
  const loaded = doc ?? loadSpec(spec, {generated});
  const {production, sandbox} = baseUrlsOf(spec, loaded);
  const others = operationServersOf(spec, loaded);
  // In production each operation goes to its own server; the sandbox answers every one at its base.
  const servers = (to: (server: OperationServer) => string) =>
    Object.fromEntries(others.map((server) => [server.variable, to(server)]));
  const [productionServers, sandboxServers] = [servers(({url}) => url), servers(() => sandbox)];
  if (production === apiBaseUrl && sandbox === `${sandboxOrigin}/api`)
    return [
      {name: 'Orchard AI production', file: '/openapi/production.postman_environment.json', baseUrl: production, servers: productionServers},
      {name: 'Orchard AI local sandbox', file: '/openapi/sandbox.postman_environment.json', baseUrl: sandbox, servers: sandboxServers},
    ];
  return [
    {
      name: `${spec.title} production`,
      file: `/openapi/${spec.id}.production.postman_environment.json`,
      baseUrl: production,
      servers: productionServers,
    },
    {
      name: `${spec.title} local sandbox`,
      file: `/openapi/${spec.id}.sandbox.postman_environment.json`,
      baseUrl: sandbox,
      servers: sandboxServers,
    },
  ];
}

/** Every environment the site offers, each once: the shared two, and those of the APIs with hosts of their own. */
export function postmanEnvironments(): PostmanEnvironmentFile[] {
  const byFile = new Map<string, PostmanEnvironmentFile>();
  for (const spec of openApiSpecs)
    for (const environment of postmanEnvironmentsOf(spec)) {
      const shared = byFile.get(environment.file);
      byFile.set(environment.file, {...environment, servers: {...shared?.servers, ...environment.servers}});
    }
  return [...byFile.values()];
}

type JsonSchema = Record<string, unknown>;
type PostmanQuery = {key: string | null; value: string | null; disabled?: boolean; description?: unknown};
type PostmanVariable = {key: string; value: string; type?: string; description?: string};
type PostmanUrl = {
  path?: string[];
  host?: string[];
  protocol?: string;
  port?: string;
  hash?: string;
  query?: PostmanQuery[];
  variable?: PostmanVariable[];
};
type PostmanRequest = {
  method: string;
  url: PostmanUrl;
  header?: {key: string; value: string; type?: string}[];
  auth?: unknown;
  body?: {mode?: string; raw?: string; urlencoded?: PostmanQuery[]; formdata?: PostmanQuery[]};
};
type PostmanItem = {
  name?: string;
  item?: PostmanItem[];
  request?: PostmanRequest;
  response?: {originalRequest?: Partial<PostmanRequest>}[];
  event?: {listen: string; script: {type: string; exec: string[]}}[];
};
export type PostmanCollection = {
  info: {name: string; _postman_id?: string; schema?: string};
  item: PostmanItem[];
  variable?: PostmanVariable[];
};

/** The collection variable that holds the JSON Schemas its requests' tests share (see `JsonSchemas`). */
export const schemasVariable = 'responseSchemas';

/** The formats the validator of Postman's `jsonSchema` assertion knows (Ajv 6's). */
const postmanFormats = new Set(
  'date time date-time uri uri-reference uri-template url email hostname ipv4 ipv6 regex uuid json-pointer json-pointer-uri-fragment relative-json-pointer'.split(
    ' ',
  ),
);

/** How `definitions` names the schema a `$ref` points to: its name among the components, else its pointer. */
function definitionKey(ref: string): string {
  // A component's name has no `/` (OpenAPI allows letters, digits, `.`, `-`, `_`), any other pointer does.
  const named = /^#\/components\/schemas\/([^/]+)$/.exec(ref);
  const pointer = named ? named[1]! : ref.slice(1);
  return pointer.replaceAll('~1', '/').replaceAll('~0', '~');
}

/** A `$ref` to the definition of `key`, as a URI fragment (a JSON pointer, escaped). */
const definitionRef = (key: string) =>
  `#/definitions/${encodeURIComponent(key.replaceAll('~', '~0').replaceAll('/', '~1'))}`;

/**
 * OpenAPI schemas as the JSON Schema (draft-07) that Postman's `jsonSchema` assertion checks with:
 * `nullable` as a `null` type, boolean `exclusiveMinimum`/`exclusiveMaximum` as numbers, annotations
 * that are not JSON Schema dropped. Each schema a `$ref` points to is written once, into `definitions`,
 * and referred to there, which also serves schemas that contain themselves (a tree, a linked list).
 * Inlined at each use instead, a large description's schemas multiply: a typical answer of Stripe's
 * reaches hundreds of its schemas, many of them recursive, and inlining one along every path ran out
 * of memory, gigabytes and minutes in, without ending.
 */
export class JsonSchemas {
  /** The schemas written so far, by their name under `definitions`. */
  readonly definitions = new Map<string, JsonSchema>();
  /** References met but not written yet: written one after the other, not by recursion. */
  private readonly pending: string[] = [];

  /**
   * `allFormats`: keep every format, not only those Postman's validator knows (to judge what the API
   * accepts); `refTo`: how a reference to a written schema is written (by default, into `definitions`).
   */
  constructor(
    private readonly doc: Document,
    private readonly allFormats = false,
    private readonly refTo: (key: string) => string = definitionRef,
  ) {}

  /**
   * `schema` as JSON Schema; each schema it refers to, and theirs, is then in `definitions`. When it
   * throws (a `$ref` that leads nowhere), `definitions` is as it was before: what it began is undone.
   */
  write(schema: SchemaOrRef): JsonSchema {
    const before = new Set(this.definitions.keys());
    try {
      const out = this.convert(schema);
      for (let ref = this.pending.shift(); ref !== undefined; ref = this.pending.shift())
        this.definitions.set(definitionKey(ref), this.convert(resolve<SchemaObject>(this.doc, {$ref: ref})));
      return out;
    } catch (error) {
      this.pending.length = 0;
      for (const key of [...this.definitions.keys()]) if (!before.has(key)) this.definitions.delete(key);
      throw error;
    }
  }

  private convert(schema: SchemaOrRef): JsonSchema {
    if (isReference(schema)) {
      const key = definitionKey(schema.$ref);
      if (!this.definitions.has(key)) {
        // Claimed at once, so that a schema met again before it is written is queued only once.
        this.definitions.set(key, {});
        this.pending.push(schema.$ref);
      }
      return {$ref: this.refTo(key)};
    }
    const out: JsonSchema = {};
    for (const [key, value] of Object.entries(schema)) {
      if (['example', 'examples', 'nullable', 'discriminator', 'xml', 'externalDocs', 'deprecated', 'readOnly', 'writeOnly'].includes(key))
        continue;
      // Postman's validator stops at a format it does not know (OpenAPI's int64, a vendor's decimal).
      if (key === 'format' && !this.allFormats && !postmanFormats.has(String(value))) continue;
      if (key === 'properties' || key === 'patternProperties' || key === 'dependentSchemas')
        out[key] = Object.fromEntries(
          Object.entries(value as Record<string, SchemaOrRef>).map(([name, child]) => [name, this.convert(child)]),
        );
      // Every keyword whose value is a schema (Mistral's `propertyNames` refer to its components too).
      else if (schemaKeywords.has(key) && typeof value === 'object' && value !== null && !Array.isArray(value))
        out[key] = this.convert(value as SchemaOrRef);
      else if (key === 'prefixItems' && Array.isArray(value))
        out[key] = (value as SchemaOrRef[]).map((child) => this.convert(child));
      else if (key === 'allOf' || key === 'anyOf' || key === 'oneOf')
        // A discriminator names the alternative: alternatives that overlap are still one of them.
        out[key === 'oneOf' && 'discriminator' in schema ? 'anyOf' : key] = (value as SchemaOrRef[]).map((child) =>
          this.convert(child),
        );
      // Nor may a field be required twice (OpenAI's ContainerResource): the collection's one list of schemas would be refused.
      else if (key === 'required' && Array.isArray(value)) out[key] = [...new Set(value)];
      // Nor an enum value given twice (Mistral's StaticWorkspaceRoles), for the same reason.
      else if (key === 'enum' && Array.isArray(value)) out[key] = uniqWith(value, isEqual);
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
}

/** The keywords whose value is one schema. */
const schemaKeywords = new Set<string>(oneSchema);

/** One schema as JSON Schema on its own: the schemas it refers to under its `definitions`. */
export function toJsonSchema(doc: Document, schema: SchemaOrRef, {allFormats = false} = {}): JsonSchema {
  const schemas = new JsonSchemas(doc, allFormats);
  const out = schemas.write(schema);
  return schemas.definitions.size === 0 ? out : {...out, definitions: Object.fromEntries(schemas.definitions)};
}

/**
 * How fitsSchema reads formats: `ignored`; `postman`, those Postman's validator knows, as the
 * collection's tests check an answer; `all` those Ajv knows, as the API (the sandbox) checks a call.
 */
type FormatReading = 'ignored' | 'postman' | 'all';
const fitChecks: Record<FormatReading, WeakMap<object, (value: unknown) => boolean>> = {
  ignored: new WeakMap(),
  postman: new WeakMap(),
  all: new WeakMap(),
};
/**
 * What the checks of one description and reading share: an Ajv, and each schema a `$ref` points to,
 * written once (JsonSchemas) and added to that Ajv as a schema of its own, compiled once for every check
 * that reaches it. Compiled with every check instead, Microsoft Graph's request bodies, each reaching
 * thousands of its schemas, took two and a half minutes of its collection.
 */
type SharedSchemas = {
  ajv: Ajv;
  schemas: JsonSchemas;
  added: Set<string>;
  /**
   * Each check by its schema's text: a description writes the same small schema in many places
   * (Kubernetes' `pretty`, `dryRun`, … on each of 845 operations), and Ajv compiled each copy (2.6 s of
   * its generation's CPU). Within one document a `$ref` names the same schema wherever it is written.
   */
  checksByText: Map<string, (value: unknown) => boolean>;
};
const sharedSchemas = new WeakMap<Document, Map<FormatReading, SharedSchemas>>();
/** The URI a written schema is added to the shared Ajv under, and referred to by. */
const sharedSchemaId = (key: string) => `urn:orchard-schema:${encodeURIComponent(key)}`;
function sharedSchemasOf(doc: Document, formats: FormatReading): SharedSchemas {
  let byReading = sharedSchemas.get(doc);
  if (!byReading) sharedSchemas.set(doc, (byReading = new Map()));
  let shared = byReading.get(formats);
  if (!shared) {
    const validateFormats = formats !== 'ignored';
    const ajv = new Ajv({strict: false, validateFormats, validateSchema: false, logger: false});
    if (validateFormats) addFormats(ajv);
    shared = {ajv, schemas: new JsonSchemas(doc, formats === 'all', sharedSchemaId), added: new Set(), checksByText: new Map()};
    byReading.set(formats, shared);
  }
  return shared;
}
/**
 * Whether a value passes the schema as the collection's tests read it (toJsonSchema), as Ajv judges it,
 * its formats read as `formats` says; a schema Ajv cannot compile (OpenAI's lists a required field
 * twice) or cannot finish judging judges nothing: any value passes.
 */
export function fitsSchema(
  doc: Document,
  schema: SchemaOrRef,
  value: unknown,
  {formats = 'ignored'}: {formats?: FormatReading} = {},
): boolean {
  const checks = fitChecks[formats];
  let check = checks.get(schema);
  if (!check) {
    const shared = sharedSchemasOf(doc, formats);
    const text = schemaText(schema);
    check = text === undefined ? undefined : shared.checksByText.get(text);
    if (!check) {
      check = compiledCheck(shared, schema);
      if (text !== undefined) shared.checksByText.set(text, check);
    }
    checks.set(schema, check);
  }
  return check(value);
}

/** fitsSchema's check of one schema, compiled by the document's shared Ajv. */
function compiledCheck({ajv, schemas, added}: SharedSchemas, schema: SchemaOrRef): (value: unknown) => boolean {
  try {
    const root = schemas.write(schema);
    if (added.size !== schemas.definitions.size)
      for (const [key, written] of schemas.definitions)
        if (!added.has(key)) {
          added.add(key);
          ajv.addSchema({...written, $id: sharedSchemaId(key)});
        }
    const validate = ajv.compile(root);
    return (candidate) => {
      try {
        return validate(candidate);
      } catch {
        // A schema among its own alternatives (`anyOf: [{$ref: itself}, …]`) never ends.
        return true;
      }
    };
  } catch {
    return () => true;
  }
}

/** The first success (2XX) response as written. */
function successResponse(operation: ApiOperation) {
  const [, response] = Object.entries(operation.responses).find(([status]) => /^2/.test(status)) ?? [];
  return response && (isReference(response) ? undefined : response);
}

/** The schema of an operation's success (2XX) JSON body, or undefined when it documents none. */
function successSchema(operation: ApiOperation): SchemaOrRef | undefined {
  return successResponse(operation)?.content?.['application/json']?.schema;
}

/**
 * The test script of one request: a 2xx status, and a body that matches the documented schema. The
 * schemas it refers to are written into `schemas`, which the collection holds once (`schemasVariable`).
 */
export function testScript(operation: ApiOperation, schemas: JsonSchemas): string[] {
  const schema = successSchema(operation);
  const written = schema && JSON.stringify(schemas.write(schema));
  const definitions = `{definitions: JSON.parse(pm.collectionVariables.get("${schemasVariable}"))}`;
  const status = ['pm.test("the status is 2xx", function () {', '  pm.expect(pm.response.code).to.be.within(200, 299);', '});'];
  // An answer documented without a JSON schema (text, bytes, an event stream, JSON by example only).
  const mediaTypes = Object.keys(successResponse(operation)?.content ?? {});
  const mediaTypeTest = mediaTypes.some((type) => type.endsWith('/*'))
    ? [
        // A range (`*/*`, `image/*`) admits every type in it.
        'pm.test("the answer is of a documented media type", function () {',
        '  var type = (pm.response.headers.get("Content-Type") || "").split(";")[0].trim();',
        `  var documented = ${JSON.stringify(mediaTypes)}.some(function (range) { return range === type || range === "*/*" || (range.slice(-2) === "/*" && type.indexOf(range.slice(0, -1)) === 0); });`,
        '  pm.expect(documented, type).to.be.true;',
        '});',
      ]
    : [
        'pm.test("the answer is of a documented media type", function () {',
        `  pm.expect(${JSON.stringify(mediaTypes)}).to.include((pm.response.headers.get("Content-Type") || "").split(";")[0].trim());`,
        '});',
      ];
  if (!written && mediaTypes.length > 0) return [...status, ...mediaTypeTest];
  // An answer in JSON or another type, as the request's Accept asks (OpenAI's video content: the bytes,
  // or JSON): the schema is JSON's, so an answer of another type is checked for its type alone.
  if (written && mediaTypes.some((type) => type !== 'application/json'))
    return [
      ...status,
      'if ((pm.response.headers.get("Content-Type") || "").split(";")[0].trim() !== "application/json") {',
      ...mediaTypeTest,
      '} else {',
      ...schemaTest(written, definitions),
      '}',
    ];
  if (written) return [...status, ...schemaTest(written, definitions)];
  return [...status, 'pm.test("the body is empty, as documented", function () {', '  pm.expect(pm.response.text()).to.equal("");', '});'];
}

/** The test that a JSON answer matches its schema (`written`), with the definitions it refers to. */
function schemaTest(written: string, definitions: string): string[] {
  return [
    'pm.test("the body matches the documented response schema", function () {',
    written.includes('"$ref":')
      ? `  pm.response.to.have.jsonSchema(Object.assign(${written}, ${definitions}));`
      : `  pm.response.to.have.jsonSchema(${written});`,
    '});',
  ];
}

/** What one run of the converter gave: its collection, or why there is none; and what it printed as errors. */
type Conversion = {
  collection?: PostmanCollection;
  failure?: string;
  printed: string[];
  /** What the converter warned of as it went (schemas it could make no example value of). */
  warned: string[];
};

/**
 * The converter's collection of `input` (a description as JSON). The converter leaves out a request it
 * cannot make and prints the error, with its stack: that is kept in `printed` instead, for postmanCollection
 * to say with the operation it belongs to. It answers a 3.x description at once (its callback is called
 * before it returns), so nothing else prints meanwhile.
 */
function convert(input: string): Conversion {
  // Loaded when a collection is made (half a second of modules), not by every module that imports this one
  // for paths and names: the site's config, the Markdown twins' worker.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const {convertV2} = require('openapi-to-postmanv2') as typeof PostmanConverter;
  const printed: string[] = [];
  const warned: string[] = [];
  let conversion: Conversion | undefined;
  // Its json-schema-faker (its own copy, in its assets) draws a value without an example at random:
  // drawn from the input instead, one description gives one collection, and a warm build is the cold one.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const faker = require('openapi-to-postmanv2/assets/json-schema-faker.js') as {option: (options: object) => void};
  const [print, warn, random, clock] = [console.error, console.warn, Math.random, globalThis.Date];
  Math.random = seededRandom(input);
  faker.option({random: Math.random});
  // And it draws a date-time as some days before now: before a fixed now, so that it does not change by the minute.
  globalThis.Date = fixedNowDate(clock);
  console.error = (...args: unknown[]) => void printed.push(args.map(messageOf).join(' '));
  // Its json-schema-faker's complaints come with the whole schema and a stack: counted, said once.
  console.warn = (...args: unknown[]) => void warned.push(String(args[0]));
  try {
    convertV2(
      {type: 'string', data: input},
      // Parameters and bodies from the description's examples (the sandbox is seeded with them), one
      // folder per tag, as in the reference's sidebar.
      {folderStrategy: 'Tags', parametersResolution: 'Example', includeAuthInfoInExample: true},
      (error, result) => {
        conversion =
          error || !result?.result || !result.output?.[0]
            ? {failure: error?.message ?? result?.reason ?? 'no collection', printed, warned}
            : {collection: result.output[0].data as unknown as PostmanCollection, printed, warned};
      },
    );
  } catch (error) {
    conversion = {failure: messageOf(error), printed, warned};
  } finally {
    console.error = print;
    console.warn = warn;
    Math.random = random;
    globalThis.Date = clock;
    faker.option({random});
  }
  return conversion ?? {failure: 'the converter did not answer at once', printed, warned};
}

/** The moment the converter's faked date-times are drawn before, in place of now. */
const fakedNow = Date.UTC(2025, 0, 1);

/** `clock` as it is, but for `new Date()` and `Date.now()`, which read `fakedNow`. */
function fixedNowDate(clock: DateConstructor): DateConstructor {
  class FixedNowDate extends clock {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(fakedNow);
      // Whatever a caller gives, given on as it is.
      else super(...(args as ConstructorParameters<DateConstructor>));
    }
    static override now(): number {
      return fakedNow;
    }
  }
  return FixedNowDate as DateConstructor;
}

/**
 * The name the converter's request of an operation carries in its input (its `summary`), from which
 * each request is traced back to its operation whatever URL the converter wrote: a server's base path,
 * a final slash, `{+name}:cancel`, `{id}.rss`, a query or fragment in the path key.
 */
const markerOf = (index: number) => `orchard-postman-operation:${index}`;
const operationIndexOf = (name: unknown) => {
  const index = /^orchard-postman-operation:(\d+)$/.exec(String(name))?.[1];
  return index === undefined ? undefined : Number(index);
};

/**
 * The description as the converter is given it (JSON): as loaded (a webhooks-only 3.1 description has
 * an empty paths, every operation an operationId), not the file, as the converter refuses a description
 * without paths; each operation's summary its marker (markerOf); `info.title` and `info.version`, which
 * the converter requires (and writes nowhere but the collection's name), given where the description
 * has none. With `only`, the paths hold that operation alone (to learn why it got no request).
 */
function converterInput(spec: OpenApiSpec, doc: Document, operations: ApiOperation[], only?: number): string {
  const paths: Record<string, unknown> = {};
  if (only === undefined)
    for (const [key, item] of Object.entries(doc.paths)) paths[key] = item && typeof item === 'object' ? {...item} : item;
  operations.forEach((operation, index) => {
    if (only !== undefined && index !== only) return;
    // Alone (`only`): its path item without the path's other operations.
    const others = Object.fromEntries(httpMethods.map((method) => [method, undefined]));
    // A method the converter does not read (OpenAPI 3.2's `query`, `additionalOperations`): the `post`
    // of a path key of its own, whose fragment the collection leaves out; its request is given its method back.
    const fixed = (httpMethods as readonly string[]).includes(operation.method);
    const key = fixed ? operation.path : `${operation.path}#~${operation.method}`;
    const {parameters, servers} = (doc.paths[operation.path] ?? {}) as {parameters?: unknown; servers?: unknown};
    const item = (paths[key] ??= fixed ? {...doc.paths[operation.path], ...others} : {parameters, servers});
    // The way of signing in the samples use first, as the converter writes the first only (Zapier's
    // session cookie, which a Postman request's auth cannot send, comes before its API key).
    const security = operation.operation.security ?? doc.security;
    const preferred = security && preferredWay(waysOf(doc, security));
    const ordered = security && preferred ? [security[preferred]!, ...security.filter((_, at) => at !== preferred)] : security;
    (item as Record<string, unknown>)[fixed ? operation.method : 'post'] = {
      ...withBoundedExamples(doc, operation.operation),
      summary: markerOf(index),
      ...(ordered ? {security: ordered} : {}),
    };
  });
  const info = (doc.info ?? {}) as {title?: unknown; version?: unknown};
  const given = (value: unknown) => (typeof value === 'string' && value.trim() !== '') || typeof value === 'number';
  return JSON.stringify({
    ...doc,
    info: {
      ...info,
      title: given(info.title) ? String(info.title) : spec.title,
      version: given(info.version) ? String(info.version) : '0.0.0',
    },
    paths,
  });
}

type Media = {schema?: unknown; example?: unknown; examples?: unknown};

/**
 * An operation whose bodies and answers without an example, too large to make whole from their schemas,
 * have the bounded value of lib/openapi/schema-sample.ts as their example. The converter would make
 * them with its json-schema-faker down to 10 levels: for Microsoft Graph's entities, hundreds of
 * megabytes each and minutes in all. The others are left to the converter, as before.
 */
function withBoundedExamples(doc: Document, operation: ApiOperation['operation']): ApiOperation['operation'] {
  const bounded = (type: string, media: Media, options: {skipReadOnly?: boolean; skipWriteOnly?: boolean}): Media => {
    if (!media.schema) return media;
    // A JSON body with an `example` is written from it alone (before `examples` or the schema's), yet
    // the converter resolves its schema first, merging each `allOf` into deep copies 10 levels down:
    // for Microsoft Graph's answers, most of its time. The schema it would not read is not given to it.
    const fromExample = (given: Media): Media => (isJsonType(type) ? {...given, schema: {}} : given);
    if (media.example !== undefined) return fromExample(media);
    if (media.examples !== undefined) return media;
    try {
      const made = boundedSample(media.schema, {...options, quiet: true}, doc);
      return made.shortenedAt !== undefined && made.value !== undefined ? fromExample({...media, example: made.value}) : media;
    } catch {
      return media;
    }
  };
  const withContent = <T extends {content?: Record<string, Media>}>(part: T, options: {skipReadOnly?: boolean; skipWriteOnly?: boolean}): T => {
    if (!part.content) return part;
    const content = Object.fromEntries(Object.entries(part.content).map(([type, media]) => [type, bounded(type, media, options)]));
    return Object.entries(content).some(([type, media]) => media !== part.content![type]) ? {...part, content} : part;
  };
  const {requestBody, responses} = operation as {requestBody?: unknown; responses?: Record<string, unknown>};
  const body = requestBody ? withContent(resolve<{content?: Record<string, Media>}>(doc, requestBody as never), {skipReadOnly: true}) : undefined;
  const answers = responses
    ? Object.fromEntries(
        Object.entries(responses).map(([status, answer]) => [
          status,
          withContent(resolve<{content?: Record<string, Media>}>(doc, answer as never), {skipWriteOnly: true}),
        ]),
      )
    : undefined;
  const changed =
    (body !== undefined && body !== resolve(doc, requestBody as never)) ||
    (answers !== undefined && Object.entries(answers).some(([status, answer]) => answer !== resolve(doc, responses![status] as never)));
  return changed ? ({...operation, ...(body ? {requestBody: body} : {}), ...(answers ? {responses: answers} : {})} as typeof operation) : operation;
}

/**
 * A path as the converter writes it into a URL (its `sanitizeUrl`): `{name}` as `{{name}}`, and a whole
 * segment `/{{name}}` as the path variable `/:name`.
 */
function converterPath(text: unknown): string {
  if (typeof text !== 'string') return '';
  let url = text.replace(/(\{[^/{}]+\})/g, (match, name: string, offset: number, whole: string) =>
    whole[offset - 1] === '{' && whole[offset + match.length + 1] !== '}' ? match : `{${name}}`,
  );
  for (const match of url.match(/(\/\{\{[^/{}]+\}\})(?=\/|$)/g) ?? [])
    url = url.replace(match, match.replace(/\{\{/g, ':').replace(/\}\}/g, ''));
  return url;
}

/**
 * The name the converter gives an operation's request (as its libV2 schemaUtils does with
 * `requestNameSource: Fallback`): the summary, else the operationId with spaces, else the
 * description, else the path; at most 255 characters.
 */
export function requestName(operation: ApiOperation): string {
  const {summary, operationId, description} = operation.operation as Record<string, unknown>;
  const spaced =
    typeof operationId === 'string'
      ? operationId
          .replace(/([a-z])([A-Z])/g, '$1 $2')
          .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
          .replace(/(_+)([a-zA-Z0-9])/g, ' $2')
      : '';
  return String(summary || spaced || description || converterPath(operation.path)).substring(0, 255);
}

/**
 * The parts of a request's path after those of the server the converter wrote in full (an operation's
 * own, `https://files.example.com/v2/` + `/items` is `v2`, ``, `items`): the path the server's variable
 * leads to. A final slash of the operation's path (`/check/`, the part ``) is kept.
 */
function pathAfterServer(parts: string[], server: string): string[] {
  const serverParts = converterPath(server)
    .replace(/^[a-z][a-z\d+.-]*:/i, '')
    .replace(/^\/\/[^/]*/, '')
    .replace(/[?#].*$/, '')
    .split('/')
    .filter((part) => part !== '');
  const rest = [...parts];
  const skipEmpty = () => {
    while (rest[0] === '') rest.shift();
  };
  for (const part of serverParts) {
    skipEmpty();
    // Not written as expected: only the empty parts before the path are left out.
    if (rest[0] !== part) return parts.filter((each, index) => each !== '' || parts.slice(0, index).some(Boolean));
    rest.shift();
  }
  skipEmpty();
  return rest;
}

/** `value` with every string `marker` in it (at any depth) replaced by `name`. */
function named(value: unknown, marker: string, name: string): void {
  if (typeof value !== 'object' || value === null) return;
  for (const [key, child] of Object.entries(value))
    if (child === marker) (value as Record<string, unknown>)[key] = name;
    else named(child, marker, name);
}

/** A collection of no request, for a description the converter cannot convert (another provider's). */
function emptyCollection(spec: OpenApiSpec, doc: Document): PostmanCollection {
  const title = (doc.info as {title?: unknown} | undefined)?.title;
  return {
    info: {
      // Replaced by withStableIds, as the converter's.
      _postman_id: '00000000-0000-4000-8000-000000000000',
      name: typeof title === 'string' && title.trim() !== '' ? title : spec.title,
      schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
    },
    item: [],
  };
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

/** The items without those `dropped`, and without the folders that held nothing else. */
function withoutItems(items: PostmanItem[], dropped: Set<PostmanItem>): PostmanItem[] {
  return items.flatMap((item) => {
    if (dropped.has(item)) return [];
    if (!item.item) return [item];
    const kept = withoutItems(item.item, dropped);
    return kept.length === 0 && item.item.length > 0 ? [] : [{...item, item: kept}];
  });
}

type PostmanAuth = {type?: string; bearer?: {key: string; value: string}[]; oauth2?: {key: string; value: string}[]};

/**
 * A bearer token and an OAuth 2 access token sent as the collection's `apiKey`, as our key is: the
 * converter leaves the first to a variable it does not declare, the second to a token Postman must
 * fetch first (Newman fetches none, so the call went without one).
 */
function tokensFromApiKey(value: unknown): void {
  if (typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) return value.forEach(tokensFromApiKey);
  const auth = (value as {auth?: PostmanAuth}).auth;
  if (auth?.type === 'bearer') auth.bearer = [{key: 'token', value: '{{apiKey}}'}];
  if (auth?.type === 'oauth2')
    auth.oauth2 = [
      ...(auth.oauth2 ?? []).filter(({key}) => key !== 'accessToken' && key !== 'addTokenTo'),
      {key: 'accessToken', value: '{{apiKey}}'},
      {key: 'addTokenTo', value: 'header'},
    ];
  Object.values(value).forEach(tokensFromApiKey);
}

/** What the converter writes as the value of a query parameter or form field it cannot serialise. */
const notSupported = '<Error: Not supported in OAS>';

/**
 * Query parameters or form fields with each array the converter could not write (Stripe's `expand`, in
 * deepObject style, which OpenAPI defines for objects only: the converter writes its error text) written
 * as the API reads it: `expand[]=…` for each item of its example, else one made from its items' schema;
 * an item that is an object by its index and fields (Stripe's `lines[0][amount]=…`).
 */
function withArraysAsTheyAreRead(
  doc: Document,
  entries: PostmanQuery[] | undefined,
  schemaOf: (name: string) => {schema?: SchemaOrRef | SchemaNode; example?: unknown} | undefined,
): PostmanQuery[] | undefined {
  return entries?.flatMap((entry) => {
    const given = entry.value === notSupported && entry.key ? schemaOf(entry.key) : undefined;
    const declared = flattenSchema(doc, given?.schema);
    // The array itself, or the array among its alternatives (Stripe's `anyOf: [array, enum: [""]]`).
    const schema = [declared, ...(declared?.anyOf ?? []), ...(declared?.oneOf ?? [])]
      .map((part) => flattenSchema(doc, part))
      .find((part) => part && typesOf(part).includes('array'));
    if (!given || !schema) return [entry];
    const example = given.example ?? schema.example;
    const items = Array.isArray(example)
      ? (example as unknown[])
      : [boundedSample(schema.items ?? {}, {quiet: true}, doc).value];
    return bracketedFields(entry.key ?? '', items).map((written) => ({...entry, ...written}));
  });
}

/** An item's request and the request of each of its saved example answers. */
const requestsOfItem = (item: PostmanItem): Partial<PostmanRequest>[] =>
  [item.request, ...(item.response ?? []).map(({originalRequest}) => originalRequest)].filter((request) => !!request);

/**
 * Path parameters the converter did not write as path variables, which no environment sets: a whole
 * segment `{{connector_id}}` (a path key with a fragment, Mistral's `/v1/connectors/{connector_id}#id`)
 * written as the path variable `:connector_id` with its example, or a value of its schema, as it writes
 * the others; `:+name` (Google's reserved expansion `{+name}`) as `:name`; one within a segment
 * (`{{id}}.rss`, `{{+name}}:cancel`), which a path variable cannot be, or in the query of the path key
 * (`/alerts?lat={lat}`), as that value (left to the reader where there is none). The fragment, which no
 * request sends, left out.
 */
function namePathVariables(doc: Document, item: PostmanItem, operation: ApiOperation): void {
  const parameters = new Map(operation.parameters.filter(({in: where}) => where === 'path').map((p) => [p.name, p]));
  const valueOf = (parameter: ParameterObject) =>
    fittingValue(doc, parameter) ?? String(parameterExample(doc, parameter) ?? '');
  for (const {url} of requestsOfItem(item)) {
    if (!url) continue;
    delete url.hash;
    // The parameters written as their value within a segment: their path variable, if any, is unused.
    const written = new Set<string>();
    const withValues = (text: string, write: (value: string, plus: string) => string) =>
      text.replace(/\{\{(\+?)([^{}]+)\}\}/g, (whole, plus: string, key: string) => {
        const parameter = parameters.get(key);
        const value = parameter && valueOf(parameter);
        if (!value) return whole;
        written.add(key);
        return write(value, plus);
      });
    url.path = (url.path ?? []).map((part) => {
      const name = /^\{\{(.+)\}\}$/.exec(part)?.[1];
      const parameter = name === undefined ? undefined : parameters.get(name);
      if (parameter) {
        url.variable = [...(url.variable ?? []).filter(({key}) => key !== name), {key: name!, value: valueOf(parameter)}];
        return `:${name}`;
      }
      const reserved = /^:\+(.+)$/.exec(part)?.[1];
      const expanded = reserved === undefined ? undefined : parameters.get(reserved);
      if (reserved !== undefined && expanded) {
        url.variable = (url.variable ?? []).filter(({key}) => key !== `+${reserved}`);
        if (!url.variable.some(({key}) => key === reserved)) url.variable.push({key: reserved, value: valueOf(expanded)});
        return `:${reserved}`;
      }
      return withValues(part, (value, plus) => (plus ? value : encodeURIComponent(value)));
    });
    // A path parameter in the query of a path key (`/alerts?lat={lat}&lon={lon}`): its value, as a query's.
    url.query = url.query?.map((entry) =>
      entry.value?.includes('{{') ? {...entry, value: withValues(entry.value, (value) => value)} : entry,
    );
    if (written.size > 0)
      url.variable = url.variable?.filter(({key}) => !written.has(key) || url.path!.includes(`:${key}`));
  }
}

/**
 * Whether a parameter's schema takes a list or an object, which writeArraysAsTheyAreRead writes. An
 * alternative met again (a schema listed among its own `anyOf`) is not read twice.
 */
function takesStructure(doc: Document, schema: SchemaOrRef, seen = new Set<object>()): boolean {
  const node = flattenSchema(doc, schema);
  if (!node || seen.has(node)) return false;
  seen.add(node);
  return (
    typesOf(node).some((type) => type === 'array' || type === 'object') ||
    [...(node.anyOf ?? []), ...(node.oneOf ?? [])].some((alternative) =>
      takesStructure(doc, alternative as SchemaOrRef, seen),
    )
  );
}

/** Whether a parameter's text is a value of its schema, read as the API reads text (a number, a boolean, null). */
function textFits(doc: Document, schema: SchemaOrRef, text: string): boolean {
  const readings: unknown[] = [text];
  if (/^-?\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i.test(text)) readings.push(Number(text));
  if (text === 'true' || text === 'false') readings.push(text === 'true');
  if (text === 'null') readings.push(null);
  return readings.some((value) => fitsSchema(doc, schema, value, {formats: 'all'}));
}

/**
 * The text of a scalar parameter's value that its schema takes: the value it documents, else one made
 * from its schema; undefined when neither fits.
 */
function fittingValue(doc: Document, parameter: ParameterObject): string | undefined {
  const schema = parameter.schema as SchemaOrRef | undefined;
  const documented = parameterExample(doc, parameter);
  if (!schema) return documented === undefined ? undefined : String(documented);
  const fitting = (value: unknown) =>
    value !== undefined && (value === null || typeof value !== 'object') && textFits(doc, schema, String(value))
      ? String(value)
      : undefined;
  // Made from the schema only when the documented value does not fit.
  return fitting(documented) ?? fitting(sample(schema as never, {quiet: true}, doc));
}

/**
 * Path and query parameters whose value the converter wrote against their schema (Mistral's
 * `examples: {}` left `run_id` and `limit` empty), given one that fits: the API would refuse the call.
 */
function fitParameterValues(doc: Document, item: PostmanItem, operation: ApiOperation): void {
  const parameter = (where: string, name: string | null) =>
    operation.parameters.find(({in: given, name: named}) => given === where && named === name);
  const fitted = <T extends {key: string | null; value: string | null; disabled?: boolean}>(
    entry: T,
    where: string,
  ): T => {
    const found = parameter(where, entry.key);
    const schema = found?.schema as SchemaOrRef | undefined;
    if (!found || !schema || entry.disabled || takesStructure(doc, schema) || textFits(doc, schema, entry.value ?? ''))
      return entry;
    const value = fittingValue(doc, found);
    return value === undefined ? entry : {...entry, value};
  };
  for (const {url} of requestsOfItem(item)) {
    if (!url) continue;
    url.variable = url.variable?.map((variable) => fitted(variable, 'path'));
    url.query = url.query?.map((entry) => fitted(entry, 'query'));
  }
}

/**
 * A JSON body its operation's schema refuses, replaced by one made from the schema that it accepts:
 * the converter merges an `allOf` its own way (Mistral's `…#stream` calls: `stream: false` where the
 * schema allows only `true`), so the request would be a call of another operation.
 */
function fitJsonBodies(doc: Document, item: PostmanItem, operation: ApiOperation): void {
  const schema = operation.requestBody?.content['application/json']?.schema;
  if (!schema) return;
  for (const {body} of requestsOfItem(item)) {
    if (body?.mode !== 'raw' || !body.raw?.trim()) continue;
    let sent: unknown;
    try {
      sent = JSON.parse(body.raw);
    } catch {
      sent = undefined;
    }
    if (sent !== undefined && fitsSchema(doc, schema, sent, {formats: 'all'})) continue;
    const made = fittingBody(doc, schema);
    if (made !== undefined) body.raw = JSON.stringify(made, null, 2);
  }
}

/**
 * A body made from `schema` that it accepts, or undefined: every field, else the required ones alone,
 * of the schema, then of the schema with each of its `oneOf` or `anyOf` alternatives in it. A `oneOf`
 * of which fields are required (urlbox's `url` or `html`) refuses a body that has them all.
 */
function fittingBody(doc: Document, schema: SchemaOrRef): unknown {
  const whole = flattenSchema(doc, schema);
  const {oneOf, anyOf, ...rest} = whole ?? {};
  const alternatives = [...(oneOf ?? []), ...(anyOf ?? [])].map((alternative) => {
    const part = flattenSchema(doc, alternative) ?? {};
    return {
      ...rest,
      ...part,
      properties: {...rest.properties, ...part.properties},
      required: [...new Set([...(rest.required ?? []), ...(part.required ?? [])])],
    };
  });
  for (const candidate of [schema, ...alternatives])
    for (const skipNonRequired of [false, true]) {
      let made: unknown;
      try {
        made = boundedSample(candidate, {skipReadOnly: true, skipNonRequired, quiet: true}, doc).value;
      } catch {
        continue;
      }
      if (made !== undefined && fitsSchema(doc, schema, made, {formats: 'all'})) return made;
    }
  return undefined;
}

/**
 * A key an operation takes in a cookie only (no other way of signing in is open to it) sent as a
 * `Cookie` header: a Postman request's auth sends a key in a header or the query, not in a cookie.
 */
function sendCookieCredentials(item: PostmanItem, operation: ApiOperation): void {
  const cookies = operation.credentials.filter((credential) => credential.in === 'cookie');
  if (cookies.length === 0) return;
  for (const request of requestsOfItem(item)) {
    request.auth = {type: 'noauth'};
    request.header = [
      ...(request.header ?? []).filter(({key}) => key.toLowerCase() !== 'cookie'),
      {key: 'Cookie', value: cookies.map(({name}) => `${name}={{apiKey}}`).join('; '), type: 'text'},
    ];
  }
}

/** Every query and form body of an item's requests with its arrays written as read. */
function writeArraysAsTheyAreRead(doc: Document, item: PostmanItem, operation: ApiOperation): void {
  const parameter = (name: string) =>
    operation.parameters.find(({in: where, name: given}) => where === 'query' && given === name);
  const field = (type: string) => (name: string) => {
    const properties = flattenSchema(doc, operation.requestBody?.content[type]?.schema)?.properties;
    return properties?.[name] ? {schema: properties[name]} : undefined;
  };
  for (const request of requestsOfItem(item)) {
    if (request.url) request.url.query = withArraysAsTheyAreRead(doc, request.url.query, parameter);
    const body = request.body;
    if (body?.urlencoded)
      body.urlencoded = withArraysAsTheyAreRead(doc, body.urlencoded, field('application/x-www-form-urlencoded'));
    if (body?.formdata) body.formdata = withArraysAsTheyAreRead(doc, body.formdata, field('multipart/form-data'));
  }
}

/** How many operations without a request are converted alone to learn why (each a conversion of its own). */
const diagnosedAtMost = 10;

/**
 * Why the converter made no request for `operations[index]`: the error it printed when converting that
 * operation alone (with `diagnose`), else what it printed while converting them all.
 */
function whyNoRequest(
  spec: OpenApiSpec,
  doc: Document,
  operations: ApiOperation[],
  index: number,
  printed: string[],
  diagnose: boolean,
): string {
  const why = 'the converter made no request for it';
  if (printed.length === 0) return why;
  if (diagnose) {
    const alone = convert(converterInput(spec, doc, operations, index));
    if (alone.printed.length > 0) return `${why}: ${alone.printed.join('; ')}`;
    if (alone.failure) return `${why}: ${alone.failure}`;
  }
  return `${why} (it printed: ${[...new Set(printed)].join('; ')})`;
}

/**
 * The collection of one description, each request with its tests. Each request is traced back to its
 * operation by the marker the converter carries as its name (converterInput), then named as the converter
 * would have named it. What cannot be made for one operation (no request, a value that cannot be fixed,
 * its tests) is said through leftOut, which fails naming the file for a description held strictly (ours)
 * and otherwise leaves that operation out (or without its tests) with a warning; a description the
 * converter refuses is, for another provider's, a collection of no request.
 */
export async function postmanCollection(spec: OpenApiSpec): Promise<PostmanCollection> {
  const doc = loadSpec(spec);
  const operations = operationsOf(spec, doc);
  const conversion = convert(converterInput(spec, doc, operations));
  if (!conversion.collection)
    leftOut(spec, 'Postman collection', 'every operation', `the Postman conversion failed: ${conversion.failure}`);
  let collection = withStableIds(conversion.collection ?? emptyCollection(spec, doc), spec.id);
  const subjectOf = (operation: ApiOperation) => `${operation.method.toUpperCase()} ${operation.path}`;
  const schemas = new JsonSchemas(doc);
  const [production] = postmanEnvironmentsOf(spec, doc);
  // The variable of each server an operation names of its own, by its URL.
  const servers = new Map(Object.entries(production!.servers).map(([variable, url]) => [url, variable]));
  // An operation's requests (one a tag: an operation with several tags is in each tag's folder, as in
  // the reference's sidebar), and the operations left out of the collection or without their tests.
  const requests = new Map<number, PostmanItem[]>();
  const dropped = new Set<PostmanItem>();
  const [failed, untested] = [new Set<number>(), new Set<number>()];
  for (const item of requestsOf(collection.item)) {
    const index = operationIndexOf(item.name);
    const operation = index === undefined ? undefined : operations[index];
    if (index === undefined || !operation) {
      const {method, url} = item.request!;
      leftOut(spec, 'Postman collection', `${method} /${(url.path ?? []).join('/')}`, 'the converter made this request of no operation of the description');
      dropped.add(item);
      continue;
    }
    requests.set(index, [...(requests.get(index) ?? []), item]);
    // Named as the converter would have named it, the request and its saved answers' too.
    named(item, markerOf(index), requestName(operation));
    if (item.request) item.request.method = operation.method.toUpperCase();
    if (failed.has(index)) {
      dropped.add(item);
      continue;
    }
    try {
      writeArraysAsTheyAreRead(doc, item, operation);
      sendCookieCredentials(item, operation);
      namePathVariables(doc, item, operation);
      fitParameterValues(doc, item, operation);
      fitJsonBodies(doc, item, operation);
      // The converter writes an operation's own server as a literal host, its base path and its final
      // slash (an empty part) before the path: sent to a variable instead, which each environment sets.
      const own = (operation.operation.servers as {url?: unknown}[] | undefined)?.[0];
      const server = servers.get(serverOf(operation)) ?? (own ? 'baseUrl' : undefined);
      for (const {url} of server ? requestsOfItem(item) : []) {
        if (!url) continue;
        delete url.protocol;
        delete url.port;
        url.host = [`{{${server}}}`];
        url.path = pathAfterServer(url.path ?? [], own ? String(own.url ?? '') : '');
      }
    } catch (error) {
      leftOut(spec, 'Postman collection', subjectOf(operation), `its request could not be written: ${messageOf(error)}`);
      failed.add(index);
      for (const each of requests.get(index)!) dropped.add(each);
      continue;
    }
    if (untested.has(index)) continue;
    try {
      item.event = [{listen: 'test', script: {type: 'text/javascript', exec: testScript(operation, schemas)}}];
    } catch (error) {
      leftOut(spec, 'Postman collection', `the tests of ${subjectOf(operation)}`, messageOf(error));
      untested.add(index);
    }
  }
  // None of a conversion that failed: said above, for every operation.
  const missing = conversion.collection ? operations.flatMap((_, index) => (requests.has(index) ? [] : [index])) : [];
  missing.forEach((index, count) =>
    leftOut(
      spec,
      'Postman collection',
      subjectOf(operations[index]!),
      whyNoRequest(spec, doc, operations, index, conversion.printed, count < diagnosedAtMost),
    ),
  );
  // What the converter printed of requests it made after all (its XML bodies), printed as before.
  if (missing.length === 0 && conversion.collection) for (const line of conversion.printed) console.error(line);
  if (conversion.warned.length > 0)
    console.warn(
      `[warning] ${spec.id} (${spec.file}): the Postman converter made no example value for ${conversion.warned.length} schemas ` +
        `(${[...new Set(conversion.warned.map((line) => line.replace(/\s*Schema:.*$/s, '')))].join('; ')}); their requests and saved answers have none`,
    );
  if (dropped.size > 0) collection = {...collection, item: withoutItems(collection.item, dropped)};
  tokensFromApiKey(collection);
  collection.variable = [
    {key: 'baseUrl', value: production!.baseUrl, type: 'string', description: 'Where calls go: an environment (production, local sandbox) sets it.'},
    ...Object.entries(production!.servers).map(([key, value]) => ({
      key,
      value,
      type: 'string',
      description: 'Where the calls that name this server of their own go: an environment sets it, as baseUrl.',
    })),
    {key: 'apiKey', value: '', type: 'string', description: 'Your API key, from the developer portal (the sandbox takes any).'},
  ];
  if (schemas.definitions.size > 0)
    collection.variable.push({
      key: schemasVariable,
      value: JSON.stringify(Object.fromEntries(schemas.definitions)),
      type: 'string',
      description: "The JSON Schemas of this API's answers that the tests check bodies against, written once here for every request.",
    });
  return collection;
}

/**
 * The paragraph that offers a description's collection and the environments, with `link` writing
 * each link (the landing page and its Markdown twin write links their own way).
 */
export function postmanOffer(
  spec: OpenApiSpec,
  link: (text: string, href: string) => string,
  doc?: Document,
): string {
  const [production, sandbox] = postmanEnvironmentsOf(spec, doc);
  const variables = ['baseUrl', ...Object.keys(production!.servers)].map((name) => `\`${name}\``).join(', ');
  return [
    `${link('Download the Postman collection', postmanCollectionPath(spec))} of this API: every call with its example`,
    'parameters and body, and tests that check each answer: a 2xx status and a body that matches this',
    `description. Set the collection's ${variables} and \`apiKey\` variables, or import an environment:`,
    `${link('production', production!.file)} or the ${link('local sandbox', sandbox!.file)} (\`npm run sandbox\`).`,
  ].join('\n');
}

/** A Postman environment file that points the collections at `baseUrl` (and the operations' own `servers`). */
export function postmanEnvironment({
  name,
  baseUrl,
  servers = {},
}: {
  name: string;
  baseUrl: string;
  servers?: Record<string, string>;
}) {
  return {
    name,
    values: [
      {key: 'baseUrl', value: baseUrl, type: 'default', enabled: true},
      ...Object.entries(servers).map(([key, value]) => ({key, value, type: 'default', enabled: true})),
      {key: 'apiKey', value: '', type: 'secret', enabled: true},
    ],
  };
}
