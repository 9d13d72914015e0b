/**
 * Docs as tests, run for real: every curl sample of the content is sent to the local sandbox (as a
 * reader who pastes it with ORCHARD_API_KEY set would) and must get a documented 2xx answer that
 * matches the call's response schema. The example model ids the samples call (model-123...) are
 * the sandbox's seeds: nothing is prepared here, as a reader prepares nothing.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';

import {apiBaseUrl} from '../../src/provider';
import {createSandbox} from '../../sandbox/app';
import {contentFiles, readContent} from '../../lib/content';
import {responseSchema, validatorFor} from '../../lib/openapi/validate';
import {curlSampleCalls} from '../../lib/samples/check';

// One sandbox for every page, each page's samples sent under a key of their own, as a reader's: state
// is per key (SPEC.md §6), and making a sandbox parses and compiles the descriptions again.
let shared: ReturnType<typeof createSandbox> | undefined;

for (const [index, file] of contentFiles().entries()) {
  const samples = curlSampleCalls(readContent(file));
  if (samples.length === 0) continue;
  const key = `docs-sample-key-${index}`;
  test(`${file}: every curl sample gets a documented answer from the sandbox`, async () => {
    const sandbox = await (shared ??= createSandbox());
    for (const {call, operation} of samples) {
      const where = `${file}:${call.line}`;
      const headers = Object.fromEntries(
        [...call.headers].map(([name, value]) => [
          name,
          value.kind === 'env' ? key : value.kind === 'literal' ? value.value : '',
        ]),
      );
      const answer = await sandbox.handle({
        method: call.method,
        url: call.url.replace(apiBaseUrl, '/api'),
        headers,
        body: call.hasBody ? JSON.stringify(call.body) : undefined,
      });
      assert.match(
        String(answer.status),
        /^2\d\d$/,
        `${where}: ${call.method} ${call.url} answered ${answer.status} ${JSON.stringify(answer.body)}`,
      );
      const schema = responseSchema(operation, '2XX');
      if (schema) {
        const {valid, errors} = validatorFor(operation).validate(schema, answer.body);
        assert.ok(valid, `${where}: the answer does not match the response schema: ${errors.join('; ')}`);
      }
    }
  });
}
