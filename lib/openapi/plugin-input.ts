/**
 * The description as docusaurus-plugin-openapi-docs is given it (plugin-options.ts, `pluginSpecPath`): every schema of
 * each operation, webhook and callback inlined, to a size. The plugin dereferences a description
 * itself and then writes it out with JSON.stringify, which writes a schema reached by many paths once
 * for each path (its issues 1295 and 884): Stripe's description, whose answers reach 500 of its 819
 * schemas, had not come out after ten minutes. Here each operation's schemas are inlined breadth-first,
 * the description's own parts first, until `schemaBudget` bytes of them are written; a schema past
 * that is named, not shown, and one that contains itself is the plugin's own `circular(Title)` marker,
 * which its theme shows as the name of the schema that repeats. Within the budget, as for every
 * operation of ours, the plugin is given what it would have made itself.
 */
import {isReference, operationEntries, operationSlug, resolve, type Document} from './index';
import {examplePlace, shortenedExamples, wholeExampleLimit, type ExampleHolder} from './page-examples';
import {wholeExampleKey} from '../../src/explorer-example';
import {placedFor} from './placed';
import {referenceIdOf, type OpenApiSpec} from './specs';

/** Where the plugin's copy keeps the title a landing page shows when its `info.title` names the folder (withPluginInfo). */
export const shownTitle = 'x-title';
/** The mark of a plugin's copy whose `info.version` is the plugin's placeholder, not the description's (withPluginInfo). */
export const versionMissing = 'x-version-missing';

/**
 * The plugin's copy with the `info` the plugin needs, the landing page reading the rest back
 * (lib/openapi/api-page.ts infoPageMarkdown):
 * - the plugin names the landing page, its route and every page's link to it after `info.title`: for a
 *   description whose title is not its reference's name (a second description of one title, given a
 *   `referenceId` of its own) the copy's title is that id, the title shown kept in `x-title`;
 * - the plugin's own Postman conversion of each page refuses a description without `info.version`
 *   (an unhandled rejection in its generation): the copy has a placeholder, marked so that the landing
 *   page shows no version badge.
 */
export function withPluginInfo(spec: Pick<OpenApiSpec, 'referenceId' | 'title'>, copy: Document): Document {
  const info: Record<string, unknown> = {...copy.info};
  if (typeof info.title !== 'string' || referenceIdOf(info.title) !== spec.referenceId) {
    // A description without a title is shown under its entry's.
    info[shownTitle] = typeof info.title === 'string' && info.title.trim() !== '' ? info.title : spec.title;
    info.title = spec.referenceId;
  }
  if (typeof info.version !== 'string' || info.version.trim() === '') {
    info.version = '0.0.0';
    info[versionMissing] = true;
  }
  return {...copy, info: info as Document['info']};
}

/**
 * Bytes of schema (as JSON) one operation's page shows in full; what is past them is named only. Its
 * HTML is about ten times that, which keeps every page under the 500 KB bound (bench/README.md,
 * "npm run bench:corpus"). Every operation of ours and of the corpus's small descriptions is well under
 * it, so shown whole.
 */
export const schemaBudget = 32 * 1024;

/**
 * Bytes of schema the whole copy holds at most, shared by its operations where they are many: the
 * copy is one JSON text, which V8 cannot hold past 512 MB ("Invalid string length", the plugin's issue
 * 884), and the plugin, the bundler and the server bundle hold every page's schemas. Microsoft Graph's
 * 11,422 operations at 32 KB each made a copy over that limit.
 */
export const copySchemaBudget = 128 * 1024 * 1024;
/** The least a page shows of its schemas, however many operations share copySchemaBudget. */
export const leastSchemaBudget = 8 * 1024;

/** Each page's budget (schemaBudget) in a description of `operations` operations: theirs share copySchemaBudget. */
export function schemaBudgetFor(operations: number): number {
  return Math.max(leastSchemaBudget, Math.min(schemaBudget, Math.floor(copySchemaBudget / Math.max(1, operations) / 1024) * 1024));
}

type Json = null | boolean | number | string | Json[] | {[key: string]: Json};
type Container = Json[] | {[key: string]: Json};
/** A `$ref` to a schema met in a copy: where it goes, and the schemas it is inside (to find recursion). */
type Slot = {parent: Container; key: string | number; ref: string; within: readonly string[]};

