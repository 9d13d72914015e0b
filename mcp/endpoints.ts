/**
 * The operations of the OpenAPI descriptions (lib/openapi/specs.ts) as the MCP tools give them: a list, one operation
 * in full (every `$ref` resolved, its limits spelled out, its examples and code samples), and a call,
 * checked against the description before anything is sent.
 */
import {
  callbacksOf,
  documentedSuccess,
  isReference,
  loadSpec,
  operationRoute,
  operationsOf,
  resolve,
  webhooksOf,
  withSamplePayload,
  type ApiOperation,
  type CallbackEvent,
  type Document,
  type ParameterObject,
  type WebhookEvent,
} from '../lib/openapi';
import {cleanDescriptions} from '../lib/openapi/descriptions';
import {documentedMedia} from '../lib/openapi/markdown';
import {openApiSpecs, type OpenApiSpec} from '../lib/openapi/specs';
import {answerStreams} from '../lib/openapi/streams';
import {createContractCheck} from '../lib/sandbox/contract';
import {isLoopback, sandboxBasePath} from '../lib/sandbox/servers';
import {codeSamples} from '../lib/samples/write';
import {markdownPath} from '../src/markdown-twin';
import {asksForStream, framingOf, streamEventReader, type Framing} from '../src/stream-events';
import {apiBaseUrl, provider} from '../src/provider';
import {callTimeoutMs, maxAnswerBytes} from './limits';
import {UserError} from './pages';

/** An operation with the document it came from (to follow its `$ref`s). */
type Entry = {operation: ApiOperation; doc: Document};
/** A webhook or callback (a request the API sends), with the document it came from. */
type EventEntry = {event: WebhookEvent | CallbackEvent; doc: Document};

export type EndpointSummary = {
  api: string;
  method: string;
  /** The path as served on the API host, with `/api`. */
  path: string;
  summary: string;
  operationId: string;
  referenceUrl: string;
};

/**
 * A request the API sends rather than answers: a webhook (to the URL the reader registers), or a
 * callback of an operation (to the URL that operation's request gave, `url`, a runtime expression).
 * `operationId` names it for get_endpoint: its own, else the webhook's event name.
 */
export type EventSummary = {
  api: string;
  kind: 'webhook' | 'callback';
  method: string;
  event: string;
  summary: string;
  operationId: string;
  referenceUrl: string;
  /** A callback's operation, and the URL it is sent to. */
  callbackOf?: string;
  url?: string;
};

/**
 * How many `$ref`s one get_endpoint answer replaces by what they name; past that, a `$ref` stays,
 * marked `omitted`. Ours use a few dozen; one answer of Stripe's description reaches hundreds of
 * schemas by thousands of paths, and inlined whole it did not finish in minutes.
 */
export const maxInlinedRefs = 200;

/** Keys whose value is data wherever they are: an example's value, a schema's example, default and allowed values. */
const dataKeys = new Set(['example', 'value', 'default', 'enum', 'const']);
/** Keywords of a schema whose value maps names to schemas: a property named `default` is a schema. */
const schemaMaps = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

/**
 * A copy of a value with every local `$ref` replaced by what it names (a `$ref` inside itself stays,
 * marked `circular`), `budget.refs` of them at most. Data is copied as it is: a `$ref` key in an
 * example (SCIM's `"$ref": "https://…"`) is a value, not a reference.
 */
export function dereference(
  doc: Document,
  value: unknown,
  budget: {refs: number} = {refs: maxInlinedRefs},
  stack: readonly string[] = [],
): unknown {
  if (Array.isArray(value)) return value.map((item) => dereference(doc, item, budget, stack));
  if (typeof value !== 'object' || value === null) return value;
  if (isReference(value)) {
    if (stack.includes(value.$ref)) return {$ref: value.$ref, circular: true};
    if (budget.refs <= 0) return {$ref: value.$ref, omitted: true};
    budget.refs -= 1;
    return dereference(doc, resolve<object>(doc, value), budget, [...stack, value.$ref]);
  }
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      // A schema's `examples` is a list of values; a media type's, a map of Example objects (or references).
      dataKeys.has(key) || (key === 'examples' && Array.isArray(item))
        ? item
        : schemaMaps.has(key) && typeof item === 'object' && item !== null && !Array.isArray(item)
          ? Object.fromEntries(
              Object.entries(item).map(([name, schema]) => [name, dereference(doc, schema, budget, stack)]),
            )
          : dereference(doc, item, budget, stack),
    ]),
  );
}

