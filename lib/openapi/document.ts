/**
 * The OpenAPI descriptions as typed data, the one place that loads openapi/*.yaml (or the generated
 * copies), follows `$ref`s and walks the operations (webhooks and callbacks: ./events.ts; both through
 * ./index.ts). Our YAML is OpenAPI 3.0 (`openapi: 3.0.3`); a maintainer's may be 3.0, 3.1 or Swagger 2.0,
 * which is read converted to 3.1 (./swagger2.ts). All are read through one model: openapi-types' OpenAPIV3_1 for the document, whose objects hold 3.0's too,
 * and either version's schemas (3.0's `nullable`, 3.1's `type` lists).
 */
import {readFileSync, statSync} from 'node:fs';
import path from 'node:path';

import type {OpenAPIV3, OpenAPIV3_1} from 'openapi-types';
import camelCase from 'lodash/camelCase';
import kebabCase from 'lodash/kebabCase';
import {parse} from 'yaml';

import type {CodeSample} from '../../src/code-samples';
import {bundledDescription, refersToFiles} from './bundle';
import {normalizeReferences} from './references';
import {fromOpenApi32, openApi32Reader} from './openapi32';
import {fromSwagger2, isSwagger2, swagger2Converter, swagger2Reference} from './swagger2';
import {generatedSpecPath, openApiSpecs, type OpenApiSpec} from './specs';
import type {Json, JsonObject} from './structure';
import {serverUrl} from '../../src/server-url';

export type {OpenAPIV3, OpenAPIV3_1};

/** The repository's root folder, which `OpenApiSpec.file` paths are relative to. */
export const repoRoot = path.resolve(__dirname, '../..');

/**
 * What our operations add to OpenAPI's: an operationId on each (the plugin names the page after it;
 * loading checks it), and the build-time code samples `npm run gen-api-docs` adds to the generated copy.
 */
type Extensions = {operationId: string; 'x-codeSamples'?: CodeSample[]};
/** A description once loaded: 3.0 or 3.1, with `paths` (an empty object when it has only webhooks). */
export type Document = OpenAPIV3_1.Document<Extensions> & {paths: OpenAPIV3_1.PathsObject<Extensions>};
export type OperationObject = OpenAPIV3_1.OperationObject<Extensions>;
/** A schema of either version: 3.0's (with `nullable`) or 3.1's (with `type` lists, `const`, `examples`). */
export type SchemaObject = OpenAPIV3.SchemaObject | OpenAPIV3_1.SchemaObject;
export type SchemaOrRef = SchemaObject | OpenAPIV3.ReferenceObject | OpenAPIV3_1.ReferenceObject;
export type ParameterObject = OpenAPIV3_1.ParameterObject;
/**
 * A schema or a reference to one, read field by field (a reference has only `$ref`): for code that
 * walks schemas through `$ref`, `allOf`, `items` and `properties`.
 */
export type SchemaNode = Omit<
  OpenAPIV3.BaseSchemaObject,
  'properties' | 'allOf' | 'anyOf' | 'oneOf' | 'not' | 'additionalProperties'
> & {
  $ref?: string;
  /** 3.1 may list types (`[string, 'null']`): typesOf reads either form. */
  type?: string | string[];
  const?: unknown;
  examples?: unknown[];
  items?: SchemaNode;
  properties?: Record<string, SchemaNode>;
  allOf?: SchemaNode[];
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  additionalProperties?: boolean | SchemaNode;
};

/** A schema's types as a list, from 3.0's `type` (and `nullable`) or 3.1's `type` string or list. */
export function typesOf(schema: SchemaNode & {nullable?: boolean}): string[] {
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  return schema.nullable && !types.includes('null') ? [...types, 'null'] : types;
}
export type MediaTypeObject = OpenAPIV3_1.MediaTypeObject;
export type ResponseObject = OpenAPIV3_1.ResponseObject;

