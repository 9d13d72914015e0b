/**
 * The sandbox over HTTP under bad input and load: 3000 generated requests (random, truncated, huge
 * and deeply nested bodies, bad path values) get only documented answers, and the server stays up.
 * About 15-35 s, so it runs in `npm run test:slow`, not in the unit suite.
 */
import assert from 'node:assert/strict';
import type {AddressInfo} from 'node:net';
import {after, before, describe, test} from 'node:test';

import {createSandbox} from '../../sandbox/app';
import {createSandboxServer} from '../../sandbox/server';
import {allOperations} from '../../lib/openapi';
import {assertDocumented, exampleBody, examplePath, isSuccess, keyHeader} from '../support/sandbox-calls';

describe('bad input and load over HTTP', () => {
  let baseUrl = '';
  let server: ReturnType<typeof createSandboxServer>;
  before(async () => {
    server = createSandboxServer(await createSandbox());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  // A small seeded generator, so a failure can be replayed.
  let seed = 20230601;
  const random = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 0x100000000;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  function randomValue(depth = 0): unknown {
    const kinds =
      depth > 3 ? ['string', 'number', 'boolean', 'null'] : ['string', 'number', 'boolean', 'null', 'array', 'object'];
    switch (pick(kinds)) {
      case 'string':
        return pick(['', 'hello', 'x'.repeat(Math.floor(random() * 300)), '\u0000\u{1F600}', 'model-123']);
      case 'number':
        return pick([0, -1, 257, 0.1, 1e308, Number.MAX_SAFE_INTEGER, 3.5]);
      case 'boolean':
        return random() < 0.5;
      case 'null':
        return null;
      case 'array':
        return Array.from({length: Math.floor(random() * 4)}, () => randomValue(depth + 1));
      default:
        return Object.fromEntries(
          Array.from({length: Math.floor(random() * 4)}, () => [
            pick([
              'query',
              'queries',
              'models',
              'model_config',
              'dataset_url',
              'training_config',
              'type',
              'name',
              'batch_size',
            ]),
            randomValue(depth + 1),
          ]),
        );
    }
  }
  function mutate(example: unknown): string {
    const json = JSON.stringify(example ?? {});
    switch (pick(['random', 'truncated', 'wrong-type', 'huge', 'deep', 'example'] as const)) {
      case 'random':
        return JSON.stringify(randomValue());
      case 'truncated':
        return json.slice(0, Math.floor(random() * json.length));
      case 'wrong-type':
        return JSON.stringify(
          Object.fromEntries(
            Object.keys((example as object | undefined) ?? {query: 1}).map((key) => [key, randomValue(3)]),
          ),
        );
      case 'huge':
        return JSON.stringify({
          query: 'x'.repeat(1_000_000),
          queries: ['y'.repeat(100_000)],
          models: ['sentiment-classification'],
        });
      case 'deep':
        return `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`;
      case 'example':
        return json;
    }
  }

  test('3000 generated requests get only documented answers, and the server stays up', async () => {
    const operations = allOperations();
    const counts: Record<string, number> = {};
    for (let index = 0; index < 3000; index += 1) {
      const operation = pick(operations);
      const body = operation.operation.requestBody ? mutate(exampleBody(operation)) : undefined;
      const headers: Record<string, string> =
        random() < 0.9 ? keyHeader(operation) : {'content-type': 'application/json'};
      // Bad path values (not dot segments: fetch would resolve them into another documented call).
      const badValue = pick(['', '%20', 'x'.repeat(500), 'model-404', '%7B%7D']);
      const url =
        random() < 0.9 ? examplePath(operation) : examplePath(operation, {model_id: badValue, name: badValue});
      const response = await fetch(`${baseUrl}${url}`, {method: operation.method.toUpperCase(), headers, body});
      const text = await response.text();
      const answer = {status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined};
      // A path that no longer matches the call (an emptied model id) may miss every route: that is a 404, never a 5xx.
      assert.ok(
        response.status < 500,
        `request ${index}: ${operation.operation.operationId} answered ${response.status}`,
      );
      if (response.status !== 404)
        assertDocumented(operation, answer, `request ${index} (${operation.operation.operationId})`);
      const kind = isSuccess(response.status) ? '2xx' : String(response.status);
      counts[kind] = (counts[kind] ?? 0) + 1;
    }
    assert.ok((counts['2xx'] ?? 0) > 100 && (counts['422'] ?? 0) > 100, `a mix of answers: ${JSON.stringify(counts)}`);
    const health = await fetch(`${baseUrl}/api/language/meta/services`, {headers: {'x-public-key': 'k'}});
    assert.ok(isSuccess(health.status));
  });
});
