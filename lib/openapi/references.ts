/**
 * Every reference of a description resolved as OpenAPI 3.1 and JSON Schema 2020-12 resolve them, then
 * written as the JSON pointer, from the document's root, of what it leads to: `#/components/schemas/X`.
 * Every tool after loading (the OpenAPI plugin, the Postman converter, openapi-sampler, openapi-backend,
 * our own `resolve`) follows such pointers and nothing else, so this is the one place that reads:
 * - `$id` and `$anchor` (`$ref: /components/schemas/petdetails#pet_details_id`, Swagger's Petstore 3.1),
 *   each `$id` a base for the references inside its schema;
 * - `#/…` inside a schema with an `$id`, from that schema first, then from the document's root;
 * - `#/$defs/…` written from the root of a schema that has no `$id` (Mistral's inline schemas): the
 *   `$defs` of the nearest enclosing schema that has that entry;
 * - a reference under a property named like a keyword (`properties.default`, `properties.examples`),
 *   which is a schema like any other (lib/openapi/structure.ts), while a `$ref` key inside example data
 *   (SCIM's `"$ref": "https://…"`) is data and left alone.
 * A reference that leads to nothing stops loading with the file, the line and the JSON pointer of each;
 * nothing after it runs, so no second error follows.
 */
import {pathToFileURL} from 'node:url';

import {locate} from './locate';
import {
  isObject,
  pointerKeys,
  pointerOf,
  subschemas,
  valueAt,
  walkDescription,
  type Json,
  type JsonObject,
  type JsonPath,
} from './structure';

/** A schema resource (the document, or a schema with an `$id`): its absolute URI and where it is. */
type Resource = {uri: string; path: JsonPath};

/** One reference met: the object holding it, where, what it says, and the schemas around it. */
type Met = {
  holder: JsonObject;
  /** The key holding the reference: `$ref`, or a discriminator mapping's value. */
  key: string;
  path: JsonPath;
  ref: string;
  /** The innermost resource around it, and every enclosing schema's path (innermost first). */
  resource: Resource;
  enclosing: readonly JsonPath[];
};

/** A reference that leads to nothing: where it is, and what it says. */
export type BrokenReference = {path: JsonPath; ref: string; why: string};

