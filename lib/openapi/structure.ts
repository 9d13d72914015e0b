/**
 * Where an OpenAPI description (3.0 or 3.1) holds schemas and references, and where it holds data.
 * A walker that treats every key alike goes wrong on real descriptions: a schema's `properties` map
 * holds NAMES (a property called `default` or `examples` is a schema, not the keyword), and example
 * values are data (SCIM examples hold `"$ref": "https://…"` keys that refer to nothing). This module
 * knows the difference; lib/openapi/references.ts and the plugin's copy (plugin-input.ts) walk with it.
 */

export type Json = null | boolean | number | string | Json[] | {[key: string]: Json};
export type JsonObject = {[key: string]: Json};
/** Keys from the document's root to a value. */
export type JsonPath = readonly (string | number)[];

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A JSON pointer (`#/paths/~1v1~1files/post`) of a path from the root. */
export function pointerOf(path: JsonPath): string {
  return `#${path.map((key) => `/${String(key).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('')}`;
}

/**
 * The keys of a JSON pointer (`/paths/~1v1/get`, without its `#`), unescaped: `~1` is `/`, `~0` is `~`,
 * and a pointer written in a URI fragment may also be percent-encoded (`%7B` for `{`).
 */
export function pointerKeys(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return pointer === '/' ? [''] : [];
  let decoded = pointer;
  try {
    decoded = decodeURIComponent(pointer);
  } catch {
    // A `%` that starts no escape: the pointer as written.
  }
  return decoded
    .slice(1)
    .split('/')
    .map((key) => key.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** The value at `keys` under `from`, or undefined. */
export function valueAt(from: Json | undefined, keys: readonly (string | number)[]): Json | undefined {
  let node: Json | undefined = from;
  for (const key of keys) {
    if (Array.isArray(node)) node = /^\d+$/.test(String(key)) ? node[Number(key)] : undefined;
    else if (isObject(node)) node = Object.hasOwn(node, key) ? node[key] : undefined;
    else return undefined;
  }
  return node;
}

/** Keywords of a schema whose value is one schema. */
export const oneSchema = [
  'items',
  'additionalItems',
  'additionalProperties',
  'unevaluatedItems',
  'unevaluatedProperties',
  'not',
  'propertyNames',
  'contains',
  'if',
  'then',
  'else',
  'contentSchema',
] as const;
/** Keywords of a schema whose value is a list of schemas (`items` too, in draft 4's tuple form). */
const schemaLists = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'] as const;
/** Keywords of a schema whose value maps names to schemas: the names are data, not keywords. */
const schemaMaps = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies'] as const;

/** Where a subschema sits in its parent: the keyword, and the name or index under it. */
export type SubschemaPlace = {keyword: string; key?: string | number};

/** Each subschema of a schema object (not what they contain), with its place. */
export function* subschemas(schema: JsonObject): Generator<[JsonObject, SubschemaPlace]> {
  for (const keyword of oneSchema) {
    const child = schema[keyword];
    if (isObject(child)) yield [child, {keyword}];
  }
  for (const keyword of schemaLists) {
    const list = schema[keyword];
    if (Array.isArray(list))
      for (const [index, child] of list.entries()) if (isObject(child)) yield [child, {keyword, key: index}];
  }
  for (const keyword of schemaMaps) {
    const map = schema[keyword];
    // `dependencies` (draft 7) maps a name to a schema or to a list of names: only the schemas.
    if (isObject(map)) for (const [name, child] of Object.entries(map)) if (isObject(child)) yield [child, {keyword, key: name}];
  }
}

/** What sits at a place of a description: a schema, an OpenAPI object that may be a reference, or data. */
export type Kind =
  | 'schema'
  | 'pathItem'
  | 'operation'
  | 'parameter'
  | 'header'
  | 'requestBody'
  | 'response'
  | 'mediaType'
  | 'encoding'
  | 'example'
  | 'link'
  | 'callback'
  | 'securityScheme';

/** Kinds whose objects may be a Reference Object (`{$ref}`) instead (all but operation, media type, encoding). */
const referable = new Set<Kind>([
  'schema',
  'pathItem',
  'parameter',
  'header',
  'requestBody',
  'response',
  'example',
  'link',
  'callback',
  'securityScheme',
]);

/** What the walker calls: `node` sits at `path` and is of `kind`. Returning false skips what it contains. */
export type Visitor = (node: JsonObject, path: JsonPath, kind: Kind) => boolean | void;

const methods = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace', 'query']);
const componentKinds: Record<string, Kind> = {
  schemas: 'schema',
  responses: 'response',
  parameters: 'parameter',
  examples: 'example',
  requestBodies: 'requestBody',
  headers: 'header',
  securitySchemes: 'securityScheme',
  links: 'link',
  callbacks: 'callback',
  pathItems: 'pathItem',
  // OpenAPI 3.2's reusable media types.
  mediaTypes: 'mediaType',
};

/**
 * Walks a description's structure, calling `visit` on every object that is one of the kinds above,
 * in document order; a Reference Object is visited as the kind it stands for (its `$ref` is the caller's
 * to follow). Data (examples, defaults, enums, link parameters, vendor extensions) is never entered.
 */
export function walkDescription(doc: Json, visit: Visitor): void {
  if (!isObject(doc)) return;
  const at = (node: Json | undefined, path: JsonPath, kind: Kind) => {
    if (!isObject(node)) return;
    if (visit(node, path, kind) === false) return;
    if (referable.has(kind) && typeof node.$ref === 'string' && kind !== 'schema' && kind !== 'pathItem') return;
    inside[kind](node, path);
  };
  const eachIn = (map: Json | undefined, path: JsonPath, kind: Kind) => {
    if (isObject(map)) for (const [key, child] of Object.entries(map)) if (!key.startsWith('x-')) at(child, [...path, key], kind);
  };
  const eachOf = (list: Json | undefined, path: JsonPath, kind: Kind) => {
    if (Array.isArray(list)) list.forEach((child, index) => at(child, [...path, index], kind));
  };
  const inside: Record<Kind, (node: JsonObject, path: JsonPath) => void> = {
    schema: (node, path) => {
      for (const [child, place] of subschemas(node))
        at(child, place.key === undefined ? [...path, place.keyword] : [...path, place.keyword, place.key], 'schema');
    },
    pathItem: (node, path) => {
      eachOf(node.parameters, [...path, 'parameters'], 'parameter');
      for (const [key, child] of Object.entries(node)) if (methods.has(key)) at(child, [...path, key], 'operation');
      // OpenAPI 3.2's other methods.
      eachIn(node.additionalOperations, [...path, 'additionalOperations'], 'operation');
    },
    operation: (node, path) => {
      eachOf(node.parameters, [...path, 'parameters'], 'parameter');
      at(node.requestBody, [...path, 'requestBody'], 'requestBody');
      eachIn(node.responses, [...path, 'responses'], 'response');
      eachIn(node.callbacks, [...path, 'callbacks'], 'callback');
    },
    parameter: (node, path) => {
      at(node.schema, [...path, 'schema'], 'schema');
      eachIn(node.content, [...path, 'content'], 'mediaType');
      eachIn(node.examples, [...path, 'examples'], 'example');
    },
    header: (node, path) => inside.parameter(node, path),
    requestBody: (node, path) => eachIn(node.content, [...path, 'content'], 'mediaType'),
    response: (node, path) => {
      eachIn(node.headers, [...path, 'headers'], 'header');
      eachIn(node.content, [...path, 'content'], 'mediaType');
      eachIn(node.links, [...path, 'links'], 'link');
    },
    mediaType: (node, path) => {
      at(node.schema, [...path, 'schema'], 'schema');
      // OpenAPI 3.2's schema of each item of a stream.
      at(node.itemSchema, [...path, 'itemSchema'], 'schema');
      eachIn(node.examples, [...path, 'examples'], 'example');
      eachIn(node.encoding, [...path, 'encoding'], 'encoding');
    },
    encoding: (node, path) => eachIn(node.headers, [...path, 'headers'], 'header'),
    example: () => undefined,
    link: () => undefined,
    callback: (node, path) => eachIn(node, path, 'pathItem'),
    securityScheme: () => undefined,
  };
  eachIn(doc.paths, ['paths'], 'pathItem');
  eachIn(doc.webhooks, ['webhooks'], 'pathItem');
  if (isObject(doc.components))
    for (const [section, kind] of Object.entries(componentKinds))
      eachIn(doc.components[section], ['components', section], kind);
}
