/**
 * Markdown for the API reference, written from the OpenAPI descriptions themselves: the built HTML of
 * an operation page holds little of its schema (the theme renders it in the browser), so the
 * Markdown versions of reference pages come straight from the contract instead. They read the copy
 * the pages are generated from (.generated/openapi/, npm run gen-api-docs), whose `x-codeSamples`
 * are the samples the page shows (lib/samples/write.ts).
 */
import {existsSync} from 'node:fs';
import path from 'node:path';

import {sampleLanguage, type CodeSample} from '../../src/code-samples';
import {maxOperationCards} from '../../src/components/OperationIndex/entries';
import {
  callbacksOf,
  loadDescription,
  operationRoute,
  operationsOf,
  flattenSchema,
  inlineAlternativeTitle,
  resolve as resolveRef,
  tagLabels,
  typesOf,
  webhooksOf,
  withSamplePayload,
  type ApiOperation,
  type CallbackEvent,
  type WebhookEvent,
  type Document,
  type MediaTypeObject,
  type OpenAPIV3_1,
  type ResponseObject,
  type SchemaNode as Schema,
  type SchemaOrRef,
  type TagLabel,
} from './index';
import {examplePlace, shortenedExamples, type ShortenedExample} from './page-examples';
import {operationChangelogMarkdown, readChangelogs} from './changelog';
import {leftOut, messageOf} from './degrade';
import {lastChangedDate} from './history';
import {answerStreams, framingOf, type AnswerStream} from './streams';
import {generatedSpecPath, openApiSpecs, specDownloadPath, type OpenApiSpec} from './specs';
import {postmanOffer} from './postman';

const resolve = (doc: Document, schema: Schema): Schema => resolveRef<Schema>(doc, schema);
const asSchema = (schema: SchemaOrRef) => schema as Schema;
const isArray = (schema: Schema) => typesOf(schema).includes('array');

/** The named schema a schema is (its `$ref`, or that of its one `allOf` part), if any. */
const refOf = (schema: Schema) => schema.$ref ?? (schema.allOf?.length === 1 ? schema.allOf[0]!.$ref : undefined);

/** A schema's type in words; a schema met again within itself (a tree, an expression) by its name. */
function typeOf(doc: Document, schema: Schema, within: readonly string[] = []): string {
  const resolved = resolve(doc, schema.allOf?.length === 1 ? schema.allOf[0]! : schema);
  const ref = refOf(schema);
  const name = ref?.split('/').pop();
  if (ref && within.includes(ref)) return name!;
  const inner = ref ? [...within, ref] : within;
  if (isArray(resolved) && resolved.items) return `array of ${typeOf(doc, resolved.items, inner)}`;
  if (resolved.anyOf ?? resolved.oneOf)
    return (resolved.anyOf ?? resolved.oneOf)!.map((s) => typeOf(doc, s, inner)).join(' or ');
  // 3.1 lists types (`[string, 'null']`); a `const` alone has the type of its value.
  const only = (resolved as {const?: unknown}).const;
  const constType = only === undefined ? undefined : only === null ? 'null' : typeof only;
  const base = (Array.isArray(resolved.type) ? resolved.type.join(' or ') : resolved.type) ?? constType ?? 'object';
  return name && (resolved.enum || base === 'object') ? `${name} (${base})` : base + (resolved.format ? ` (${resolved.format})` : '');
}

function constraints(doc: Document, schema: Schema): string[] {
  const s = resolve(doc, schema.allOf?.length === 1 ? schema.allOf[0]! : schema);
  const notes: string[] = [];
  if (s.enum) notes.push(`one of ${s.enum.map((value) => `\`${String(value)}\``).join(', ')}`);
  const only = (s as {const?: unknown}).const;
  if (only !== undefined) notes.push(`always \`${typeof only === 'string' ? only : JSON.stringify(only)}\``);
  if (s.minimum !== undefined) notes.push(`${s.exclusiveMinimum ? '>' : '≥'} ${s.minimum}`);
  if (s.maximum !== undefined) notes.push(`${s.exclusiveMaximum ? '<' : '≤'} ${s.maximum}`);
  if (s.maxLength !== undefined) notes.push(`at most ${s.maxLength} characters`);
  if (s.maxItems !== undefined) notes.push(`at most ${s.maxItems} items`);
  const fallback = schema.default ?? s.default;
  if (fallback !== undefined) notes.push(`default \`${JSON.stringify(fallback)}\``);
  return notes;
}