/** Keywords of a schema that hold data, not schemas: copied as they are. */
const dataKeywords = new Set(['example', 'examples', 'default', 'enum', 'const']);
/** Keywords of a schema whose value maps names (data) to schemas. */
const schemaMaps = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

/** Whether a value holds a `$ref` anywhere within it. */
const refersToSomething = (value: unknown) => JSON.stringify(value ?? null).includes('"$ref"');

/**
 * The key a `$ref` key of example data (SCIM's `"$ref": "https://…"`) has in the plugin's copy: the
 * plugin's reference parser follows every `$ref` it finds, data too, fetching URLs and reading files.
 * The page's generator writes it back as `$ref` (restoredData, lib/openapi/api-page.ts).
 */
const dataRefKey = 'x-orchard-data-$ref';

/** Example data with its `$ref` keys out of the plugin's way (dataRefKey). */
function escapedData(value: Json): Json {
  if (!refersToSomething(value)) return value;
  if (Array.isArray(value)) return value.map(escapedData);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key === '$ref' ? dataRefKey : key, escapedData(child)]));
}

/** A value of the plugin's output with the `$ref` keys of its example data as the description wrote them. */
export function restoredData<T>(value: T): T {
  const text = JSON.stringify(value);
  return text.includes(`"${dataRefKey}"`) ? (JSON.parse(text.replaceAll(`"${dataRefKey}":`, '"$ref":')) as T) : value;
}

/** Whether a local reference leads somewhere (a discriminator's mapping may name a schema that is not there). */
function resolves(doc: Document, ref: string): boolean {
  try {
    resolve(doc, {$ref: ref});
    return true;
  } catch {
    return false;
  }
}
const httpMethods = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);

const placedPathMark = '#~';
/** The methods an operation the plugin cannot read is placed under, the first its path leaves free. */
const placingMethods = ['post', 'put', 'patch', 'delete', 'options', 'head', 'trace'];

/** What a path item shares with each of its operations: all but its operations (its parameters, servers). */
function pathShared(item: {[key: string]: Json}): {[key: string]: Json} {
  return Object.fromEntries(Object.entries(item).filter(([key]) => !httpMethods.has(key)));
}


const setIn = (parent: Container, key: string | number, value: Json) => {
  (parent as Record<string | number, Json>)[key] = value;
};

/** A page of the reference: its address and its title. */
type Page = {route: string; title: string};

/**
 * What the operations of a description have shown: the first page that shows each named schema
 * (its own fields written out), and each schema named only, to be linked to that page once every
 * operation is written.
 */
class Shown {
  readonly pages = new Map<string, Page>();
  readonly namedOnly: {ref: string; title: string; node: {[key: string]: Json}; page?: Page}[] = [];

  /** Each schema named only, linked to a page that shows its fields, where one does. */
  link(budget: number): void {
    for (const {ref, title, node, page} of this.namedOnly) {
      const shown = this.pages.get(ref);
      if (!shown) continue;
      const where =
        shown.route === page?.route
          ? 'its fields are shown elsewhere on this page'
          : `its fields are shown on [${shown.title.replace(/[[\]\\]/g, '\\$&')}](${shown.route})`;
      node.description = `\`${title}\`: not shown in full here, as this page shows the first ${Math.round(budget / 1024)} KB of its schemas; ${where}.`;
    }
  }
}

/**
 * The size (JSON characters) of each named schema's copy with its references left empty, which is the
 * same wherever it is met: measured once per description (at 11,422 operations, copying and measuring
 * each schema again at each meeting took minutes, most of them for schemas then left out).
 */
const copySizes = new WeakMap<Document, Map<string, number>>();

/** The schemas of one operation (its callbacks' too), written within one budget. */
class OperationSchemas {
  private spent = 0;
  private readonly queue: Slot[] = [];
  private readonly sizes: Map<string, number>;

  constructor(
    private readonly doc: Document,
    private readonly budget: number,
    private readonly shown = new Shown(),
    private readonly page?: Page,
  ) {
    let sizes = copySizes.get(doc);
    if (!sizes) copySizes.set(doc, (sizes = new Map()));
    this.sizes = sizes;
  }

  /** A copy of an operation or path item: references to its parts followed, its schemas inlined to the budget. */
  operation(value: Json): Json {
    const copy = this.plain(value, []);
    this.fill();
    return copy;
  }

