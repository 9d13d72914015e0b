/**
 * The local sandbox answers every documented call, validates like the contract, and keeps state per key.
 * Bad input and load over HTTP: tests/slow/sandbox-fuzz.test.ts (npm run test:slow).
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {before, describe, test} from 'node:test';

import {openApiSpecs} from '../../lib/openapi/specs';
import {createSandbox, type Sandbox} from '../../sandbox/app';
import {seedModels} from '../../sandbox/seeds';
import {contentFiles, readContent} from '../../lib/content';
import {allOperations, repoRoot, type ApiOperation} from '../../lib/openapi';
import {assertDocumented, exampleBody, examplePath, isSuccess, keyHeader} from '../support/sandbox-calls';

const seedIds = new Set(seedModels.map((seed) => seed.id));

// Read once: every allOperations() call parses the four descriptions again.
const operations = allOperations();

function find(operationId: string): ApiOperation {
  const operation = operations.find((candidate) => candidate.operation.operationId === operationId);
  assert.ok(operation, operationId);
  return operation;
}

let now = Date.parse('2023-06-01T12:00:00Z');
let sandbox: Sandbox;
before(async () => {
  sandbox = await createSandbox({clock: () => now});
});

async function call(
  operationId: string,
  options: {key?: string; body?: unknown; params?: Record<string, string>; query?: string} = {},
) {
  const operation = find(operationId);
  const answer = await sandbox.handle({
    method: operation.method.toUpperCase(),
    url: `${examplePath(operation, options.params)}${options.query ?? ''}`,
    headers: keyHeader(operation, options.key),
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return {operation, answer: assertDocumented(operation, answer, operationId)};
}

describe('every documented call', () => {
  for (const operation of operations) {
    test(`${operation.method.toUpperCase()} ${operation.fullPath} answers its documented example, ids and all`, async () => {
      // A fresh key, as a reader's: custom-model calls use the reference's example id (model-123), a seed.
      const answer = await sandbox.handle({
        method: operation.method.toUpperCase(),
        url: examplePath(operation),
        headers: keyHeader(operation, `example-${operation.operation.operationId}`),
        body: operation.operation.requestBody ? JSON.stringify(exampleBody(operation)) : undefined,
      });
      assert.ok(isSuccess(answer.status), JSON.stringify(answer.body));
      assertDocumented(operation, answer, operation.operation.operationId);
    });
  }
});

/** Every custom model id the docs and the reference call or show: in a URL path, a body or a parameter example. */
function documentedModelIds(): Set<string> {
  const patterns = [
    /\/(?:model|models|training-jobs)\/(model-[\w-]+)/g,
    /"?model_id"?\s*[:=]\s*"?(model-[\w-]+)/g,
    /\bexample:\s*(model-[\w-]+)/g,
    /"id":\s*"(model-[\w-]+)"/g,
    /\bid:\s*(model-[\w-]+)/g,
  ];
  const texts = [
    ...contentFiles().map(readContent),
    ...openApiSpecs.map((spec) => readFileSync(path.join(repoRoot, spec.file), 'utf8')),
  ];
  return new Set(
    texts.flatMap((text) => patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1]!))),
  );
}

