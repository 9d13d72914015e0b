/**
 * Contract tests: the four OpenAPI descriptions say exactly what SPEC.md §3–§9 says.
 * Expected values below are copied from SPEC.md, section by section, so a drift on either side fails.
 */
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';

import {openApiSpecs, referenceIdOf, type OpenApiSpec} from '../../lib/openapi/specs';
import {apiBaseUrl} from '../../src/provider';
import {defaultSandboxPort} from '../../lib/sandbox/servers';
import {
  allOperations,
  loadSpec,
  operationsOf,
  type ApiOperation,
  type SchemaNode,
  type SchemaObject,
} from '../../lib/openapi';
import {ContractValidator, mediaTypeExamples, requestSchema, responseSchema} from '../../lib/openapi/validate';

function spec(id: OpenApiSpec['id']): OpenApiSpec {
  const found = openApiSpecs.find((candidate) => candidate.id === id);
  assert.ok(found, `no spec ${id}`);
  return found;
}

/** The named schemas of a description, to read field by field. */
const schemasOf = (validator: ContractValidator) =>
  (validator.doc.components?.schemas ?? {}) as Record<string, SchemaNode>;

const trainer = new ContractValidator(spec('trainer'));
const predictor = new ContractValidator(spec('predictor'));
const medley = new ContractValidator(spec('medley'));
const batchPredictor = new ContractValidator(spec('batch-predictor'));
const validators = [trainer, predictor, medley, batchPredictor];

function validatorOf(operation: ApiOperation): ContractValidator {
  const found = validators.find((validator) => validator.spec === operation.spec);
  assert.ok(found);
  return found;
}

// SPEC.md §7, with the /api prefix every path is served under; x-api-key where §5 names it.
const specCalls = [
  ['trainer', 'GET /api/language/meta/models', 'x-public-key'],
  ['trainer', 'GET /api/language/meta/models/{model_id}', 'x-public-key'],
  ['trainer', 'DELETE /api/language/meta/models/{model_id}', 'x-public-key'],
  ['trainer', 'POST /api/language/trainer/training-jobs', 'x-public-key'],
  ['trainer', 'GET /api/language/trainer/training-jobs/{model_id}', 'x-public-key'],
  ['trainer', 'GET /api/language/meta/usage', 'x-public-key'],
  ['trainer', 'GET /api/language/meta/services', 'x-public-key'],
  ['medley', 'POST /api/medley/language/batch/pre-trained/{model_id}', 'x-api-key'],
  ['medley', 'POST /api/medley/language/batch/model/{model_id}', 'x-api-key'],
  ['medley', 'POST /api/medley/language', 'x-public-key'],
  ['medley', 'POST /api/medley/language/batch', 'x-api-key'],
  ['predictor', 'POST /api/predictor/language/pre-trained/{model_id}', 'x-public-key'],
  ['predictor', 'POST /api/predictor/language/model/{model_id}', 'x-public-key'],
  ['batch-predictor', 'POST /api/language/pre-trained/{name}', 'x-api-key'],
  ['batch-predictor', 'POST /api/language/model/{model_id}', 'x-api-key'],
] as const;

// SPEC.md §9 and §7.
const preTrainedNames = [
  'conversational-natural-language-understanding-en',
  'customer-review',
  'emotion-detection',
  'financial-customer-support',
  'financial-sentiment-classification',
  'named-entity-recognition',
  'news-classification',
  'research-papers-search',
  'sentiment-classification',
  'toxicity-detection',
  'keyphrase-extraction',
];
const batchPredictorNames = [
  'customer-review',
  'emotion-detection',
  'user-intent-classification',
  'named-entity-recognition',
  'news-classification',
  'product-categorization',
  'sentiment-classification',
  'toxicity-detection',
  'financial-sentiment-classification',
  'research-papers-search',
  'conversational-language-understanding-en',
  'conversational-language-understanding-jp',
];
const enums: Record<string, string[]> = {
  TrainingStatus: ['CREATED', 'QUEUED', 'RUNNING', 'READY', 'CANCELLED', 'ERROR', 'DELETED'],
  InferenceStatus: ['ERROR', 'SUCCESS'],
  JobType: ['training', 'embedding'],
  ModelType: [
    'binary-text-classification',
    'multiclass-text-classification',
    'multilabel-text-classification',
    'sequence-labeling',
    'question-answering',
  ],
  Modality: ['language'],
  ModelFamily: ['Dragonfruit', 'Grapefruit', 'Papaya', 'Jackfruit'],
  ModelSize: ['mini', 'base'],
  TrainingLanguage: ['english', 'spanish', 'japanese'],
  EvaluationMetric: ['accuracy', 'topk', 'f1', 'precision', 'recall', 'loss'],
  InferenceMode: ['default', 'medley/batch', 'medley/multi', 'medley/full'],
  PreTrainedModelName: preTrainedNames,
};

