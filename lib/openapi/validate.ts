/**
 * Validates payloads against the schemas of the OpenAPI descriptions. OpenAPI 3.0 schemas are JSON
 * Schema draft 4 plus `nullable` (boolean exclusiveMinimum and all), so they are compiled with Ajv's
 * draft-04 build.
 */
import Ajv, {type ErrorObject, type ValidateFunction} from 'ajv-draft-04';
import addFormats from 'ajv-formats';

import {loadSpec, type ApiOperation, type Document, type MediaTypeObject, type SchemaOrRef} from './index';
import type {OpenApiSpec} from './specs';

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
    readonly doc: Document = loadSpec(spec),
  ) {
    // `example` and other OpenAPI-only keywords are annotations, not constraints: strict mode off.
    this.ajv = new Ajv({strict: false, allErrors: true});
    addFormats(this.ajv);
    // Registered under the file name so `#/components/...` refs inside resolve against this document.
    this.ajv.addSchema({components: this.doc.components}, spec.file);
  }

  private compile(schema: SchemaOrRef): ValidateFunction {
    const key = JSON.stringify(schema);
    let validate = this.cache.get(key);
    if (!validate) {
      const rebased = JSON.parse(key.replaceAll('"#/components/', `"${this.spec.file}#/components/`)) as object;
      validate = this.ajv.compile(rebased);
      this.cache.set(key, validate);
    }
    return validate;
  }

  /** Validates a value against an inline schema or `$ref` of this description. */
  validate(schema: SchemaOrRef, value: unknown): ValidationResult {
    const validate = this.compile(schema);
    const valid = validate(value) as boolean;
    return {valid, errors: describeErrors(validate.errors)};
  }

  /** Validates a value against a named component schema, e.g. `TrainingConfig`. */
  validateComponent(name: string, value: unknown): ValidationResult {
    if (!this.doc.components?.schemas?.[name]) throw new Error(`${this.spec.file} has no schema ${name}`);
    return this.validate({$ref: `#/components/schemas/${name}`}, value);
  }
}

/** The JSON schema of an operation's request body, if it takes one. */
export function requestSchema(operation: ApiOperation): SchemaOrRef | undefined {
  return operation.requestBody?.content['application/json']?.schema;
}

/** The JSON schema of an operation's answer with a given status, if it documents one. */
export function responseSchema(operation: ApiOperation, status: string): SchemaOrRef | undefined {
  // An answer's exact status (`200`) falls under the range the description documents (`2XX`).
  const {responses} = operation;
  return (responses[status] ?? responses[`${status[0]}XX`])?.content?.['application/json']?.schema;
}

/** Every example value attached to a media type, with a label saying where it stands. */
export function mediaTypeExamples(
  media: MediaTypeObject | undefined,
  where: string,
): {label: string; value: unknown}[] {
  if (!media) return [];
  const named = Object.entries(media.examples ?? {}).map(([name, example]) => ({
    label: `${where} example "${name}"`,
    value: 'value' in example ? example.value : undefined,
  }));
  return media.example === undefined ? named : [{label: `${where} example`, value: media.example}, ...named];
}

const sharedValidators = new Map<string, ContractValidator>();

/** The validator of the description an operation belongs to (one per description, compiled once). */
export function validatorFor(operation: Pick<ApiOperation, 'spec'>): ContractValidator {
  let validator = sharedValidators.get(operation.spec.id);
  if (!validator) sharedValidators.set(operation.spec.id, (validator = new ContractValidator(operation.spec)));
  return validator;
}
