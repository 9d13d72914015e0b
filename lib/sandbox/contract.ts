/**
 * The contract of the OpenAPI descriptions of lib/openapi/specs.ts as the local sandbox and the docs
 * MCP server check calls against it: each description routed and validated by openapi-backend from
 * the YAML itself (no hand-written route table), an invalid call answered with the documented 422,
 * under the path lib/sandbox/servers.ts gives the API. The sandbox (sandbox/app.ts) answers the valid
 * calls; the MCP server (mcp/endpoints.ts) only checks them before it sends them (createContractCheck).
 */
import escapeRegExp from 'lodash/escapeRegExp';
import OpenAPIBackend, {type Context} from 'openapi-backend';

import {
  addCallbacksAsWebhooks,
  flattenSchema,
  loadSpec,
  operationsOf,
  resolve,
  typesOf,
  webhooksOf,
  type ApiOperation,
  type Document,
  type OpenAPIV3_1,
  type SchemaNode,
} from '../openapi';
import {leftOut, messageOf} from '../openapi/degrade';
import {openApiSpecs, type OpenApiSpec} from '../openapi/specs';
import {bodyReading, readForm} from './bodies';
import {validatingDefinition, type MediaVariant, type MethodVariant, type PathVariant} from './definition';
import {sandboxBasePath, webhookOperationId} from './servers';

export type SandboxResponse = {
  status: number;
  body?: unknown;
  /** The body's media type when it is not `application/json`: text, an event stream, bytes. */
  contentType?: string;
  /**
   * Set when the body breaks its documented schema: no example fits it, and no body the sampler made
   * does either (Stripe's `pattern`s, alternatives the sampler combines wrongly). Sent as a header.
   */
  unfit?: true;
  /** A streamed answer: what is sent, one piece at a time (an SSE message, a JSON line), in place of `body`. */
  stream?: string[];
};

export type SandboxRequest = {
  method: string;
  /** Path with query string, e.g. `/api/language/meta/usage?date=2023-05-01`. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** Raw body text, parsed here so that bad JSON gets a documented 422 too. */
  body?: string;
};

type ValidationItem = {loc: (string | number)[]; msg: string; type: string};

export const keyHeaders = ['x-public-key', 'x-api-key'] as const;

export function validationError(items: ValidationItem[]): SandboxResponse {
  return {status: 422, body: {detail: items}};
}

/**
 * SPEC.md §7: the docs' code samples start a training job at a second path shape, with the key in
 * `x-api-key`. The sandbox answers it as the documented call (the YAML names it only in the
 * operation's description, so it is not an operation of its own).
 */
const trainingJobAlias = {
  method: 'POST',
  path: '/api/trainer/language/training-jobs',
  documentedPath: '/api/language/trainer/training-jobs',
};

type AjvError = {instancePath: string; message?: string; keyword: string; params: Record<string, unknown>};

/** Pydantic's names of JSON types, as FastAPI services such as this one report a wrong type. */
const typeErrors: Record<string, {msg: string; type: string}> = {
  string: {msg: 'str type expected', type: 'type_error.str'},
  integer: {msg: 'value is not a valid integer', type: 'type_error.integer'},
  number: {msg: 'value is not a valid float', type: 'type_error.float'},
  boolean: {msg: 'value could not be parsed to a boolean', type: 'type_error.bool'},
  array: {msg: 'value is not a valid list', type: 'type_error.list'},
  object: {msg: 'value is not a valid dict', type: 'type_error.dict'},
};

/**
 * An Ajv error's `msg` and `type`, as the docs and the reference examples show them (SPEC.md §8:
 * `field required` / `value_error.missing`, `value_error.number.not_le`, `value_error.list.max_items`,
 * `type_error.enum`...). Kinds the docs do not show follow the same (pydantic) convention.
 */