type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  allOf?: Schema[];
  required?: string[];
  [keyword: string]: unknown;
};

const limitKeywords = [
  'maximum',
  'minimum',
  'maxLength',
  'minLength',
  'maxItems',
  'minItems',
  'enum',
  'default',
] as const;

/** One keyword as a reader says it; OpenAPI 3.0's boolean exclusive bounds make "less/greater than". */
function limitText(node: Schema, keyword: (typeof limitKeywords)[number]): string {
  const value = JSON.stringify(node[keyword]);
  if (keyword === 'maximum' && node.exclusiveMaximum === true) return `less than ${value}`;
  if (keyword === 'minimum' && node.exclusiveMinimum === true) return `greater than ${value}`;
  return `${keyword} ${value}`;
}

/**
 * Every limit, default and allowed value of a (dereferenced) schema, one line per field, e.g.
 * `body.training_config.batch_size: maximum 256, minimum 1, default 64`.
 */
export function limitsOf(schema: unknown, where: string): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const node = schema as Schema;
  const own = limitKeywords.filter((keyword) => node[keyword] !== undefined).map((keyword) => limitText(node, keyword));
  return [
    ...(own.length > 0 ? [`${where}: ${own.join(', ')}`] : []),
    ...(node.allOf ?? []).flatMap((part) => limitsOf(part, where)),
    ...Object.entries(node.properties ?? {}).flatMap(([name, property]) => limitsOf(property, `${where}.${name}`)),
    ...limitsOf(node.items, `${where}[]`),
  ];
}

export class Endpoints {
  private readonly entries: Entry[] = [];
  private readonly events: EventEntry[] = [];

  constructor() {
    for (const spec of openApiSpecs as readonly OpenApiSpec[]) {
      const doc = loadSpec(spec);
      // Relative links as the pages and twins have them: absolute on the API's linkBase.
      if (spec.linkBase) cleanDescriptions(doc, spec.linkBase);
      const operations = operationsOf(spec, doc);
      this.entries.push(...operations.map((operation) => ({operation, doc})));
      const events = [...webhooksOf(spec, doc), ...callbacksOf(spec, doc, operations)];
      this.events.push(...events.map((event) => ({event, doc})));
    }
  }

  /** The operations, then the webhooks and callbacks, of one API when `api` names one (its id, e.g. `trainer`, or its title). */
  list(api?: string): (EndpointSummary | EventSummary)[] {
    const specs = specsNamed(api);
    return [
      ...this.entries
        .filter(({operation}) => specs.includes(operation.spec))
        .map(({operation}) => summaryOf(operation)),
      ...this.events.filter(({event}) => specs.includes(event.spec)).map(({event}) => eventSummaryOf(event)),
    ];
  }

  /** A webhook or callback by the name list_endpoints gives it (and its method, when an event has two). */
  private findEvent(operationId: string, method?: string, api?: string): EventEntry | undefined {
    const specs = specsNamed(api);
    const named = this.events.filter(
      ({event}) => specs.includes(event.spec) && eventSummaryOf(event).operationId === operationId,
    );
    return named.find(({event}) => event.method === method?.toLowerCase()) ?? named[0];
  }

  /** What the reference page documents about a webhook or callback: its payload, with an example, and the answers it expects. */
  private describeEvent({event, doc}: EventEntry) {
    const budget = {refs: maxInlinedRefs};
    const body = withSamplePayload(doc, event.requestBody);
    const [contentType, media] = Object.entries(body?.content ?? {})[0] ?? [];
    return {
      ...eventSummaryOf(event),
      description: event.operation.description ?? '',
      markdownUrl: `${provider.docsUrl}${markdownPath(event.route)}`,
      payload: media && {
        contentType,
        schema: dereference(doc, media.schema, budget),
        examples: examplesOf(media as {example?: unknown; examples?: Record<string, unknown>}),
      },
      responses: Object.fromEntries(
        Object.entries(event.responses).map(([status, response]) => {
          const [, answer] =
            Object.entries((dereference(doc, response, budget) as typeof response).content ?? {})[0] ?? [];
          return [status, {description: response.description, schema: answer?.schema}];
        }),
      ),
    };
  }

