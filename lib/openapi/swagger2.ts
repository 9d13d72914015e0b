/**
 * Swagger 2.0 descriptions, as many providers still publish them (Slack's Web API, much of Azure's),
 * read as OpenAPI 3.1 by Scalar's upgrader, chosen over swagger2openapi (what the OpenAPI plugin uses) by
 * `npm run bench:swagger2`: it made every `formData` operation of Slack's a form body where swagger2openapi
 * missed two, three times as fast (bench/README.md, "Swagger 2.0 converters"). The loader converts; every
 * output reads the converted document; the download keeps the file as published.
 *
 * Scalar's upgrader reports nothing of what it could not carry over, so the conversion is checked here
 * against the 2.0 input, and each loss said as a warning naming the file and the place: an operation
 * missing, a `formData` operation without a form body, a security definition without a scheme, a
 * `collectionFormat` OpenAPI 3 has no style for, a `body` parameter beside `formData` ones.
 */
import {upgrade} from '@scalar/openapi-upgrader';

import type {JsonPath} from './structure';

type JsonObject = Record<string, unknown>;

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'] as const;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a parsed description is Swagger 2.0 (`swagger: "2.0"`). */
export function isSwagger2(doc: unknown): doc is JsonObject {
  return isObject(doc) && typeof doc.swagger === 'string' && /^2\.0(\.\d+)?$/.test(doc.swagger.trim());
}

/** The converter, named in what the build says of a converted description. */
export const swagger2Converter = '@scalar/openapi-upgrader';

/** A 2.0 description as OpenAPI 3.1, and what its conversion lost (each a line naming the place). */
export type Conversion = {doc: JsonObject; warnings: string[]};

/** Converts a parsed 2.0 description (it is changed in place: pass a copy to keep it). */
export function fromSwagger2(input: JsonObject): Conversion {
  const asked = whatIsAsked(input);
  const doc = upgrade(input, '3.1') as unknown as JsonObject;
  return {doc, warnings: lostInConversion(asked, doc)};
}

/** What a 2.0 description asks its conversion to keep, read before the upgrader changes it. */
type Asked = {
  operations: string[];
  formOperations: string[];
  securityDefinitions: string[];
  /** `tsv` collections, which OpenAPI 3 has no style for: `GET /things, parameter ids`. */
  tabSeparated: string[];
  /** Operations with both `body` and `formData` parameters (2.0 allows one or the other): one is lost. */
  bodyAndForm: string[];
};

function operationsIn(doc: JsonObject): {name: string; operation: JsonObject; item: JsonObject}[] {
  const paths = isObject(doc.paths) ? doc.paths : {};
  return Object.entries(paths).flatMap(([route, item]) =>
    isObject(item)
      ? methods.flatMap((method) =>
          isObject(item[method]) ? [{name: `${method.toUpperCase()} ${route}`, operation: item[method], item}] : [],
        )
      : [],
  );
}

function whatIsAsked(doc: JsonObject): Asked {
  const shared = isObject(doc.parameters) ? doc.parameters : {};
  // A parameter as written or through `#/parameters/…`, the only place 2.0 keeps them.
  const parameter = (value: unknown): JsonObject | undefined => {
    if (!isObject(value)) return undefined;
    const ref = typeof value.$ref === 'string' ? /^#\/parameters\/(.+)$/.exec(value.$ref)?.[1] : undefined;
    const found = ref === undefined ? value : shared[decodeURIComponent(ref).replaceAll('~1', '/').replaceAll('~0', '~')];
    return isObject(found) ? found : undefined;
  };
  const asked: Asked = {operations: [], formOperations: [], securityDefinitions: [], tabSeparated: [], bodyAndForm: []};
  for (const {name, operation, item} of operationsIn(doc)) {
    asked.operations.push(name);
    const parameters = [item.parameters, operation.parameters]
      .flatMap((list) => (Array.isArray(list) ? list : []))
      .map(parameter)
      .filter((found) => found !== undefined);
    if (parameters.some((found) => found.in === 'formData')) asked.formOperations.push(name);
    if (parameters.some((found) => found.in === 'formData') && parameters.some((found) => found.in === 'body'))
      asked.bodyAndForm.push(name);
    for (const found of parameters)
      if (found.collectionFormat === 'tsv') asked.tabSeparated.push(`${name}, parameter ${String(found.name)}`);
  }
  asked.securityDefinitions = Object.keys(isObject(doc.securityDefinitions) ? doc.securityDefinitions : {});
  return asked;
}

