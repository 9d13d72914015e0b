/**
 * A description as openapi-backend can route and validate it, whatever its version and shapes:
 *  - 3.1 schemas are JSON Schema 2020-12 (Ajv's `ajv/dist/2020`), 3.0's draft 4 (`ajv-draft-04`);
 *  - keywords of the other version that real descriptions mix in (OpenAI's 3.1 file has 3.0's boolean
 *    `exclusiveMinimum` and `nullable`, Hugging Face's 3.0 file 3.1's numeric one) are read as meant,
 *    and a `oneOf` with a discriminator as OpenAPI means it (the discriminator picks one);
 *  - a schema that contains itself (a tree, a linked list) is left to Ajv, which follows `$ref`s
 *    lazily: openapi-backend inlines every `$ref`, which makes such a schema an endless object;
 *  - a `$ref` that leads nowhere from the document's root (an inline schema's own `#/$defs/…`) accepts
 *    any value rather than stopping the sandbox: Redocly reports it where it matters.
 * Our own descriptions have none of these shapes: for them this is the description as written.
 */
import Ajv2020 from 'ajv/dist/2020';
import type {Options} from 'ajv';
import type Ajv from 'ajv/dist/core';
import AjvDraft04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';

import {httpMethods, operationEntries, type Document} from '../openapi';
import {webhookOperationId, webhookPath} from './servers';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;

/** Every object inside a value (itself too), each visited once. */
function* objectsOf(value: unknown, seen = new Set<unknown>()): Generator<Json | unknown[]> {
  if (!isObject(value) || seen.has(value)) return;
  seen.add(value);
  yield value as Json | unknown[];
  for (const child of Array.isArray(value) ? value : Object.values(value)) yield* objectsOf(child, seen);
}

/** Where a local `$ref` leads from the root, or undefined. */
function target(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((part) => decodeURIComponent(part).replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), doc);
}

/** The `$ref`s a value holds, without following them. */
function refsIn(value: unknown): string[] {
  return [...objectsOf(value)].flatMap((node) =>
    !Array.isArray(node) && typeof node.$ref === 'string' ? [node.$ref] : [],
  );
}

/** The `$ref`s that lead back to themselves: the schemas of a recursion. */
function recursiveRefs(doc: Json): Set<string> {
  const edges = new Map<string, string[]>();
  const pending = refsIn(doc);
  while (pending.length > 0) {
    const ref = pending.pop()!;
    if (edges.has(ref)) continue;
    const next = refsIn(target(doc, ref));
    edges.set(ref, next);
    pending.push(...next);
  }
  const recursive = new Set<string>();
  for (const start of edges.keys()) {
    const stack = [...(edges.get(start) ?? [])];
    const seen = new Set<string>();
    while (stack.length > 0) {
      const ref = stack.pop()!;
      if (ref === start) {
        recursive.add(start);
        break;
      }
      if (seen.has(ref)) continue;
      seen.add(ref);
      stack.push(...(edges.get(ref) ?? []));
    }
  }
  return recursive;
}

/** The other version's bounds and `nullable` as this version's Ajv reads them; `nullable` needs a `type`. */
function normaliseKeywords(doc: Json, v31: boolean): void {
  for (const node of objectsOf(doc)) {
    if (Array.isArray(node)) continue;
    for (const [exclusive, bound] of [
      ['exclusiveMinimum', 'minimum'],
      ['exclusiveMaximum', 'maximum'],
    ] as const) {
      const value = node[exclusive];
      if (v31 && typeof value === 'boolean') {
        if (value && typeof node[bound] === 'number') node[exclusive] = node[bound];
        else delete node[exclusive];
        if (value) delete node[bound];
      } else if (!v31 && typeof value === 'number') {
        node[bound] = value;
        node[exclusive] = true;
      }
    }
    if (typeof node.nullable === 'boolean' && node.type === undefined) delete node.nullable;
    // openapi-backend reads `include[]=a` as the list `include` (OpenAI names such a parameter `include[]`).
    if (node.in === 'query' && typeof node.name === 'string' && node.name.endsWith('[]'))
      node.name = node.name.slice(0, -2);
    // A discriminator names the alternative: alternatives that overlap (a Cat and a Dog of the same
    // fields) are still one of them, where JSON Schema's `oneOf` would refuse a value both accept.
    if (Array.isArray(node.oneOf) && isObject(node.discriminator)) {
      node.allOf = [...((node.allOf as unknown[] | undefined) ?? []), {anyOf: node.oneOf}];
      delete node.oneOf;
    }
  }
}

