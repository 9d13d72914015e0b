/**
 * Markdown for the API reference, written from the OpenAPI descriptions themselves: the built HTML of
 * an operation page holds little of its schema (the theme renders it in the browser), so the
 * Markdown versions of reference pages come straight from the contract instead. They read the copy
 * the pages are generated from (.generated/openapi/, npm run gen-api-docs), whose `x-codeSamples`
 * are the samples the page shows (scripts/code-samples.ts).
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';

import {parse} from 'yaml';

import {generatedSpecPath, openApiSpecs, type OpenApiSpec} from './specs';

type Schema = {
  $ref?: string;
  type?: string;
  description?: string;
  enum?: unknown[];
  default?: unknown;
  format?: string;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  maxLength?: number;
  maxItems?: number;
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  additionalProperties?: Schema | boolean;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
};
type Media = {schema?: Schema; example?: unknown; examples?: Record<string, {summary?: string; value?: unknown}>};
type Parameter = {$ref?: string; name: string; in: string; required?: boolean; description?: string; schema?: Schema};
type CodeSample = {lang: string; label: string; source: string};
type Operation = {
  operationId: string;
  'x-codeSamples'?: CodeSample[];
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: {content: Record<string, Media>};
  responses: Record<string, {description?: string; content?: Record<string, Media>}>;
  security?: Record<string, string[]>[];
};
type Document = {
  info: {title: string; description?: string};
  servers: {url: string; description?: string}[];
  security?: Record<string, string[]>[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, Schema>;
    parameters?: Record<string, Parameter>;
    securitySchemes: Record<string, {name?: string; in?: string}>;
  };
};

const methods = ['get', 'put', 'post', 'delete', 'patch'];

/** The plugin's page slug for an operation: its operationId in kebab case. */
export function operationSlug(operationId: string): string {
  return operationId.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

function resolve<T extends {$ref?: string}>(doc: Document, value: T): T {
  if (!value.$ref) return value;
  const [, group, name] = /^#\/components\/(\w+)\/(.+)$/.exec(value.$ref) ?? [];
  const target = (doc.components as unknown as Record<string, Record<string, T>>)[group ?? '']?.[name ?? ''];
  if (!target) throw new Error(`unresolved ${value.$ref}`);
  return resolve(doc, target);
}

function typeOf(doc: Document, schema: Schema): string {
  const resolved = resolve(doc, schema.allOf?.length === 1 ? schema.allOf[0]! : schema);
  const name = schema.$ref?.split('/').pop() ?? (schema.allOf?.length === 1 ? schema.allOf[0]!.$ref?.split('/').pop() : undefined);
  if (resolved.type === 'array' && resolved.items) return `array of ${typeOf(doc, resolved.items)}`;
  if (resolved.anyOf ?? resolved.oneOf) return (resolved.anyOf ?? resolved.oneOf)!.map((s) => typeOf(doc, s)).join(' or ');
  const base = resolved.type ?? 'object';
  return name && (resolved.enum || base === 'object') ? `${name} (${base})` : base + (resolved.format ? ` (${resolved.format})` : '');
}

function constraints(doc: Document, schema: Schema): string[] {
  const s = resolve(doc, schema.allOf?.length === 1 ? schema.allOf[0]! : schema);
  const notes: string[] = [];
  if (s.enum) notes.push(`one of ${s.enum.map((value) => `\`${String(value)}\``).join(', ')}`);
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

/** One table row per field, nested objects flattened with dotted names. */
function fieldRows(doc: Document, schema: Schema, prefix = '', depth = 0): string[] {
  const s = resolve(doc, schema.allOf?.length === 1 ? schema.allOf[0]! : schema);
  const target = s.type === 'array' && s.items ? resolve(doc, s.items) : s;
  if (!target.properties || depth > 4) return [];
  return Object.entries(target.properties).flatMap(([name, property]) => {
    const field = `${prefix}${name}`;
    const resolved = resolve(doc, property.allOf?.length === 1 ? property.allOf[0]! : property);
    const description = property.description ?? resolved.description ?? '';
    const required = target.required?.includes(name) ? 'yes' : 'no';
    const row = `| \`${field}\` | ${cell(typeOf(doc, property))} | ${required} | ${cell(describe(description, constraints(doc, property)))} |`;
    return [row, ...fieldRows(doc, property, `${field}${resolved.type === 'array' ? '[]' : ''}.`, depth + 1)];
  });
}

