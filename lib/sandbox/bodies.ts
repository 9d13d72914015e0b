/**
 * A request body as the sandbox validates it, read by the media type the caller sent among those the
 * operation documents: a form (`application/x-www-form-urlencoded`, `multipart/form-data`) becomes the
 * object its schema describes, a body the operation takes only as bytes or text (an upload) stays
 * text, and anything else is JSON, as our own descriptions take every body.
 */
import {flattenSchema, typesOf, type Document, type SchemaNode} from '../openapi';

/** `application/json`, `application/problem+json`…: a body written as JSON. */
export function isJsonType(mediaType: string): boolean {
  return /^application\/(?:[\w.-]+\+)?json(?:;|$)/i.test(mediaType);
}

const form = 'application/x-www-form-urlencoded';
const multipart = 'multipart/form-data';

export type BodyReading = 'json' | 'form' | 'multipart' | 'raw';

/** How to read a body sent as `contentType` to an operation that documents `documented` media types. */
export function bodyReading(contentType: string | undefined, documented: readonly string[]): BodyReading {
  const sent = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (sent === form && documented.includes(form)) return 'form';
  if (sent === multipart && documented.includes(multipart)) return 'multipart';
  const structured = (type: string) => isJsonType(type) || type === form || type === multipart;
  return documented.length > 0 && !documented.some(structured) ? 'raw' : 'json';
}

type Fields = Record<string, unknown>;

/** A form field's name as steps: `metadata[order]` → metadata, order; `expand[]` → expand, "" (append). */
function stepsOf(name: string): string[] {
  const match = /^([^[]+)((?:\[[^\]]*\])+)$/.exec(name);
  if (!match) return [name];
  return [match[1]!, ...[...match[2]!.matchAll(/\[([^\]]*)\]/g)].map(([, step]) => step!)];
}

/**
 * A form's fields as nested objects and lists: `metadata[order]=6735` and `expand[]=a` (deepObject,
 * as Stripe takes them), and a name given twice as a list.
 */
function nest(entries: Iterable<[string, unknown]>): Fields {
  const root: Fields = {};
  for (const [name, value] of entries) {
    const steps = stepsOf(name);
    let node: Record<string, unknown> = root;
    steps.forEach((step, index) => {
      const key = step === '' && Array.isArray(node) ? String(node.length) : step;
      if (index === steps.length - 1) {
        const before = node[key];
        node[key] = before === undefined || Array.isArray(node) ? value : [before, value].flat();
        return;
      }
      const next = steps[index + 1]!;
      if (typeof node[key] !== 'object' || node[key] === null) node[key] = next === '' || /^\d+$/.test(next) ? [] : {};
      node = node[key] as Record<string, unknown>;
    });
  }
  return root;
}

/**
 * A form's text values as the schema's types: numbers, booleans, a list of one, and an object or list
 * sent as JSON text (the code samples send a field that is no deepObject that way).
 */
function coerce(doc: Document, value: unknown, schemaOrRef: SchemaNode | undefined): unknown {
  const schema = flattenSchema(doc, schemaOrRef);
  if (!schema) return value;
  // The types of the schema and of its alternatives (`anyOf: [{type: boolean}, {type: 'null'}]`).
  const types = [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].flatMap((part) => {
    const resolved = flattenSchema(doc, part);
    return resolved ? typesOf(resolved) : [];
  });
  if (typeof value === 'string') {
    if ((types.includes('object') || types.includes('array')) && /^\s*[[{]/.test(value)) {
      try {
        return coerce(doc, JSON.parse(value), schema);
      } catch {
        return value;
      }
    }
    if ((types.includes('integer') || types.includes('number')) && value.trim() !== '' && !Number.isNaN(Number(value)))
      return Number(value);
    if (types.includes('boolean') && (value === 'true' || value === 'false')) return value === 'true';
    if (types.includes('array')) return [coerce(doc, value, schema.items)];
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => coerce(doc, item, schema.items));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => {
        const additional = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
        return [name, coerce(doc, item, schema.properties?.[name] ?? additional)];
      }),
    );
  return value;
}

/** A form body (either kind) as the object its schema describes. */
export async function readForm(
  doc: Document,
  reading: 'form' | 'multipart',
  text: string,
  contentType: string,
  schema: SchemaNode | undefined,
): Promise<Fields> {
  const entries: [string, unknown][] = [];
  if (reading === 'form') entries.push(...new URLSearchParams(text));
  else {
    // Node's own multipart reader (undici's); a file part is read as text, which its schema checks as a string.
    const parts: Promise<[string, string]>[] = [];
    (await new Response(text, {headers: {'content-type': contentType}}).formData()).forEach((value, name) =>
      parts.push(
        typeof value === 'string' ? Promise.resolve([name, value]) : value.text().then((read) => [name, read]),
      ),
    );
    entries.push(...(await Promise.all(parts)));
  }
  return coerce(doc, nest(entries), schema) as Fields;
}
