/**
 * Synthetic inference results for the sandbox: deterministic (the same query gives the same answer)
 * and of the documented shape (SPEC.md §3): labels and scores for classification, where multi-class
 * scores sum to 1 and multi-label scores do not; tokens and start positions for sequence labeling.
 * Labels are illustrative only: the real models' label sets are not published.
 */
export type ModelType =
  | 'binary-text-classification'
  | 'multiclass-text-classification'
  | 'multilabel-text-classification'
  | 'sequence-labeling'
  | 'question-answering';

export type InferenceResult = {
  labels: string[];
  scores: number[];
  tokens?: string[];
  token_start_positions?: number[];
};

/** The model type the sandbox answers as, for a pre-trained model name. */
export function preTrainedModelType(name: string): ModelType {
  if (name === 'named-entity-recognition' || name === 'keyphrase-extraction') return 'sequence-labeling';
  if (name === 'toxicity-detection') return 'binary-text-classification';
  if (name === 'emotion-detection' || name === 'research-papers-search') return 'multilabel-text-classification';
  return 'multiclass-text-classification';
}

const labelSets: Partial<Record<string, string[]>> = {
  'sentiment-classification': ['positive', 'neutral', 'negative'],
  'financial-sentiment-classification': ['positive', 'neutral', 'negative'],
  'customer-review': ['positive', 'neutral', 'negative'],
  'toxicity-detection': ['toxic', 'non-toxic'],
};

/** A stable number in [0, 1) from a string (FNV-1a, then murmur3's finaliser to spread the bits). */
function unitHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return (hash >>> 0) / 0x100000000;
}

const round = (value: number) => Math.round(value * 10_000) / 10_000;

/** Scores for `count` classes that sum to exactly 1 (the last one takes the rounding remainder). */
function distribution(seed: string, count: number): number[] {
  const weights = Array.from({length: count}, (_, index) => 0.05 + unitHash(`${seed}#${index}`));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const scores = weights.slice(0, -1).map((weight) => round(weight / total));
  scores.push(round(1 - scores.reduce((sum, score) => sum + score, 0)));
  return scores;
}

function sequenceLabels(query: string, seed: string): InferenceResult {
  const tokens: string[] = [];
  const token_start_positions: number[] = [];
  for (const match of query.matchAll(/\S+/g)) {
    tokens.push(match[0]);
    token_start_positions.push(match.index ?? 0);
  }
  const labels = tokens.map((token) => (/^\p{Lu}/u.test(token) ? 'B-ENT' : 'O'));
  const scores = tokens.map((token) => round(0.5 + unitHash(`${seed}:${token}`) / 2));
  return {labels, scores, tokens, token_start_positions};
}

/** The sandbox's answer of one model (by name or custom id) of a given type to one query. */
export function infer(model: string, type: ModelType, query: string): InferenceResult {
  const seed = `${model}:${query}`;
  switch (type) {
    case 'sequence-labeling':
    case 'question-answering':
      return sequenceLabels(query, seed);
    case 'binary-text-classification': {
      const labels = labelSets[model]?.slice(0, 2) ?? ['positive', 'negative'];
      return {labels, scores: distribution(seed, 2)};
    }
    case 'multilabel-text-classification': {
      const labels = ['label-1', 'label-2', 'label-3'];
      // Independent scores per label: they need not sum to 1.
      return {labels, scores: labels.map((label) => round(unitHash(`${seed}:${label}`)))};
    }
    case 'multiclass-text-classification': {
      const labels = labelSets[model] ?? ['label-1', 'label-2', 'label-3'];
      return {labels, scores: distribution(seed, labels.length)};
    }
  }
}