function lostInConversion(asked: Asked, doc: JsonObject): string[] {
  const converted = new Map(operationsIn(doc).map(({name, operation}) => [name, operation]));
  const components = isObject(doc.components) ? doc.components : {};
  const requestBodies = isObject(components.requestBodies) ? components.requestBodies : {};
  const schemes = isObject(components.securitySchemes) ? components.securitySchemes : {};
  const hasFormBody = (operation: JsonObject): boolean => {
    let body = operation.requestBody;
    if (isObject(body) && typeof body.$ref === 'string')
      body = requestBodies[body.$ref.replace(/^#\/components\/requestBodies\//, '')];
    const content = isObject(body) && isObject(body.content) ? body.content : {};
    return Object.keys(content).some((type) => /^(application\/x-www-form-urlencoded|multipart\/)/i.test(type));
  };
  const warnings: string[] = [];
  for (const name of asked.operations)
    if (!converted.has(name)) warnings.push(`${name}: the operation is not in the converted description`);
  for (const name of asked.formOperations) {
    const operation = converted.get(name);
    if (operation && !hasFormBody(operation))
      warnings.push(`${name}: its formData parameters became no form or multipart body`);
  }
  for (const name of asked.securityDefinitions)
    if (!isObject(schemes[name])) warnings.push(`securityDefinitions.${name}: it became no security scheme`);
  for (const where of asked.tabSeparated)
    warnings.push(`${where}: collectionFormat tsv has no OpenAPI 3 style; the default style of its place is used`);
  for (const name of asked.bodyAndForm)
    warnings.push(`${name}: it has both body and formData parameters, which Swagger 2.0 forbids; only the form is kept`);
  return warnings;
}

/**
 * Where a place of the converted description was written in the 2.0 file, as near as it has one: the
 * converter moves `definitions` to `components.schemas`, a body or form parameter to `requestBody`, an
 * answer's `schema` under `content`. Errors about the converted document name the line of the 2.0 one.
 */
export function swagger2Place(at: JsonPath): JsonPath {
  const [first, second, third, fourth, ...rest] = at;
  if (first === 'components') {
    const moved: Record<string, string> = {
      schemas: 'definitions',
      parameters: 'parameters',
      requestBodies: 'parameters',
      responses: 'responses',
      securitySchemes: 'securityDefinitions',
    };
    const to = typeof second === 'string' ? moved[second] : undefined;
    if (!to) return [];
    if (second === 'schemas') return [to, ...at.slice(2)];
    return third === undefined ? [to] : [to, third];
  }
  if (first === 'servers') return ['host'];
  if (first === 'paths' && second !== undefined && third !== undefined) {
    const operation = ['paths', second, third];
    if (fourth === 'requestBody') return [...operation, 'parameters'];
    if (fourth === 'parameters') return [...operation, 'parameters', ...(rest[0] === undefined ? [] : [rest[0]])];
    if (fourth === 'responses' && rest[0] !== undefined) {
      const [status, key, , schema, ...inside] = rest;
      return key === 'content' && schema === 'schema'
        ? [...operation, 'responses', status, 'schema', ...inside]
        : [...operation, 'responses', status];
    }
    return at;
  }
  return at;
}

/**
 * The pointers in a text about the converted description as the 2.0 file wrote them
 * (`#/components/schemas/X` → `#/definitions/X`, `/components/parameters/Y` → `/parameters/Y`).
 */
export function swagger2Reference(text: string): string {
  return text
    .replace(/(^|#|\s)\/components\/schemas\//g, '$1/definitions/')
    .replace(/(^|#|\s)\/components\/(?:parameters|requestBodies)\//g, '$1/parameters/')
    .replace(/(^|#|\s)\/components\/responses\//g, '$1/responses/')
    .replace(/(^|#|\s)\/components\/securitySchemes\//g, '$1/securityDefinitions/');
}