const sorted = (values: readonly unknown[]) => [...values].map(String).sort();

describe('the descriptions and the site agree', () => {
  for (const entry of openApiSpecs) {
    test(`${entry.file}: title, reference route and servers`, () => {
      const doc = loadSpec(entry);
      assert.equal(doc.openapi, '3.0.3');
      assert.equal(doc.info.title, entry.title);
      // The OpenAPI plugin names the reference after the title in kebab case.
      assert.equal(entry.title.toLowerCase().replaceAll(' ', '-'), entry.referenceId);
      assert.equal(referenceIdOf(entry.title), entry.referenceId);
      // The real API first (samples and tests use it), then the local sandbox for the explorer.
      assert.deepEqual(
        (doc.servers ?? []).map((server) => server.url),
        [apiBaseUrl, `http://127.0.0.1:${defaultSandboxPort}/api`],
      );
    });
  }
});

describe('SPEC.md §7: every call, and nothing else', () => {
  test('the four descriptions hold exactly the calls of §7', () => {
    const documented = allOperations().map(
      (operation) => `${operation.spec.id} ${operation.method.toUpperCase()} ${operation.fullPath}`,
    );
    const expected = specCalls.map(([id, call]) => {
      const [method, path] = call.split(' ');
      return `${id} ${method} ${path}`;
    });
    assert.deepEqual(sorted(documented), sorted(expected));
  });

  for (const [id, call, header] of specCalls) {
    test(`${call} requires the ${header} header (§5)`, () => {
      const operation = operationsOf(spec(id)).find(
        (candidate) => `${candidate.method.toUpperCase()} ${candidate.fullPath}` === call,
      );
      assert.ok(operation, `${call} is documented`);
      assert.deepEqual(operation.keyHeaders, [header]);
    });
  }

  test('operation ids are unique and every call has a summary, a description and tags', () => {
    const operations = allOperations();
    assert.equal(new Set(operations.map((operation) => operation.operation.operationId)).size, operations.length);
    for (const {operation} of operations) {
      assert.ok(operation.summary, `${operation.operationId} has a summary`);
      assert.ok((operation.description ?? '').length > 40, `${operation.operationId} has a description`);
      assert.ok(operation.tags?.length, `${operation.operationId} has tags`);
    }
  });

  test('the older training-job path shape of §7 is explained on createTrainingJob', () => {
    const create = operationsOf(spec('trainer')).find((op) => op.operation.operationId === 'createTrainingJob');
    assert.match(create?.operation.description ?? '', /\/api\/trainer\/language\/training-jobs/);
    assert.match(create?.operation.description ?? '', /x-api-key/);
  });

  test('the usage call takes an optional date query parameter', () => {
    const usage = operationsOf(spec('trainer')).find((op) => op.operation.operationId === 'getUsage');
    assert.deepEqual(
      usage?.parameters.map(({name, in: location, required}) => ({name, location, required: Boolean(required)})),
      [{name: 'date', location: 'query', required: false}],
    );
  });
});

describe('SPEC.md §8: the 422 Validation Error on every call, and no invented statuses', () => {
  for (const operation of allOperations()) {
    test(`${operation.operation.operationId} answers 2XX (success, exact code not published) or 422 only`, () => {
      assert.deepEqual(Object.keys(operation.responses).sort(), ['2XX', '422']);
      const schema = responseSchema(operation, '422');
      assert.ok(schema);
      const validator = validatorOf(operation);
      const body = {detail: [{loc: ['body', 'training_config', 'batch_size'], msg: 'too large', type: 'value_error'}]};
      assert.ok(validator.validate(schema, body).valid);
      assert.ok(validator.validate(schema, {detail: [{loc: ['query', 0], msg: 'm', type: 't'}]}).valid);
      assert.equal(validator.validate(schema, {detail: [{loc: [true], msg: 'm', type: 't'}]}).valid, false);
      assert.equal(validator.validate(schema, {detail: [{loc: ['body'], msg: 'm'}]}).valid, false);
    });
  }
});

