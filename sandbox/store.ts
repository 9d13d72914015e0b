/**
 * The sandbox's in-memory state, one account per key: custom models, their training jobs and usage.
 * Training moves on a clock the caller supplies, so tests can drive it: QUEUED when created, RUNNING
 * after `queuedForMs`, READY once every epoch has run (`epochMs` each). These timings are the
 * sandbox's own; the real service's are not published.
 */
import {randomUUID} from 'node:crypto';

import {apiBaseUrl} from '../src/provider';
import {preTrainedModelType, type ModelType} from './inference';
import {seedModels} from './seeds';

export type Clock = () => number;

type TrainingStatus = 'CREATED' | 'QUEUED' | 'RUNNING' | 'READY' | 'CANCELLED' | 'ERROR' | 'DELETED';

export type CustomModel = {
  id: string;
  user_id: string;
  name: string;
  training_status: TrainingStatus;
  type: ModelType;
  modality: 'language';
  created: string;
  trained?: string;
  last_used?: string;
  url: {single_query_inference: string; batch_query_inference: string};
  error_details?: string;
};

type TrainingJobRequest = {
  type?: 'training' | 'embedding';
  training_config?: {batch_size?: number; num_epochs?: number};
  model_config: {name: string; type: ModelType};
  dataset_url: string;
};

type Job = {model: CustomModel; request: TrainingJobRequest; createdAt: number};

type Account = {
  userId: string;
  jobs: Map<string, Job>;
  inference: {
    requests: number;
    queries: number;
    byMode: Record<string, number>;
    byModelType: Record<string, number>;
    preTrained: number;
    preTrainedById: Record<string, number>;
    custom: number;
    cacheHits: number;
    cacheMisses: number;
    warmModels: Set<string>;
  };
};

const queuedForMs = 5_000;
const epochMs = 1_000;
const inferenceTimeMs = 12.5;
const artifactLoadingTimeMs = 350;

const iso = (time: number) => new Date(time).toISOString();
const bump = (counts: Record<string, number>, key: string, by = 1) => {
  counts[key] = (counts[key] ?? 0) + by;
};

export class SandboxStore {
  private readonly accounts = new Map<string, Account>();

  constructor(private readonly clock: Clock) {}

  private account(key: string): Account {
    let account = this.accounts.get(key);
    if (!account) {
      account = {
        userId: `user-${this.accounts.size + 1}`,
        jobs: new Map(),
        inference: {
          requests: 0,
          queries: 0,
          byMode: {},
          byModelType: {},
          preTrained: 0,
          preTrainedById: {},
          custom: 0,
          cacheHits: 0,
          cacheMisses: 0,
          warmModels: new Set(),
        },
      };
      this.accounts.set(key, account);
    }
    return account;
  }

  /** Brings a job's status up to the clock: QUEUED → RUNNING → READY. */
  private progress(job: Job): {epoch: number} {
    const elapsed = this.clock() - job.createdAt;
    const epochs = job.request.training_config?.num_epochs ?? 10;
    const epoch = Math.max(0, Math.min(epochs, Math.floor((elapsed - queuedForMs) / epochMs)));
    const {model} = job;
    if (model.training_status === 'ERROR') return {epoch: 0};
    if (model.training_status === 'QUEUED' || model.training_status === 'RUNNING') {
      if (elapsed >= queuedForMs + epochs * epochMs) {
        model.training_status = 'READY';
        model.trained = iso(job.createdAt + queuedForMs + epochs * epochMs);
      } else if (elapsed >= queuedForMs) {
        model.training_status = 'RUNNING';
      }
    }
    return {epoch};
  }

  private newModel(key: string, id: string, request: TrainingJobRequest, createdAt: number): CustomModel {
    const account = this.account(key);
    const model: CustomModel = {
      id,
      user_id: account.userId,
      name: request.model_config.name,
      training_status: 'QUEUED',
      type: request.model_config.type,
      modality: 'language',
      created: iso(createdAt),
      url: {
        single_query_inference: `${apiBaseUrl}/predictor/language/model/${id}`,
        batch_query_inference: `${apiBaseUrl}/medley/language/batch/model/${id}`,
      },
    };
    account.jobs.set(id, {model, request, createdAt});
    return model;
  }

  createTrainingJob(key: string, request: TrainingJobRequest): CustomModel {
    return this.newModel(key, `model-${randomUUID().slice(0, 8)}`, request, this.clock());
  }

  /**
   * Puts back every example model of the docs (sandbox/seeds.ts) that this key lacks: a new key
   * starts with them, and a deleted one is back on the next request, so samples run in any order.
   */
  restoreSeeds(key: string): void {
    const account = this.account(key);
    for (const seed of seedModels) {
      if (account.jobs.has(seed.id)) continue;
      const request = {
        model_config: {name: seed.name, type: seed.type},
        dataset_url: 'https://datasets.example.com/sandbox.zip',
      };
      // Created long enough ago for its training to be over.
      const model = this.newModel(key, seed.id, request, this.clock() - 60 * 60 * 1000);
      if (seed.status === 'ERROR') {
        model.training_status = 'ERROR';
        model.error_details = seed.error_details;
      } else {
        this.progress(account.jobs.get(seed.id)!);
      }
    }
  }