function fieldTable(doc: Document, schema: Schema): string {
  const rows = fieldRows(doc, schema);
  if (rows.length === 0) return `Type: ${typeOf(doc, schema)}.`;
  return ['| field | type | required | description |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

function examples(media: Media | undefined): {title: string; value: unknown}[] {
  if (!media) return [];
  const named = Object.entries(media.examples ?? {}).map(([name, example]) => ({title: example.summary ?? name, value: example.value}));
  return media.example === undefined ? named : [{title: 'Example', value: media.example}, ...named];
}

const json = (value: unknown) => ['```json', JSON.stringify(value, null, 2), '```'].join('\n');

// The fence language of each sample language (x-codeSamples `lang`), as the guides tag theirs.
const fenceLanguages: Record<string, string> = {Shell: 'bash', Python: 'python', JavaScript: 'javascript', Go: 'go'};

/** Each code sample as a labelled fenced block: the label, then the code. */
function codeSampleBlocks(samples: readonly CodeSample[]): string[] {
  return samples.flatMap((sample) => [`**${sample.label}**`, '', `\`\`\`${fenceLanguages[sample.lang] ?? sample.lang.toLowerCase()}`, sample.source.trimEnd(), '```', '']);
}

/** Responses in status order, success first (JavaScript lists an object's `422` key before its `2XX` key). */
const statusOrder = (status: string) => (/^\d/.test(status) ? Number(status.replace(/X/gi, '0')) : 1000);

/**
 * A response's heading. Success codes are not published (SPEC.md §7): a success response reads as the
 * 2XX range, whatever code the description carries.
 */
function responseHeading(status: string, description: string | undefined): string {
  const name = /^2(\d\d|XX)$/i.test(status) ? 'Success (2XX)' : status;
  return `### ${name}${description ? `: ${description}` : ''}`;
}

function keyHeaders(doc: Document, operation: Operation): string[] {
  return (operation.security ?? doc.security ?? [])
    .flatMap((requirement) => Object.keys(requirement))
    .map((scheme) => doc.components.securitySchemes[scheme]?.name ?? scheme);
}

function operationMarkdown(doc: Document, pathName: string, method: string, operation: Operation): string {
  const url = `${doc.servers[0]?.url ?? ''}${pathName}`;
  const out = [`# ${operation.summary ?? operation.operationId}`, '', `\`${method.toUpperCase()} ${url}\``, ''];
  if (operation.description) out.push(operation.description.trim(), '');
  out.push('## Authentication', '', ...keyHeaders(doc, operation).map((header) => `Send your API key in the \`${header}\` header.`), '');
  const parameters = (operation.parameters ?? []).map((parameter) => resolve(doc, parameter));
  if (parameters.length > 0) {
    out.push('## Parameters', '', '| name | in | required | type | description |', '| --- | --- | --- | --- | --- |');
    for (const p of parameters) {
      const notes = describe(p.description ?? '', p.schema ? constraints(doc, p.schema) : []);
      out.push(`| \`${p.name}\` | ${p.in} | ${p.required ? 'yes' : 'no'} | ${p.schema ? cell(typeOf(doc, p.schema)) : ''} | ${cell(notes)} |`);
    }
    out.push('');
  }
  const body = operation.requestBody?.content['application/json'];
  if (body?.schema) {
    out.push('## Request body (application/json)', '', fieldTable(doc, body.schema), '');
    for (const example of examples(body)) out.push(`Example: ${example.title}`, '', json(example.value), '');
  }
  const samples = operation['x-codeSamples'] ?? [];
  if (samples.length > 0) out.push('## Code samples', '', ...codeSampleBlocks(samples));
  out.push('## Responses', '');
  for (const [status, response] of Object.entries(operation.responses).sort(([a], [b]) => statusOrder(a) - statusOrder(b))) {
    out.push(responseHeading(status, response.description), '');
    if (/^2/.test(status)) out.push('The exact success status code is not published: treat any 2XX status as success.', '');
    const media = response.content?.['application/json'];
    if (media?.schema) out.push(fieldTable(doc, media.schema), '');
    for (const example of examples(media)) out.push(`Example: ${example.title}`, '', json(example.value), '');
  }
  return `${out.join('\n').trim()}\n`;
}

function landingMarkdown(spec: OpenApiSpec, doc: Document, operations: {route: string; title: string; call: string}[]): string {
  const out = [`# ${doc.info.title}`, '', (doc.info.description ?? '').trim(), '', '## Servers', ''];
  for (const server of doc.servers) out.push(`- \`${server.url}\`${server.description ? `: ${server.description}` : ''}`);
  out.push('', '## Operations', '');
  for (const operation of operations) out.push(`- [${operation.title}](${operation.route}.md): \`${operation.call}\``);
  out.push('', `The OpenAPI description: /openapi/${path.basename(spec.file)}`);
  return `${out.join('\n')}\n`;
}

export type ReferenceTwin = {title: string; description: string; markdown: string};

/** The Markdown twin of every API reference route (landing pages and operations), keyed by route. */
export function referenceMarkdown(siteDir: string): Map<string, ReferenceTwin> {
  const pages = new Map<string, ReferenceTwin>();
  for (const spec of openApiSpecs) {
    const file = path.join(siteDir, generatedSpecPath(spec));
    if (!existsSync(file)) throw new Error(`${file} is missing: run npm run gen-api-docs (npm run build does) first`);
    const doc = parse(readFileSync(file, 'utf8')) as Document;
    const base = `/api/api-reference/${spec.referenceId}`;
    const listed: {route: string; title: string; call: string}[] = [];
    for (const [pathName, item] of Object.entries(doc.paths)) {
      for (const method of methods) {
        const operation = item[method];
        if (!operation) continue;
        const route = `${base}/${operationSlug(operation.operationId)}`;
        const title = operation.summary ?? operation.operationId;
        const markdown = operationMarkdown(doc, pathName, method, operation);
        pages.set(route, {title, description: operation.description ?? '', markdown});
        listed.push({route, title, call: `${method.toUpperCase()} ${doc.servers[0]?.url ?? ''}${pathName}`});
      }
    }
    pages.set(base, {title: doc.info.title, description: doc.info.description ?? '', markdown: landingMarkdown(spec, doc, listed)});
  }
  return pages;
}