describe('SPEC.md §5: validation rules at their boundaries', () => {
  const trainingRequest = (overrides: Record<string, unknown> = {}) => ({
    model_config: {name: 'review-sentiment', type: 'multiclass-text-classification'},
    dataset_url: 'https://example.com/datasets/reviews.zip',
    ...overrides,
  });
  const accepts = (validator: ContractValidator, schema: string, value: unknown) =>
    assert.ok(validator.validateComponent(schema, value).valid, `${schema} accepts ${JSON.stringify(value)}`);
  const rejects = (validator: ContractValidator, schema: string, value: unknown) =>
    assert.equal(validator.validateComponent(schema, value).valid, false, `${schema} rejects ${JSON.stringify(value)}`);

  test('batch_size is an integer from 1 to 256', () => {
    for (const ok of [1, 64, 256]) accepts(trainer, 'TrainingConfig', {batch_size: ok});
    for (const bad of [0, 257, 64.5, -1, '64']) rejects(trainer, 'TrainingConfig', {batch_size: bad});
  });

  test('learning_rate is greater than 0 and less than 0.1', () => {
    for (const ok of [0.0001, 0.001, 0.0999]) accepts(trainer, 'TrainingConfig', {learning_rate: ok});
    for (const bad of [0, 0.1, 0.5, -0.001]) rejects(trainer, 'TrainingConfig', {learning_rate: bad});
  });

  test('num_epochs is an integer from 1 to 20', () => {
    for (const ok of [1, 10, 20]) accepts(trainer, 'TrainingConfig', {num_epochs: ok});
    for (const bad of [0, 21, 2.5]) rejects(trainer, 'TrainingConfig', {num_epochs: bad});
  });

  test('a model name has at most 50 characters', () => {
    accepts(trainer, 'ModelConfig', {name: 'n'.repeat(50), type: 'sequence-labeling'});
    rejects(trainer, 'ModelConfig', {name: 'n'.repeat(51), type: 'sequence-labeling'});
    rejects(trainer, 'ModelConfig', {name: 'no-type'});
  });

  test('a training request requires model_config and dataset_url', () => {
    accepts(trainer, 'TrainingJobRequest', trainingRequest());
    const {model_config: _m, ...withoutModelConfig} = trainingRequest();
    const {dataset_url: _d, ...withoutDatasetUrl} = trainingRequest();
    rejects(trainer, 'TrainingJobRequest', withoutModelConfig);
    rejects(trainer, 'TrainingJobRequest', withoutDatasetUrl);
  });

  test('an embedding config requires model_id', () => {
    accepts(trainer, 'EmbeddingTrainingConfig', {model_id: 'model-123'});
    rejects(trainer, 'EmbeddingTrainingConfig', {});
    rejects(trainer, 'TrainingJobRequest', trainingRequest({type: 'embedding', embedding_config: {}}));
  });

  const queries = (count: number) => Array.from({length: count}, (_, index) => `query ${index + 1}`);

  test('batch queries: at most 50 in the medley batch calls', () => {
    const batchCalls = operationsOf(medley.spec).filter((operation) => operation.path.includes('/batch'));
    assert.equal(batchCalls.length, 3);
    for (const operation of batchCalls) {
      const schema = requestSchema(operation);
      assert.ok(schema);
      const body = (count: number) => ({queries: queries(count), models: ['sentiment-classification']});
      assert.ok(medley.validate(schema, body(50)).valid, `${operation.path} accepts 50 queries`);
      assert.equal(medley.validate(schema, body(51)).valid, false, `${operation.path} rejects 51 queries`);
    }
  });

  test('batch queries: at most 20 in the batch predictor', () => {
    for (const operation of operationsOf(batchPredictor.spec)) {
      const schema = requestSchema(operation);
      assert.ok(schema);
      assert.ok(batchPredictor.validate(schema, {queries: queries(20)}).valid);
      assert.equal(batchPredictor.validate(schema, {queries: queries(21)}).valid, false);
    }
  });

  test('single inference takes one query string; medley takes query and models', () => {
    accepts(predictor, 'SingleInferenceQuery', {query: 'Great service.'});
    rejects(predictor, 'SingleInferenceQuery', {query: ['Great service.']});
    rejects(predictor, 'SingleInferenceQuery', {});
    accepts(medley, 'MedleyInferenceQuery', {query: 'Great service.', models: ['sentiment-classification']});
    rejects(medley, 'MedleyInferenceQuery', {query: 'Great service.'});
  });

  test('pre-trained ids in paths are the names of §9, and the batch predictor its own 12 of §7', () => {
    for (const operation of allOperations()) {
      for (const parameter of operation.parameters.filter((p) => p.in === 'path')) {
        const validator = validatorOf(operation);
        const schema = parameter.schema as SchemaObject;
        if (operation.path.includes('/pre-trained/')) {
          const expected = operation.spec.id === 'batch-predictor' ? batchPredictorNames : preTrainedNames;
          for (const name of expected) assert.ok(validator.validate(schema, name).valid, `${operation.path}: ${name}`);
          assert.equal(validator.validate(schema, 'no-such-model').valid, false, `${operation.path} rejects others`);
        } else {
          assert.ok(validator.validate(schema, 'model-123').valid, `${operation.path} takes any custom model id`);
        }
      }
    }
  });
});