  /** One operation, named by its operationId or by method and path (with or without `/api`). */
  find(by: {api?: string; operationId?: string; method?: string; path?: string}): Entry {
    // Two APIs may have an operation of one name: `api` picks one.
    const specs = specsNamed(by.api);
    const entries = this.entries.filter(({operation}) => specs.includes(operation.spec));
    // An operation another API has too is not guessed: the answer would come from the wrong API.
    const one = (found: Entry[], named: string): Entry | undefined => {
      const apis = [...new Set(found.map(({operation}) => operation.spec.id))];
      if (apis.length > 1)
        throw new UserError(`${named} is an operation of ${apis.length} APIs (${apis.join(', ')}): give api`);
      return found[0];
    };
    if (by.operationId) {
      const entry = one(
        entries.filter(({operation}) => operation.operation.operationId === by.operationId),
        by.operationId,
      );
      if (!entry) throw new UserError(`No operation ${by.operationId}: list_endpoints lists every operationId`);
      return entry;
    }
    if (!by.method || !by.path) throw new UserError('Give operationId, or both method and path');
    const method = by.method.toLowerCase();
    const wantedPath = by.path.replace(/[?#].*$/, '').replace(/\/$/, '');
    const entry = one(
      entries.filter(
        ({operation}) => operation.method === method && [operation.fullPath, operation.path].includes(wantedPath),
      ),
      `${by.method.toUpperCase()} ${by.path}`,
    );
    if (!entry)
      throw new UserError(
        `No operation ${by.method.toUpperCase()} ${by.path}: list_endpoints lists every method and path`,
      );
    return entry;
  }

  /** Everything the reference page documents about one operation, webhook or callback, from the description. */
  async describe(by: {api?: string; operationId?: string; method?: string; path?: string}) {
    const specs = specsNamed(by.api);
    const isOperation = this.entries.some(
      ({operation}) => specs.includes(operation.spec) && operation.operation.operationId === by.operationId,
    );
    const event = by.operationId && !isOperation ? this.findEvent(by.operationId, by.method, by.api) : undefined;
    if (event) return this.describeEvent(event);
    const {operation, doc} = this.find(by);
    const budget = {refs: maxInlinedRefs};
    const body =
      operation.requestBody && (dereference(doc, operation.requestBody, budget) as typeof operation.requestBody);
    // JSON where there is JSON, else the body's one kind (a form, multipart, bytes): as its page shows it.
    const [bodyType, bodyMedia] = documentedMedia(body?.content) ?? [];
    const parameters = operation.parameters.map((parameter) => dereference(doc, parameter, budget) as ParameterObject);
    return {
      ...summaryOf(operation),
      url: operation.url,
      description: operation.operation.description ?? '',
      markdownUrl: `${provider.docsUrl}${markdownPath(operationRoute(operation))}`,
      keyHeaders: operation.keyHeaders,
      parameters: parameters.map(({name, in: where, required = false, description = '', schema, example}) => ({
        name,
        in: where,
        required,
        description,
        schema,
        ...(example === undefined ? {} : {example: example as unknown}),
      })),
      requestBody: bodyMedia && {
        required: body!.required ?? false,
        contentType: bodyType!,
        // Every kind the call takes, where it takes more than one (JSON, or the same fields as a form).
        ...(Object.keys(body!.content).length > 1 ? {contentTypes: Object.keys(body!.content)} : {}),
        schema: bodyMedia.schema,
        examples: examplesOf(bodyMedia),
      },
      responses: Object.fromEntries(
        Object.entries(operation.responses).map(([status, response]) => {
          const [contentType, media] =
            documentedMedia((dereference(doc, response, budget) as typeof response).content) ?? [];
          // An answer that streams (server-sent events, JSON lines): its events, as the twin lists them.
          const streams = answerStreams(doc, {[status]: response}).map((stream) => ({
            contentType: stream.mediaType,
            framing: stream.framing,
            ...(stream.tellsApart ? {tellsApartBy: stream.tellsApart} : {}),
            events: stream.events.map((event) => event.name),
            ...(stream.end ? {endsWith: stream.end} : {}),
          }));
          return [
            status,
            {
              description: response.description,
              ...(contentType ? {contentType} : {}),
              schema: media?.schema,
              examples: examplesOf(media),
              ...(streams.length > 0 ? {streams} : {}),
            },
          ];
        }),
      ),
      limits: [
        ...parameters.flatMap((parameter) => limitsOf(parameter.schema, `${parameter.in}.${parameter.name}`)),
        ...limitsOf(bodyMedia?.schema, 'body'),
      ],
      // As its page shows them: made with the description, for the $refs of a body made from its schema
      // (none where generation left them out: its warning said why).
      codeSamples: await codeSamples(operation, doc).catch(() => []),
    };
  }
}

/** A body's fields as form entries, nested as Stripe's forms are (`metadata[order]`, `expand[]`, `items[0][price]`). */
function formEntries(value: unknown, name: string): [string, string][] {
  if (Array.isArray(value))
    return value.flatMap((item, index) =>
      formEntries(item, typeof item === 'object' && item !== null ? `${name}[${index}]` : `${name}[]`),
    );
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, item]) => formEntries(item, name ? `${name}[${key}]` : key));
  return [[name, value === null ? '' : String(value)]];
}