  models(key: string): CustomModel[] {
    return [...this.account(key).jobs.values()].map((job) => {
      this.progress(job);
      return job.model;
    });
  }

  model(key: string, id: string): CustomModel | undefined {
    const job = this.account(key).jobs.get(id);
    if (!job) return undefined;
    this.progress(job);
    return job.model;
  }

  deleteModel(key: string, id: string): boolean {
    return this.account(key).jobs.delete(id);
  }

  trainingJob(key: string, id: string) {
    const job = this.account(key).jobs.get(id);
    if (!job) return undefined;
    const {epoch} = this.progress(job);
    const series = Array.from(
      {length: epoch},
      (_, index) => Math.round((0.6 + (0.3 * (index + 1)) / (epoch + 1)) * 1000) / 1000,
    );
    return {
      model: job.model,
      status: job.model.training_status,
      created: job.model.created,
      training_stats: {
        batch_size: job.request.training_config?.batch_size ?? 64,
        main_eval_metric: 'accuracy',
        best_eval_metric_value: series.at(-1) ?? 0,
        epoch,
        metrics: {
          elapsed_time: series.map(() => epochMs / 1000),
          training: {accuracy: series},
          validation: {accuracy: series.map((value) => Math.round((value - 0.02) * 1000) / 1000)},
        },
      },
    };
  }

  /** Counts one inference request and returns its metadata; a model's first call loads its artifact. */
  recordInference(
    key: string,
    call: {model: string; type: ModelType; queries: string[]; mode: string; preTrained: boolean},
  ) {
    const {inference} = this.account(key);
    const cold = !inference.warmModels.has(call.model);
    inference.warmModels.add(call.model);
    inference.requests += 1;
    inference.queries += call.queries.length;
    bump(inference.byMode, call.mode);
    bump(inference.byModelType, call.type, call.queries.length);
    if (call.preTrained) {
      inference.preTrained += call.queries.length;
      bump(inference.preTrainedById, call.model, call.queries.length);
    } else {
      inference.custom += call.queries.length;
    }
    if (cold) inference.cacheMisses += 1;
    else inference.cacheHits += 1;
    for (const job of this.account(key).jobs.values())
      if (job.model.id === call.model) job.model.last_used = iso(this.clock());
    return {
      model_inference_time_ms: inferenceTimeMs,
      artifact_loading_time_ms: cold ? artifactLoadingTimeMs : 0,
      artifact_cache_hits: cold ? 0 : 1,
      artifact_cache_misses: cold ? 1 : 0,
    };
  }

  usage(key: string, date?: string) {
    const account = this.account(key);
    const {inference} = account;
    const jobs = [...account.jobs.values()];
    jobs.forEach((job) => this.progress(job));
    const finished = jobs.filter((job) => job.model.training_status === 'READY');
    const finishedByType: Record<string, number> = {};
    finished.forEach((job) => bump(finishedByType, job.model.type));
    const now = iso(this.clock());
    return {
      user_id: account.userId,
      from_timestamp: now,
      to_timestamp: now,
      ...(date === undefined ? {} : {date}),
      inference_usage: {
        num_requests: inference.requests,
        num_successful_requests: inference.requests,
        num_queries: inference.queries,
        num_requests_by_mode: inference.byMode,
        num_queries_by_model_type: inference.byModelType,
        num_pre_trained_queries: inference.preTrained,
        num_pre_trained_queries_by_model_id: inference.preTrainedById,
        num_custom_queries: inference.custom,
        mean_model_inference_time_ms: inference.requests ? inferenceTimeMs : 0,
        mean_artifact_loading_time_ms: inference.requests
          ? (artifactLoadingTimeMs * inference.cacheMisses) / inference.requests
          : 0,
        artifact_cache_misses: inference.cacheMisses,
        artifact_cache_hits: inference.cacheHits,
      },
      training_usage: {
        num_training_jobs: jobs.length,
        num_finished_training_jobs: finished.length,
        num_finished_training_jobs_by_model_type: finishedByType,
        num_words: 0,
        num_characters: 0,
        num_tokens: 0,
        num_tokens_processed: 0,
        num_examples: 0,
        corpus_size_mb: 0,
      },
    };
  }

  services() {
    const types: ModelType[] = [
      'binary-text-classification',
      'multiclass-text-classification',
      'multilabel-text-classification',
      'sequence-labeling',
      'question-answering',
    ];
    const names = ['sentiment-classification', 'named-entity-recognition', 'toxicity-detection', 'news-classification'];
    return {
      training: types.map((type) => ({displayName: type, type, version: 'sandbox'})),
      pre_trained: names.map((name) => ({
        displayName: name,
        experimental: false,
        name,
        type: preTrainedModelType(name),
        url: `${apiBaseUrl}/predictor/language/pre-trained/${name}`,
        urlName: name,
        version: 'sandbox',
      })),
    };
  }
}
