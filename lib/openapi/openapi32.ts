/**
 * OpenAPI 3.2 descriptions (September 2025), read through the site's one model, that of 3.1. Most of
 * 3.2 is read as it is written, by every output: the `query` method and `additionalOperations`
 * (document.ts operationEntries), nested tags and their `kind` (events.ts pagesCopy, the plugin's
 * `tagParent` sidebar), `itemSchema` (streams.ts, plugin-input.ts), the OAuth2 device authorization
 * flow (api-page.ts). What 3.2 writes another way is read here, the loaded document changed in place:
 *
 * - a media type given by `$ref` to `components.mediaTypes` is that media type where it is used, and
 *   a stream's `itemSchema` its `schema` (the schema of one event, as 3.1 describes a stream);
 * - an example's `dataValue` is its `value`, and its `serializedValue` an example of its own beside
 *   it, titled "(as sent)": pages, twins and samples show both as what they are;
 * - an `in: querystring` parameter of form fields (`application/x-www-form-urlencoded`, an object
 *   schema) is one query parameter per field, which the page shows, the explorer sends and the samples
 *   write; one of another media type (the whole query string as JSON) no output can show or send.
 *
 * What no output can show is left out and returned, each a line naming the file, the line and the
 * construct: our own descriptions' build fails on it, others' warns (degrade.ts conversionLosses).
 */
import {framingOf} from '../../src/stream-events';
import {locate} from './locate';
import {isObject, pointerKeys, valueAt, walkDescription, type Json, type JsonObject, type JsonPath} from './structure';

/** What the build names as the reader of a 3.2 description, as it names Swagger 2.0's converter. */
export const openApi32Reader = 'lib/openapi/openapi32.ts';

/** The fixed methods of a path item, which `additionalOperations` must not hold again. */
const fixedMethods = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query']);

const formMediaType = 'application/x-www-form-urlencoded';

/** Reads a parsed 3.2 document as 3.1 (in place; references already pointers from the root) and says what it left out. */
export function fromOpenApi32(doc: JsonObject, file: string): string[] {
  const lost: string[] = [];
  const place = (path: JsonPath) => {
    const found = locate(file, path);
    return `${path.join('.')}${found ? ` (line ${found.line})` : ''}`;
  };
  const follow = (value: Json | undefined): Json | undefined => {
    const seen = new Set<string>();
    let node = value;
    while (isObject(node) && typeof node.$ref === 'string' && node.$ref.startsWith('#') && !seen.has(node.$ref)) {
      seen.add(node.$ref);
      node = valueAt(doc, pointerKeys(node.$ref.slice(1)));
    }
    return node;
  };

  walkDescription(doc, (node, path, kind) => {
    if (kind === 'pathItem') checkAdditionalOperations(node, path, place, lost);
    if (kind === 'pathItem' || kind === 'operation') {
      if (Array.isArray(node.parameters)) node.parameters = queryFields(node.parameters, [...path, 'parameters'], follow, place, lost);
    }
    if (kind === 'requestBody' || kind === 'response' || kind === 'parameter' || kind === 'header')
      inlineMediaTypes(node, follow);
    if (kind === 'mediaType' || kind === 'parameter' || kind === 'header') withSerializedExamples(node, follow);
  });
  return lost;
}

/** A method under `additionalOperations` that a fixed field holds (`POST`, `query`) is no other operation: left out. */
function checkAdditionalOperations(item: JsonObject, path: JsonPath, place: (path: JsonPath) => string, lost: string[]): void {
  const additional = item.additionalOperations;
  if (!isObject(additional)) return;
  const seen = new Set<string>();
  for (const method of Object.keys(additional)) {
    if (method.startsWith('x-')) continue;
    const lower = method.toLowerCase();
    const why = fixedMethods.has(lower)
      ? `its own field \`${lower}\` holds that method`
      : seen.has(lower)
        ? `another method of the same name in other capitals is listed before it`
        : undefined;
    seen.add(lower);
    if (!why) continue;
    lost.push(`${place([...path, 'additionalOperations', method])}: the operation under additionalOperations.${method} is left out: ${why}`);
    delete additional[method];
  }
}

/**
 * A content map's media types given by `$ref` (to `components.mediaTypes`), as the media types
 * themselves; a stream's `itemSchema` is its `schema` too, where it has none: 3.1 describes a stream by
 * the schema of one event, which is how every output reads a stream (lib/openapi/streams.ts).
 */