/**
 * A call's body as the operation takes it (`mediaType`, JSON where it takes JSON): JSON text; a form's
 * or a multipart body's fields (a file part's content given as its text); text as it is for a body of
 * bytes or text. The encoded text and its Content-Type (a multipart one with its boundary).
 */
async function encodeBody(body: unknown, mediaType = 'application/json'): Promise<{text: string; contentType: string}> {
  const isForm = mediaType === 'application/x-www-form-urlencoded' || mediaType === 'multipart/form-data';
  if (isForm && (typeof body !== 'object' || body === null || Array.isArray(body)))
    throw new UserError(`This call takes ${mediaType}: give its body as an object of fields`);
  let encoded: Response | undefined;
  if (mediaType === 'application/x-www-form-urlencoded')
    encoded = new Response(new URLSearchParams(formEntries(body, '')));
  else if (mediaType === 'multipart/form-data') {
    const data = new FormData();
    for (const [name, value] of formEntries(body, '')) data.append(name, value);
    encoded = new Response(data);
  }
  if (encoded) return {text: await encoded.text(), contentType: encoded.headers.get('content-type') ?? mediaType};
  if (!/json/.test(mediaType) && typeof body === 'string') return {text: body, contentType: mediaType};
  return {text: JSON.stringify(body), contentType: /json/.test(mediaType) ? mediaType : 'application/json'};
}

/** The APIs `api` names (its id, e.g. `trainer`, its title or its reference id); every one without it. */
function specsNamed(api: string | undefined): readonly OpenApiSpec[] {
  const wanted = api?.trim().toLowerCase();
  const specs = openApiSpecs.filter(
    (spec) => !wanted || [spec.id, spec.title.toLowerCase(), spec.referenceId].includes(wanted),
  );
  if (specs.length === 0)
    throw new UserError(`Unknown API "${api ?? ''}": one of ${openApiSpecs.map((spec) => spec.id).join(', ')}`);
  return specs;
}

function summaryOf(operation: ApiOperation): EndpointSummary {
  return {
    api: operation.spec.title,
    method: operation.method.toUpperCase(),
    path: operation.fullPath,
    summary: operation.operation.summary ?? '',
    operationId: operation.operation.operationId,
    referenceUrl: `${provider.docsUrl}${operationRoute(operation)}`,
  };
}

function eventSummaryOf(event: WebhookEvent | CallbackEvent): EventSummary {
  const callback = 'callback' in event ? event.callback : undefined;
  return {
    api: event.spec.title,
    kind: callback ? 'callback' : 'webhook',
    method: event.method.toUpperCase(),
    event: event.event,
    summary: event.title,
    operationId: callback?.operationId ?? event.operation.operationId ?? event.event,
    referenceUrl: `${provider.docsUrl}${event.route}`,
    ...(callback && {callbackOf: callback.of.operation.operationId, url: callback.expression}),
  };
}

function examplesOf(media: {example?: unknown; examples?: Record<string, unknown>} | undefined) {
  if (!media) return {};
  const named = Object.fromEntries(
    Object.entries(media.examples ?? {}).map(([name, example]) => [
      name,
      typeof example === 'object' && example !== null && 'value' in example ? example.value : example,
    ]),
  );
  return media.example === undefined ? named : {example: media.example, ...named};
}

export type CallInput = {
  operationId: string;
  /** The API, when two have an operation of that name. */
  api?: string;
  pathParams?: Record<string, string | number>;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  key?: string;
};

