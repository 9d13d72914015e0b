/**
 * The OpenAPI descriptions as typed data, the one place that loads openapi/*.yaml (or the generated
 * copies), follows `$ref`s and walks the operations. Used by the generator scripts, the sandbox, the
 * Markdown twins and the tests. Our YAML is OpenAPI 3.0 (`openapi: 3.0.3`); a maintainer's may be 3.0
 * or 3.1. Both are read through one model: openapi-types' OpenAPIV3_1 for the document, whose
 * objects hold 3.0's too, and either version's schemas (3.0's `nullable`, 3.1's `type` lists).
 */
import {readFileSync, statSync} from 'node:fs';
import path from 'node:path';

import type {OpenAPIV3, OpenAPIV3_1} from 'openapi-types';
import camelCase from 'lodash/camelCase';
import kebabCase from 'lodash/kebabCase';
import {sample} from 'openapi-sampler';
import {parse} from 'yaml';

import type {CodeSample} from '../../src/code-samples';
import {generatedSpecPath, openApiSpecs, type OpenApiSpec} from './specs';

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
export type HttpMethod = (typeof httpMethods)[number];

/**
 * The largest description file the tools read. Past this, parsing alone takes gigabytes and later
 * steps fail with a bare `RangeError: Invalid string length` or run out of memory, naming nothing:
 * such a file is refused first, by name. A 2,000-operation description is about 6 MB of YAML, and
 * its generated copy with four code samples per operation about three times that.
 */
export const maxDescriptionBytes = 64 * 1024 * 1024;

/** Throws, naming the file, its size and what to do, when a description is too large to build. */
export function checkDescriptionSize(file: string): void {
  const where = path.relative(repoRoot, path.resolve(repoRoot, file));
  const bytes = statSync(path.resolve(repoRoot, file)).size;
  if (bytes > maxDescriptionBytes)
    throw new Error(
      `${where}: ${(bytes / 1024 ** 2).toFixed(0)} MB, more than the ${maxDescriptionBytes / 1024 ** 2} MB a description may have ` +
        `(maxDescriptionBytes in lib/openapi/index.ts). Split it into several descriptions (lib/openapi/specs.ts lists them), ` +
        `or move large examples out of it.`,
    );
}

// The file each loaded document came from, so that a broken `$ref` names it.
const sources = new WeakMap<object, string>();

/**
 * Reads and parses one description, OpenAPI 3.0 or 3.1; a file that is not valid YAML, or of another
 * version, throws, naming it. What our own descriptions must also have (an operationId on every
 * operation, examples) is a lint rule (redocly.yaml), not a condition of loading: an operation without
 * an operationId gets one made from its method and path (derivedOperationId), and a 3.1 description
 * of webhooks alone an empty `paths`.
 */
export function loadDescription(file: string): Document {
  const where = path.relative(repoRoot, path.resolve(repoRoot, file));
  checkDescriptionSize(file);
  let doc: unknown;
  try {
    const text = readFileSync(path.resolve(repoRoot, file), 'utf8');
    // The generated copies are JSON (generatedSpecPath): JSON.parse reads them many times faster.
    doc = file.endsWith('.json') ? JSON.parse(text) : parse(text);
  } catch (error) {
    throw new Error(`${where}: ${(error as Error).message}`);
  }
  const version = (doc as {openapi?: unknown} | null)?.openapi;
  if (typeof version !== 'string' || !/^3\.[01]\.\d+$/.test(version))
    throw new Error(
      `${where}: not an OpenAPI 3.0 or 3.1 description (openapi: ${JSON.stringify(version ?? null)}); ` +
        'the site builds those two versions',
    );
  const described = doc as {paths?: unknown; webhooks?: unknown; components?: unknown};
  if (described.paths === undefined && version.startsWith('3.1.') && (described.webhooks ?? described.components))
    described.paths = {};
  const {paths} = described as {paths?: Record<string, Record<string, {operationId?: unknown} | undefined>>};
  if (typeof paths !== 'object' || paths === null) throw new Error(`${where}: no paths object`);
  const taken = new Set<string>();
  for (const item of Object.values(paths))
    for (const method of httpMethods) {
      const id = item[method]?.operationId;
      if (typeof id === 'string') taken.add(operationSlug(id));
    }
  for (const [pathName, item] of Object.entries(paths))
    for (const method of httpMethods) {
      const operation = item[method];
      if (operation && typeof operation.operationId !== 'string') {
        const derived = derivedOperationId(method, pathName, taken);
        operation.operationId = derived;
        taken.add(operationSlug(derived));
      }
    }
  // A webhook's page is named by its operationId, summary or event (the plugin's rule): one whose name
  // another page has (an event with two methods) gets an operationId of its own, or its page is lost.
  const {webhooks} = described as {webhooks?: Record<string, Record<string, WebhookNaming | undefined>>};
  for (const [event, item] of Object.entries(webhooks ?? {}))
    for (const method of httpMethods) {
      const operation = item[method];
      if (!operation) continue;
      if (taken.has(webhookPageName(operation, event))) operation.operationId = derivedOperationId(method, event, taken);
      taken.add(webhookPageName(operation, event));
    }
  sources.set(doc as object, where);
  return doc as Document;
}

