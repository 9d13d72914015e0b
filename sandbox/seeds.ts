/**
 * The example resources every sandbox key starts with: the custom models the docs and the reference
 * call by id (`model-123`...), each with its training job, named and typed as the pages show them.
 * With these, every sample runs verbatim against the sandbox, in any order (SandboxStore keeps them).
 */
import type {ModelType} from './inference';

export type SeedModel = {
  id: string;
  name: string;
  type: ModelType;
  /** READY, so samples can call it; model-124 is the docs' failed model (troubleshooting, model list). */
  status: 'READY' | 'ERROR';
  error_details?: string;
};

export const seedModels: readonly SeedModel[] = [
  {id: 'model-123', name: 'review-sentiment', type: 'multiclass-text-classification', status: 'READY'},
  {
    id: 'model-124',
    name: 'support-ticket-entities',
    type: 'sequence-labeling',
    status: 'ERROR',
    error_details: 'The dataset archive could not be read.',
  },
  {id: 'model-125', name: 'ticket-router', type: 'multiclass-text-classification', status: 'READY'},
  {id: 'model-126', name: 'spam-detector', type: 'binary-text-classification', status: 'READY'},
  {id: 'model-127', name: 'product-manual-qa', type: 'question-answering', status: 'READY'},
  {id: 'model-128', name: 'support-tickets-es', type: 'multiclass-text-classification', status: 'READY'},
  {id: 'model-129', name: 'support-tickets-ja', type: 'multiclass-text-classification', status: 'READY'},
  {id: 'model-130', name: 'review-sentiment-tuned', type: 'multiclass-text-classification', status: 'READY'},
  {id: 'model-131', name: 'paper-abstracts-embeddings', type: 'multiclass-text-classification', status: 'READY'},
  {id: 'model-132', name: 'review-embeddings', type: 'multiclass-text-classification', status: 'READY'},
  {id: 'model-133', name: 'spam-detector', type: 'binary-text-classification', status: 'READY'},
];