const cell = (text: string) => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();

/** "Description. (≥ 1; ≤ 256; default `64`)" */
const describe = (description: string, notes: string[]) =>
  [description.trim(), notes.length > 0 ? `(${notes.join('; ')})` : ''].filter(Boolean).join(' ');

/** A schema as one object: its `$ref` followed, several allOf parts merged into one (flattenSchema). */
const merged = (doc: Document, schema: Schema): Schema => flattenSchema(doc, schema) ?? schema;

/** The alternatives a schema (or, for an array, its items) offers: its oneOf or anyOf, and its discriminator. */
function alternativesOf(doc: Document, schema: Schema) {
  const s = merged(doc, schema);
  const target = isArray(s) && s.items ? merged(doc, s.items) : s;
  const list = target.oneOf ?? target.anyOf;
  if (!list?.length) return undefined;
  return {word: target.oneOf ? 'One' : 'Any', list, discriminator: target.discriminator};
}

/**
 * An alternative's name, as a reader picks it: its title, else the name of the schema it refers to,
 * else its type (an object by its fields); with the discriminator's value that selects it.
 */
function alternativeName(doc: Document, alternative: Schema, discriminator?: Schema['discriminator']): string {
  const resolved = merged(doc, alternative);
  const ref = refOf(alternative);
  const name = resolved.title ?? ref?.split('/').pop() ?? inlineAlternativeTitle(resolved) ?? typeOf(doc, alternative);
  if (!discriminator) return name;
  // Without a mapping, the value is the schema's name (OpenAPI's implicit mapping).
  const value =
    Object.entries(discriminator.mapping ?? {}).find(([, target]) => target === ref)?.[0] ?? ref?.split('/').pop();
  return value === undefined ? name : `${name} (\`${discriminator.propertyName}\`: \`${value}\`)`;
}

/**
 * One table row per field, nested objects flattened with dotted names. A field whose schema is one
 * it is already inside (a tree's `parent`, `children`) is listed once, not expanded again. The fields
 * of a field's alternatives (oneOf, anyOf) follow it, each row saying which alternative it is in.
 */
function fieldRows(
  doc: Document,
  schema: Schema,
  prefix = '',
  depth = 0,
  within: readonly string[] = [],
  option = '',
  listing: Listing = plannedListing(doc, schema),
): string[] {
  const s = merged(doc, schema);
  const items = isArray(s) && s.items ? s.items : undefined;
  const target = items ? merged(doc, items) : s;
  const inside = [...within, ...[refOf(schema), items && refOf(items)].filter((ref): ref is string => !!ref)];
  // An array that also has fields of its own (Vonage's XML answers: a `count` attribute beside the
  // items), shown by the page beside its items' fields.
  const properties = items && s.properties ? {...s.properties, ...target.properties} : target.properties;
  if (!properties || depth > 4) return [];
  return Object.entries(properties).flatMap(([name, property]) => {
    const field = `${prefix}${name}`;
    const resolved = resolve(doc, property.allOf?.length === 1 ? property.allOf[0]! : property);
    const own = property.description ?? resolved.description ?? '';
    const description = option ? `In ${option}${own ? `: ${own}` : '.'}` : own;
    const required = (target.required ?? s.required)?.includes(name) ? 'yes' : 'no';
    const row = `| \`${field}\` | ${cell(typeOf(doc, property))} | ${required} | ${cell(describe(description, constraints(doc, property)))} |`;
    const refs = [refOf(property), resolved.items && refOf(resolved.items)].filter((ref): ref is string => !!ref);
    listing.rows += 1;
    if (refs.some((ref) => inside.includes(ref)) || listing.rows > maxRows) return [row];
    // A named schema listed above, as high or higher, is not listed again: its name stands for its fields.
    if (refs.length > 0 && !refs.every((ref) => firstAt(listing, ref, depth + 1))) return [row];
    const nested = `${field}${isArray(resolved) ? '[]' : ''}.`;
    return [
      row,
      ...fieldRows(doc, property, nested, depth + 1, inside, '', listing),
      ...alternativeRows(doc, property, nested, depth + 1, inside, listing),
    ];
  });
}

