/**
 * The local sandbox: answers every call of the OpenAPI descriptions of lib/openapi/specs.ts, routed and
 * validated as the contract says (lib/sandbox/contract.ts). Our APIs' calls run their handlers below,
 * with state in memory per key (SPEC.md §6: a caller sees only its own custom models and usage); any other
 * API's calls get their documented answer (sandbox/answers.ts), under the path lib/sandbox/servers.ts gives it.
 */
import type {Context} from 'openapi-backend';

import {openApiSpecs, type OpenApiSpec} from '../lib/openapi/specs';
import {declaredScopes} from './oauth2';
import {
  accepted,
  contractBackends,
  keyHeaders,
  notDocumented,
  prepareRequest,
  routeRequest,
  validationError,
  type Backend,
  type Handler,
  type SandboxRequest,
  type SandboxResponse,
} from '../lib/sandbox/contract';
import {documentedAnswer} from './answers';
import {infer, preTrainedModelType, type InferenceResult, type ModelType} from './inference';
import {SandboxStore, type Clock} from './store';

export type {SandboxRequest, SandboxResponse};

/**
 * The sandbox's own answer for a custom model id the key does not have. What the service answers
 * then is not published (SPEC.md §8 documents only 422); the docs' example ids are always there
 * (sandbox/seeds.ts), so samples never get this.
 */
function unknownModel(id: string): SandboxResponse {
  return validationError([
    {loc: ['path', 'model_id'], msg: `no custom model with id ${id}`, type: 'value_error.not_found'},
  ]);
}

/** The documented answer of an operation no handler of ours answers (any API but ours). */
function describedAnswer({doc, operations}: Backend, context: Context): SandboxResponse {
  const operation = operations.get(context.operation.operationId ?? '');
  if (!operation) throw new Error(`the sandbox has no operation ${context.operation.operationId ?? ''}`);
  const accept = (context.request.headers as Record<string, string | undefined>).accept;
  return documentedAnswer(doc, operation, accept, context.request.requestBody);
}

export type Sandbox = {
  handle(request: SandboxRequest): Promise<SandboxResponse>;
  store: SandboxStore;
  /** Every OAuth2 scope its descriptions declare: what its authorization server grants (sandbox/oauth2.ts). */
  oauth2Scopes: string[];
};