function describe(error: AjvError): {msg: string; type: string} {
  const {limit, comparison} = error.params;
  switch (error.keyword) {
    case 'required':
      return {msg: 'field required', type: 'value_error.missing'};
    case 'maximum':
    case 'exclusiveMaximum':
      return comparison === '<' || error.keyword === 'exclusiveMaximum'
        ? {msg: `ensure this value is less than ${String(limit)}`, type: 'value_error.number.not_lt'}
        : {msg: `ensure this value is less than or equal to ${String(limit)}`, type: 'value_error.number.not_le'};
    case 'minimum':
    case 'exclusiveMinimum':
      return comparison === '>' || error.keyword === 'exclusiveMinimum'
        ? {msg: `ensure this value is greater than ${String(limit)}`, type: 'value_error.number.not_gt'}
        : {msg: `ensure this value is greater than or equal to ${String(limit)}`, type: 'value_error.number.not_ge'};
    case 'maxItems':
      return {msg: `ensure this value has at most ${String(limit)} items`, type: 'value_error.list.max_items'};
    case 'minItems':
      return {msg: `ensure this value has at least ${String(limit)} items`, type: 'value_error.list.min_items'};
    case 'maxLength':
      return {msg: `ensure this value has at most ${String(limit)} characters`, type: 'value_error.any_str.max_length'};
    case 'minLength':
      return {
        msg: `ensure this value has at least ${String(limit)} characters`,
        type: 'value_error.any_str.min_length',
      };
    case 'enum':
      return {msg: 'value is not a valid enumeration member', type: 'type_error.enum'};
    case 'type': {
      const [expected = ''] = String(error.params.type).split(',');
      return typeErrors[expected] ?? {msg: `${expected} type expected`, type: `type_error.${expected}`};
    }
    case 'additionalProperties':
      return {msg: 'extra fields not permitted', type: 'value_error.extra'};
    case 'format':
      return error.params.format === 'uri'
        ? {msg: 'invalid or missing URL scheme', type: 'value_error.url.scheme'}
        : {msg: `invalid ${String(error.params.format)} format`, type: `value_error.${String(error.params.format)}`};
    case 'pattern':
      return {msg: `string does not match regex "${String(error.params.pattern)}"`, type: 'value_error.str.regex'};
    default:
      return {msg: error.message ?? 'invalid value', type: 'value_error'};
  }
}

/** Ajv error → SPEC.md §8 item: `loc` names where the problem is, e.g. ["body", "training_config", "batch_size"]. */
function toValidationItem(error: AjvError): ValidationItem {
  const [source = '', ...rest] = error.instancePath.split('/').filter(Boolean);
  const where = source === 'requestBody' ? 'body' : source || 'body';
  const loc: (string | number)[] = [where, ...rest.map((part) => (/^\d+$/.test(part) ? Number(part) : part))];
  const missing = error.params.missingProperty;
  // openapi-backend wraps the body as `requestBody`: a missing body is reported as ["body"].
  if (error.keyword === 'required' && typeof missing === 'string' && !(source === '' && missing === 'requestBody'))
    loc.push(missing);
  const extra = error.params.additionalProperty;
  if (error.keyword === 'additionalProperties' && typeof extra === 'string') loc.push(extra);
  return {loc, ...describe(error)};
}

type SecurityScheme = OpenAPIV3_1.SecuritySchemeObject;

/** Where a scheme's credential travels: `['header', 'x-public-key']`, `['query', 'api_key']`, `['header', 'authorization']`. */
function credentialPlace(scheme: SecurityScheme | undefined): [string, string] {
  if (scheme?.type === 'apiKey') return [scheme.in, scheme.in === 'header' ? scheme.name.toLowerCase() : scheme.name];
  return ['header', 'authorization'];
}

/**
 * Whether a request carries a scheme's credential, any value: an API key where the scheme puts it, an
 * `Authorization` header of the scheme's kind (Basic, Bearer; OAuth 2 and OpenID Connect send a bearer
 * token). Mutual TLS is not the sandbox's to check (it speaks plain HTTP).
 */
function carries(scheme: SecurityScheme, request: Context['request']): boolean {
  const headers = request.headers as Record<string, string | undefined>;
  // openapi-types has no `mutualTLS` (3.1): the type as written.
  if ((scheme.type as string) === 'mutualTLS') return true;
  if (scheme.type === 'apiKey') {
    if (scheme.in === 'query') return Boolean(request.query[scheme.name]);
    if (scheme.in === 'cookie')
      return (request.cookies as Record<string, unknown> | undefined)?.[scheme.name] !== undefined;
    return Boolean(headers[scheme.name.toLowerCase()]);
  }
  const kind = scheme.type === 'http' ? scheme.scheme : 'bearer';
  return new RegExp(`^${kind}\\s+\\S`, 'i').test(headers.authorization ?? '');
}