type WebhookNaming = {operationId?: unknown; summary?: unknown};

/** The name of a webhook's page, as the plugin gives it: its operationId, else its summary, else the event. */
function webhookPageName(operation: WebhookNaming, event: string): string {
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
function unusedId(base: string, taken: ReadonlySet<string>): string {
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

/** An operation's request body and responses, their references followed. */
function bodyAndResponses(
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

/** The host a sample or a collection calls when the description names no server (RFC 2606: nothing answers there). */
export const placeholderHost = 'https://api.example.com';

/**
 * A server's URL with its variables at their defaults (`{scheme}://developer.uspto.gov` is
 * `https://…`), without its trailing slash: `https://api.example.com/` + `/v1/…` is one slash too many.
 */
export function serverUrl(server: OpenAPIV3_1.ServerObject | undefined): string {
  return (server?.url ?? '')
    .replace(/\{(\w+)\}/g, (whole, name: string) => server?.variables?.[name]?.default ?? whole)
    .replace(/\/$/, '');
}

/** The first of `servers` that is the API's own: not the sandbox generation adds to a copy (sandbox/servers.ts). */
function ownServer(servers: OpenAPIV3_1.ServerObject[] | undefined): OpenAPIV3_1.ServerObject | undefined {
  return servers?.find((server) => !(server as {'x-sandbox'?: boolean})['x-sandbox']);
}

/** Every operation of one description, in path then method order. */
export function operationsOf(spec: OpenApiSpec, doc: Document = loadSpec(spec)): ApiOperation[] {
  return Object.entries(doc.paths).flatMap(([pathName, item = {}]) =>
    httpMethods.flatMap((method) => {
      const operation = item[method];
      if (!operation) return [];
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
      // The first way of signing in that needs no user and password (a key or token), else the first.
      const ways = security.map((requirement) =>
        Object.keys(requirement).flatMap((name) => credentialOf(schemeNamed(name)) ?? []),
      );
      const credentials = ways.find((way) => way.every((credential) => credential.scheme !== 'basic')) ?? ways[0] ?? [];
      return [
        {
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
        },
      ];
    }),
  );
}

/**
 * One webhook of a 3.1 description (`webhooks`): a call the API makes to the reader's server, with
 * the payload it sends and the answers it expects. Its page's name is the plugin's: its operationId,
 * else its summary, else the event's name.
 */
export type WebhookEvent = {
  spec: OpenApiSpec;
  event: string;
  /** Its page's title, as the plugin writes it: its summary, else its operationId, else the event. */
  title: string;
  method: HttpMethod;
  operation: OpenAPIV3_1.OperationObject;
  requestBody?: OpenAPIV3_1.RequestBodyObject;
  responses: Record<string, ResponseObject>;
  /** The site path of its reference page. */
  route: string;
};

/** Every webhook of one description, in the order it lists them. */
export function webhooksOf(spec: OpenApiSpec, doc: Document): WebhookEvent[] {
  return Object.entries(doc.webhooks ?? {}).flatMap(([event, item]) =>
    isReference(item)
      ? []
      : httpMethods.flatMap((method) => {
          const operation = item[method] as OpenAPIV3_1.OperationObject | undefined;
          // A callback given a page in the generated copy (pagesCopy) is read by callbacksOf.
          if (!operation || callbackMark in operation) return [];
          return [
            {
              spec,
              event,
              title: operation.summary ?? operation.operationId ?? event,
              method,
              operation,
              ...bodyAndResponses(doc, operation),
              route: `/api/api-reference/${spec.referenceId}/${webhookPageName(operation, event)}`,
            },
          ];
        }),
  );
}

/**
 * One callback of an operation (3.0 and 3.1 `callbacks`): a request the API makes to a URL the
 * caller gave in its request (`expression`, a runtime expression such as
 * `{$request.query.callbackUrl}/data`), with its payload and the answers it expects. Its page is
 * named by the callback's operationId, else by its operation's and the callback's names.
 */
export type CallbackEvent = WebhookEvent & {
  callback: {
    /** The operation whose request sets the callback up. */
    of: ApiOperation;
    /** The callback's name in that operation's `callbacks`. */
    name: string;
    expression: string;
    /** The name of its page, unique among the description's pages. */
    operationId: string;
  };
};

/** The extension that marks a callback presented as a webhook in the generated copy (pagesCopy). */
const callbackMark = 'x-callback-of';

/** Every callback of one description's operations, in the order of the operations. */
export function callbacksOf(
  spec: OpenApiSpec,
  doc: Document,
  operations: readonly ApiOperation[] = operationsOf(spec, doc),
): CallbackEvent[] {
  const taken = new Set([
    ...operations.map(({operation}) => operationSlug(operation.operationId)),
    ...webhooksOf(spec, doc).map(({route}) => route.split('/').pop()!),
  ]);
  return operations.flatMap((of) =>
    Object.entries(of.operation.callbacks ?? {}).flatMap(([name, callback]) =>
      Object.entries(resolve<OpenAPIV3_1.CallbackObject>(doc, callback)).flatMap(([expression, pathItem]) => {
        const item = resolve<OpenAPIV3_1.PathItemObject>(doc, pathItem);
        return httpMethods.flatMap((method) => {
          const operation = item[method];
          if (!operation) return [];
          const own = operation.operationId;
          const operationId =
            own && !taken.has(operationSlug(own)) ? own : unusedId(camelCase(`${of.operation.operationId} ${name} callback`), taken);
          taken.add(operationSlug(operationId));
          return [
            {
              spec,
              event: name,
              title: `Callback: ${operation.summary ?? name}`,
              method,
              operation,
              ...bodyAndResponses(doc, operation),
              route: `/api/api-reference/${spec.referenceId}/${operationSlug(operationId)}`,
              callback: {of, name, expression, operationId},
            },
          ];
        });
      }),
    ),
  );
}

/**
 * The sidebar group of an operation without tags: its path's first segment, past a version
 * (`/v1/chat/completions` and `/2.0/users/{username}` are in `chat` and `users`), else `/`.
 */
export function pathGroup(pathName: string): string {
  const segments = pathName.split(/[/?#]/).filter(Boolean);
  return segments.find((segment) => !/^v?\d+(\.\d+)*$/i.test(segment) && !segment.startsWith('{')) ?? segments[0] ?? '/';
}

/**
 * Readies the copy of a description the plugin makes its pages from (its generated copy): an
 * operation without tags is tagged with its path's group (the plugin lists it under UNTAGGED), a
 * webhook without tags with "Webhooks", and each callback, which the plugin shows only as a tab of
 * its operation's page, becomes a webhook of its own (the plugin gives webhooks pages), in its
 * operation's groups, whose description says whose callback it is and where it is sent.
 */
export function pagesCopy(spec: OpenApiSpec, doc: Document): CallbackAsWebhook[] {
  nameAlternatives(doc);
  const operations = operationsOf(spec, doc);
  for (const {operation, path: pathName} of operations)
    if (!operation.tags?.length) operation.tags = [pathGroup(pathName)];
  for (const {operation} of webhooksOf(spec, doc)) {
    if (!operation.tags?.length) operation.tags = ['Webhooks'];
    operation.requestBody = withSamplePayload(doc, operation.requestBody);
  }
  return addCallbacksAsWebhooks(spec, doc, operations);
}

/** A callback as addCallbacksAsWebhooks adds it: its key among the webhooks, and the operation there. */
export type CallbackAsWebhook = {key: string; method: HttpMethod; callback: CallbackEvent; operation: OpenAPIV3_1.OperationObject};

/**
 * Each callback added to the description's webhooks under its page's operationId (the sandbox
 * receives it there as it receives a webhook), marked `x-callback-of`, its description saying whose
 * callback it is and where it is sent.
 */
export function addCallbacksAsWebhooks(
  spec: OpenApiSpec,
  doc: Document,
  operations: readonly ApiOperation[] = operationsOf(spec, doc),
): CallbackAsWebhook[] {
  const callbacks = callbacksOf(spec, doc, operations);
  if (callbacks.length === 0) return [];
  doc.webhooks ??= {};
  const added: CallbackAsWebhook[] = [];
  for (const event of callbacks) {
    const {callback, operation, method, title, requestBody} = event;
    const parent = callback.of;
    const link = `[${(parent.operation.summary ?? parent.operation.operationId).replace(/[[\]\\]/g, '\\$&')}](${operationRoute(parent)})`;
    const intro =
      `Callback \`${callback.name}\` of ${link} (\`${parent.method.toUpperCase()} ${parent.path}\`): ` +
      `the API sends \`${method.toUpperCase()}\` requests to \`${callback.expression}\`.`;
    let key = callback.operationId;
    while (key in doc.webhooks) key = `${key} callback`;
    const asWebhook: OpenAPIV3_1.OperationObject & {[callbackMark]: object} = {
      ...operation,
      operationId: callback.operationId,
      summary: title,
      description: [intro, operation.description].filter(Boolean).join('\n\n'),
      tags: parent.operation.tags,
      requestBody: withSamplePayload(doc, requestBody),
      [callbackMark]: {operationId: parent.operation.operationId, name: callback.name, expression: callback.expression, method},
    };
    doc.webhooks[key] = {[method]: asWebhook};
    added.push({key, method, callback: event, operation: asWebhook});
  }
  return added;
}

/** The name of an example made from a schema, as a page and a twin show it. */
const sampleTitle = 'Made from the schema';

/**
 * A payload the API sends, with an example made from its schema where it has none: the page shows
 * documented examples only (src/shims/no-auto-response-example.ts), and a webhook or callback page
 * should show what arrives.
 */
export function withSamplePayload(
  doc: Document,
  body: OpenAPIV3_1.RequestBodyObject | OpenAPIV3_1.ReferenceObject | undefined,
): OpenAPIV3_1.RequestBodyObject | undefined {
  if (!body) return undefined;
  const resolved = resolve<OpenAPIV3_1.RequestBodyObject>(doc, body);
  const content = Object.entries(resolved.content ?? {}).map(([type, media]) => {
    if (media.example !== undefined || media.examples || !media.schema) return [type, media];
    try {
      // openapi-sampler follows the document's $refs, stops at recursion, and takes oneOf's first alternative.
      const value: unknown = sample(media.schema as Parameters<typeof sample>[0], {quiet: true}, doc);
      return [type, {...media, examples: {[sampleTitle]: {summary: sampleTitle, value}}}];
    } catch {
      // A $ref it cannot follow (to a schema's $id): the schema alone.
      return [type, media];
    }
  });
  return {...resolved, content: Object.fromEntries(content)};
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
function nameAlternatives(value: unknown): void {
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