/** The methods an OpenAPI 3.0 path item can hold, in the order operations are listed. */
export const httpMethods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;
/**
 * An operation's method, in lower case: one of httpMethods, OpenAPI 3.2's `query`, or a method a 3.2
 * path item lists under `additionalOperations` (`COPY` is `copy` here; every output sends it in capitals).
 */
export type HttpMethod = string;

/** A path item as any version writes it: 3.2 adds `query` and `additionalOperations`. */
type AnyPathItem = {query?: unknown; additionalOperations?: unknown} & Record<string, unknown>;

/**
 * Every operation of a path item, in the order pages list them: the fixed methods, 3.2's `query`, then
 * its `additionalOperations` (./openapi32.ts), each with its method in lower case.
 */
export function operationEntries<Operation = OperationObject>(item: object | undefined): [HttpMethod, Operation][] {
  if (!item) return [];
  const held = item as AnyPathItem;
  const entries: [HttpMethod, Operation][] = [];
  for (const method of [...httpMethods, 'query'])
    if (held[method] && typeof held[method] === 'object') entries.push([method, held[method] as Operation]);
  const additional = held.additionalOperations;
  if (additional && typeof additional === 'object')
    for (const [method, operation] of Object.entries(additional))
      if (operation && typeof operation === 'object' && !method.startsWith('x-'))
        entries.push([method.toLowerCase(), operation as Operation]);
  return entries;
}

/** The operation of a path item for one method (as operationEntries names it), wherever the item holds it. */
export function operationAt<Operation = OperationObject>(item: object | undefined, method: HttpMethod): Operation | undefined {
  return operationEntries<Operation>(item).find(([candidate]) => candidate === method)?.[1];
}

/**
 * The largest description file the tools read. Past this, parsing alone takes gigabytes and later
 * steps fail with a bare `RangeError: Invalid string length` or run out of memory, naming nothing:
 * such a file is refused first, by name. A 2,000-operation description is about 6 MB of YAML, and
 * its generated copy with four code samples per operation about three times that.
 */
export const maxDescriptionBytes = 64 * 1024 * 1024;
/**
 * The largest generated copy (generatedSpecPath, under `.generated/`) the tools read: the description
 * with four code samples per operation, written indented (Microsoft Graph's 20 MB description makes
 * 84 MB). Whoever reads one (the plugin's copy, the Markdown twins, Postman) is given this room.
 */
export const maxGeneratedCopyBytes = 4 * maxDescriptionBytes;

/** Whether `file` is a generated copy of a description (generatedSpecPath), not a description as written. */
const isGeneratedCopy = (file: string) => /(?:^|[\\/])\.generated[\\/]/.test(file);

/** Throws, naming the file, its size and what to do, when a description is too large to build. */
export function checkDescriptionSize(file: string, maxBytes = maxDescriptionBytes): void {
  const where = path.relative(repoRoot, path.resolve(repoRoot, file));
  const bytes = statSync(path.resolve(repoRoot, file)).size;
  if (bytes > maxBytes)
    throw new Error(
      `${where}: ${(bytes / 1024 ** 2).toFixed(0)} MB, more than the ${maxBytes / 1024 ** 2} MB a description may have ` +
        `(maxDescriptionBytes in lib/openapi/document.ts). Split it into several descriptions (lib/openapi/specs.ts lists them), ` +
        `or move large examples out of it.`,
    );
}

// The file each loaded document came from, so that a broken `$ref` names it.
const sources = new WeakMap<object, string>();

/**
 * Reads and parses one description, OpenAPI 3.0 or 3.1, or Swagger 2.0 converted to 3.1 (./swagger2.ts);
 * a file that is not valid YAML, or of another version, throws, naming it. What our own descriptions must also have (an operationId on every
 * operation, examples) is a lint rule (redocly.yaml), not a condition of loading: an operation without
 * an operationId gets one made from its method and path (derivedOperationId), and a 3.1 description
 * of webhooks alone an empty `paths`.
 */
