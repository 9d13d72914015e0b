/**
 * The contract side of the sample checker: which documented operation a call is, whether it sends
 * what the OpenAPI description asks for, and whether the payloads shown after it match.
 */
import {isDeepStrictEqual} from 'node:util';

import {allOperations, type ApiOperation, type SchemaOrRef} from '../openapi';
import {ContractValidator, requestSchema, responseSchema} from '../openapi/validate';
import {apiKeyVariable} from '../../src/code-samples';
import {apiBaseUrl} from '../../src/provider';
import type {ApiCall} from './calls';
import type {CodeBlock} from './page';

type Route = {operation: ApiOperation; pattern: RegExp; params: string[]};
let contract: {routes: Route[]; validators: Map<string, ContractValidator>; keyHeaders: Set<string>} | undefined;

export function loadContract(): NonNullable<typeof contract> {
  if (contract) return contract;
  const operations = allOperations();
  const routes = operations.map((operation) => {
    const params: string[] = [];
    const source = operation.fullPath
      .split(/(\{[^}]+\})/)
      .map((part) => {
        const param = /^\{(.+)\}$/.exec(part)?.[1];
        if (param) {
          params.push(param);
          return '([^/]+)';
        }
        return part.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('');
    return {operation, pattern: new RegExp(`^${source}$`), params};
  });
  const validators = new Map(
    operations.map((operation) => [operation.spec.id, new ContractValidator(operation.spec)] as const),
  );
  // Every header the descriptions read a key from, plus the usual one they do not, so a key sent there is seen too.
  const keyHeaders = new Set([...operations.flatMap((operation) => operation.keyHeaders), 'authorization']);
  contract = {routes, validators, keyHeaders};
  return contract;
}

function validatorOf(operation: ApiOperation): ContractValidator {
  const validator = loadContract().validators.get(operation.spec.id);
  if (!validator) throw new Error(`no validator for ${operation.spec.file}`);
  return validator;
}

const describe = (operation: ApiOperation) => `${operation.method.toUpperCase()} ${operation.fullPath}`;

/** Checks one call against the contract; returns the operation it calls, if any matched, and the problems. */
export function checkCall(call: ApiCall): {operation?: ApiOperation; problems: string[]} {
  const problems = [...call.errors];
  let url: URL;
  try {
    url = new URL(call.url);
  } catch {
    problems.push(`the URL ${JSON.stringify(call.url)} is not an absolute URL`);
    return {problems};
  }
  if (!`${url.origin}${url.pathname}`.startsWith(`${apiBaseUrl}/`)) {
    problems.push(`the URL ${call.url} does not start with ${apiBaseUrl}/`);
    return {problems};
  }
  const {routes, keyHeaders} = loadContract();
  const onPath = routes.filter((route) => route.pattern.test(url.pathname));
  const route = onPath.find((candidate) => candidate.operation.method.toUpperCase() === call.method);
  if (!route) {
    if (onPath.length === 0) problems.push(`no documented path matches ${url.pathname} (${call.method})`);
    else
      problems.push(
        `${call.method} is not documented for ${onPath[0]!.operation.fullPath} (documented: ${onPath.map((candidate) => candidate.operation.method.toUpperCase()).join(', ')})`,
      );
    return {problems};
  }
  const {operation} = route;
  const validator = validatorOf(operation);
  const where = describe(operation);

  // Path and query parameters.
  const values = route.pattern.exec(url.pathname)!.slice(1);
  route.params.forEach((name, index) => {
    const value = decodeURIComponent(values[index] ?? '');
    const schema = operation.parameters.find((parameter) => parameter.in === 'path' && parameter.name === name)?.schema;
    if (!schema) return;
    const result = validator.validate(schema, value);
    const reasons = result.errors.map((reason) => reason.replace(/^\(root\) /, ''));
    if (!result.valid) problems.push(`path parameter ${name} ${JSON.stringify(value)}: ${reasons.join('; ')}`);
  });
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
  for (const [name, value] of url.searchParams) {
    const parameter = queryParameters.find((candidate) => candidate.name === name);
    if (!parameter) problems.push(`query parameter ${name} is not documented for ${where}`);
    else if (parameter.schema) {
      const result = validator.validate(parameter.schema, value);
      if (!result.valid)
        problems.push(
          `query parameter ${name} ${JSON.stringify(value)}: ${result.errors.join('; ').replace(/^\(root\) /, '')}`,
        );
    }
  }
  for (const parameter of queryParameters)
    if (parameter.required && !url.searchParams.has(parameter.name))
      problems.push(`missing required query parameter ${parameter.name}`);

  // The key header: the one this call reads, its value from the environment, never inline.
  const sentKeys = [...call.headers.keys()].filter((name) => keyHeaders.has(name));
  if (operation.keyHeaders.length > 0 && !operation.keyHeaders.some((name) => call.headers.has(name))) {
    const instead =
      sentKeys.length > 0 ? `; the sample sends ${sentKeys.join(', ')}, which this call does not read` : '';
    problems.push(`missing key header ${operation.keyHeaders.join(' or ')} required by ${where}${instead}`);
  }
  for (const name of sentKeys) {
    const value = call.headers.get(name)!;
    if (value.kind !== 'env')
      problems.push(`inline key in header ${name}: read it from the ${apiKeyVariable} environment variable`);
    else if (value.name !== apiKeyVariable)
      problems.push(`header ${name} reads ${value.name}; samples read the key from ${apiKeyVariable}`);
  }

  // The body.
  const schema = requestSchema(operation);
  if (call.hasBody && call.language !== 'python') {
    const contentType = call.headers.get('content-type');
    if (contentType?.kind !== 'literal' || !contentType.value.startsWith('application/json'))
      problems.push('the sample sends a JSON body without the header Content-Type: application/json');
  }
  if (!schema && call.hasBody) problems.push(`${where} takes no request body, but the sample sends one`);
  if (schema && !call.hasBody && operation.requestBody?.required)
    problems.push(`${where} requires a JSON body, but the sample sends none`);
  if (schema && call.hasBody && call.body !== undefined) {
    const result = validator.validate(schema, call.body);
    if (!result.valid) problems.push(`request body does not match ${where}: ${result.errors.join('; ')}`);
  }
  return {operation, problems};
}

// ---------------------------------------------------------------------------------------------
// Responses shown after a call

type Result = {labels?: unknown[]; scores?: unknown[]; tokens?: unknown[]; token_start_positions?: unknown[]};

function resultsIn(value: unknown, depth = 0): Result[] {
  if (depth > 3 || !value || typeof value !== 'object') return [];
  if (Array.isArray(value)) return value.flatMap((item) => resultsIn(item, depth + 1));
  const keys = Object.keys(value);
  if (keys.some((key) => ['labels', 'scores', 'tokens', 'token_start_positions'].includes(key)))
    return [value as Result];
  return Object.values(value).flatMap((item) => resultsIn(item, depth + 1));
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/** A response that validates can still contradict the call it follows: these checks keep it realistic. */
function responseMatchesCall(call: ApiCall, operation: ApiOperation, response: unknown): string[] {
  const problems: string[] = [];
  if (!isRecord(response)) return problems;
  const body = isRecord(call.body) ? call.body : {};
  const data = response.data;
  const queries = Array.isArray(body.queries) ? body.queries : undefined;
  const models = Array.isArray(body.models) ? body.models.map(String) : undefined;
  if (queries && Array.isArray(data) && data.length !== queries.length)
    problems.push(`the response has ${data.length} results for ${queries.length} queries`);
  if (models && isRecord(data)) {
    const answered = Object.keys(data);
    if (!isDeepStrictEqual([...answered].sort(), [...models].sort()))
      problems.push(`the response answers for ${answered.join(', ')} but the call asks for ${models.join(', ')}`);
    if (queries)
      for (const [model, results] of Object.entries(data))
        if (Array.isArray(results) && results.length !== queries.length)
          problems.push(`${model} has ${results.length} results for ${queries.length} queries`);
  }
  for (const result of resultsIn(data)) {
    if (result.labels && result.scores && result.labels.length !== result.scores.length)
      problems.push(`a result has ${result.labels.length} labels but ${result.scores.length} scores`);
    if (result.tokens && result.token_start_positions && result.tokens.length !== result.token_start_positions.length)
      problems.push(
        `a result has ${result.tokens.length} tokens but ${result.token_start_positions.length} start positions`,
      );
  }
  const modelConfig = isRecord(body.model_config) ? body.model_config : undefined;
  if (modelConfig && isRecord(data)) {
    for (const field of ['name', 'type'] as const)
      if (data[field] !== undefined && data[field] !== modelConfig[field])
        problems.push(
          `the response's ${field} ${JSON.stringify(data[field])} differs from model_config.${field} ${JSON.stringify(modelConfig[field])}`,
        );
  }
  const pathModel = new URL(call.url).pathname.split('/').pop();
  if (operation.path.endsWith('{model_id}') && operation.spec.id === 'trainer') {
    const record = isRecord(data) ? (isRecord(data.model) ? data.model : data) : response;
    if (typeof record.id === 'string' && record.id !== pathModel)
      problems.push(`the response is about model ${record.id} but the call asks for ${pathModel}`);
  }
  return problems;
}

const payloadKeys = ['data', 'metadata', 'detail', 'query', 'queries', 'models', 'model_config', 'dataset_url'];

export type LastCall = {call: ApiCall; operation?: ApiOperation};

export function checkJsonBlock(block: CodeBlock, last: LastCall | undefined): string[] {
  let value: unknown;
  try {
    value = JSON.parse(block.value);
  } catch (error) {
    return [`invalid JSON (${(error as Error).message})`];
  }
  const title = /title="([^"]*)"/.exec(block.meta)?.[1];
  const kind = !title
    ? undefined
    : /^Response\b/.test(title)
      ? ({status: '2XX', what: 'response'} as const)
      : /^422 response\b/.test(title)
        ? ({status: '422', what: '422 response'} as const)
        : /^Request body\b/.test(title)
          ? ({status: 'request', what: 'request body'} as const)
          : undefined;
  if (!kind) {
    if (isRecord(value) && Object.keys(value).some((key) => payloadKeys.includes(key)))
      return ['an API payload needs title="Response", title="422 response" or title="Request body" so it is checked'];
    return [];
  }
  if (!last) return [`a ${kind.what} with no call sample before it to check it against`];
  const {call, operation} = last;
  if (!operation) return []; // the call itself is already reported
  const schema: SchemaOrRef | undefined =
    kind.status === 'request' ? requestSchema(operation) : responseSchema(operation, kind.status);
  if (!schema) return [`${describe(operation)} documents no JSON ${kind.what}`];
  const result = validatorOf(operation).validate(schema, value);
  const problems = result.valid
    ? []
    : [`${kind.what} does not match ${describe(operation)}: ${result.errors.join('; ')}`];
  if (kind.status === '2XX') problems.push(...responseMatchesCall(call, operation, value));
  return problems;
}