describe('SPEC.md §4 and §9: enums and defaults', () => {
  for (const [name, values] of Object.entries(enums)) {
    test(`${name} is exactly ${values.join(', ')}`, () => {
      const holders = validators.filter((validator) => schemasOf(validator)[name]);
      assert.ok(holders.length > 0, `some description defines ${name}`);
      for (const validator of holders) {
        assert.deepEqual(sorted(schemasOf(validator)[name]?.enum as string[]), sorted(values));
      }
    });
  }

  test('the batch predictor names are exactly the 12 of §7', () => {
    assert.deepEqual(
      sorted(schemasOf(batchPredictor).BatchPreTrainedModelName?.enum as string[]),
      sorted(batchPredictorNames),
    );
  });

  test('training defaults: batch size 64, learning rate 0.001, 10 epochs, english, no augmentation, no pre-trained start', () => {
    const properties = schemasOf(trainer).TrainingConfig?.properties ?? {};
    const defaults = Object.fromEntries(Object.entries(properties).map(([key, schema]) => [key, schema.default]));
    assert.deepEqual(defaults, {
      batch_size: 64,
      learning_rate: 0.001,
      num_epochs: 10,
      language: 'english',
      data_augmentation: false,
      use_pretrained: false,
    });
  });

  test('other defaults of §3: job type training, lowercase false, epoch 0', () => {
    assert.equal(schemasOf(trainer).TrainingJobRequest?.properties?.type?.default, 'training');
    assert.equal(schemasOf(trainer).Preprocessing?.properties?.lowercase?.default, false);
    assert.equal(schemasOf(trainer).TrainingJobStats?.properties?.epoch?.default, 0);
  });
});