export function loadDescription(
  file: string,
  {maxBytes = isGeneratedCopy(file) ? maxGeneratedCopyBytes : maxDescriptionBytes} = {},
): Document {
  const where = path.relative(repoRoot, path.resolve(repoRoot, file));
  checkDescriptionSize(file, maxBytes);
  let doc: unknown;
  let text: string;
  try {
    text = readFileSync(path.resolve(repoRoot, file), 'utf8');
    // The generated copies are JSON (generatedSpecPath): JSON.parse reads them many times faster.
    doc = file.endsWith('.json') ? JSON.parse(text) : parse(text);
  } catch (error) {
    throw new Error(`${where}: ${(error as Error).message}`);
  }
  // A description split over many files is read as the one document they bundle into (./bundle.ts).
  if (refersToFiles(text, path.resolve(repoRoot, file))) doc = bundledDescription(path.resolve(repoRoot, file));
  // Swagger 2.0 is read as OpenAPI 3.1 (./swagger2.ts); what the conversion lost is kept for the build to say.
  const swagger2 = isSwagger2(doc);
  let lost: string[] = [];
  if (swagger2) ({doc, warnings: lost} = fromSwagger2(doc as Record<string, unknown>));
  const version = (doc as {openapi?: unknown} | null)?.openapi;
  if (typeof version !== 'string' || !/^3\.[012]\.\d+$/.test(version)) {
    const swagger = (doc as {swagger?: unknown} | null)?.swagger;
    throw new Error(
      `${where}: not a Swagger 2.0 or OpenAPI 3.0, 3.1 or 3.2 description (${
        swagger === undefined ? `openapi: ${JSON.stringify(version ?? null)}` : `swagger: ${JSON.stringify(swagger)}`
      }); the site builds those versions`,
    );
  }
  // Redoc's `x-webhooks`, webhooks before OpenAPI 3.1 had them (APIs.guru's descriptions carry them): the
  // OpenAPI plugin gives them pages, so every other output reads them as webhooks too.
  const extended = doc as {webhooks?: unknown; 'x-webhooks'?: unknown};
  if (extended.webhooks === undefined && typeof extended['x-webhooks'] === 'object' && extended['x-webhooks'] !== null) {
    extended.webhooks = extended['x-webhooks'];
    delete extended['x-webhooks'];
  }
  // Every reference as a pointer from the root, whatever form it was written in (./references.ts).
  normalizeReferences(doc as Json, path.resolve(repoRoot, file), where, swagger2 ? swagger2Reference : undefined);
  // OpenAPI 3.2 is read as 3.1 where 3.1 has a shape for it; what no output can show is kept to be said (./openapi32.ts).
  if (version.startsWith('3.2.')) lost = fromOpenApi32(doc as JsonObject, path.resolve(repoRoot, file));
  const described = doc as {paths?: unknown; webhooks?: unknown; components?: unknown};
  if (described.paths === undefined && /^3\.[12]\./.test(version) && (described.webhooks ?? described.components))
    described.paths = {};
  const {paths} = described as {paths?: Record<string, Record<string, {operationId?: unknown} | undefined>>};
  if (typeof paths !== 'object' || paths === null) throw new Error(`${where}: no paths object`);
  const taken = new Set<string>();
  for (const item of Object.values(paths))
    for (const [, operation] of operationEntries<{operationId?: unknown}>(item)) {
      const id = operation.operationId;
      if (typeof id === 'string') taken.add(operationSlug(id));
    }
  for (const [pathName, item] of Object.entries(paths))
    for (const [method, operation] of operationEntries<{operationId?: unknown}>(item)) {
      if (typeof operation.operationId !== 'string') {
        const derived = derivedOperationId(method, pathName, taken);
        operation.operationId = derived;
        taken.add(operationSlug(derived));
      }
    }
  // A webhook's page is named by its operationId, summary or event (the plugin's rule): one whose name
  // another page has (an event with two methods) gets an operationId of its own, or its page is lost.
  const {webhooks} = described as {webhooks?: Record<string, Record<string, WebhookNaming | undefined>>};
  for (const [event, item] of Object.entries(webhooks ?? {}))
    for (const [method, operation] of operationEntries<WebhookNaming>(item)) {
      if (taken.has(webhookPageName(operation, event))) operation.operationId = derivedOperationId(method, event, taken);
      taken.add(webhookPageName(operation, event));
    }
  sources.set(doc as object, where);
  if (swagger2) conversions.set(doc as object, {converter: swagger2Converter, from: 'Swagger 2.0', warnings: lost});
  else if (version.startsWith('3.2.')) conversions.set(doc as object, {converter: openApi32Reader, from: 'OpenAPI 3.2', warnings: lost});
  return doc as Document;
}