function securitySchemes(definition: Document): Record<string, SecurityScheme> {
  return Object.fromEntries(
    Object.entries(definition.components?.securitySchemes ?? {}).map(([name, scheme]) => [
      name,
      resolve<SecurityScheme>(definition, scheme),
    ]),
  );
}

export type Handler = (context: Context) => SandboxResponse;

/** What a contract check answers for a request the descriptions accept (no operation handler runs). */
export const accepted = Symbol('accepted');

/** One description as the sandbox serves it: its openapi-backend, and its operations by operationId. */
export type Backend = {
  api: OpenAPIBackend;
  doc: Document;
  operations: Map<string, Answered>;
  /** The path its calls are served under (lib/sandbox/servers.ts). */
  base: string;
  variants: PathVariant[];
  mediaVariants: MediaVariant[];
  methodVariants: MethodVariant[];
};
/** What the sandbox reads of an operation or a webhook: its body and its answers. */
type Answered = Pick<ApiOperation, 'requestBody' | 'responses'> & Partial<Pick<ApiOperation, 'parameters'>>;

/**
 * One openapi-backend per description, routing and validating from the YAML: a documented call runs
 * its handler (`handlers` by spec id, then operationId), or `answer` when it has none (a contract
 * check: `accepted`); an invalid one gets the documented 422 (SPEC.md §8), a missing credential too.
 * A description openapi-backend cannot take is not served, with a warning (lib/openapi/degrade.ts);
 * for one of ours the sandbox does not start.
 */
export async function contractBackends(
  specs: readonly OpenApiSpec[],
  handlers: Readonly<Record<string, Record<string, Handler>>>,
  answer: (backend: Backend, context: Context) => SandboxResponse | typeof accepted,
): Promise<Backend[]> {
  const backends = await Promise.all(
    specs.map(async (spec) => {
      try {
        return await contractBackend(spec, handlers, answer);
      } catch (error) {
        leftOut(spec, 'sandbox', 'every operation', messageOf(error));
        return undefined;
      }
    }),
  );
  return backends.filter((backend) => backend !== undefined);
}

/** The openapi-backend of one description (contractBackends). */
async function contractBackend(
  spec: OpenApiSpec,
  handlers: Readonly<Record<string, Record<string, Handler>>>,
  answer: (backend: Backend, context: Context) => SandboxResponse | typeof accepted,
): Promise<Backend> {
  const doc = loadSpec(spec);
  const described = operationsOf(spec, doc);
  const operations = new Map<string, Answered>(described.map((entry) => [entry.operation.operationId, entry]));
  // Its webhooks and callbacks too, received as the reader's server would (lib/sandbox/definition.ts),
  // a callback where its page's explorer sends it (scripts/gen-api-docs.ts).
  for (const webhook of webhooksOf(spec, doc))
    operations.set(webhookOperationId(webhook.event, webhook.method), webhook);
  for (const {key, method, callback} of addCallbacksAsWebhooks(spec, doc, described))
    operations.set(webhookOperationId(key, method), callback);
  const schemes = securitySchemes(doc);
  const {definition, customizeAjv, variants, mediaVariants, methodVariants} = validatingDefinition(doc);
  for (const variant of mediaVariants) operations.set(variant.operationId, operations.get(variant.of)!);
  const base = sandboxBasePath(spec, doc);
  const backend: Backend = {api: undefined as never, doc, operations, base, variants, mediaVariants, methodVariants};
  backend.api = new OpenAPIBackend({
    definition,
    apiRoot: base,
    // A description whose paths end with a slash (Zapier's `/api/v1/check/`) is routed as written:
    // openapi-backend would take it off the request's path but not off the path's template.
    ignoreTrailingSlashes: !Object.keys(definition.paths ?? {}).some((key) => key.length > 1 && key.endsWith('/')),
    // The definition is already linted by Redocly (npm run lint:openapi); openapi-backend's own
    // definition check reads 3.0 schemas as draft 7 and rejects boolean exclusiveMinimum.
    quick: true,
    // OpenAPI 3.0 schemas are JSON Schema draft 4, 3.1's 2020-12 (lib/sandbox/definition.ts).
    customizeAjv: customizeAjv as never,
    handlers: {
      // Only the API's own: an added API's `listModels` is not our trainer's.
      ...Object.fromEntries(
        Object.entries(handlers[spec.id] ?? {}).filter(([operationId]) => operations.has(operationId)),
      ),
      validationFail: (c: Context) =>
        validationError(
          // A recursive schema's `x-ref` (lib/sandbox/definition.ts) fails beside the error within it.
          (c.validation.errors ?? []).filter((error) => error.keyword !== 'x-ref').map(toValidationItem),
        ),
      // No 401 is documented: a missing key is a missing required header (or query parameter,
      // cookie), answered as a 422.
      unauthorizedHandler: (c: Context) => {
        const [scheme = ''] = Object.keys(c.operation.security?.[0] ?? doc.security?.[0] ?? {});
        const [where, name] = credentialPlace(schemes[scheme]);
        return validationError([{loc: [where, name], msg: 'field required', type: 'value_error.missing'}]);
      },
      notImplemented: (c: Context) => answer(backend, c),
      notFound: () => undefined,
      methodNotAllowed: () => undefined,
    },
  });
  // A call is authorised when it carries its documented credential; any value works here.
  for (const [name, scheme] of Object.entries(schemes))
    backend.api.registerSecurityHandler(name, (c: Context) => carries(scheme, c.request));
  await backend.api.init();
  return backend;
}