/**
 * Where a table lists each named schema's fields: once, at the shallowest depth the schema occurs
 * (`at`, found breadth first as fieldRows walks: a field's schema and its alternatives one level
 * down, an array's items and alternatives' alternatives at the same level), the first time there
 * (`done`). Elsewhere its name in the type column stands for them.
 */
type Listing = {at: Map<string, number>; done: Set<string>; rows: number};

/**
 * The rows past which a table lists no more nested fields, only the fields of what it has begun: a
 * description of Stripe's size reaches hundreds of schemas from one answer, a twin of megabytes.
 */
const maxRows = 400;

function plannedListing(doc: Document, root: Schema): Listing {
  const at = new Map<string, number>();
  const levels: Schema[][] = [[root]];
  for (let depth = 0; depth < levels.length && depth <= 5; depth += 1)
    for (let index = 0; index < levels[depth]!.length; index += 1) {
      const node = levels[depth]![index]!;
      const s = merged(doc, node);
      const items = isArray(s) && s.items ? s.items : undefined;
      const refs = [refOf(node), items && refOf(items)].filter((ref): ref is string => !!ref);
      if (refs.some((ref) => (at.get(ref) ?? Infinity) <= depth)) continue;
      for (const ref of refs) at.set(ref, depth);
      const target = items ? merged(doc, items) : s;
      (levels[depth + 1] ??= []).push(...Object.values(target.properties ?? {}));
      // The root's own alternatives are tables of their own (fieldTable).
      if (node !== root) levels[depth]!.push(...(alternativesOf(doc, node)?.list ?? []));
    }
  return {at, done: new Set(), rows: 0};
}

/** Whether a named schema's fields are listed here, at `depth` (see Listing); records it when they are. */
function firstAt(listing: Listing, ref: string, depth: number): boolean {
  if ((listing.at.get(ref) ?? depth) < depth || listing.done.has(ref)) return false;
  listing.done.add(ref);
  return true;
}

/**
 * The rows of the fields of a field's alternatives (oneOf, anyOf), and of theirs in turn, each saying
 * its alternative. A named schema's fields are listed once in a table (Listing): where it comes
 * again, its name in the type column stands for them (Stripe's hundreds of expandable fields, each a
 * string or an object, would otherwise repeat objects thousands of times).
 */
function alternativeRows(
  doc: Document,
  schema: Schema,
  prefix: string,
  depth: number,
  within: readonly string[],
  listing: Listing,
): string[] {
  const choice = depth > 4 ? undefined : alternativesOf(doc, schema);
  return (choice?.list ?? []).flatMap((alternative) => {
    const ref = refOf(alternative);
    if (ref && (within.includes(ref) || !firstAt(listing, ref, depth))) return [];
    const inside = ref ? [...within, ref] : within;
    const named = alternativeName(doc, alternative, choice?.discriminator);
    // An alternative's fields are at its field's depth (the `within` list ends a recursion).
    return [
      ...fieldRows(doc, alternative, prefix, depth, inside, named, listing),
      ...alternativeRows(doc, alternative, prefix, depth, inside, listing),
    ];
  });
}

/**
 * A schema's fields as a table, then each of its alternatives (oneOf, anyOf) named, with its own
 * fields; a schema without fields by its type.
 */
