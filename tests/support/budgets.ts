/**
 * First-load JavaScript budgets (gzipped bytes) of every API reference page: issue "Fast pages". The
 * budget of each template, and its pages, are in tests/support/templates.ts.
 */
import {operationRoute, operationsOf} from '../../lib/openapi';
import {openApiSpecs} from '../../lib/openapi/specs';
import {jsBudgets} from './templates';

export type Budget = {template: string; path: string; maxGzipJs: number};

/** Every reference landing page and every operation page: each must stay within the API budget. */
export const referencePages: readonly Budget[] = openApiSpecs.flatMap((spec) => [
  {template: 'reference landing', path: `/api/api-reference/${spec.referenceId}`, maxGzipJs: jsBudgets.reference},
  ...operationsOf(spec).map((operation) => ({
    template: 'API operation',
    path: operationRoute(operation),
    maxGzipJs: jsBudgets.reference,
  })),
]);