/** A request as routed: headers by lower-case name. */
type RoutedRequest = {method: string; path: string; query: string; headers: Record<string, string>};
/** As openapi-backend takes it: a header parameter that is an array, as a list (splitListHeaders). */
type PreparedRequest = Omit<RoutedRequest, 'headers'> & {headers: Record<string, string | string[]>; body: unknown};

/** Whether a request's path is a call of a path template (`/v1/items/{id}`) under `base`. */
function isPathOf(base: string, template: string, path: string): boolean {
  const pattern = `${base}${template}`
    .replace(/\/$/, '')
    .split(/\{[^}]+\}/)
    .map(escapeRegExp)
    .join('[^/]+');
  return new RegExp(`^${pattern}/?$`).test(path);
}

/**
 * The ways to route a request when a description has path keys with a query or a fragment, or a
 * form body beside a JSON one (lib/sandbox/definition.ts): first the variant whose query the request
 * sends (`?beta=true`, that pair then read as the key's, not as a parameter), else the plain path;
 * then each fragment variant of the path (`#stream`), tried when the ones before refuse the call.
 * A form body goes to its media type's own operation, where the path has one.
 */
function routingsOf(backends: readonly Backend[], request: RoutedRequest): RoutedRequest[] {
  const sent = new URLSearchParams(request.query);
  const method = request.method.toLowerCase();
  const named: RoutedRequest[] = [];
  const fragments: RoutedRequest[] = [];
  for (const {base, variants} of backends)
    for (const variant of variants) {
      if (!variant.methods.includes(method) || !isPathOf(base, variant.path, request.path)) continue;
      const routed = `${request.path.replace(/\/$/, '')}${variant.segment}`;
      if (variant.query.length === 0) fragments.push({...request, path: routed});
      else if (variant.query.every(([name, value]) => sent.getAll(name).includes(value))) {
        const rest = new URLSearchParams(request.query);
        for (const [name, value] of variant.query) rest.delete(name, value);
        named.push({...request, path: routed, query: rest.toString()});
      }
    }
  const ways = [...named.slice(0, 1), ...(named.length > 0 ? [] : [request]), ...fragments].map((way) => {
    // A method openapi-backend does not route (QUERY, COPY): the `post` of its operation's own path.
    for (const {base, methodVariants} of backends)
      for (const variant of methodVariants)
        if (variant.method === method && isPathOf(base, variant.path, way.path))
          return {...way, method: 'POST', path: `${way.path.replace(/\/$/, '')}${variant.segment}`};
    return way;
  });
  const mediaType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  return ways.map((way) => {
    const routedMethod = way.method.toLowerCase();
    for (const {base, mediaVariants} of backends)
      for (const variant of mediaVariants)
        if (
          variant.method === routedMethod &&
          variant.mediaType === mediaType &&
          isPathOf(base, variant.path, way.path)
        )
          return {...way, path: `${way.path.replace(/\/$/, '')}${variant.segment}`};
    return way;
  });
}