function fieldTable(doc: Document, schema: Schema, level = 0, within: readonly string[] = []): string {
  // An alternative's fields start at the top, as the page shows them: `level` bounds only the sections.
  const rows = fieldRows(doc, schema, '', 0, within);
  const parts =
    rows.length > 0 ? [['| field | type | required | description |', '| --- | --- | --- | --- |', ...rows].join('\n')] : [];
  const choice = level < 3 ? alternativesOf(doc, schema) : undefined;
  if (choice) {
    const {word, list, discriminator} = choice;
    const by = discriminator ? `, told apart by \`${discriminator.propertyName}\`` : '';
    parts.push(`${word} of these ${list.length}${by}:`);
    list.forEach((alternative, index) => {
      const ref = refOf(alternative);
      parts.push(`**${index + 1}. ${alternativeName(doc, alternative, discriminator)}**`);
      if (ref && within.includes(ref)) parts.push(`${ref.split('/').pop()!}, as above.`);
      else parts.push(fieldTable(doc, alternative, level + 1, ref ? [...within, ref] : within));
    });
  }
  return parts.length > 0 ? parts.join('\n\n') : `Type: ${typeOf(doc, schema)}.`;
}

/** A media type's examples, each by its name ('' for a lone `example`) and title. */
function examples(media: MediaTypeObject | undefined): {name: string; title: string; value: unknown}[] {
  if (!media) return [];
  const named = Object.entries(media.examples ?? {}).map(([name, example]) =>
    'value' in example ? {name, title: example.summary ?? name, value: example.value} : {name, title: name, value: undefined},
  );
  return media.example === undefined ? named : [{name: '', title: 'Example', value: media.example}, ...named];
}

/**
 * A media type's examples as Markdown, each shortened as its page shortens it (`shortened`, from
 * lib/openapi/page-examples.ts), saying so as the page does.
 */
function exampleBlocks(
  media: MediaTypeObject,
  place: (name: string) => string,
  shortened: Map<string, ShortenedExample>,
): string[] {
  return examples(media).flatMap((example) => {
    const short = shortened.get(place(example.name));
    return [`Example: ${example.title}`, '', ...(short ? [short.note, ''] : []), json(short?.value ?? example.value), ''];
  });
}

const json = (value: unknown) => ['```json', JSON.stringify(value, null, 2), '```'].join('\n');

/** Each code sample as a labelled fenced block: the label, then the code (fenced as the guides tag theirs). */
function codeSampleBlocks(samples: readonly CodeSample[]): string[] {
  return samples.flatMap((sample) => [
    `**${sample.label}**`,
    '',
    `\`\`\`${sampleLanguage(sample.lang)?.fence ?? sample.lang.toLowerCase()}`,
    sample.source.trimEnd(),
    '```',
    '',
  ]);
}

/** Responses in status order, success first (JavaScript lists an object's `422` key before its `2XX` key). */
const statusOrder = (status: string) => (/^\d/.test(status) ? Number(status.replace(/X/gi, '0')) : 1000);
const sortedResponses = (responses: Record<string, ResponseObject>) =>
  Object.entries(responses).sort(([a], [b]) => statusOrder(a) - statusOrder(b));

/**
 * A response's heading. Our success codes are not published (SPEC.md §7): a description that gives
 * the 2XX range reads as success; a code it gives is named.
 */
function responseHeading(status: string, description: string | undefined): string {
  const name = /^2XX$/i.test(status) ? 'Success (2XX)' : status;
  // A heading is one line: a description that wraps would end it.
  return `### ${name}${description ? `: ${description.replace(/\s+/g, ' ').trim()}` : ''}`;
}

/** How a call is signed in, one sentence per credential; our API key headers as ever. */
function authenticationLines(entry: ApiOperation): string[] {
  const others = entry.credentials.filter(
    (credential) => !(credential.in === 'header' && entry.keyHeaders.includes(credential.name)),
  );
  const lines = [
    ...entry.keyHeaders.map((header) => `Send your API key in the \`${header}\` header.`),
    ...others.map((credential) => {
      if (credential.scheme === 'basic') return 'Send HTTP basic credentials in the `Authorization` header.';
      if (credential.in === 'header' && credential.prefix)
        return `Send ${credential.scheme === 'oauth2' ? 'an OAuth 2 access token' : credential.scheme === 'openIdConnect' ? 'an OpenID Connect token' : 'a bearer token'} in the \`Authorization\` header (\`Authorization: ${credential.prefix}<token>\`).`;
      return `Send your API key in the \`${credential.name}\` ${credential.in === 'query' ? 'query parameter' : credential.in}.`;
    }),
  ];
  return lines.length > 0 ? lines : ['None: the description names no credentials for this call.'];
}