export type CallResult = {
  /** `false` when the request broke the contract and was answered here, without sending it. */
  sent: boolean;
  status: number;
  /** The answer's body; none for a streamed answer, whose `events` stand for it. */
  body?: unknown;
  /** The method and URL called (the key is never part of it). */
  request: string;
  /** Set when the API's answer was longer than the limit: `body` is its beginning, as text. */
  truncated?: true;
  /** A streamed answer's media type (`text/event-stream`, `application/x-ndjson`). */
  contentType?: string;
  /** A streamed answer's events as they came: the SSE `event:` name if any, the data (JSON parsed where it is JSON). */
  events?: {event?: string; data: unknown}[];
  /** How a streamed answer ended: as the API ended it, or cut here (its size past the limit, no end within the time), or broken off by the API. */
  ended?: 'complete' | 'truncated' | 'timed out' | 'broken';
};

/** JSON text as its value, any other text as it is. */
function parsedOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * A streamed answer's events as they come, within the limits a call has: past `limit` bytes it stops
 * reading; past the call's time (its signal) it keeps what came. Either way the events so far are the answer.
 */
async function readEvents(
  response: Response,
  framing: Framing,
  limit: number,
): Promise<Pick<CallResult, 'events' | 'ended'>> {
  const events: NonNullable<CallResult['events']> = [];
  const reader = streamEventReader(framing, ({event, data}) =>
    events.push({...(event ? {event} : {}), data: parsedOrText(data)}),
  );
  const decoder = new TextDecoder();
  const body = response.body?.getReader();
  let size = 0;
  try {
    while (body) {
      const {done, value} = await body.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await body.cancel();
        return {events, ended: 'truncated'};
      }
      reader.feed(decoder.decode(value, {stream: true}));
    }
  } catch (error) {
    return {events, ended: (error as Error).name === 'TimeoutError' ? 'timed out' : 'broken'};
  }
  reader.end();
  return {events, ended: 'complete'};
}

/**
 * The Accept header of a call: JSON, unless the operation's documented success (the one the sandbox
 * answers with, lib/openapi documentedSuccess) answers only as a stream, or the body asks for one (`"stream": true`, as OpenAI's and Mistral's APIs take it) and it documents one.
 */
function acceptOf(responses: ApiOperation['responses'], body: unknown): string {
  const types = Object.keys(documentedSuccess(responses)?.[1].content ?? {});
  const streamed = types.find((type) => framingOf(type));
  if (streamed && (asksForStream(body) || !types.some((type) => /json/i.test(type) && !framingOf(type))))
    return streamed;
  return 'application/json';
}

/** How long a call may wait for the API, and how much of its answer comes back (mcp/limits.ts). */
export type CallLimits = {timeoutMs: number; maxAnswerBytes: number};

/** The first `limit` bytes of a response's body, and whether there was more (the rest is not read). */
async function readAtMost(response: Response, limit: number): Promise<{text: string; truncated: boolean}> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  while (reader) {
    const {done, value} = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return {text: Buffer.concat(chunks).subarray(0, limit).toString('utf8'), truncated: true};
    }
  }
  return {text: Buffer.concat(chunks).toString('utf8'), truncated: false};
}

/** Sends documented calls to an API base URL, after checking each against the descriptions. */
export class Caller {
  private readonly check = createContractCheck();
  readonly limits: CallLimits;

  constructor(
    private readonly endpoints: Endpoints,
    /** e.g. `http://127.0.0.1:4010/api` (the sandbox) or `https://api.orchard.example/api`. */
    private readonly apiBase: string,
    limits: Partial<CallLimits> = {},
  ) {
    this.limits = {timeoutMs: callTimeoutMs, maxAnswerBytes, ...limits};
  }

  /**
   * Where an operation's calls go. `apiBase` stands for our API's host (`ORCHARD_API_BASE`); another
   * API of lib/openapi/specs.ts is reached in the sandbox only, under its own path (lib/sandbox/servers.ts):
   * its key is not ours to send to its host.
   */
  private baseOf({operation, doc}: Entry): string {
    const base = this.apiBase.replace(/\/$/, '');
    if (operation.url.startsWith(apiBaseUrl)) return base;
    if (isLoopback(base)) return `${new URL(base).origin}${sandboxBasePath(operation.spec, doc)}`;
    throw new UserError(
      `${operation.spec.title} is not served at ${this.apiBase}: call_endpoint sends its calls to the local sandbox only (ORCHARD_API_BASE on 127.0.0.1)`,
    );
  }

