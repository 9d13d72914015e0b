/** Calls to the sandbox as the reference documents them, and the check that an answer is a documented one. */
import assert from 'node:assert/strict';

import type {SandboxResponse} from '../../sandbox/app';
import type {ApiOperation as Operation} from '../../lib/openapi';
import {mediaTypeExamples, responseSchema, validatorFor} from '../../lib/openapi/validate';

export const isSuccess = (status: number) => status >= 200 && status < 300;

/** Asserts an answer is one the description documents for this call (any 2xx, or 422), and returns it. */
export function assertDocumented(operation: Operation, answer: SandboxResponse, label: string): SandboxResponse {
  const status = String(answer.status);
  assert.ok(
    /^2\d\d$/.test(status) || status === '422',
    `${label}: documented status (2XX or 422), got ${status} ${JSON.stringify(answer.body)}`,
  );
  const schema = responseSchema(operation, status);
  if (schema) {
    const {valid, errors} = validatorFor(operation).validate(schema, answer.body);
    assert.ok(valid, `${label}: ${status} body matches its schema: ${errors.join('; ')}`);
  }
  return answer;
}

/** Fills a path template with each parameter's documented example. */
export function examplePath(operation: Operation, values: Record<string, string> = {}): string {
  return operation.fullPath.replace(/\{(\w+)\}/g, (_, name: string) => {
    const parameter = operation.parameters.find((candidate) => candidate.name === name);
    return values[name] ?? String(parameter?.example ?? 'model-123');
  });
}

/** The operation's key header (with `key`) and a JSON content type. */
export function keyHeader(operation: Operation, key = 'test-key'): Record<string, string> {
  return {[operation.keyHeaders[0] ?? 'x-public-key']: key, 'content-type': 'application/json'};
}

/** The first documented example of the operation's JSON request body. */
export function exampleBody(operation: Operation): unknown {
  return mediaTypeExamples(operation.requestBody?.content['application/json'], 'request')[0]?.value;
}