/** How a document that is not written as OpenAPI 3.0 or 3.1 was read: by what, from what, and what it lost. */
export type Conversion = {converter: string; from: 'Swagger 2.0' | 'OpenAPI 3.2'; warnings: readonly string[]};

// How each Swagger 2.0 or OpenAPI 3.2 description was read (./swagger2.ts, ./openapi32.ts), by its loaded document.
const conversions = new WeakMap<object, Conversion>();

/**
 * How a loaded document came to be read as OpenAPI 3.1 when its file is Swagger 2.0 or OpenAPI 3.2:
 * the converter and what it lost (each a line naming the place); undefined for a file written as 3.0 or 3.1.
 */
export function conversionOf(doc: Document): Conversion | undefined {
  return conversions.get(doc);
}

export type WebhookNaming = {operationId?: unknown; summary?: unknown};

/** The name of a webhook's page, as the plugin gives it: its operationId, else its summary, else the event. */
export function webhookPageName(operation: WebhookNaming, event: string): string {
  return operationSlug(String(operation.operationId ?? operation.summary ?? event));
}

/**
 * The operationId of an operation that has none: its method and path in camel case
 * (`GET /v1/accounts/{account}` → `getV1AccountsAccount`), numbered on when that page name is taken.
 */
export function derivedOperationId(method: string, pathName: string, taken: ReadonlySet<string>): string {
  return unusedId(camelCase(`${method} ${pathName}`) || method, taken);
}

/** `base`, or `base2`, `base3`… : the first whose page name is not taken. */
export function unusedId(base: string, taken: ReadonlySet<string>): string {
  let id = base;
  for (let count = 2; taken.has(operationSlug(id)); count += 1) id = `${base}${count}`;
  return id;
}

/** One spec's description: the YAML as written, or (`generated`) the copy with code samples the pages come from. */
export function loadSpec(spec: OpenApiSpec, {generated = false} = {}): Document {
  return loadDescription(generated ? generatedSpecPath(spec) : spec.file);
}

export function isReference(value: unknown): value is OpenAPIV3.ReferenceObject | OpenAPIV3_1.ReferenceObject {
  return typeof value === 'object' && value !== null && typeof (value as {$ref?: unknown}).$ref === 'string';
}

/** Follows a local `$ref` (`#/components/...`), and the `$ref`s it leads to, to the object it names. */
export function resolve<T extends object>(doc: Document, value: T | OpenAPIV3_1.ReferenceObject): T {
  const seen = new Set<string>();
  let current: unknown = value;
  while (isReference(current)) {
    const ref = current.$ref;
    if (seen.has(ref) || !ref.startsWith('#/')) throw new Error(`${sources.get(doc) ?? 'OpenAPI'}: cannot resolve ${ref}`);
    seen.add(ref);
    current = ref
      .slice(2)
      .split('/')
      .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc);
    if (current === undefined) throw new Error(`${sources.get(doc) ?? 'OpenAPI'}: unresolved ${ref}`);
  }
  return current as T;
}