function inlineMediaTypes(node: JsonObject, follow: (value: Json | undefined) => Json | undefined): void {
  if (!isObject(node.content)) return;
  for (const [type, written] of Object.entries(node.content)) {
    const media = isObject(written) && typeof written.$ref === 'string' ? follow(written) : written;
    if (!isObject(media)) continue;
    const streamed = media.schema === undefined && media.itemSchema !== undefined && framingOf(type);
    if (streamed) node.content[type] = {...media, schema: media.itemSchema!};
    else if (media !== written) node.content[type] = {...media};
  }
}

/**
 * A media type's, parameter's or header's examples with 3.2's values read: `dataValue` is the value;
 * `serializedValue` (the bytes as sent) an example of its own after it, titled so.
 */
function withSerializedExamples(node: JsonObject, follow: (value: Json | undefined) => Json | undefined): void {
  if (!isObject(node.examples)) return;
  const examples: JsonObject = {};
  for (const [name, written] of Object.entries(node.examples)) {
    const example = follow(written);
    if (!isObject(example) || (example.dataValue === undefined && example.serializedValue === undefined)) {
      examples[name] = written;
      continue;
    }
    const {dataValue, serializedValue, ...rest} = example;
    const title = typeof example.summary === 'string' ? example.summary : name;
    if (dataValue !== undefined || example.value !== undefined) examples[name] = {...rest, value: dataValue ?? example.value!};
    if (serializedValue !== undefined)
      examples[`${name} (as sent)`] = {...rest, summary: `${title} (as sent)`, value: serializedValue};
  }
  node.examples = examples;
}

/**
 * A parameter list with each `in: querystring` parameter of form fields as one query parameter per
 * field (its schema's properties, their examples from the parameter's); another is left out, said.
 */
function queryFields(
  parameters: Json[],
  path: JsonPath,
  follow: (value: Json | undefined) => Json | undefined,
  place: (path: JsonPath) => string,
  lost: string[],
): Json[] {
  return parameters.flatMap((written, index) => {
    const parameter = follow(written);
    if (!isObject(parameter) || parameter.in !== 'querystring') return [written];
    const name = String(parameter.name);
    const content = isObject(parameter.content) ? parameter.content : {};
    const media = content[formMediaType];
    const schema = isObject(media) ? follow(media.schema) : undefined;
    if (!isObject(media) || !isObject(schema) || !isObject(schema.properties)) {
      const types = Object.keys(content).join(', ') || 'no media type';
      lost.push(
        `${place([...path, index])}: the querystring parameter "${name}" (${types}) is left out: a page shows, the explorer sends and a sample writes a query string only as form fields (${formMediaType} of an object schema)`,
      );
      return [];
    }
    const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
    const example = exampleObject(parameter, media, follow);
    return Object.entries(schema.properties).map(([field, fieldSchema]): Json => {
      const described = follow(fieldSchema);
      return {
        name: field,
        in: 'query',
        ...(required.has(field) ? {required: true} : {}),
        ...(isObject(described) && typeof described.description === 'string' ? {description: described.description} : {}),
        schema: fieldSchema,
        ...(example?.[field] !== undefined ? {example: example[field]} : {}),
        ...(parameter.deprecated === true ? {deprecated: true} : {}),
        ...(isObject(media.encoding) && isObject(media.encoding[field]) ? pick(media.encoding[field], ['style', 'explode', 'allowReserved']) : {}),
      };
    });
  });
}

/** The first example object a querystring parameter or its form media type gives. */
function exampleObject(parameter: JsonObject, media: JsonObject, follow: (value: Json | undefined) => Json | undefined): JsonObject | undefined {
  for (const holder of [parameter, media]) {
    if (isObject(holder.example)) return holder.example;
    if (isObject(holder.examples))
      for (const example of Object.values(holder.examples)) {
        const resolved = follow(example);
        const value = isObject(resolved) ? (resolved.dataValue ?? resolved.value) : undefined;
        if (isObject(value)) return value;
      }
  }
  return undefined;
}

const pick = (from: JsonObject, keys: string[]): JsonObject =>
  Object.fromEntries(keys.filter((key) => from[key] !== undefined).map((key) => [key, from[key]!]));