  /** A copy of what is not a schema: a `$ref` (a parameter, a body, an answer) is followed at once. */
  private plain(value: Json, within: readonly string[]): Json {
    if (Array.isArray(value)) return value.map((item) => this.plain(item, within));
    if (value === null || typeof value !== 'object') return value;
    if (isReference(value)) {
      if (within.includes(value.$ref)) throw new Error(`${value.$ref} refers to itself`);
      return this.plain(resolve<{[key: string]: Json}>(this.doc, value), [...within, value.$ref]);
    }
    const out: {[key: string]: Json} = {};
    // OpenAPI 3.2's schema of each item of a stream is shown where the plugin shows a media type's
    // schema, as a 3.1 stream's `schema` (one event) is.
    const itemsOnly = 'itemSchema' in value && !('schema' in value);
    const entries = Object.entries(itemsOnly ? {...value, schema: value.itemSchema!} : value);
    for (const [key, child] of entries) {
      if (key === 'schema' || key === 'itemSchema') {
        const slots: Slot[] = [];
        out[key] = this.schema(child, [], slots, out, key);
        // The description's own inline schema is shown whatever its size; what it refers to waits its turn.
        this.spent += JSON.stringify(out[key]).length;
        this.queue.push(...slots);
      }
      // An example's value is data, `$ref` keys and all (SCIM's examples hold `"$ref": "https://…"`).
      else if (key === 'example' || key === 'value') out[key] = escapedData(child);
      else if (key.startsWith('x-')) {
        // As in a schema (below): Cohere's `x-fern-streaming` holds whole schemas.
        if (!JSON.stringify(child).includes('"$ref"')) out[key] = child;
      }
      else out[key] = this.plain(child, within);
    }
    return out;
  }

  /** A copy of a schema whose `$ref`s are left empty, each a slot in `slots` to fill. */
  private schema(value: Json, within: readonly string[], slots: Slot[], parent: Container, key: string | number): Json {
    if (Array.isArray(value)) {
      const out: Json[] = [];
      value.forEach((item, index) => out.push(this.schema(item, within, slots, out, index)));
      return out;
    }
    if (value === null || typeof value !== 'object') return value;
    if (isReference(value)) {
      slots.push({parent, key, ref: value.$ref, within});
      return null;
    }
    const out: {[key: string]: Json} = {};
    for (const [name, child] of Object.entries(value)) {
      if (dataKeywords.has(name)) out[name] = escapedData(child);
      // A map of names to schemas: a property may be called `default` or `x-id`, and is a schema all the same.
      else if (schemaMaps.has(name) && child && typeof child === 'object' && !Array.isArray(child)) {
        const map: {[key: string]: Json} = {};
        for (const [field, schema] of Object.entries(child)) map[field] = this.schema(schema, within, slots, map, field);
        out[name] = map;
      }
      // A vendor extension is left out if it refers to schemas (Stripe's `x-expansionResources`): the
      // plugin would follow the reference, and neither it nor its theme shows an extension.
      else if (name.startsWith('x-')) {
        if (!JSON.stringify(child).includes('"$ref"')) out[name] = child;
      }
      else if (name === 'discriminator' && child && typeof child === 'object' && !Array.isArray(child)) {
        // The plugin shows each mapped schema: given as objects, not as references it would follow.
        const mapping: {[key: string]: Json} = {};
        for (const [tag, target] of Object.entries((child.mapping ?? {}) as {[key: string]: Json}))
          if (typeof target === 'string' && target.startsWith('#') && resolves(this.doc, target)) {
            mapping[tag] = null;
            slots.push({parent: mapping, key: tag, ref: target, within});
          } else mapping[tag] = target;
        out[name] = child.mapping ? {...child, mapping} : child;
      } else out[name] = this.schema(child, within, slots, out, name);
    }
    return out;
  }

  /** A copy of the schema `ref` leads to, its references slots in `slots` (to fill). */
  private copyOf(ref: string, target: {[key: string]: Json}, within: readonly string[], slots: Slot[]) {
    const named = /^#\/components\/schemas\/([^/]+)$/.exec(ref)?.[1];
    const copy = this.schema(target, [...within, ref], slots, {}, 'schema') as {[key: string]: Json};
    // Not an empty schema (`Pet: {}`, any value): the theme shows `{title}` alone as a field named "title".
    if (named && copy.title === undefined && Object.keys(copy).length > 0) copy.title = named;
    return copy;
  }