describe("seeded examples: every key has the docs' example resources, and keeps them", () => {
  test('every custom model id of the docs and the reference is a seed', () => {
    const ids = documentedModelIds();
    assert.ok(ids.has('model-123') && ids.size >= 10, `found ${[...ids].join(', ')}`);
    assert.deepEqual(
      [...ids].filter((id) => !seedIds.has(id)),
      [],
    );
  });

  test("a new key lists the seeds as the docs show them, READY (model-124 is the docs' failed model)", async () => {
    const {answer} = await call('listModels', {key: 'new-reader'});
    const models = (
      answer.body as {data: {id: string; name: string; type: string; training_status: string; error_details?: string}[]}
    ).data;
    assert.deepEqual(
      models.map(({id, name, type, training_status}) => ({id, name, type, training_status})),
      seedModels.map(({id, name, type, status}) => ({id, name, type, training_status: status})),
    );
    assert.equal(
      models.find((model) => model.id === 'model-124')?.error_details,
      'The dataset archive could not be read.',
    );
    const job = (await call('getTrainingJob', {key: 'new-reader', params: {model_id: 'model-123'}})).answer.body as {
      data: {status: string};
    };
    assert.equal(job.data.status, 'READY');
  });

  for (const seed of seedModels.filter((model) => model.status === 'READY')) {
    test(`${seed.id} answers a prediction and a batch on a fresh key`, async () => {
      const key = `fresh-${seed.id}`;
      assert.ok(
        isSuccess(
          (await call('predictWithCustomModel', {key, params: {model_id: seed.id}, body: {query: 'hello'}})).answer
            .status,
        ),
      );
      assert.ok(
        isSuccess(
          (await call('medleyBatchCustomModel', {key, params: {model_id: seed.id}, body: {queries: ['a', 'b']}})).answer
            .status,
        ),
      );
      assert.ok(
        isSuccess(
          (await call('batchPredictWithCustomModel', {key, params: {model_id: seed.id}, body: {queries: ['a']}})).answer
            .status,
        ),
      );
    });
  }

  test('deleting a seed answers as documented, and the seed is back on the next request', async () => {
    const key = 'deleter';
    const deleted = await call('deleteModel', {key, params: {model_id: 'model-126'}});
    assert.ok(isSuccess(deleted.answer.status));
    assert.equal(deleted.answer.body, undefined, 'the answer body is not documented: none is sent');
    const model = (await call('getModel', {key, params: {model_id: 'model-126'}})).answer.body as {
      id: string;
      training_status: string;
    };
    assert.deepEqual([model.id, model.training_status], ['model-126', 'READY']);
    // The samples of a tutorial run in any order: delete, then predict, then delete again.
    assert.ok(
      isSuccess(
        (await call('predictWithCustomModel', {key, params: {model_id: 'model-126'}, body: {query: 'Win a prize'}}))
          .answer.status,
      ),
    );
    assert.ok(isSuccess((await call('deleteModel', {key, params: {model_id: 'model-126'}})).answer.status));
    const ids = ((await call('listModels', {key})).answer.body as {data: {id: string}[]}).data.map((m) => m.id);
    assert.ok(ids.includes('model-126'), ids.join(', '));
  });

  test('a model the reader trained is deleted for good (only seeds come back)', async () => {
    const key = 'trainer';
    const created = (await call('createTrainingJob', {key, body: exampleBody(find('createTrainingJob'))})).answer
      .body as {data: {id: string}};
    assert.ok(isSuccess((await call('deleteModel', {key, params: {model_id: created.data.id}})).answer.status));
    assert.equal((await call('getModel', {key, params: {model_id: created.data.id}})).answer.status, 422);
  });
});

describe('the second training path of the docs (SPEC.md §7)', () => {
  const alias = '/api/trainer/language/training-jobs';
  const send = (headers: Record<string, string>, body: unknown) =>
    sandbox.handle({
      method: 'POST',
      url: alias,
      headers: {'content-type': 'application/json', ...headers},
      body: JSON.stringify(body),
    });

  test('POST /api/trainer/language/training-jobs with x-api-key starts a job, as the documented call does', async () => {
    const operation = find('createTrainingJob');
    const answer = await send({'x-api-key': 'alias-key'}, exampleBody(operation));
    assertDocumented(operation, answer, 'alias');
    assert.ok(isSuccess(answer.status), JSON.stringify(answer.body));
    const {id} = (answer.body as {data: {id: string}}).data;
    // The same account: the documented call with x-public-key sees the job.
    const job = await call('getTrainingJob', {key: 'alias-key', params: {model_id: id}});
    assert.ok(isSuccess(job.answer.status));
  });

  test('it validates as the documented call does, and names x-api-key when the key is missing', async () => {
    const missing = await send({'x-public-key': 'alias-key'}, exampleBody(find('createTrainingJob')));
    assert.equal(missing.status, 422);
    assert.deepEqual((missing.body as {detail: unknown}).detail, [
      {loc: ['header', 'x-api-key'], msg: 'field required', type: 'value_error.missing'},
    ]);
    const invalid = await send({'x-api-key': 'alias-key'}, {model_config: {name: 'x', type: 'sequence-labeling'}});
    assert.equal(invalid.status, 422);
    assert.deepEqual((invalid.body as {detail: unknown}).detail, [
      {loc: ['body', 'dataset_url'], msg: 'field required', type: 'value_error.missing'},
    ]);
  });

  test('the YAML keeps that path in the operation description only, not as an operation', () => {
    assert.ok(find('createTrainingJob').operation.description?.includes(alias));
    assert.deepEqual(
      operations.filter((operation) => operation.fullPath === alias),
      [],
    );
  });
});

