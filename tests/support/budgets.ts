/**
 * First-load JavaScript budgets (gzipped bytes) per page template: issue "Fast pages". The byte-budget
 * browser test enforces them and `npm run bench` reports against them.
 */
import {openApiSpecs} from '../../lib/openapi/specs';
import {operationSlug} from '../../lib/openapi/markdown';
import {operationsOf} from './contract';

const KB = 1024;

export type Budget = {template: string; path: string; maxGzipJs: number};

/** One page per template, as Lighthouse runs them too. */
export const templatePages: readonly Budget[] = [
  {template: 'home', path: '/', maxGzipJs: 170 * KB - 1},
  {template: 'doc', path: '/docs/intro', maxGzipJs: 185 * KB},
  {template: 'doc with code samples', path: '/docs/quickstart', maxGzipJs: 185 * KB},
  {template: 'tutorial', path: '/tutorials/spam-detection', maxGzipJs: 185 * KB},
  {template: 'API guide', path: '/api/orchard-ai-trainer/launch-training', maxGzipJs: 185 * KB},
  {template: 'reference landing', path: '/api/api-reference/orchard-ai-predictor', maxGzipJs: 250 * KB},
  {template: 'API operation', path: '/api/api-reference/orchard-ai-trainer/create-training-job', maxGzipJs: 250 * KB},
];

/** Every reference landing page and every operation page: each must stay within the API budget. */
export const referencePages: readonly Budget[] = openApiSpecs.flatMap((spec) => [
  {template: 'reference landing', path: `/api/api-reference/${spec.referenceId}`, maxGzipJs: 250 * KB},
  ...operationsOf(spec).map(({operation}) => ({
    template: 'API operation',
    path: `/api/api-reference/${spec.referenceId}/${operationSlug(operation.operationId)}`,
    maxGzipJs: 250 * KB,
  })),
]);
