/**
 * The API contract as data: loads openapi/*.yaml and validates payloads against their schemas.
 * OpenAPI 3.0 schemas are JSON Schema draft 4 plus `nullable` (boolean exclusiveMinimum and all),
 * so they are compiled with Ajv's draft-04 build.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';

import Ajv, {type ErrorObject, type ValidateFunction} from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import {parse} from 'yaml';

import {openApiSpecs, type OpenApiSpec} from '../../lib/openapi/specs';

export const repoRoot = path.resolve(__dirname, '../..');

export const httpMethods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
export type HttpMethod = (typeof httpMethods)[number];

export type SchemaObject = Record<string, unknown> & {$ref?: string; properties?: Record<string, SchemaObject>};
type MediaType = {schema?: SchemaObject; example?: unknown; examples?: Record<string, {value?: unknown}>};
type Content = Record<string, MediaType>;
export type Parameter = {name: string; in: string; required?: boolean; schema?: SchemaObject; example?: unknown};
export type OperationObject = {
  operationId: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: {required?: boolean; content: Content};
  responses: Record<string, {description: string; content?: Content}>;
  security?: Record<string, string[]>[];
};
type SecurityScheme = {type: string; in?: string; name?: string};
export type OpenApiDocument = {
  openapi: string;
  info: {title: string; version: string; description?: string};
  servers: {url: string; description?: string}[];
  tags?: {name: string; description?: string}[];
  security?: Record<string, string[]>[];
  paths: Record<string, Partial<Record<HttpMethod, OperationObject>> & {parameters?: Parameter[]}>;
  components: {
    schemas: Record<string, SchemaObject>;
    securitySchemes: Record<string, SecurityScheme>;
    parameters?: Record<string, Parameter>;
  };
};

/** One call of one description, with everything a test needs to check a request or a response. */
export type Operation = {
  spec: OpenApiSpec;
  method: HttpMethod;
  /** Path as written in the description, e.g. `/predictor/language/pre-trained/{model_id}`. */
  path: string;
  /** Full URL of the documented server plus the path, e.g. `https://api.orchard.example/api/...`. */
  url: string;
  /** The path as served on the host, with the server's prefix: `/api/predictor/language/...`. */
  fullPath: string;
  operation: OperationObject;
  parameters: Parameter[];
  /** Header names of the API keys this call accepts (security schemes of type apiKey in header). */
  keyHeaders: string[];
};

export function loadSpec(spec: OpenApiSpec): OpenApiDocument {
  return parse(readFileSync(path.join(repoRoot, spec.file), 'utf8')) as OpenApiDocument;
}

function resolveParameter(doc: OpenApiDocument, parameter: Parameter | {$ref: string}): Parameter {
  if (!('$ref' in parameter)) return parameter;
  const name = parameter.$ref.replace('#/components/parameters/', '');
  const resolved = doc.components.parameters?.[name];
  if (!resolved) throw new Error(`unresolved parameter ${parameter.$ref}`);
  return resolved;
}

/** Every operation of one description. */
export function operationsOf(spec: OpenApiSpec, doc: OpenApiDocument = loadSpec(spec)): Operation[] {
  const server = doc.servers[0]?.url ?? '';
  return Object.entries(doc.paths).flatMap(([pathName, item]) =>
    httpMethods.flatMap((method) => {
      const operation = item[method];
      if (!operation) return [];
      const security = operation.security ?? doc.security ?? [];
      const keyHeaders = security
        .flatMap((requirement) => Object.keys(requirement))
        .map((scheme) => doc.components.securitySchemes[scheme])
        .filter((scheme): scheme is SecurityScheme => scheme?.type === 'apiKey' && scheme.in === 'header')
        .map((scheme) => scheme.name!.toLowerCase());
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((parameter) =>
        resolveParameter(doc, parameter),
      );
      const fullPath = `${server.replace(/^[a-z]+:\/\/[^/]+/, '')}${pathName}`;
      return [{spec, method, path: pathName, url: `${server}${pathName}`, fullPath, operation, parameters, keyHeaders}];
    }),
  );
}

/** Every operation of all four descriptions. */
export function allOperations(): Operation[] {
  return openApiSpecs.flatMap((spec) => operationsOf(spec));
}

export type ValidationResult = {valid: boolean; errors: string[]};

function describeErrors(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((error) => `${error.instancePath || '(root)'} ${error.message ?? 'is invalid'}`.trim());
}

/** Compiles schemas of one description on demand and validates values against them. */
export class ContractValidator {
  private readonly ajv: Ajv;
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(
    readonly spec: OpenApiSpec,
    readonly doc: OpenApiDocument = loadSpec(spec),
  ) {
    // `example` and other OpenAPI-only keywords are annotations, not constraints: strict mode off.
    this.ajv = new Ajv({strict: false, allErrors: true});
    addFormats(this.ajv);
    // Registered under the file name so `#/components/...` refs inside resolve against this document.
    this.ajv.addSchema({components: this.doc.components}, spec.file);
  }

  private compile(schema: SchemaObject): ValidateFunction {
    const key = JSON.stringify(schema);
    let validate = this.cache.get(key);
    if (!validate) {
      const rebased = JSON.parse(key.replaceAll('"#/components/', `"${this.spec.file}#/components/`)) as SchemaObject;
      validate = this.ajv.compile(rebased);
      this.cache.set(key, validate);
    }
    return validate;
  }

  /** Validates a value against an inline schema or `$ref` of this description. */
  validate(schema: SchemaObject, value: unknown): ValidationResult {
    const validate = this.compile(schema);
    const valid = validate(value) as boolean;
    return {valid, errors: describeErrors(validate.errors)};
  }

  /** Validates a value against a named component schema, e.g. `TrainingConfig`. */
  validateComponent(name: string, value: unknown): ValidationResult {
    if (!this.doc.components.schemas[name]) throw new Error(`${this.spec.file} has no schema ${name}`);
    return this.validate({$ref: `#/components/schemas/${name}`}, value);
  }
}

/** The JSON schema of an operation's request body, if it takes one. */
export function requestSchema(operation: Operation): SchemaObject | undefined {
  return operation.operation.requestBody?.content['application/json']?.schema;
}

/** The JSON schema of an operation's answer with a given status, if it documents one. */
export function responseSchema(operation: Operation, status: string): SchemaObject | undefined {
  // An answer's exact status (`200`) falls under the range the description documents (`2XX`).
  const responses = operation.operation.responses;
  return (responses[status] ?? responses[`${status[0]}XX`])?.content?.['application/json']?.schema;
}

/** Every example value attached to a media type, with a label saying where it stands. */
export function mediaTypeExamples(media: MediaType | undefined, where: string): {label: string; value: unknown}[] {
  if (!media) return [];
  const named = Object.entries(media.examples ?? {}).map(([name, example]) => ({
    label: `${where} example "${name}"`,
    value: example.value,
  }));
  return media.example === undefined ? named : [{label: `${where} example`, value: media.example}, ...named];
}

const sharedValidators = new Map<string, ContractValidator>();

/** The validator of the description an operation belongs to (one per description, compiled once). */
export function validatorFor(operation: Operation): ContractValidator {
  let validator = sharedValidators.get(operation.spec.id);
  if (!validator) sharedValidators.set(operation.spec.id, (validator = new ContractValidator(operation.spec)));
  return validator;
}