/** The description and operation a request is a call of, if any. */
function matchOf(
  backends: readonly Backend[],
  request: RoutedRequest,
): {backend: Backend; operation: Answered} | undefined {
  for (const backend of backends) {
    const matched = backend.api.router.matchOperation(request);
    const operation = matched && backend.operations.get(matched.operationId ?? '');
    if (operation) return {backend, operation};
  }
  return undefined;
}

/**
 * A raw request as the backends take it: header names in lower case, the samples' second training
 * path read as the documented one, and the body read as the operation takes it (lib/sandbox/bodies.ts):
 * JSON (bad JSON is a documented 422), a form, or text.
 */
export async function prepareRequest(
  backends: readonly Backend[],
  request: SandboxRequest,
): Promise<{ways: PreparedRequest[]; path: string} | {answer: SandboxResponse}> {
  const [rawPathname = '/', search = ''] = request.url.split('?');
  let pathname = rawPathname;
  const headers: Record<string, string> = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [
      name.toLowerCase(),
      Array.isArray(value) ? value.join(',') : (value ?? ''),
    ]),
  );
  const alias =
    request.method.toUpperCase() === trainingJobAlias.method && pathname.replace(/\/$/, '') === trainingJobAlias.path;
  if (alias) {
    pathname = trainingJobAlias.documentedPath;
    headers['x-public-key'] = headers['x-api-key'] ?? '';
  }
  // This reading sends x-api-key: without it, the missing header is that one.
  if (alias && !headers['x-api-key'])
    return {
      answer: validationError([{loc: ['header', 'x-api-key'], msg: 'field required', type: 'value_error.missing'}]),
    };
  const ways: PreparedRequest[] = [];
  for (const routed of routingsOf(backends, {method: request.method, path: pathname, query: search, headers})) {
    const match = matchOf(backends, routed);
    const prepared = match ? {...routed, query: foldExplodedObjects(match, routed.query)} : routed;
    const body = await readBody(backends, prepared, request.body ?? '');
    if (typeof body === 'object' && body !== null && 'answer' in body) return body;
    ways.push({
      ...prepared,
      headers: match ? splitListHeaders(match, prepared.headers) : prepared.headers,
      body: body?.value,
    });
  }
  return {ways, path: pathname};
}

/**
 * Query keys of an object parameter sent in OpenAPI's default style for one (form, exploded: its keys
 * as parameters of their own, `?key_0=a` for `metadata: {key_0: 'a'}`), written as openapi-backend reads
 * an object (`metadata[key_0]=a`), where the operation has one such parameter for them to belong to.
 */