describe('validation (SPEC.md §5, §8)', () => {
  test('an invalid field gets 422 with loc pointing at it', async () => {
    const body = {...(exampleBody(find('createTrainingJob')) as object), training_config: {batch_size: 257}};
    const {answer} = await call('createTrainingJob', {body});
    assert.equal(answer.status, 422);
    const locs = (answer.body as {detail: {loc: unknown[]}[]}).detail.map((item) => item.loc);
    assert.deepEqual(locs, [['body', 'training_config', 'batch_size']]);
  });

  test('a missing required field gets 422 naming it', async () => {
    const {answer} = await call('createTrainingJob', {body: {model_config: {name: 'x', type: 'sequence-labeling'}}});
    assert.equal(answer.status, 422);
    assert.deepEqual((answer.body as {detail: {loc: unknown[]}[]}).detail[0]?.loc, ['body', 'dataset_url']);
  });

  test('51 queries to a medley batch call and 21 to the batch predictor get 422', async () => {
    const queries = (count: number) => Array.from({length: count}, (_, index) => `query ${index}`);
    assert.equal((await call('medleyBatchPreTrained', {body: {queries: queries(51)}})).answer.status, 422);
    assert.ok(isSuccess((await call('medleyBatchPreTrained', {body: {queries: queries(50)}})).answer.status));
    assert.equal((await call('batchPredictWithPreTrainedModel', {body: {queries: queries(21)}})).answer.status, 422);
    assert.ok(isSuccess((await call('batchPredictWithPreTrainedModel', {body: {queries: queries(20)}})).answer.status));
  });

  test('an unknown pre-trained name in the path gets 422', async () => {
    const {answer} = await call('predictWithPreTrainedModel', {
      params: {model_id: 'no-such-model'},
      body: {query: 'hi'},
    });
    assert.equal(answer.status, 422);
    assert.deepEqual((answer.body as {detail: {loc: unknown[]}[]}).detail[0]?.loc.slice(0, 2), ['path', 'model_id']);
  });

  for (const [operationId, header] of [
    ['listModels', 'x-public-key'],
    ['predictWithPreTrainedModel', 'x-public-key'],
    ['medleyBatchPredict', 'x-api-key'],
    ['batchPredictWithCustomModel', 'x-api-key'],
  ] as const) {
    test(`${operationId} without its ${header} header gets 422 naming the header`, async () => {
      const operation = find(operationId);
      const answer = await sandbox.handle({
        method: operation.method.toUpperCase(),
        url: examplePath(operation),
        headers: {'content-type': 'application/json'},
        body: JSON.stringify(exampleBody(operation) ?? {}),
      });
      assertDocumented(operation, answer, operationId);
      assert.equal(answer.status, 422);
      assert.deepEqual((answer.body as {detail: {loc: unknown[]}[]}).detail, [
        {loc: ['header', header], msg: 'field required', type: 'value_error.missing'},
      ]);
    });
  }
});