/** A named schema of `components.schemas`, its references followed; throws, naming the file, if there is none. */
export function componentSchema(doc: Document, name: string): SchemaObject {
  const schema = doc.components?.schemas?.[name];
  if (!schema) throw new Error(`${sources.get(doc) ?? 'OpenAPI'}: no schema ${name} in components.schemas`);
  return resolve(doc, schema);
}

/** A schema with its `$ref`s followed and its `allOf` parts merged into one (their properties too). */
export function flattenSchema(doc: Document, schema: SchemaOrRef | SchemaNode | undefined): SchemaNode | undefined {
  if (!schema) return undefined;
  const node = resolve<SchemaNode>(doc, schema as SchemaNode);
  if (!node.allOf) return node;
  return node.allOf
    .map((part) => flattenSchema(doc, part))
    .reduce<SchemaNode>(
      // Each part's required fields are required of the whole.
      (merged, part) => ({
        ...merged,
        ...part,
        properties: {...merged.properties, ...part?.properties},
        ...((merged.required ?? part?.required) && {required: [...new Set([...(merged.required ?? []), ...(part?.required ?? [])])]}),
      }),
      {...node, allOf: undefined, properties: {...node.properties}},
    );
}

/**
 * The value a parameter documents for itself, if any: its `example`, its first named example's value,
 * then its schema's `example`, the first of its `examples` (3.1) or its `default`. Without `doc`, a
 * `$ref`'d example or schema counts as none.
 */
export function parameterExample(doc: Document | undefined, parameter: ParameterObject): unknown {
  const follow = <T extends object>(value: T | OpenAPIV3_1.ReferenceObject | undefined): T | undefined =>
    value === undefined || (isReference(value) && !doc) ? undefined : doc ? resolve(doc, value) : (value as T);
  if (parameter.example !== undefined) return parameter.example;
  for (const named of Object.values(parameter.examples ?? {})) {
    const value = follow<OpenAPIV3_1.ExampleObject>(named)?.value as unknown;
    if (value !== undefined) return value;
  }
  const schema = follow<SchemaNode & {example?: unknown; examples?: unknown}>(parameter.schema as SchemaNode);
  if (schema?.example !== undefined) return schema.example;
  if (Array.isArray(schema?.examples) && schema.examples.length > 0) return schema.examples[0] as unknown;
  return schema?.default as unknown;
}

/** One operation of a description, with its references followed. */
export type ApiOperation = {
  spec: OpenApiSpec;
  method: HttpMethod;
  /** Path as written in the description, e.g. `/predictor/language/pre-trained/{model_id}`. */
  path: string;
  /** The documented server's URL plus the path, e.g. `https://api.orchard.example/api/...`. */
  url: string;
  /** The path as served on the host, with the server's prefix: `/api/predictor/language/...`. */
  fullPath: string;
  /** The operation object itself (not a copy: gen-api-docs adds its samples to it). */
  operation: OperationObject;
  /** The path item's parameters merged with the operation's (the operation's win on name and place), resolved. */
  parameters: ParameterObject[];
  requestBody?: OpenAPIV3_1.RequestBodyObject;
  /** Responses by status as written (`2XX`, `422`), resolved. */
  responses: Record<string, ResponseObject>;
  /** Header names of the API keys this call accepts (security schemes of type apiKey in a header). */
  keyHeaders: string[];
  /** How a caller sends its credentials, by the first security requirement that applies (none: empty). */
  credentials: Credential[];
};

/**
 * One credential a call carries: an API key in a header, query parameter or cookie, or an HTTP
 * `Authorization` header (bearer, basic; OAuth 2 and OpenID Connect send a bearer token), its value
 * written after `prefix`.
 */
export type Credential = {in: 'header' | 'query' | 'cookie'; name: string; prefix: string; scheme: string};