/** The URI without its fragment. */
const withoutFragment = (uri: string) => uri.replace(/#.*$/, '');

/** The keys of a path followed by more keys, as one path. */
const under = (path: JsonPath, keys: readonly (string | number)[]): JsonPath => [...path, ...keys];

/**
 * Resolves and rewrites every reference of `doc` in place (see above). `file` names the description in
 * errors (as `named`) and is the document's base URI; `asWritten` gives the pointers in a message as the file
 * wrote them (a converted Swagger 2.0 file's). Throws on a reference that leads to nothing.
 */
export function normalizeReferences(doc: Json, file: string, named = file, asWritten = (ref: string) => ref): void {
  const broken = rewriteReferences(doc, pathToFileURL(file).href);
  if (broken.length === 0) return;
  const lines = broken.map(({path, ref, why}) => {
    const at = locate(file, path);
    return `${named}${at ? `:${at.line}:${at.column}` : ''} (at ${asWritten(pointerOf(path))}): the $ref ${JSON.stringify(asWritten(ref))} ${asWritten(why)}`;
  });
  throw new Error(broken.length === 1 ? lines[0] : `${broken.length} references lead to nothing:\n${lines.join('\n')}`);
}

/**
 * The resolving and rewriting of normalizeReferences, for a document whose base URI is `base`; returns
 * the references that lead to nothing (left as written).
 */
export function rewriteReferences(doc: Json, base: string): BrokenReference[] {
  const root: Resource = {uri: withoutFragment(base), path: []};
  const resources = new Map<string, Resource>([[root.uri, root]]);
  const anchors = new Map<string, JsonPath>();
  const met: Met[] = [];

  /** A schema and its subschemas: their `$id`s, anchors and references. */
  const schema = (node: JsonObject, path: JsonPath, resource: Resource, enclosing: readonly JsonPath[]) => {
    let here = resource;
    if (typeof node.$id === 'string' && node.$id !== '') {
      try {
        const uri = new URL(node.$id, resource.uri).href;
        here = {uri: withoutFragment(uri), path};
        if (!resources.has(here.uri)) resources.set(here.uri, here);
        // A 2019-09 style `$id: '#name'` names a plain-name fragment, as `$anchor` does.
        if (uri.includes('#') && uri.split('#')[1]) anchors.set(uri, path);
      } catch {
        // An `$id` that is no URI reference identifies nothing.
      }
    }
    for (const keyword of ['$anchor', '$dynamicAnchor'])
      if (typeof node[keyword] === 'string') anchors.set(`${here.uri}#${node[keyword] as string}`, path);
    const around = [path, ...enclosing];
    if (typeof node.$ref === 'string') met.push({holder: node, key: '$ref', path, ref: node.$ref, resource: here, enclosing: around});
    // An unquoted `$ref: #/…` in YAML is a comment, so null: a reference to nothing written, left out.
    else if ('$ref' in node) delete node.$ref;
    const mapping = isObject(node.discriminator) ? node.discriminator.mapping : undefined;
    if (isObject(mapping))
      for (const [name, target] of Object.entries(mapping))
        // A mapping's value is a schema's name (`Dog`) or a reference to one.
        if (typeof target === 'string' && /[#/]/.test(target))
          met.push({holder: mapping, key: name, path: [...path, 'discriminator', 'mapping', name], ref: target, resource: here, enclosing: around});
    for (const [child, place] of subschemas(node))
      schema(child, place.key === undefined ? [...path, place.keyword] : [...path, place.keyword, place.key], here, around);
  };

  walkDescription(doc, (node, path, kind) => {
    if (kind === 'schema') {
      schema(node, path, root, []);
      return false;
    }
    if (typeof node.$ref === 'string') met.push({holder: node, key: '$ref', path, ref: node.$ref, resource: root, enclosing: []});
  });

  const broken: BrokenReference[] = [];
  for (const reference of met) {
    const target = targetOf(doc, reference, resources, anchors);
    if (typeof target === 'string') {
      // A mapping that names nothing is left as written: it picks no schema, and stops nothing.
      if (reference.key === '$ref') broken.push({path: [...reference.path, '$ref'], ref: reference.ref, why: target});
      continue;
    }
    reference.holder[reference.key] = pointerOf(target);
  }
  return broken;
}

/** Where a reference leads, or why it leads nowhere. */
function targetOf(
  doc: Json,
  {ref, resource, enclosing}: Met,
  resources: ReadonlyMap<string, Resource>,
  anchors: ReadonlyMap<string, JsonPath>,
): JsonPath | string {
  const exists = (path: JsonPath) => valueAt(doc, path as (string | number)[]) !== undefined;
  if (ref.startsWith('#')) {
    const fragment = ref.slice(1);
    if (fragment === '' || fragment.startsWith('/')) {
      const keys = pointerKeys(fragment);
      const candidates = [
        // From the schema with the innermost `$id` (JSON Schema's reading), then from the document's root
        // (what descriptions that mix `$id` with `#/components/…` mean).
        ...(resource.path.length > 0 ? [under(resource.path, keys)] : []),
        keys,
        // `#/$defs/…` written from an inline schema's own root: the nearest `$defs` that has it.
        ...(keys[0] === '$defs' || keys[0] === 'definitions' ? enclosing.map((path) => under(path, keys)) : []),
      ];
      return candidates.find(exists) ?? `leads to nothing: no ${fragment} in this description`;
    }
    return anchors.get(`${resource.uri}#${fragment}`) ?? `names the anchor ${fragment}, which no schema here has`;
  }
  let uri: URL;
  try {
    uri = new URL(ref, resource.uri);
  } catch {
    return 'is not a URI reference';
  }
  const fragment = uri.hash.slice(1);
  const target = resources.get(withoutFragment(uri.href));
  if (!target)
    return /^https?:/.test(ref)
      ? 'leads to a file on another host, which the build does not fetch (it reads no network): save that file beside the description and refer to it by its relative path'
      : /^file:/.test(ref) || /^[^#]*\.(ya?ml|json)(#|$)/i.test(ref)
        ? 'leads to a file that is not there'
        : `leads to nothing: no schema of this description has the $id ${withoutFragment(ref)}`;
  if (fragment === '') return target.path;
  if (fragment.startsWith('/')) {
    const path = under(target.path, pointerKeys(fragment));
    return exists(path) ? path : `leads to nothing: no ${fragment} in the schema of $id ${withoutFragment(ref)}`;
  }
  return anchors.get(`${target.uri}#${decodeURIComponent(fragment)}`) ?? `names the anchor ${fragment}, which no schema here has`;
}