/** The media type a body or answer is documented in: JSON where there is JSON, else its first. */
export function documentedMedia(content: Record<string, MediaTypeObject> | undefined): [string, MediaTypeObject] | undefined {
  const entries = Object.entries(content ?? {});
  return entries.find(([type]) => type === 'application/json') ?? entries.find(([type]) => /json/.test(type)) ?? entries[0];
}

/** What a streamed answer sends: its framing, its events by name, how it ends, and its example stream. */
function streamLines(doc: Document, stream: AnswerStream): string[] {
  const how =
    stream.framing === 'server-sent events'
      ? 'server-sent events, each a `data:` line (and an `event:` line where named) and a blank line'
      : 'one JSON object a line';
  const lines = [`As \`${stream.mediaType}\`, the ${stream.status} answer streams: ${how}, sent as they are made.`, ''];
  if (stream.events.length > 0) {
    const by = stream.tellsApart ? `, told apart by \`${stream.tellsApart}\`` : '';
    lines.push(`Events${by}:`, '', ...stream.events.map((event) => `- ${eventLine(doc, event)}`), '');
  }
  if (stream.end) lines.push(`The stream ends with ${stream.end === '[DONE]' ? '`data: [DONE]`' : `the \`${stream.end}\` event`}.`, '');
  if (stream.example) lines.push('Example stream:', '', '```text', stream.example.trimEnd(), '```', '');
  return lines;
}

/** The most fields an event's line names: an event of a large API can have dozens. */
const maxEventFields = 12;

/** An event's name and its fields with their types (`delta` string), from its schema where it has one. */
function eventLine(doc: Document, event: AnswerStream['events'][number]): string {
  const properties = event.schema ? Object.entries(merged(doc, event.schema).properties ?? {}) : [];
  if (properties.length === 0) return `\`${event.name}\``;
  const fields = properties.slice(0, maxEventFields).map(([name, property]) => {
    // A `const`, or an enum of one (OpenAI's way): the value the field always has.
    const resolved = resolve(doc, property) as Schema & {const?: unknown};
    const only = resolved.const ?? (resolved.enum?.length === 1 ? resolved.enum[0] : undefined);
    return only === undefined
      ? `\`${name}\` ${typeOf(doc, property)}`
      : `\`${name}\` always \`${typeof only === 'string' ? only : JSON.stringify(only)}\``;
  });
  const more = properties.length > maxEventFields ? `, and ${properties.length - maxEventFields} more` : '';
  return `\`${event.name}\`: ${fields.join(', ')}${more}`;
}

/**
 * What a page says of each streamed answer of an operation, in Markdown: how it streams, its events
 * with their fields, how it ends, the example stream. The twin says it under each answer; the
 * reference page in a section of its own (lib/openapi/api-page.ts).
 */
export function streamedAnswerMarkdown(doc: Document, responses: Record<string, ResponseObject>): string[] {
  return answerStreams(doc, responses).flatMap((stream) => streamLines(doc, stream));
}