  /** Fills the slots breadth-first: each schema whole while the budget lasts, then named only. */
  private fill(): void {
    // An index, not shift(): an operation of a large description meets thousands of slots.
    for (let next = 0; next < this.queue.length; next += 1) {
      const slot = this.queue[next]!;
      const target = resolve<{[key: string]: Json}>(this.doc, {$ref: slot.ref});
      const named = /^#\/components\/schemas\/([^/]+)$/.exec(slot.ref)?.[1];
      // The plugin titles each component schema by its name when it has no title.
      const title = typeof target.title === 'string' ? target.title : (named ?? '');
      if (slot.within.includes(slot.ref)) {
        setIn(slot.parent, slot.key, `circular(${title})`);
        continue;
      }
      let size = this.sizes.get(slot.ref);
      let copy: {[key: string]: Json} | undefined;
      const slots: Slot[] = [];
      if (size === undefined) {
        copy = this.copyOf(slot.ref, target, slot.within, slots);
        size = JSON.stringify(copy).length;
        this.sizes.set(slot.ref, size);
      }
      if (this.spent + size > this.budget) {
        const node: {[key: string]: Json} = {
          ...(typeof target.type === 'string' ? {type: target.type} : {}),
          title,
          description: `\`${title}\`: not shown in full on this page, which shows the first ${Math.round(this.budget / 1024)} KB of its schemas.`,
        };
        setIn(slot.parent, slot.key, node);
        this.shown.namedOnly.push({ref: slot.ref, title, node, page: this.page});
        continue;
      }
      this.spent += size;
      copy ??= this.copyOf(slot.ref, target, slot.within, slots);
      if (this.page && !this.shown.pages.has(slot.ref)) this.shown.pages.set(slot.ref, this.page);
      setIn(slot.parent, slot.key, copy);
      this.queue.push(...slots);
    }
    this.queue.length = 0;
  }
}

/**
 * An operation whose summary runs over several lines (50 of OpenAI's, one holding a `---` rule that ended
 * the page's front matter) gets its first line as summary, which titles its page and sidebar entry, the
 * whole summary opening its description.
 */
function withOneLineSummary(operation: Json): Json {
  if (!operation || typeof operation !== 'object' || Array.isArray(operation)) return operation;
  const {summary, description} = operation;
  if (typeof summary !== 'string' || !summary.trim().includes('\n')) return operation;
  const [first = ''] = summary.trim().split('\n');
  return {
    ...operation,
    // A title is plain text: a link keeps its words, bold its text.
    summary: first.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replaceAll('**', '').trim(),
    description: typeof description === 'string' ? `${summary.trim()}\n\n${description}` : summary.trim(),
  };
}

/**
 * The plugin's copy of a description (see above): its operations', webhooks' and callbacks' schemas
 * inlined. Given `pages`, the address of the API's reference (`/api/api-reference/<id>`), a schema
 * named only links to the first page that shows its fields.
 */
/**
 * An operation of the plugin's copy with its examples shortened as its page shows them
 * (lib/openapi/page-examples.ts), each note as the example's summary, which the theme prints above it
 * (a lone `example` becomes the first entry of `examples`, named as the theme names it).
 */
function withShortExamples(doc: Document, operation: Json): Json {
  const holder = operation as ExampleHolder & {
    requestBody?: {content?: Record<string, Record<string, Json>>};
    responses?: Record<string, {content?: Record<string, Record<string, Json>>}>;
  };
  const shortened = shortenedExamples(doc, holder);
  if (shortened.size === 0) return operation;
  type Example = {summary?: string; value?: Json; [wholeExampleKey]?: Json};
  const shorten = (part: 'request' | `answer ${string}`, content: Record<string, Record<string, Json>> | undefined) => {
    // What the explorer sends as it comes: a request body's example whole, where it is not too long.
    const keptWhole = (example: {summary?: string; value?: Json}): Partial<Example> =>
      part === 'request' && JSON.stringify(example.value).length <= wholeExampleLimit
        ? {[wholeExampleKey]: example as Json}
        : {};
    for (const [mediaType, media] of Object.entries(content ?? {})) {
      const lone = shortened.get(examplePlace(part, mediaType, ''));
      if (lone) {
        const whole = keptWhole({value: media.example!});
        delete media.example;
        media.examples = {Example: {summary: lone.note, value: lone.value as Json, ...whole}, ...(media.examples as object)};
      }
      for (const [name, example] of Object.entries((media.examples ?? {}) as Record<string, Example>)) {
        const short = shortened.get(examplePlace(part, mediaType, name));
        if (!short || (lone && name === 'Example')) continue;
        Object.assign(example, keptWhole({summary: example.summary, value: example.value}));
        example.value = short.value as Json;
        example.summary = example.summary ? `${example.summary}\n\n${short.note}` : short.note;
      }
    }
  };
  shorten('request', holder.requestBody?.content);
  for (const [status, response] of Object.entries(holder.responses ?? {})) shorten(`answer ${status}`, response?.content);
  return operation;
}