describe('state per key (SPEC.md §6) on a clock', () => {
  test('a training job is listed for its key only, trains on the clock, answers predictions, and is deleted', async () => {
    const request = {
      model_config: {name: 'spam-filter', type: 'binary-text-classification'},
      dataset_url: 'https://example.com/datasets/spam.zip',
      training_config: {num_epochs: 3},
    };
    const created = (await call('createTrainingJob', {key: 'alice', body: request})).answer.body as {
      data: {id: string; training_status: string};
    };
    const id = created.data.id;
    assert.equal(created.data.training_status, 'QUEUED');
    // The docs' example models are every key's (see 'seeded examples' below): only the new one differs.
    const ids = async (key: string) =>
      ((await call('listModels', {key})).answer.body as {data: {id: string}[]}).data
        .map((m) => m.id)
        .filter((id) => !seedIds.has(id));
    assert.deepEqual(await ids('alice'), [id]);
    assert.deepEqual(await ids('bob'), []);

    const status = async () =>
      (
        (await call('getTrainingJob', {key: 'alice', params: {model_id: id}})).answer.body as {
          data: {status: string; training_stats: {epoch: number}};
        }
      ).data;
    assert.equal((await status()).status, 'QUEUED');
    // Not ready yet: predictions on the model are refused with a 422.
    assert.equal(
      (await call('predictWithCustomModel', {key: 'alice', params: {model_id: id}, body: {query: 'Win a prize'}}))
        .answer.status,
      422,
    );
    now += 6_000;
    assert.equal((await status()).status, 'RUNNING');
    assert.equal((await status()).training_stats.epoch, 1);
    now += 10_000;
    assert.equal((await status()).status, 'READY');

    const prediction = await call('predictWithCustomModel', {
      key: 'alice',
      params: {model_id: id},
      body: {query: 'Win a prize'},
    });
    assert.ok(isSuccess(prediction.answer.status));
    const {scores} = (prediction.answer.body as {data: {scores: number[]}}).data;
    assert.equal(scores.length, 2, 'binary classification has two classes');
    // Bob cannot use Alice's model.
    assert.equal(
      (await call('predictWithCustomModel', {key: 'bob', params: {model_id: id}, body: {query: 'x'}})).answer.status,
      422,
    );

    assert.ok(isSuccess((await call('deleteModel', {key: 'alice', params: {model_id: id}})).answer.status));
    assert.deepEqual(await ids('alice'), []);
    assert.equal((await call('getModel', {key: 'alice', params: {model_id: id}})).answer.status, 422);
  });

  test('usage counts the calls of its key, and cache misses then hits', async () => {
    const key = 'carol';
    const first = await call('predictWithPreTrainedModel', {
      key,
      params: {model_id: 'named-entity-recognition'},
      body: {query: 'Maria lives in Madrid'},
    });
    const second = await call('predictWithPreTrainedModel', {
      key,
      params: {model_id: 'named-entity-recognition'},
      body: {query: 'Tokyo'},
    });
    type Metadata = {metadata: {artifact_cache_misses: number; artifact_cache_hits: number}};
    assert.equal((first.answer.body as Metadata).metadata.artifact_cache_misses, 1);
    assert.equal((second.answer.body as Metadata).metadata.artifact_cache_hits, 1);
    const ner = (first.answer.body as {data: {tokens: string[]; token_start_positions: number[]}}).data;
    assert.deepEqual(ner.tokens, ['Maria', 'lives', 'in', 'Madrid']);
    assert.deepEqual(ner.token_start_positions, [0, 6, 12, 15]);
    await call('medleyBatchPredict', {
      key,
      body: {queries: ['a', 'b'], models: ['sentiment-classification', 'toxicity-detection']},
    });
    const usage = (await call('getUsage', {key})).answer.body as {inference_usage: Record<string, unknown>};
    assert.equal(usage.inference_usage.num_requests, 4);
    assert.equal(usage.inference_usage.num_queries, 6);
    assert.deepEqual(usage.inference_usage.num_requests_by_mode, {default: 2, 'medley/full': 2});
    assert.equal(
      (await call('getUsage', {key: 'dave'})).answer.body &&
        ((await call('getUsage', {key: 'dave'})).answer.body as {inference_usage: {num_requests: number}})
          .inference_usage.num_requests,
      0,
    );
  });

  test('multi-class scores sum to 1', async () => {
    const {answer} = await call('predictWithPreTrainedModel', {
      params: {model_id: 'sentiment-classification'},
      body: {query: 'Loved it'},
    });
    const sum = (answer.body as {data: {scores: number[]}}).data.scores.reduce((total, score) => total + score, 0);
    assert.ok(Math.abs(sum - 1) < 1e-9, `sum ${sum}`);
  });
});
