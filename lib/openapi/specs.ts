import kebabCase from 'lodash/kebabCase';

import {provider, services} from '../../src/provider';

/**
 * The OpenAPI descriptions (SPEC.md §7), the single source of truth of every endpoint: an API is one
 * entry here, and its reference pages, sidebar category (sidebarsApi.ts), downloads, twins, sandbox
 * routes and MCP endpoints follow. `referenceId` is where each reference lives
 * (`/api/api-reference/<referenceId>`); the OpenAPI plugin derives it from `info.title` (`title`
 * here) in kebab case, and a unit test keeps all three in step. `nestedUnder` lists an API's
 * reference inside another's sidebar category instead of beside it.
 */
export const openApiSpecs = [
  {id: 'predictor', file: 'openapi/predictor.yaml', title: `${provider.name} Predictor`, referenceId: services.predictor},
  {id: 'trainer', file: 'openapi/trainer.yaml', title: `${provider.name} Trainer`, referenceId: services.trainer},
  {id: 'medley', file: 'openapi/medley.yaml', title: `${provider.name} Medley`, referenceId: services.medley},
  {
    id: 'batch-predictor',
    file: 'openapi/batch-predictor.yaml',
    title: `${provider.name} Batch Predictor`,
    referenceId: `${provider.shortName}-ai-batch-predictor`,
    // SPEC.md §7: the batch predictor is reached from the predictor's reference.
    nestedUnder: 'predictor',
  },
] as const satisfies readonly OpenApiSpecEntry[];

/** What one entry of openApiSpecs says. */
type OpenApiSpecEntry = {
  id: string;
  /** The description, from the repository's root. */
  file: string;
  title: string;
  referenceId: string;
  /** The id of the API whose sidebar category lists this one's reference. */
  nestedUnder?: string;
};

export type OpenApiSpec = (typeof openApiSpecs)[number];

/**
 * The `referenceId` the OpenAPI plugin gives a description of this `info.title` (its openapi.js:
 * the first space a hyphen, lower case, then lodash's kebab case): `Non-oAuth Scopes example` is
 * `non-oauth-scopes-example`, not `non-o-auth-…`.
 */
export function referenceIdOf(title: string): string {
  return kebabCase(title.replace(' ', '-').toLowerCase());
}

/** Doc id (in the `api` docs instance) of a spec's reference landing page. */
export function referenceLandingDocId(spec: OpenApiSpec): string {
  return `api-reference/${spec.referenceId}/${spec.referenceId}`;
}

/** Folder (inside the `api` docs instance) that receives a spec's generated reference pages. */
export function referenceOutputDir(spec: OpenApiSpec): string {
  return `api/api-reference/${spec.referenceId}`;
}

/**
 * Module (without extension, from the repository root) of a spec's generated sidebar, written by
 * `npm run gen-api-docs` into its reference folder; sidebarsApi.ts loads it from here.
 */
export function referenceSidebarModule(spec: OpenApiSpec): string {
  return `${referenceOutputDir(spec)}/sidebar`;
}

/** Site path of the downloadable copy of a spec (copied into static/openapi/ before each build). */
export function specDownloadPath(spec: OpenApiSpec): string {
  return `/openapi/${spec.file.split('/').pop()}`;
}

/**
 * The copy of a spec the reference is generated from: the YAML plus build-time code samples
 * (`x-codeSamples`), written by `npm run gen-api-docs` into a git-ignored folder. It is JSON, which
 * every reader parses many times faster than YAML: at 2,000 operations the copy is 11 MB, and its
 * YAML took 1.3 s to write and 6 s to read back for the Markdown twins.
 */
export function generatedSpecPath(spec: OpenApiSpec): string {
  return `.generated/${spec.file.replace(/\.ya?ml$/, '.json')}`;
}
