/**
 * The local sandbox: answers every call of the four OpenAPI descriptions, routed and validated by
 * openapi-backend from the YAML itself (no hand-written route table). State lives in memory per key
 * (SPEC.md §6: a caller sees only its own custom models and usage).
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';

import AjvDraft04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import OpenAPIBackend, {type Context, type Document} from 'openapi-backend';
import {parse} from 'yaml';

import {openApiSpecs} from '../openapi/specs';
import {infer, preTrainedModelType, type InferenceResult, type ModelType} from './inference';
import {SandboxStore, type Clock} from './store';

export type SandboxRequest = {
  method: string;
  /** Path with query string, e.g. `/api/language/meta/usage?date=2023-05-01`. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** Raw body text, parsed here so that bad JSON gets a documented 422 too. */
  body?: string;
};
export type SandboxResponse = {status: number; body?: unknown};

type ValidationItem = {loc: (string | number)[]; msg: string; type: string};

const repoRoot = path.resolve(__dirname, '../..');
const keyHeaders = ['x-public-key', 'x-api-key'] as const;

function validationError(items: ValidationItem[]): SandboxResponse {
  return {status: 422, body: {detail: items}};
}

/** Ajv error → SPEC.md §8 item: `loc` names where the problem is, e.g. ["body", "training_config", "batch_size"]. */
function toValidationItem(error: {instancePath: string; message?: string; keyword: string; params: Record<string, unknown>}): ValidationItem {
  const [source = '', ...rest] = error.instancePath.split('/').filter(Boolean);
  const where = source === 'requestBody' ? 'body' : source || 'body';
  const loc: (string | number)[] = [where, ...rest.map((part) => (/^\d+$/.test(part) ? Number(part) : part))];
  const missing = error.params.missingProperty;
  // openapi-backend wraps the body as `requestBody`: a missing body is reported as ["body"].
  if (error.keyword === 'required' && typeof missing === 'string' && !(source === '' && missing === 'requestBody')) loc.push(missing);
  const msg = error.keyword === 'required' ? 'field required' : (error.message ?? 'invalid value');
  return {loc, msg, type: `value_error.${error.keyword}`};
}

function securitySchemes(definition: Document): Record<string, {name: string}> {
  const schemes = (definition.components?.securitySchemes ?? {}) as Record<string, {name?: string}>;
  return Object.fromEntries(Object.entries(schemes).map(([scheme, {name = ''}]) => [scheme, {name: name.toLowerCase()}]));
}

export type Sandbox = {
  handle(request: SandboxRequest): Promise<SandboxResponse>;
  store: SandboxStore;
};