/**
 * An API key sent in the query string as a parameter of each operation that takes it: openapi-backend
 * refuses query parameters an operation does not declare, and a credential is none of its parameters.
 */
function declareQueryKeys(doc: Json): void {
  const schemes = (doc.components as {securitySchemes?: Record<string, Json>} | undefined)?.securitySchemes ?? {};
  const queryKeys = new Map(
    Object.entries(schemes).flatMap(([name, scheme]) =>
      scheme.type === 'apiKey' && scheme.in === 'query' ? [[name, String(scheme.name)]] : [],
    ),
  );
  if (queryKeys.size === 0) return;
  for (const item of Object.values((doc.paths ?? {}) as Record<string, Json>))
    for (const operation of Object.values(item).filter(isObject)) {
      const security = (operation.security ?? doc.security ?? []) as Record<string, unknown>[];
      const names = new Set(
        security.flatMap((requirement) => Object.keys(requirement).flatMap((scheme) => queryKeys.get(scheme) ?? [])),
      );
      if (names.size === 0 || Array.isArray(operation)) continue;
      operation.parameters = [
        ...((operation.parameters as unknown[] | undefined) ?? []),
        ...[...names].map((name) => ({name, in: 'query', required: false, schema: {type: 'string'}})),
      ];
    }
}

/** Each webhook as a call the sandbox receives (lib/sandbox/servers.ts), with no credential: the API sends it. */
function receiveWebhooks(doc: Json): void {
  const paths = (doc.paths ?? {}) as Record<string, Json>;
  for (const [event, item] of Object.entries((doc.webhooks ?? {}) as Record<string, unknown>)) {
    const path = webhookPath(event);
    // One by `$ref` to a path item of the components is that path item.
    const resolved = isObject(item) && typeof item.$ref === 'string' ? target(doc, item.$ref) : item;
    if (!isObject(resolved) || paths[path]) continue;
    paths[path] = Object.fromEntries(
      operationEntries<Json>(resolved).map(([method, operation]) => [
        method,
        {...operation, operationId: webhookOperationId(event, method), security: []},
      ]),
    );
  }
  doc.paths = paths;
}

/**
 * A path key with a query or a fragment in it: OpenAI's `/responses?beta=true` (the call that sends
 * `beta=true`), Mistral's `/v1/conversations#stream` (the same call with `stream: true` in its body).
 * openapi-backend routes by path alone, so each is served at a path of its own (its path, then
 * `segment`), where the sandbox sends a call that names the variant's query, or one the call's plain
 * path refuses.
 */
export type PathVariant = {
  /** Its path alone, e.g. `/responses/{response_id}` of `/responses/{response_id}?beta=true`. */
  path: string;
  /** The query pairs its key names (`[['beta', 'true']]`); none for a fragment. */
  query: [string, string][];
  /** The segment after its path where openapi-backend routes it: one no request has. */
  segment: string;
  /** Its methods, in lower case. */
  methods: string[];
};