/** The sandbox of the descriptions of lib/openapi/specs.ts, or of `specs` (a test's own). */
export async function createSandbox({
  clock = Date.now,
  specs = openApiSpecs,
}: {clock?: Clock; specs?: readonly OpenApiSpec[]} = {}): Promise<Sandbox> {
  const store = new SandboxStore(clock);

  // Which key the request carries (either header name; the descriptions say which one each call needs).
  const keyOf = (context: Context) => {
    const headers = context.request.headers as Record<string, string | undefined>;
    return keyHeaders.map((name) => headers[name]).find(Boolean) ?? '';
  };

  const results = (
    model: string,
    type: ModelType,
    queries: string[],
    key: string,
    mode: string,
    preTrained: boolean,
  ) => {
    const data = queries.map((query) => infer(model, type, query));
    const metadata = store.recordInference(key, {model, type, queries, mode, preTrained});
    return {data, metadata};
  };

  // Medley calls on several pre-trained models: each model's results, and the last call's metadata.
  const perModel = (models: string[], queries: string[], key: string, mode: string) => {
    const data: Record<string, InferenceResult[]> = {};
    let metadata = {};
    for (const name of models) {
      const answer = results(name, preTrainedModelType(name), queries, key, mode, true);
      data[name] = answer.data;
      metadata = answer.metadata;
    }
    return {data, metadata};
  };

  const customModel = (context: Context, key: string) => {
    const id = String(context.request.params.model_id);
    const model = store.model(key, id);
    if (!model) return {error: unknownModel(id)};
    if (model.training_status !== 'READY') {
      return {
        error: validationError([
          {
            loc: ['path', 'model_id'],
            msg: `model ${id} is ${model.training_status}, not READY`,
            type: 'value_error.not_ready',
          },
        ]),
      };
    }
    return {model};
  };

  type Body = {query?: string; queries?: string[]; models?: string[]};

  // A batch of queries on one model, as medley and the batch predictor take it: a pre-trained model
  // named by the path parameter `parameter`, or the custom model of path parameter model_id.
  const batchOnPreTrainedModel =
    (parameter: string, mode: string) =>
    (c: Context): SandboxResponse => {
      const name = String(c.request.params[parameter]);
      const {queries} = c.request.requestBody as Body;
      return {status: 200, body: results(name, preTrainedModelType(name), queries!, keyOf(c), mode, true)};
    };
  const batchOnCustomModel =
    (mode: string) =>
    (c: Context): SandboxResponse => {
      const {model, error} = customModel(c, keyOf(c));
      if (error) return error;
      return {
        status: 200,
        body: results(model.id, model.type, (c.request.requestBody as Body).queries!, keyOf(c), mode, false),
      };
    };

  // By the id of our API (lib/openapi/specs.ts), then operationId: an added API's calls get their documented answers.
  const trainer: Record<string, Handler> = {
    // SPEC.md §7
    listModels: (c) => ({status: 200, body: {data: store.models(keyOf(c))}}),
    getModel: (c) => {
      const id = String(c.request.params.model_id);
      const model = store.model(keyOf(c), id);
      return model ? {status: 200, body: model} : unknownModel(id);
    },
    deleteModel: (c) => {
      const id = String(c.request.params.model_id);
      return store.deleteModel(keyOf(c), id) ? {status: 200} : unknownModel(id);
    },
    createTrainingJob: (c) => ({status: 200, body: {data: store.createTrainingJob(keyOf(c), c.request.requestBody)}}),
    getTrainingJob: (c) => {
      const job = store.trainingJob(keyOf(c), String(c.request.params.model_id));
      return job ? {status: 200, body: {data: job}} : unknownModel(String(c.request.params.model_id));
    },
    getUsage: (c) => ({status: 200, body: store.usage(keyOf(c), c.request.query.date as string | undefined)}),
    listServices: () => ({status: 200, body: {data: store.services()}}),
  };
  const predictor: Record<string, Handler> = {
    predictWithPreTrainedModel: (c) => {
      const name = String(c.request.params.model_id);
      const {data, metadata} = results(
        name,
        preTrainedModelType(name),
        [(c.request.requestBody as Body).query!],
        keyOf(c),
        'default',
        true,
      );
      return {status: 200, body: {data: data[0], metadata}};
    },
    predictWithCustomModel: (c) => {
      const {model, error} = customModel(c, keyOf(c));
      if (error) return error;
      const {data, metadata} = results(
        model.id,
        model.type,
        [(c.request.requestBody as Body).query!],
        keyOf(c),
        'default',
        false,
      );
      return {status: 200, body: {data: data[0], metadata}};
    },
  };
  const medley: Record<string, Handler> = {
    medleyBatchPreTrained: batchOnPreTrainedModel('model_id', 'medley/batch'),
    medleyBatchCustomModel: batchOnCustomModel('medley/batch'),
    medleyPredict: (c) => {
      const {query, models = []} = c.request.requestBody as Body;
      const {data, metadata} = perModel(models, [query!], keyOf(c), 'medley/multi');
      return {
        status: 200,
        body: {data: Object.fromEntries(Object.entries(data).map(([name, list]) => [name, list[0]])), metadata},
      };
    },
    medleyBatchPredict: (c) => {
      const {queries = [], models = []} = c.request.requestBody as Body;
      return {status: 200, body: perModel(models, queries, keyOf(c), 'medley/full')};
    },
  };
  const batchPredictor: Record<string, Handler> = {
    batchPredictWithPreTrainedModel: batchOnPreTrainedModel('name', 'default'),
    batchPredictWithCustomModel: batchOnCustomModel('default'),
  };
  const handlers: Record<string, Record<string, Handler>> = {
    trainer,
    predictor,
    medley,
    'batch-predictor': batchPredictor,
  };

  const backends = await contractBackends(specs, handlers, describedAnswer);

  async function handle(request: SandboxRequest): Promise<SandboxResponse> {
    const prepared = await prepareRequest(backends, request);
    if ('answer' in prepared) return prepared.answer;
    // Every key has the docs' example models, and a deleted one is back on the next request.
    const key = keyHeaders
      .map((name) => prepared.ways[0]?.headers[name])
      .find(Boolean)
      ?.toString();
    if (key) store.restoreSeeds(key);
    const answer = await routeRequest(backends, prepared.ways);
    if (answer === accepted) throw new Error(`the sandbox has no handler for ${request.method} ${prepared.path}`);
    return answer ?? notDocumented(request.method, prepared.path);
  }

  return {handle, store, oauth2Scopes: declaredScopes(backends.map((backend) => backend.doc))};
}