describe('SPEC.md §3: every entity is a named schema with every field', () => {
  const entities: Record<string, string[]> = {
    CustomModel: [
      'id',
      'user_id',
      'name',
      'training_status',
      'type',
      'modality',
      'created',
      'trained',
      'last_used',
      'url',
      'error_details',
    ],
    ModelURL: ['single_query_inference', 'batch_query_inference'],
    TrainingJobRequest: ['type', 'training_config', 'embedding_config', 'model_config', 'dataset_url'],
    TrainingConfig: ['batch_size', 'learning_rate', 'num_epochs', 'language', 'data_augmentation', 'use_pretrained'],
    EmbeddingTrainingConfig: ['model_id'],
    ModelConfig: ['name', 'type', 'preprocessing', 'family', 'size'],
    Preprocessing: ['lowercase', 'add_tokenization'],
    TrainingJobModel: ['model', 'training_stats', 'status', 'created'],
    TrainingJobStats: ['batch_size', 'main_eval_metric', 'best_eval_metric_value', 'epoch', 'metrics'],
    TrainingMetrics: ['elapsed_time', 'training', 'validation'],
    PreTrainedModelResponse: ['displayName', 'experimental', 'name', 'type', 'url', 'urlName', 'version'],
    TrainingService: ['displayName', 'type', 'version'],
    ServiceList: ['training', 'pre_trained'],
    AggregatedUsage: ['user_id', 'from_timestamp', 'to_timestamp', 'date', 'inference_usage', 'training_usage'],
    AggregatedInferenceUsage: [
      'num_requests',
      'num_successful_requests',
      'num_queries',
      'num_requests_by_mode',
      'num_queries_by_model_type',
      'num_pre_trained_queries',
      'num_pre_trained_queries_by_model_id',
      'num_custom_queries',
      'mean_model_inference_time_ms',
      'mean_artifact_loading_time_ms',
      'artifact_cache_misses',
      'artifact_cache_hits',
    ],
    AggregatedTrainingUsage: [
      'num_training_jobs',
      'num_finished_training_jobs',
      'num_finished_training_jobs_by_model_type',
      'num_words',
      'num_characters',
      'num_tokens',
      'num_tokens_processed',
      'num_examples',
      'corpus_size_mb',
    ],
    InferenceUsage: [
      'request_id',
      'timestamp',
      'pre_trained',
      'user_id',
      'model_id',
      'model_type',
      'inference_mode',
      'status',
      'error_details',
      'num_queries',
      'query_num_characters',
      'query_num_tokens',
      'model_inference_time_ms',
      'artifact_loading_time_ms',
      'artifact_cache_misses',
      'artifact_cache_hits',
    ],
    TrainingUsage: [
      'user_id',
      'model_id',
      'task_name',
      'date',
      'timestamp',
      'num_epochs',
      'num_words',
      'num_characters',
      'num_tokens',
      'num_tokens_processed',
      'num_examples',
      'corpus_size_mb',
      'target_document',
    ],
    InferenceResult: ['labels', 'scores', 'tokens', 'token_start_positions'],
    InferenceMetadata: [
      'model_inference_time_ms',
      'artifact_loading_time_ms',
      'artifact_cache_hits',
      'artifact_cache_misses',
    ],
  };

  for (const [name, fields] of Object.entries(entities)) {
    test(`${name}: ${fields.length} fields, each described`, () => {
      const schema = schemasOf(trainer)[name] ?? schemasOf(predictor)[name];
      assert.ok(schema, `${name} is a named schema`);
      assert.deepEqual(sorted(Object.keys(schema.properties ?? {})), sorted(fields));
      for (const [field, property] of Object.entries(schema.properties ?? {})) {
        const described = property.description ?? (property.$ref ? 'see the referenced schema' : undefined);
        assert.ok(described, `${name}.${field} has a description`);
      }
    });
  }

  test('responses wrap data and metadata: one result, a list, a map, a map of lists', () => {
    const result = {labels: ['positive', 'negative'], scores: [0.9, 0.1]};
    const metadata = {
      model_inference_time_ms: 12.5,
      artifact_loading_time_ms: 0,
      artifact_cache_hits: 1,
      artifact_cache_misses: 0,
    };
    assert.ok(predictor.validateComponent('SingleInferenceResponse', {data: result, metadata}).valid);
    assert.ok(medley.validateComponent('BatchInferenceResponse', {data: [result, result], metadata}).valid);
    assert.ok(
      medley.validateComponent('MedleyInferenceResponse', {data: {'sentiment-classification': result}, metadata}).valid,
    );
    assert.ok(
      medley.validateComponent('MedleyBatchInferenceResponse', {data: {'sentiment-classification': [result]}, metadata})
        .valid,
    );
    assert.equal(medley.validateComponent('MedleyInferenceResponse', {data: {m: [result]}, metadata}).valid, false);
  });
});

describe('every example in the descriptions validates against its schema', () => {
  for (const operation of allOperations()) {
    test(`${operation.spec.id} ${operation.operation.operationId}`, () => {
      const validator = validatorOf(operation);
      const checks = [
        ...mediaTypeExamples(operation.requestBody?.content['application/json'], 'request').map((example) => ({
          ...example,
          schema: requestSchema(operation),
        })),
        ...Object.entries(operation.responses).flatMap(([status, response]) =>
          mediaTypeExamples(response.content?.['application/json'], `${status} response`).map((example) => ({
            ...example,
            schema: responseSchema(operation, status),
          })),
        ),
        ...operation.parameters
          .filter((parameter) => parameter.example !== undefined)
          .map((parameter) => ({
            label: `parameter ${parameter.name}`,
            value: parameter.example,
            schema: parameter.schema,
          })),
      ];
      assert.ok(checks.length > 0, 'the call has examples');
      for (const {label, value, schema} of checks) {
        assert.ok(schema, `${label} has a schema`);
        const {valid, errors} = validator.validate(schema, value);
        assert.ok(valid, `${label}: ${errors.join('; ')}`);
      }
      assert.ok(
        checks.some(({label}) => label.startsWith('422')),
        'the 422 answer has an example',
      );
    });
  }

  test('a multi-class sentiment example has scores that sum to 1', () => {
    const call = operationsOf(predictor.spec).find((op) => op.path.includes('pre-trained'));
    const examples = mediaTypeExamples(call?.responses['2XX']?.content?.['application/json'], '2XX');
    const sums = examples
      .map(({value}) => (value as {data: {scores?: number[]; tokens?: string[]}}).data)
      .filter((data) => data.scores && !data.tokens)
      .map((data) => data.scores!.reduce((sum, score) => sum + score, 0));
    assert.ok(sums.length > 0);
    for (const sum of sums) assert.ok(Math.abs(sum - 1) < 1e-9, `scores sum to ${sum}`);
  });
});