function foldExplodedObjects({backend, operation}: {backend: Backend; operation: Answered}, search: string): string {
  const query = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query');
  const objects = query.filter((parameter) => {
    const schema = flattenSchema(backend.doc, parameter.schema as SchemaNode | undefined);
    // Its types, or its alternatives' (OpenAI's metadata: an object or null).
    const types = [schema, ...(schema?.anyOf ?? []), ...(schema?.oneOf ?? [])].flatMap((part) => {
      const resolved = flattenSchema(backend.doc, part);
      return resolved ? typesOf(resolved) : [];
    });
    return (parameter.style ?? 'form') === 'form' && parameter.explode !== false && types.includes('object');
  });
  if (objects.length !== 1) return search;
  const declared = new Set(query.map(({name}) => name));
  const folded = new URLSearchParams();
  for (const [key, value] of new URLSearchParams(search))
    folded.append(declared.has(key.replace(/\[.*$/, '')) ? key : `${objects[0]!.name}[${key}]`, value);
  return folded.toString();
}

/**
 * Header parameters that are arrays, read as OpenAPI's style for headers writes them (simple:
 * `a,b`), as lists: openapi-backend validates a header's text as it is (OpenAI's `openai-beta`).
 */
function splitListHeaders(
  {backend, operation}: {backend: Backend; operation: Answered},
  headers: Record<string, string>,
): Record<string, string | string[]> {
  const lists = (operation.parameters ?? []).filter((parameter) => {
    const schema = flattenSchema(backend.doc, parameter.schema as SchemaNode | undefined);
    return parameter.in === 'header' && schema !== undefined && typesOf(schema).includes('array');
  });
  if (lists.length === 0) return headers;
  const split: Record<string, string | string[]> = {...headers};
  for (const {name} of lists) {
    const value = headers[name.toLowerCase()];
    // As Node gives a repeated header: a list of its values.
    if (value !== undefined) split[name.toLowerCase()] = value.split(',').map((item) => item.trim());
  }
  return split;
}

/** A request's body as its operation takes it; bad JSON is a documented 422. */
async function readBody(
  backends: readonly Backend[],
  request: RoutedRequest,
  text: string,
): Promise<{value: unknown} | {answer: SandboxResponse} | undefined> {
  if (text.trim() === '') return undefined;
  const contentType = request.headers['content-type'] ?? '';
  const match = matchOf(backends, request);
  const content = match?.operation.requestBody?.content ?? {};
  const reading = bodyReading(contentType, Object.keys(content));
  if (reading === 'raw') return {value: text};
  if (reading === 'form' || reading === 'multipart') {
    const schema = content[contentType.split(';')[0]!.trim().toLowerCase()]?.schema as SchemaNode | undefined;
    try {
      return {value: await readForm(match!.backend.doc, reading, text, contentType, schema)};
    } catch (error) {
      // A multipart body without its boundary, or cut short.
      return {answer: validationError([{loc: ['body'], msg: (error as Error).message, type: 'value_error.form'}])};
    }
  }
  try {
    const value: unknown = JSON.parse(text);
    // openapi-backend parses string bodies as JSON text: hand it the text so "x" stays a string.
    return {value: typeof value === 'string' ? text : value};
  } catch (error) {
    return {
      answer: validationError([
        {loc: ['body'], msg: `invalid JSON: ${(error as Error).message}`, type: 'value_error.jsondecode'},
      ]),
    };
  }
}

/**
 * The first backend's answer for a prepared request, or undefined when no description documents it;
 * of several ways to route it (routingsOf), the first that does not refuse it, else the first answer.
 */
export async function routeRequest(
  backends: readonly Backend[],
  ways: readonly PreparedRequest[],
): Promise<SandboxResponse | typeof accepted | undefined> {
  let first: SandboxResponse | typeof accepted | undefined;
  for (const request of ways)
    for (const {api} of backends) {
      const answer = (await api.handleRequest(request)) as SandboxResponse | typeof accepted | undefined;
      if (!answer) continue;
      if (answer === accepted || answer.status !== 422) return answer;
      first ??= answer;
      break;
    }
  return first;
}

export function notDocumented(method: string, pathname: string): SandboxResponse {
  return {
    status: 404,
    body: {detail: [{loc: ['path'], msg: `no documented call is ${method} ${pathname}`, type: 'not_found'}]},
  };
}

/**
 * Checks a request against the descriptions without answering it (the docs MCP server validates
 * before it sends): the documented 422 when it is invalid, a 404 when no description has the call,
 * and `undefined` when it is valid. Same routing and messages as the sandbox.
 */
export async function createContractCheck(
  specs: readonly OpenApiSpec[] = openApiSpecs,
): Promise<(request: SandboxRequest) => Promise<SandboxResponse | undefined>> {
  // Reached only by a contract check, which has no operation handlers: the request is valid.
  const backends = await contractBackends(specs, {}, () => accepted);
  return async (request) => {
    const prepared = await prepareRequest(backends, request);
    if ('answer' in prepared) return prepared.answer;
    const answer = await routeRequest(backends, prepared.ways);
    if (answer === accepted) return undefined;
    return answer ?? notDocumented(request.method, prepared.path);
  };
}