  async call({operationId, api, pathParams = {}, query = {}, body, key}: CallInput): Promise<CallResult> {
    const entry = this.endpoints.find({operationId, api});
    const {operation, doc} = entry;
    const missing = [...operation.path.matchAll(/\{(\w+)\}/g)]
      .map(([, name]) => name!)
      .filter((name) => pathParams[name] === undefined || pathParams[name] === '');
    if (missing.length > 0)
      return {
        sent: false,
        status: 422,
        body: {
          detail: missing.map((name) => ({loc: ['path', name], msg: 'field required', type: 'value_error.missing'})),
        },
        request: `${operation.method.toUpperCase()} ${operation.fullPath}`,
      };
    // `.` and `..` would be read as steps of the path, to another operation than the one checked.
    const dotted = Object.entries(pathParams).find(([, value]) => /^\.{1,2}$/.test(String(value)));
    if (dotted) throw new UserError(`Path parameter ${dotted[0]} may not be "${String(dotted[1])}"`);
    const filledPath = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(String(pathParams[name])),
    );
    const pairs = Object.entries(query).map(([name, value]): [string, string] => [name, String(value)]);
    const searchParams = new URLSearchParams(pairs);
    const headers: Record<string, string> = {accept: acceptOf(operation.responses, body)};
    const sent =
      body === undefined ? undefined : await encodeBody(body, documentedMedia(operation.requestBody?.content)?.[0]);
    if (sent) headers['content-type'] = sent.contentType;
    if (key) for (const name of operation.keyHeaders) headers[name] = key;
    // The other kinds of credential the description asks for: a bearer or basic Authorization, a key in
    // the query string or a cookie.
    for (const credential of key ? operation.credentials : []) {
      if (credential.in === 'query') searchParams.set(credential.name, key!);
      else if (credential.in === 'cookie') headers.cookie = `${credential.name}=${encodeURIComponent(key!)}`;
      else if (credential.scheme === 'basic')
        headers.authorization = `Basic ${Buffer.from(key!.includes(':') ? key! : `${key!}:`).toString('base64')}`;
      else if (credential.name.toLowerCase() === 'authorization') headers.authorization = `${credential.prefix}${key!}`;
    }
    const search = searchParams.toString();
    // The key in the query string is never shown: `request` names the call without it.
    const shown = new URLSearchParams(pairs).toString();
    const relative = `${filledPath}${search ? `?${search}` : ''}`;
    const bodyText = sent?.text;
    const method = operation.method.toUpperCase();
    const base = this.baseOf(entry);
    const described = `${method} ${base}${filledPath}${shown ? `?${shown}` : ''}`;

    const invalid = await (
      await this.check
    )({method, url: `${sandboxBasePath(operation.spec, doc)}${relative}`, headers, body: bodyText});
    if (invalid) return {sent: false, status: invalid.status, body: invalid.body, request: described};

    let response: Response;
    try {
      response = await fetch(`${base}${relative}`, {
        method,
        headers,
        body: bodyText,
        signal: AbortSignal.timeout(this.limits.timeoutMs),
      });
      const contentType = response.headers.get('content-type') ?? '';
      const framing = framingOf(contentType);
      if (framing) {
        const streamed = await readEvents(response, framing, this.limits.maxAnswerBytes);
        return {
          sent: true,
          status: response.status,
          contentType: contentType.split(';')[0],
          ...streamed,
          request: described,
        };
      }
      const {text, truncated} = await readAtMost(response, this.limits.maxAnswerBytes);
      if (truncated) return {sent: true, status: response.status, body: text, request: described, truncated};
      let answer: unknown = text;
      try {
        answer = text === '' ? null : JSON.parse(text);
      } catch {
        // Not JSON: the text as it came.
      }
      return {sent: true, status: response.status, body: answer, request: described};
    } catch (error) {
      if ((error as Error).name === 'TimeoutError')
        throw new UserError(`${described} got no answer within ${this.limits.timeoutMs / 1000} s`);
      const cause = (error as {cause?: {code?: string}}).cause?.code ?? (error as Error).message;
      throw new UserError(
        `Could not reach ${this.apiBase} (${cause}). Start the local sandbox with npm run sandbox, or set ORCHARD_API_BASE.`,
      );
    }
  }
}