function credentialOf(scheme: OpenAPIV3_1.SecuritySchemeObject | undefined): Credential | undefined {
  if (!scheme) return undefined;
  if (scheme.type === 'apiKey')
    return {in: scheme.in === 'query' || scheme.in === 'cookie' ? scheme.in : 'header', name: scheme.name, prefix: '', scheme: 'apiKey'};
  if (scheme.type === 'http' && scheme.scheme.toLowerCase() === 'basic')
    return {in: 'header', name: 'Authorization', prefix: 'Basic ', scheme: 'basic'};
  // Bearer, OAuth 2 and OpenID Connect: a token in the Authorization header.
  return {in: 'header', name: 'Authorization', prefix: 'Bearer ', scheme: scheme.type === 'http' ? 'bearer' : scheme.type};
}

/**
 * Which of an operation's ways of signing in its samples and requests use: the first that needs no
 * user and password and no cookie (a key or token in a header or the query: Zapier lists its session
 * cookie first, then its API key), else the first without user and password, else the first.
 */
export function preferredWay(ways: readonly (readonly Credential[])[]): number {
  const without = (scheme: (credential: Credential) => boolean) =>
    ways.findIndex((way) => way.every((credential) => !scheme(credential)));
  const found = [without((credential) => credential.scheme === 'basic' || credential.in === 'cookie'), without((credential) => credential.scheme === 'basic')];
  return found.find((index) => index >= 0) ?? 0;
}

/** The credentials of each way of signing in a list of security requirements gives, in its order. */
export function waysOf(doc: Document, security: readonly OpenAPIV3_1.SecurityRequirementObject[]): Credential[][] {
  const schemeNamed = (name: string) => {
    const scheme = doc.components?.securitySchemes?.[name];
    return scheme ? resolve<OpenAPIV3_1.SecuritySchemeObject>(doc, scheme) : undefined;
  };
  return security.map((requirement) => Object.keys(requirement).flatMap((name) => credentialOf(schemeNamed(name)) ?? []));
}

/** An operation's request body and responses, their references followed. */
export function bodyAndResponses(
  doc: Document,
  operation: OpenAPIV3_1.OperationObject,
): Pick<ApiOperation, 'requestBody' | 'responses'> {
  return {
    requestBody: operation.requestBody && resolve<OpenAPIV3_1.RequestBodyObject>(doc, operation.requestBody),
    responses: Object.fromEntries(
      Object.entries(operation.responses ?? {}).map(([status, response]) => [status, resolve<ResponseObject>(doc, response)]),
    ),
  };
}

/**
 * The answer an operation documents for a call that works: its first (lowest) 2XX response, else its
 * `default` one, with its status key. The sandbox answers with it, the samples read it, the docs show it.
 */
export function documentedSuccess<Response>(
  responses: Readonly<Record<string, Response>>,
): [status: string, response: Response] | undefined {
  const entries = Object.entries(responses);
  return entries.find(([status]) => /^2/.test(status)) ?? entries.find(([status]) => status === 'default');
}

/** The host a sample or a collection calls when the description names no server (RFC 2606: nothing answers there). */
export const placeholderHost = 'https://api.example.com';

// A server's URL with its variables at their defaults, without its trailing slash (src/server-url.ts).
export {serverUrl};

/** The first of `servers` that is the API's own: not the sandbox generation adds to a copy (lib/sandbox/servers.ts). */
function ownServer(servers: OpenAPIV3_1.ServerObject[] | undefined): OpenAPIV3_1.ServerObject | undefined {
  return servers?.find((server) => !(server as {'x-sandbox'?: boolean})['x-sandbox']);
}