/** Every path key with a query or a fragment, moved to its own routed path. */
function routePathVariants(doc: Json): PathVariant[] {
  const variants = new Map<string, PathVariant>();
  for (const key of Object.keys((doc.paths ?? {}) as Json)) {
    const cut = key.search(/[?#]/);
    if (cut < 0) continue;
    const path = key.slice(0, cut);
    const query = key[cut] === '?' ? [...new URLSearchParams(key.slice(cut + 1).replace(/#.*$/, ''))] : [];
    const item = ((doc.paths as Json)[key] ?? {}) as Json;
    const methods = operationEntries(item).map(([method]) => method);
    variants.set(key, {path, query, segment: `/~variant/${encodeURIComponent(key.slice(cut))}`, methods});
  }
  doc.paths = Object.fromEntries(
    Object.entries((doc.paths ?? {}) as Json).map(([key, item]) => {
      const variant = variants.get(key);
      return [variant ? `${variant.path.replace(/\/$/, '')}${variant.segment}` : key, item];
    }),
  );
  return [...variants.values()];
}

/**
 * An operation of a method openapi-backend does not route (OpenAPI 3.2's `query`, a method under
 * `additionalOperations`: it knows the eight of 3.0): served as the `post` of a path of its own (its
 * path, then `segment`), where the sandbox sends a call of that method to its path.
 */
export type MethodVariant = {
  /** The path key it is an operation of. */
  path: string;
  /** Its method, in lower case. */
  method: string;
  segment: string;
};

/** Every such operation of the description, moved to its own routed path (see MethodVariant). */
function routeMethodVariants(doc: Json): MethodVariant[] {
  const paths = (doc.paths ?? {}) as Record<string, Json>;
  const variants: MethodVariant[] = [];
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of operationEntries<Json>(item)) {
      if ((httpMethods as readonly string[]).includes(method)) continue;
      const segment = `/~method/${encodeURIComponent(method)}`;
      paths[`${path.replace(/\/$/, '')}${segment}`] = {
        ...(item.parameters ? {parameters: item.parameters} : {}),
        ...(item.servers ? {servers: item.servers} : {}),
        post: operation,
      };
      variants.push({path, method, segment});
    }
    delete item.query;
    delete item.additionalOperations;
  }
  return variants;
}

/** The request media types openapi-backend validates any body against, whatever its content type: the first present. */
const validatedFirst = ['application/json', 'multipart/form-data', 'application/x-www-form-urlencoded'];

/**
 * An operation's form body beside the one openapi-backend validates every body against (OpenAI's
 * image edit takes JSON, where an image is a URL, or multipart, where it is a file): served at a path
 * of its own, an operation taking that media type alone, where the sandbox sends a body of that type.
 */
export type MediaVariant = {
  /** The path key it is a variant of (as routed: a query or fragment variant's own path). */
  path: string;
  method: string;
  mediaType: string;
  /** The segment after its path where openapi-backend routes it. */
  segment: string;
  /** The operationId openapi-backend knows it by, and the operation's own. */
  operationId: string;
  of: string;
};

/** Every such body of the description, as an operation of its own (see MediaVariant). */
function routeMediaVariants(doc: Json): MediaVariant[] {
  const paths = (doc.paths ?? {}) as Record<string, Json>;
  const variants: MediaVariant[] = [];
  for (const [path, item] of Object.entries(paths))
    for (const method of httpMethods) {
      const operation = item[method];
      if (!isObject(operation) || typeof operation.operationId !== 'string') continue;
      let requestBody = operation.requestBody;
      if (isObject(requestBody) && typeof requestBody.$ref === 'string') requestBody = target(doc, requestBody.$ref);
      const content = isObject(requestBody) && isObject(requestBody.content) ? requestBody.content : {};
      const validated = validatedFirst.find((type) => type in content);
      for (const mediaType of validatedFirst.filter((type) => type !== validated && type in content)) {
        const segment = `/~media/${encodeURIComponent(mediaType)}`;
        const operationId = `${operation.operationId} ${mediaType}`;
        const key = `${path.replace(/\/$/, '')}${segment}`;
        paths[key] = {
          ...(paths[key] ?? {}),
          ...(item.parameters ? {parameters: item.parameters} : {}),
          [method]: {
            ...operation,
            operationId,
            requestBody: {...(requestBody as Json), content: {[mediaType]: content[mediaType]}},
          },
        };
        variants.push({path, method, mediaType, segment, operationId, of: operation.operationId});
      }
    }
  return variants;
}

/**
 * The format a binary string is validated as. openapi-backend drops every `format: binary` property
 * from its object's `required` ("they cannot be validated"), so an upload without its required file
 * part was answered 200; the sandbox reads a file part as text (lib/sandbox/bodies.ts), which any string
 * format accepts, and a missing one is a `field required` like any other field.
 */
const filePartFormat = 'x-file-part';

/** Every `format: binary` string as `filePartFormat`, which openapi-backend leaves required. */
function keepFilePartsRequired(doc: Json): void {
  for (const node of objectsOf(doc))
    if (!Array.isArray(node) && node.type === 'string' && node.format === 'binary') node.format = filePartFormat;
}

/** The id the whole description has in Ajv, for the `$ref`s Ajv follows itself. */
const documentId = 'https://sandbox.invalid/openapi.json';

export type ValidatingDefinition = {
  /** The description to hand openapi-backend. */
  definition: Document;
  /** openapi-backend's `customizeAjv`: one Ajv per validation context, for the description's version. */
  customizeAjv: (original: unknown, options: Options, context: string) => Ajv;
  /** Its path keys with a query or a fragment, each routed at a path of its own. */
  variants: PathVariant[];
  mediaVariants: MediaVariant[];
  methodVariants: MethodVariant[];
};

export function validatingDefinition(doc: Document): ValidatingDefinition {
  const v31 = doc.openapi.startsWith('3.1');
  const forAjv = structuredClone(doc) as unknown as Json;
  normaliseKeywords(forAjv, v31);
  for (const node of objectsOf(forAjv))
    if (!Array.isArray(node) && typeof node.$ref === 'string' && target(forAjv, node.$ref) === undefined) {
      delete node.$ref;
    }
  declareQueryKeys(forAjv);
  receiveWebhooks(forAjv);
  keepFilePartsRequired(forAjv);
  const recursive = recursiveRefs(forAjv);
  const definition = structuredClone(forAjv);
  // openapi-backend inlines each `$ref`; those of a recursion it is not shown, Ajv follows them (`x-ref`).
  for (const node of objectsOf(definition)) {
    if (Array.isArray(node) || typeof node.$ref !== 'string') continue;
    const ref = node.$ref;
    delete node.$ref;
    if (recursive.has(ref)) node['x-ref'] = ref;
    // openapi-backend's dereferencer reads a pointer's `~1` as is, so a `$ref` into a path's schemas
    // (Mistral's `#/paths/~1v1~1conversations/post/…/$defs/…`) failed it: inlined here instead.
    else if (!ref.startsWith('#/components/'))
      Object.assign(node, {...structuredClone(target(definition, ref) as Json), ...node});
    else node.$ref = ref;
  }
  // After the `$ref`s into paths are followed: they name the keys as written.
  const methodVariants = routeMethodVariants(definition);
  const variants = routePathVariants(definition);
  const mediaVariants = routeMediaVariants(definition);
  const validators = new Map<string, Ajv>();
  return {
    definition: definition as unknown as Document,
    variants,
    mediaVariants,
    methodVariants,
    customizeAjv: (_original, options, context) => {
      const key = `${context} ${String(options.coerceTypes ?? false)}`;
      let ajv = validators.get(key);
      if (!ajv) {
        // openapi-backend asks for coercion where values arrive as text (path, query, headers).
        // No logger: Ajv warns once per use of a format it does not know, and descriptions name their own
        // (Stripe's `unix-time`: hundreds of lines); OpenAPI leaves formats open, and they validate nothing.
        const settings = {
          strict: false,
          allErrors: true,
          validateSchema: false,
          // `array`: one value where a list is documented is a list of one (a path's `{id}` of `style: simple`).
          coerceTypes: options.coerceTypes ? ('array' as const) : false,
          logger: false as const,
        };
        ajv = v31 ? new Ajv2020(settings) : new AjvDraft04(settings);
        addFormats(ajv);
        ajv.addFormat(filePartFormat, () => true);
        if (recursive.size > 0) {
          ajv.addSchema(forAjv, documentId);
          ajv.addKeyword({keyword: 'x-ref', macro: (ref: string) => ({$ref: `${documentId}${ref}`})});
        }
        validators.set(key, ajv);
      }
      return ajv;
    },
  };
}