/** The Markdown twin of one operation page (referenceMarkdown, below, writes every page's). */
export function operationMarkdown(doc: Document, entry: ApiOperation, callbacks: readonly CallbackEvent[] = []): string {
  const {operation, method, url} = entry;
  const out = [`# ${operation.summary ?? operation.operationId}`, '', `\`${method.toUpperCase()} ${url}\``, ''];
  // OpenAPI 3.2's tags that are labels, not groups (a `badge`, an `audience`): as the page shows them.
  const labels = (operation as {[tagLabels]?: TagLabel[]})[tagLabels];
  if (labels?.length) out.push(`Labels: ${labels.map((label) => `${label.summary ?? label.name} (${label.kind})`).join(', ')}`, '');
  if (operation.description) out.push(operation.description.trim(), '');
  out.push('## Authentication', '', ...authenticationLines(entry), '');
  if (entry.parameters.length > 0) {
    out.push('## Parameters', '', '| name | in | required | type | description |', '| --- | --- | --- | --- | --- |');
    for (const p of entry.parameters) {
      // A parameter has a schema, or a media type with one (`content`, a JSON-encoded query value).
      const given = p.schema ?? documentedMedia(p.content)?.[1].schema;
      const schema = given && asSchema(given);
      const notes = describe(p.description ?? '', schema ? constraints(doc, schema) : []);
      out.push(
        `| \`${p.name}\` | ${p.in} | ${p.required ? 'yes' : 'no'} | ${schema ? cell(typeOf(doc, schema)) : ''} | ${cell(notes)} |`,
      );
    }
    out.push('');
  }
  const shortened = shortenedExamples(doc, entry);
  const [bodyType, body] = documentedMedia(entry.requestBody?.content) ?? [];
  if (body?.schema) {
    out.push(`## Request body (${bodyType})`, '', fieldTable(doc, asSchema(body.schema)), '');
    out.push(...exampleBlocks(body, (name) => examplePlace('request', bodyType!, name), shortened));
  }
  const samples = operation['x-codeSamples'] ?? [];
  if (samples.length > 0) out.push('## Code samples', '', ...codeSampleBlocks(samples));
  out.push('## Responses', '');
  for (const [status, response] of sortedResponses(entry.responses)) {
    out.push(responseHeading(status, response.description), '');
    if (/^2XX$/i.test(status))
      out.push('The exact success status code is not published: treat any 2XX status as success.', '');
    const [mediaType, media] = documentedMedia(response.content) ?? [];
    if (mediaType && mediaType !== 'application/json') out.push(`Content type: \`${mediaType}\`.`, '');
    if (media?.schema) out.push(fieldTable(doc, asSchema(media.schema)), '');
    // A stream's example is the whole stream as text, shown as such below (streamLines).
    if (media && !framingOf(mediaType ?? ''))
      out.push(...exampleBlocks(media, (name) => examplePlace(`answer ${status}`, mediaType!, name), shortened));
    // Another media type with a schema of its own (a stream of events beside the whole answer).
    for (const [otherType, other] of Object.entries(response.content ?? {}))
      if (otherType !== mediaType && other.schema && JSON.stringify(other.schema) !== JSON.stringify(media?.schema))
        out.push(`Content type: \`${otherType}\`.`, '', fieldTable(doc, asSchema(other.schema)), '');
    out.push(...streamedAnswerMarkdown(doc, {[status]: response}));
    out.push(...headerLines(doc, response));
  }
  // Each on a page of its own (webhookMarkdown), as in the sidebar.
  if (callbacks.length > 0) out.push('## Callbacks', '');
  for (const {title, route, method, callback} of callbacks)
    out.push(`- [${title}](${route}.md): the API sends \`${method.toUpperCase()}\` requests to \`${callback.expression}\`.`);
  return `${out.join('\n').trim()}\n`;
}

/** The headers an answer documents, as a table (none: nothing). */
function headerLines(doc: Document, response: ResponseObject): string[] {
  const headers = Object.entries(response.headers ?? {}).map(
    ([name, header]) => [name, resolveRef<OpenAPIV3_1.HeaderObject>(doc, header)] as const,
  );
  if (headers.length === 0) return [];
  return [
    '| header | type | description |',
    '| --- | --- | --- |',
    ...headers.map(
      ([name, header]) =>
        `| \`${name}\` | ${header.schema ? cell(typeOf(doc, asSchema(header.schema))) : ''} | ${cell(header.description ?? '')} |`,
    ),
    '',
  ];
}

/**
 * A page the landing page lists: its route, title, call, the tags its sidebar groups it under, and
 * its place in the sidebar (the plugin's: paths, then each path's methods, in the order written).
 */
