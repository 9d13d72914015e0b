/**
 * Docs as tests, run for real: every curl sample of the content is sent to the local sandbox (as a
 * reader who pastes it with ORCHARD_API_KEY set would) and must get a documented 2xx answer that
 * matches the call's response schema.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';

import {apiBaseUrl} from '../../src/provider';
import {createSandbox} from '../../src/sandbox/app';
import {contentFiles, readContent} from '../support/content';
import {responseSchema, validatorFor, type Operation} from '../support/contract';
import {curlSampleCalls, type ApiCall} from '../support/samples';

const key = 'docs-sample-key';

/** The custom model id a call names in its path, if any (`/model/{model_id}`, `/models/{model_id}`...). */
function customModelId(call: ApiCall, operation: Operation): string | undefined {
  if (!operation.path.includes('{model_id}') || operation.path.includes('/pre-trained/')) return undefined;
  const names = operation.fullPath.split('/');
  const values = new URL(call.url).pathname.split('/');
  return values[names.indexOf('{model_id}')];
}

for (const file of contentFiles()) {
  const samples = curlSampleCalls(readContent(file));
  if (samples.length === 0) continue;
  test(`${file}: every curl sample gets a documented answer from the sandbox`, async () => {
    const sandbox = await createSandbox();
    for (const {call, operation} of samples) {
      const where = `${file}:${call.line}`;
      // The docs' example model ids (model-123...) stand for models the reader has trained.
      const modelId = customModelId(call, operation);
      if (modelId) sandbox.store.seedReadyModel(key, modelId);
      const headers = Object.fromEntries(
        [...call.headers].map(([name, value]) => [name, value.kind === 'env' ? key : value.kind === 'literal' ? value.value : '']),
      );
      const answer = await sandbox.handle({
        method: call.method,
        url: call.url.replace(apiBaseUrl, '/api'),
        headers,
        body: call.hasBody ? JSON.stringify(call.body) : undefined,
      });
      assert.match(String(answer.status), /^2\d\d$/, `${where}: ${call.method} ${call.url} answered ${answer.status} ${JSON.stringify(answer.body)}`);
      const schema = responseSchema(operation, '2XX');
      if (schema) {
        const {valid, errors} = validatorFor(operation).validate(schema, answer.body);
        assert.ok(valid, `${where}: the answer does not match the response schema: ${errors.join('; ')}`);
      }
    }
  });
}