/** Every operation of one description, in path then method order. */
export function operationsOf(spec: OpenApiSpec, doc: Document = loadSpec(spec)): ApiOperation[] {
  return Object.entries(doc.paths).flatMap(([pathName, item = {}]) =>
    operationEntries(item).map(([method, operation]) => {
      // An operation's or its path's own servers win (Stripe's uploads go to files.stripe.com).
      const server = serverUrl(ownServer(operation.servers) ?? ownServer(item.servers) ?? ownServer(doc.servers));
      const parameters = new Map<string, ParameterObject>();
      for (const parameter of [...(item.parameters ?? []), ...(operation.parameters ?? [])]) {
        const resolved = resolve<ParameterObject>(doc, parameter);
        parameters.set(`${resolved.in} ${resolved.name}`, resolved);
      }
      const security = operation.security ?? doc.security ?? [];
      const schemeNamed = (name: string) => {
        const scheme = doc.components?.securitySchemes?.[name];
        return scheme ? resolve<OpenAPIV3_1.SecuritySchemeObject>(doc, scheme) : undefined;
      };
      const keyHeaders = security
        .flatMap((requirement) => Object.keys(requirement))
        .map(schemeNamed)
        .flatMap((scheme) => (scheme?.type === 'apiKey' && scheme.in === 'header' ? [scheme.name] : []));
      const ways = waysOf(doc, security);
      const credentials = ways[preferredWay(ways)] ?? [];
      return {
        spec,
        method,
        path: pathName,
        url: `${server}${pathName}`,
        fullPath: `${server.replace(/^[a-z]+:\/\/[^/]+/, '')}${pathName}`,
        operation,
        parameters: [...parameters.values()],
        ...bodyAndResponses(doc, operation),
        keyHeaders,
        credentials,
      };
    }),
  );
}


/**
 * The name of a oneOf or anyOf alternative written in place (no `$ref`, no title) with fields of its
 * own, `object with bucket, volume`; undefined for any other. The plugin labels such an alternative
 * "object", as it labels every other one.
 */
export function inlineAlternativeTitle(alternative: SchemaNode): string | undefined {
  const fields = Object.keys(alternative.properties ?? {});
  if (alternative.$ref || alternative.title || fields.length === 0 || alternative.oneOf || alternative.anyOf) return undefined;
  return `object with ${fields.join(', ')}`;
}

/** Gives each oneOf and anyOf alternative written in place a title (inlineAlternativeTitle), the label of its tab. */
export function nameAlternatives(value: unknown): void {
  if (Array.isArray(value)) for (const item of value) nameAlternatives(item);
  else if (typeof value === 'object' && value !== null)
    for (const [key, child] of Object.entries(value)) {
      if (key === 'example' || key === 'examples') continue;
      if ((key === 'oneOf' || key === 'anyOf') && Array.isArray(child))
        for (const alternative of child as SchemaNode[]) {
          const title = inlineAlternativeTitle(alternative);
          if (title) alternative.title = title;
        }
      nameAlternatives(child);
    }
}

/** Every operation of every description of lib/openapi/specs.ts (each description loaded once). */
export function allOperations(): ApiOperation[] {
  return openApiSpecs.flatMap((spec) => operationsOf(spec));
}

/**
 * The plugin's page slug for an operation: its operationId in kebab case, by the function the plugin
 * uses (lodash's, which makes a word of each run of digits: `getModelV2` → `get-model-v-2`). A slug
 * of our own missed such pages, and their Markdown twins fell back to converting the HTML.
 */
export function operationSlug(operationId: string): string {
  return kebabCase(operationId);
}

/** The site path of an operation's reference page. */
export function operationRoute({spec, operation}: Pick<ApiOperation, 'spec' | 'operation'>): string {
  return `/api/api-reference/${spec.referenceId}/${operationSlug(operation.operationId)}`;
}

/**
 * A value written as form and query fields the way Stripe, Rails and qs read nested values: an
 * object's fields as `key[field]=…`, a list's scalars as `key[]=…` and its objects by index,
 * `key[0][field]=…`. Null is left out: a form cannot say it.
 */
export function bracketedFields(key: string, value: unknown): {key: string; value: string}[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value))
    return value.flatMap((item: unknown, index) =>
      bracketedFields(item !== null && typeof item === 'object' ? `${key}[${index}]` : `${key}[]`, item),
    );
  if (typeof value === 'object')
    return Object.entries(value).flatMap(([field, inner]) => bracketedFields(`${key}[${field}]`, inner));
  return [{key, value: String(value as string | number | boolean)}];
}