export type ListedPage = {route: string; title: string; call: string; tags: readonly string[]; order: number};

export function operationLines(
  doc: Pick<Document, 'tags'>,
  listed: readonly ListedPage[],
  maxCards = maxOperationCards,
): string[] {
  const everyOperation = () => listed.map((page) => `- [${page.title}](${page.route}.md): \`${page.call}\``);
  if (listed.length <= maxCards) return everyOperation();
  const untagged = 'UNTAGGED';
  const groups = new Map<string, ListedPage[]>();
  // The description's own order of tags first, then the others as the operations name them.
  for (const {name} of doc.tags ?? []) groups.set(name, []);
  for (const page of listed)
    for (const tag of page.tags.length ? page.tags : [untagged]) groups.set(tag, [...(groups.get(tag) ?? []), page]);
  const used = [...groups].filter(([, pages]) => pages.length > 0);
  const ordered = [...used.filter(([tag]) => tag !== untagged), ...used.filter(([tag]) => tag === untagged)];
  if (ordered.length < 2) return everyOperation();
  const first = (pages: readonly ListedPage[]) => pages.reduce((a, b) => (b.order < a.order ? b : a));
  // Named as the sidebar names the group (the OpenAPI plugin's sidebars): `x-displayName`, else the tag.
  const labels = new Map(
    (doc.tags ?? []).map((tag) => {
      const displayName = (tag as {'x-displayName'?: unknown})['x-displayName'];
      return [tag.name, typeof displayName === 'string' ? displayName : tag.name];
    }),
  );
  return ordered.map(
    ([tag, pages]) =>
      `- [${labels.get(tag) ?? tag}](${first(pages).route}.md): ${pages.length} ${pages.length === 1 ? 'operation' : 'operations'}`,
  );
}

function landingMarkdown(spec: OpenApiSpec, doc: Document, listed: readonly ListedPage[]): string {
  const out = [`# ${doc.info.title}`, '', (doc.info.description ?? '').trim(), '', '## Servers', ''];
  for (const server of doc.servers ?? [])
    out.push(`- \`${server.url}\`${server.description ? `: ${server.description}` : ''}`);
  out.push('', '## Operations', '', ...operationLines(doc, listed, spec.operationCards ?? maxOperationCards));
  out.push('', '## Postman', '', postmanOffer(spec, (text, href) => `[${text}](${href})`, doc));
  out.push('', `The OpenAPI description: ${specDownloadPath(spec)}`);
  return `${out.join('\n')}\n`;
}

/**
 * The Markdown twin of a webhook's page: what the API sends to the reader's server (its payload's
 * fields and examples) and the answers it expects back.
 */
export function webhookMarkdown(doc: Document, webhook: WebhookEvent | CallbackEvent): string {
  const {operation, method, event} = webhook;
  const sends = `the API sends \`${method.toUpperCase()}\` requests to`;
  const callback = 'callback' in webhook ? webhook.callback : undefined;
  const out = [
    `# ${webhook.title}`,
    '',
    callback
      ? `Callback \`${event}\` of [${callback.of.operation.summary ?? callback.of.operation.operationId}](${operationRoute(callback.of)}.md) (\`${callback.of.method.toUpperCase()} ${callback.of.url}\`): ${sends} \`${callback.expression}\`.`
      : `Webhook \`${event}\`: ${sends} the URL you register for it.`,
    '',
  ];
  if (operation.description) out.push(operation.description.trim(), '');
  const requestBody = withSamplePayload(doc, webhook.requestBody);
  const shortened = shortenedExamples(doc, {requestBody, responses: webhook.responses});
  const [payloadType, payload] = documentedMedia(requestBody?.content) ?? [];
  if (payload?.schema) {
    out.push(`## Payload (${payloadType})`, '', fieldTable(doc, asSchema(payload.schema)), '');
    out.push(...exampleBlocks(payload, (name) => examplePlace('request', payloadType!, name), shortened));
  }
  out.push('## Answers it expects', '');
  for (const [status, response] of sortedResponses(webhook.responses)) {
    out.push(responseHeading(status, response.description), '');
    const [, media] = documentedMedia(response.content) ?? [];
    if (media?.schema) out.push(fieldTable(doc, asSchema(media.schema)), '');
  }
  return `${out.join('\n').trim()}\n`;
}

