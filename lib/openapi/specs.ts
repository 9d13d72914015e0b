import kebabCase from 'lodash/kebabCase';

import {apiKeyVariable} from '../../src/code-samples';
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
  {id: 'predictor', file: 'openapi/predictor.yaml', title: `${provider.name} Predictor`, referenceId: services.predictor, strict: true},
  {id: 'trainer', file: 'openapi/trainer.yaml', title: `${provider.name} Trainer`, referenceId: services.trainer, strict: true},
  {id: 'medley', file: 'openapi/medley.yaml', title: `${provider.name} Medley`, referenceId: services.medley, strict: true},
  {
    id: 'batch-predictor',
    file: 'openapi/batch-predictor.yaml',
    title: `${provider.name} Batch Predictor`,
    referenceId: `${provider.shortName}-ai-batch-predictor`,
    // SPEC.md §7: the batch predictor is reached from the predictor's reference.
    nestedUnder: 'predictor',
    strict: true,
  },
] as const satisfies readonly OpenApiSpecEntry[];

/** What one entry of openApiSpecs says (CONTRIBUTING.md, "Add an API", explains each setting). */
export type OpenApiSpecEntry = {
  id: string;
  /** The description, from the repository's root. */
  file: string;
  title: string;
  referenceId: string;
  /** The id of the API whose sidebar category lists this one's reference. */
  nestedUnder?: string;
  /**
   * A description we write and answer for (our four): every Redocly finding, and anything an output
   * (code samples, Postman, sandbox, MCP, twins, changelog) cannot make for one of its operations,
   * fails the build. Without it (a description as another provider publishes it), lint findings are
   * counted, not fatal, and such an operation is left out of that output with one warning line.
   */
  strict?: boolean;
  /**
   * Where the description's relative links lead (`https://stripe.com` for `[Connect](/docs/connect)`,
   * `https://platform.openai.com/docs/api-reference/` for `../admin-api-keys`): with it, pages, twins,
   * `llms.txt` and MCP carry them as absolute links; without it, a relative link that is no route of
   * this site fails the build, naming the description's file, line and the link.
   */
  linkBase?: string;
  /**
   * The environment variable its code samples read the caller's key from; by default the id's words
   * in capitals and `_API_KEY` (`stripe` → `STRIPE_API_KEY`). Ours read `ORCHARD_API_KEY`.
   */
  keyVariable?: string;
  /**
   * Up to how many operations its landing page shows as a card each (300 by default, `maxOperationCards`);
   * past it, the page and its twin list a line per tag group instead (src/components/OperationIndex).
   */
  operationCards?: number;
};

/** One entry of openApiSpecs, its optional settings readable on every one (a test's own entries too). */
export type OpenApiSpec = (typeof openApiSpecs)[number] & Readonly<OpenApiSpecEntry>;

/** Whether a description is held strictly (`strict` above): ours are. */
export function isStrict(spec: Pick<OpenApiSpecEntry, 'strict'>): boolean {
  return spec.strict === true;
}

/**
 * The environment variable an API's samples read its key from: `keyVariable`, else `ORCHARD_API_KEY`
 * for ours, else the id's words in capitals and `_API_KEY` (`hf-text-generation-inference` →
 * `HF_TEXT_GENERATION_INFERENCE_API_KEY`): a reader of another provider's reference keeps that
 * provider's key apart from ours.
 */
export function keyVariableOf(spec: Pick<OpenApiSpecEntry, 'id' | 'strict' | 'keyVariable'>): string {
  if (spec.keyVariable) return spec.keyVariable;
  if (isStrict(spec)) return apiKeyVariable;
  const words = spec.id.toUpperCase().replace(/[^A-Z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  return `${/^[0-9]/.test(words) ? `API_${words}` : words}_API_KEY`;
}

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
 * `npm run gen-api-docs` into its reference folder; lib/api-sidebar.ts loads it from here.
 */
export function referenceSidebarModule(spec: OpenApiSpec): string {
  return `${referenceOutputDir(spec)}/sidebar`;
}

/**
 * Site path of the downloadable copy of a spec (copied into static/openapi/ before each build): its
 * file's name; for a root in a folder of its own (a description split over many files, downloaded as
 * their bundle), the entry's id with the root's extension, as roots share names (`spec/openapi.yaml`).
 */
export function specDownloadPath(spec: Pick<OpenApiSpecEntry, 'id' | 'file'>): string {
  const parts = spec.file.split('/');
  const name = parts.pop()!;
  return parts.length > 1 ? `/openapi/${spec.id}${name.slice(name.lastIndexOf('.'))}` : `/openapi/${name}`;
}

/**
 * The copy of a spec the reference is generated from: the YAML plus build-time code samples
 * (`x-codeSamples`), written by `npm run gen-api-docs` into a git-ignored folder. It is JSON, which
 * every reader parses many times faster than YAML: at 2,000 operations the copy is about 10 MB, and
 * YAML of it takes seconds to read back (bench/README.md, "Tricks without a switch").
 */
export function generatedSpecPath(spec: OpenApiSpec): string {
  return `.generated/${spec.file.replace(/\.ya?ml$/, '.json')}`;
}

/**
 * Throws, naming both entries, when two entries of openApiSpecs share an id, a file or a reference
 * folder: the second would overwrite the first's pages (two descriptions of one `info.title` need a
 * `referenceId` of their own).
 */
export function checkEntries(
  specs: readonly Pick<OpenApiSpecEntry, 'id' | 'file' | 'referenceId' | 'operationCards'>[],
): void {
  for (const spec of specs)
    if (spec.operationCards !== undefined && !(Number.isInteger(spec.operationCards) && spec.operationCards >= 0))
      throw new Error(
        `lib/openapi/specs.ts: the entry ${spec.id} has the operationCards ${JSON.stringify(spec.operationCards)}: ` +
          'give it a whole number, the most operations its landing page shows as cards',
      );
  for (const spec of specs)
    if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(spec.referenceId))
      throw new Error(
        `lib/openapi/specs.ts: the entry ${spec.id} has the referenceId ${JSON.stringify(spec.referenceId)}: ` +
          'give it words in lower case and digits joined by hyphens (its reference folder and route)',
      );
  for (const key of ['id', 'file', 'referenceId'] as const) {
    const seen = new Map<string, string>();
    for (const spec of specs) {
      const first = seen.get(spec[key]);
      if (first !== undefined)
        throw new Error(
          `lib/openapi/specs.ts: the entries ${first} and ${spec.id} have one ${key}, ${spec[key]}` +
            (key === 'referenceId' ? ': give the second a referenceId of its own (its reference folder)' : ''),
        );
      seen.set(spec[key], spec.id);
    }
  }
  // Each is downloaded as /openapi/<its file's name> (specDownloadPath): two of one name would be one file.
  const downloads = new Map<string, string>();
  for (const spec of specs) {
    const first = downloads.get(specDownloadPath(spec));
    if (first !== undefined)
      throw new Error(
        `lib/openapi/specs.ts: the entries ${first} and ${spec.id} would both be downloaded as ${specDownloadPath(spec)}: ` +
          'put the second in a folder of its own (it is then downloaded by its id)',
      );
    downloads.set(specDownloadPath(spec), spec.id);
  }
}