export async function createSandbox({clock = Date.now}: {clock?: Clock} = {}): Promise<Sandbox> {
  const store = new SandboxStore(clock);

  // Which key the request carries (either header name; the descriptions say which one each call needs).
  const keyOf = (context: Context) => {
    const headers = context.request.headers as Record<string, string | undefined>;
    return keyHeaders.map((name) => headers[name]).find(Boolean) ?? '';
  };

  const results = (model: string, type: ModelType, queries: string[], key: string, mode: string, preTrained: boolean) => {
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
    if (!model) return {error: validationError([{loc: ['path', 'model_id'], msg: `no custom model with id ${id}`, type: 'value_error.not_found'}])};
    if (model.training_status !== 'READY') {
      return {error: validationError([{loc: ['path', 'model_id'], msg: `model ${id} is ${model.training_status}, not READY`, type: 'value_error.not_ready'}])};
    }
    return {model};
  };

  type Body = {query?: string; queries?: string[]; models?: string[]};
  const handlers: Record<string, (context: Context) => SandboxResponse> = {
    // Trainer (SPEC.md §7)
    listModels: (c) => ({status: 200, body: {data: store.models(keyOf(c))}}),
    getModel: (c) => {
      const model = store.model(keyOf(c), String(c.request.params.model_id));
      return model
        ? {status: 200, body: model}
        : validationError([{loc: ['path', 'model_id'], msg: 'no custom model with this id', type: 'value_error.not_found'}]);
    },
    deleteModel: (c) =>
      store.deleteModel(keyOf(c), String(c.request.params.model_id))
        ? {status: 200}
        : validationError([{loc: ['path', 'model_id'], msg: 'no custom model with this id', type: 'value_error.not_found'}]),
    createTrainingJob: (c) => ({status: 200, body: {data: store.createTrainingJob(keyOf(c), c.request.requestBody)}}),
    getTrainingJob: (c) => {
      const job = store.trainingJob(keyOf(c), String(c.request.params.model_id));
      return job
        ? {status: 200, body: {data: job}}
        : validationError([{loc: ['path', 'model_id'], msg: 'no training job for this model id', type: 'value_error.not_found'}]);
    },
    getUsage: (c) => ({status: 200, body: store.usage(keyOf(c), c.request.query.date as string | undefined)}),
    listServices: () => ({status: 200, body: {data: store.services()}}),

    // Predictor
    predictWithPreTrainedModel: (c) => {
      const name = String(c.request.params.model_id);
      const {data, metadata} = results(name, preTrainedModelType(name), [(c.request.requestBody as Body).query!], keyOf(c), 'default', true);
      return {status: 200, body: {data: data[0], metadata}};
    },
    predictWithCustomModel: (c) => {
      const {model, error} = customModel(c, keyOf(c));
      if (error) return error;
      const {data, metadata} = results(model.id, model.type, [(c.request.requestBody as Body).query!], keyOf(c), 'default', false);
      return {status: 200, body: {data: data[0], metadata}};
    },

    // Medley
    medleyBatchPreTrained: (c) => {
      const name = String(c.request.params.model_id);
      return {status: 200, body: results(name, preTrainedModelType(name), (c.request.requestBody as Body).queries!, keyOf(c), 'medley/batch', true)};
    },
    medleyBatchCustomModel: (c) => {
      const {model, error} = customModel(c, keyOf(c));
      if (error) return error;
      return {status: 200, body: results(model.id, model.type, (c.request.requestBody as Body).queries!, keyOf(c), 'medley/batch', false)};
    },
    medleyPredict: (c) => {
      const {query, models = []} = c.request.requestBody as Body;
      const {data, metadata} = perModel(models, [query!], keyOf(c), 'medley/multi');
      return {status: 200, body: {data: Object.fromEntries(Object.entries(data).map(([name, list]) => [name, list[0]])), metadata}};
    },
    medleyBatchPredict: (c) => {
      const {queries = [], models = []} = c.request.requestBody as Body;
      return {status: 200, body: perModel(models, queries, keyOf(c), 'medley/full')};
    },

    // Batch predictor
    batchPredictWithPreTrainedModel: (c) => {
      const name = String(c.request.params.name);
      return {status: 200, body: results(name, preTrainedModelType(name), (c.request.requestBody as Body).queries!, keyOf(c), 'default', true)};
    },
    batchPredictWithCustomModel: (c) => {
      const {model, error} = customModel(c, keyOf(c));
      if (error) return error;
      return {status: 200, body: results(model.id, model.type, (c.request.requestBody as Body).queries!, keyOf(c), 'default', false)};
    },
  };

  const backends = await Promise.all(
    openApiSpecs.map(async (spec) => {
      const definition = parse(readFileSync(path.join(repoRoot, spec.file), 'utf8')) as Document;
      const operationIds = new Set(
        Object.values(definition.paths ?? {}).flatMap((item) =>
          Object.values(item ?? {}).flatMap((operation) =>
            typeof operation === 'object' && operation && 'operationId' in operation ? [String(operation.operationId)] : [],
          ),
        ),
      );
      const api = new OpenAPIBackend({
        definition,
        apiRoot: new URL(definition.servers?.[0]?.url ?? 'http://localhost/').pathname,
        // The definition is already linted by Redocly (npm run lint:openapi); openapi-backend's own
        // definition check reads 3.0 schemas as draft 7 and rejects boolean exclusiveMinimum.
        quick: true,
        // OpenAPI 3.0 schemas are JSON Schema draft 4 (boolean exclusiveMinimum, nullable). The
        // meta-schema check is off: openapi-backend's wrapper schemas use `required: []`, which draft 4
        // forbids but which means what it says.
        customizeAjv: () => {
          const ajv = new AjvDraft04({strict: false, allErrors: true, validateSchema: false});
          addFormats(ajv);
          return ajv;
        },
        handlers: {
          ...Object.fromEntries(Object.entries(handlers).filter(([operationId]) => operationIds.has(operationId))),
          validationFail: (c: Context) => validationError((c.validation.errors ?? []).map(toValidationItem)),
          // No 401 is documented: a missing key is a missing required header, answered as a 422.
          unauthorizedHandler: (c: Context) => {
            const [scheme = ''] = Object.keys(c.operation.security?.[0] ?? definition.security?.[0] ?? {});
            const name = securitySchemes(definition)[scheme]?.name ?? 'x-public-key';
            return validationError([{loc: ['header', name], msg: 'field required', type: 'value_error.missing'}]);
          },
          notFound: () => undefined,
          methodNotAllowed: () => undefined,
        },
      });
      // A call is authorised when it carries its documented key header; any key value works here.
      for (const [scheme, {name}] of Object.entries(securitySchemes(definition))) {
        api.registerSecurityHandler(scheme, (c: Context) => Boolean((c.request.headers as Record<string, unknown>)[name]));
      }
      await api.init();
      return api;
    }),
  );

  async function handle(request: SandboxRequest): Promise<SandboxResponse> {
    let body: unknown;
    if (request.body !== undefined && request.body.trim() !== '') {
      try {
        body = JSON.parse(request.body);
      } catch (error) {
        return validationError([{loc: ['body'], msg: `invalid JSON: ${(error as Error).message}`, type: 'value_error.jsondecode'}]);
      }
      // openapi-backend parses string bodies as JSON text: hand it the text so "x" stays a string.
      if (typeof body === 'string') body = request.body;
    }
    const [pathname = '/', search = ''] = request.url.split('?');
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), Array.isArray(value) ? value.join(',') : (value ?? '')]),
    );
    for (const api of backends) {
      const answer = (await api.handleRequest({method: request.method, path: pathname, query: search, headers, body})) as
        | SandboxResponse
        | undefined;
      if (answer) return answer;
    }
    return {status: 404, body: {detail: [{loc: ['path'], msg: `no documented call is ${request.method} ${pathname}`, type: 'not_found'}]}};
  }

  return {handle, store};
}