/** `lastUpdated`: the date (ISO 8601) the description last changed, where the site has its history. */
export type ReferenceTwin = {title: string; description: string; markdown: string; lastUpdated?: string};

/** The Markdown twin of every API reference route (landing pages and operations), keyed by route. */
/**
 * A page's twin written from the contract, or, where that fails for another provider's description,
 * undefined with a warning: its twin is then written from the page's HTML like any other page's.
 */
function fromContract(spec: OpenApiSpec, call: string, write: () => string): string | undefined {
  try {
    return write();
  } catch (error) {
    leftOut(spec, 'Markdown twin', call, `${messageOf(error)} (its twin is written from its page's HTML instead)`);
    return undefined;
  }
}

export function referenceMarkdown(siteDir: string): Map<string, ReferenceTwin> {
  const pages = new Map<string, ReferenceTwin>();
  const logs = readChangelogs(siteDir) ?? [];
  for (const spec of openApiSpecs) {
    const log = logs.find((candidate) => candidate.spec.id === spec.id);
    // Every page of the description shows the date it last changed, as the reference pages do.
    const lastUpdated = lastChangedDate(siteDir, spec.file);
    const file = path.join(siteDir, generatedSpecPath(spec));
    if (!existsSync(file)) throw new Error(`${file} is missing: run npm run gen-api-docs (npm run build does) first`);
    const doc = loadDescription(file);
    const listed: ListedPage[] = [];
    // The sidebar's order: paths, then each path's methods, as the description writes them.
    const written = new Map(
      Object.entries(doc.paths ?? {})
        .flatMap(([pathName, item]) => Object.keys(item ?? {}).map((method) => `${method} ${pathName}`))
        .map((call, index) => [call, index]),
    );
    const operations = operationsOf(spec, doc);
    const callbacks = callbacksOf(spec, doc, operations);
    for (const entry of operations) {
      const {operation} = entry;
      const route = operationRoute(entry);
      const title = operation.summary ?? operation.operationId ?? '';
      const own = callbacks.filter(({callback}) => callback.of === entry);
      // The page's "Changelog" section (lib/openapi/api-page.ts), in Markdown.
      const call = `${entry.method.toUpperCase()} ${entry.path}`;
      const changelog = log?.operations.includes(call) ? `\n${operationChangelogMarkdown(log, call)}` : '';
      const order = written.get(`${entry.method} ${entry.path}`) ?? written.size + listed.length;
      listed.push({route, title, call: `${entry.method.toUpperCase()} ${entry.url}`, tags: operation.tags ?? [], order});
      const markdown = fromContract(spec, call, () => `${operationMarkdown(doc, entry, own)}${changelog}`);
      if (markdown !== undefined) pages.set(route, {title, description: operation.description ?? '', markdown, lastUpdated});
    }
    const events: (WebhookEvent | CallbackEvent)[] = [...webhooksOf(spec, doc), ...callbacks];
    for (const webhook of events) {
      const {route, title, operation, event} = webhook;
      const call = 'callback' in webhook ? `callback ${event} of ${webhook.callback.of.operation.operationId}` : `webhook ${event}`;
      listed.push({route, title, call, tags: operation.tags ?? [], order: written.size + listed.length});
      const markdown = fromContract(spec, call, () => webhookMarkdown(doc, webhook));
      if (markdown !== undefined) pages.set(route, {title, description: operation.description ?? '', markdown, lastUpdated});
    }
    const base = `/api/api-reference/${spec.referenceId}`;
    pages.set(base, {
      title: doc.info.title,
      description: doc.info.description ?? '',
      markdown: landingMarkdown(spec, doc, listed),
      lastUpdated,
    });
  }
  return pages;
}