export function pluginInput(doc: Document, budget = schemaBudget, pages?: string): Document {
  const shown = new Shown();
  const pageOf = (value: unknown, name: string): Page | undefined => {
    if (pages === undefined || !value || typeof value !== 'object') return undefined;
    const {operationId, summary} = value as {operationId?: unknown; summary?: unknown};
    // An operation's page, as the plugin names it: by operationId (a webhook without one, by its summary or event).
    const named = typeof operationId === 'string' ? operationId : typeof summary === 'string' ? summary : name;
    // Titled as its page is: a summary of several lines by its first (withOneLineSummary).
    const title = (withOneLineSummary(value as Json) as {summary?: unknown}).summary;
    return {route: `${pages}/${operationSlug(named)}`, title: typeof title === 'string' ? title : named};
  };
  const pathItems = (items: Record<string, unknown> | undefined) =>
    Object.fromEntries(
      Object.entries(items ?? {}).flatMap(([name, item]) => {
        const resolved = resolve<{[key: string]: Json}>(doc, item as {[key: string]: Json});
        const out: {[key: string]: Json} = {};
        const placed: [string, {[key: string]: Json}][] = [];
        const copied = (value: Json) =>
          withShortExamples(
            doc,
            withOneLineSummary(new OperationSchemas(doc, budget, shown, pageOf(value, name)).operation(value)),
          );
        for (const [key, value] of Object.entries(resolved))
          // Each operation has a budget of its own; the path item's shared parameters go with each.
          if (httpMethods.has(key)) out[key] = copied(value);
          else if (key === 'parameters') out[key] = new OperationSchemas(doc, budget, shown).operation(value);
          // OpenAPI 3.2's methods, which the plugin leaves out: each placed where it reads one (placedOperation).
          else if (key === 'query' || key === 'additionalOperations') continue;
          // Anything else that refers to schemas (a callback written where a webhook's path item goes,
          // as Vonage's `x-webhooks` are) is no part of a page: the plugin would follow its references.
          else if (!refersToSomething(value)) out[key] = value;
        for (const [method, operation] of operationEntries<Json>(resolved))
          if (!httpMethods.has(method)) {
            const copy = copied(operation) as {[key: string]: Json};
            copy[placedFor] = {method, path: name};
            // A method its path leaves free, so that the plugin's request for the explorer has the path;
            // else a path of its own.
            const free = placingMethods.find((candidate) => !(candidate in out) && !(candidate in resolved));
            if (free) out[free] = copy;
            else placed.push([`${name}${placedPathMark}${method}`, {...pathShared(out), post: copy}]);
          }
        return [[name, out], ...placed];
      }),
    );
  const {components, ...rest} = doc;
  const copy = {
    // The document's own extensions, but those that refer to schemas, which no page shows.
    ...Object.fromEntries(Object.entries(rest).filter(([key, value]) => !key.startsWith('x-') || !refersToSomething(value))),
    // OpenAPI 3.2 as the 3.1 it is read as (lib/openapi/openapi32.ts): the plugin's parser refuses a
    // version it does not know ("Unknown type name found: string"); its pages show no version.
    ...(/^3\.2\./.test(doc.openapi) ? {openapi: '3.1.1'} : {}),
    paths: pathItems(doc.paths),
    ...(doc.webhooks ? {webhooks: pathItems(doc.webhooks)} : {}),
    // What the plugin reads of the components: the security schemes. Every schema is inlined above.
    components: components?.securitySchemes ? {securitySchemes: components.securitySchemes} : {},
  } as unknown as Document;
  shown.link(budget);
  return copy;
}
