// cspell:ignore Compactconversation
/**
 * Descriptions of the corpus (tests/support/corpus.ts) added to a copy of the site as a maintainer adds
 * an API: the file in openapi/, one entry in lib/openapi/specs.ts, its own lint findings switched off in
 * redocly.yaml. For tests/corpus/site.test.ts and bench/corpus.ts.
 */
import assert from 'node:assert/strict';
import {appendFileSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import {loadDescription} from '../../lib/openapi';
import {referenceIdOf, type OpenApiSpec} from '../../lib/openapi/specs';
import type {CorpusFile} from './corpus';

/** Lint findings of descriptions we did not write, switched off per API as their maintainer would. */
export const theirFindings = [
  'struct',
  'operation-operationId',
  'operation-operationId-url-safe',
  'operation-summary',
  'rule/path-parameter-example',
  'no-invalid-media-type-examples',
  'no-invalid-schema-examples',
  'no-server-example.com',
  'no-server-trailing-slash',
  'no-empty-servers',
  'security-defined',
  'nullable-type-sibling',
  'no-unused-components',
  'operation-4xx-response',
  'no-illogical-composition-keywords',
  'info-contact',
  'tag-description',
  'operation-2xx-response',
  'no-ambiguous-paths',
  'path-parameters-defined',
  'path-not-include-query',
  'no-required-schema-properties-undefined',
  'no-duplicated-enum-values',
];

/**
 * Mistral's description refers to the `$defs` of inline schemas as `#/$defs/…` (in `$ref`s and
 * discriminator mappings), a pointer from the document's root, where there is none (the schemas have
 * no `$id` to make them resources of their own): Redocly's no-unresolved-refs, on for every API,
 * refuses them. Its maintainer must mend the file, as this does: each such reference written as the
 * pointer to the `$defs` beside it.
 */
export function withDefsRefsMended(value: unknown, pointer = '#', defs?: string, isMapping = false): unknown {
  if (typeof value === 'string')
    return value.startsWith('#/$defs/') && defs ? `${defs}/${value.slice('#/$defs/'.length)}` : value;
  if (Array.isArray(value)) return value.map((item, index) => withDefsRefsMended(item, `${pointer}/${index}`, defs));
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  const here = '$defs' in record ? `${pointer}/$defs` : defs;
  return Object.fromEntries(
    Object.entries(record).map(([key, child]) => [
      key,
      typeof child === 'string' && key !== '$ref' && !isMapping
        ? child
        : withDefsRefsMended(
            child,
            `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`,
            here,
            key === 'mapping',
          ),
    ]),
  );
}

/**
 * The descriptions that link to their provider's own documentation with relative links
 * (`[Upload](/docs/api-reference/uploads/object)`, `[admin API key](../admin-api-keys)`,
 * `<a href="/docs/connect">`), and where those lead there: on this site they lead nowhere, and the
 * build's link check stops it naming the page. Their maintainer makes them absolute, as this does.
 */
const docsLinks: Record<string, [string, string][]> = {
  'openai.json.gz': [
    ['](/', '](https://platform.openai.com/'],
    // From a page of its API reference, https://platform.openai.com/docs/api-reference/<section>.
    ['](../', '](https://platform.openai.com/docs/api-reference/'],
  ],
  'stripe-spec3.json.gz': [
    ['](/', '](https://stripe.com/'],
    ['href=\\"/', 'href=\\"https://stripe.com/'],
  ],
};

/** A corpus file's text as its maintainer adds it: Mistral's `$defs` references and the relative links mended. */
function maintainersText(entry: CorpusFile): string | Buffer {
  if (entry.name === 'mistral.json.gz')
    return JSON.stringify(withDefsRefsMended(JSON.parse(readFileSync(entry.file, 'utf8'))), null, 2);
  const links = docsLinks[entry.name];
  if (!links) return readFileSync(entry.file);
  return links.reduce((text, [from, to]) => text.replaceAll(from, to), readFileSync(entry.file, 'utf8'));
}

/**
 * The paths of the three large descriptions that the corpus suite's copy keeps: each kept path, and
 * those beneath it (its `?beta=true` and `#stream` variants too), 159 of their 1,044 operations. Their
 * other operations are of the same shapes (mostly an organisation's CRUD); `npm run bench:corpus`
 * builds them all, and the slow suites read every one of them (tests/slow: each description's MDX, its
 * samples). Kept, the copy has 319 pages instead of 784, and the suite took 117 s alone (178 s of CPU)
 * instead of 139 s (203 s), 2026-11-27 (bench/README, "Corpus").
 * - OpenAI's (50 of 288 operations, and its 16 webhooks): chat, completions and responses (streams,
 *   polymorphic bodies; `beta_Compactconversation`, 314 KB, is its largest page), audio (multipart
 *   uploads, binary answers), images, embeddings, files and uploads, models, moderations, realtime
 *   calls (SDP bodies), and the admin API keys (an admin key's bearer auth).
 * - Mistral's (61 of 288): chat, FIM, embeddings, moderations, OCR, classifications, files, audio,
 *   models, conversations (their `#stream` paths), agents, batch, and one connector's paths
 *   (`connector_update_v1`, 444 KB, is its largest page).
 * - Stripe's (48 of 468): `/v1/accounts` (a path parameter without an example, the persons and
 *   capabilities beneath), `/v1/files` (its one multipart upload, on a server of its own),
 *   `/v1/payment_intents` (its largest pages: form bodies of hundreds of fields, recursive expandable
 *   objects) and `/v1/checkout`.
 */
export const pathsInCorpusCopy: KeptPaths = {
  'openai.json.gz': [
    '/chat',
    '/completions',
    '/responses',
    '/audio/speech',
    '/audio/transcriptions',
    '/audio/translations',
    '/images',
    '/embeddings',
    '/files',
    '/uploads',
    '/models',
    '/moderations',
    '/realtime/calls',
    '/organization/admin_api_keys',
  ],
  'mistral.json.gz': [
    '/v1/chat',
    '/v1/fim',
    '/v1/embeddings',
    '/v1/moderations',
    '/v1/ocr',
    '/v1/classifications',
    '/v1/files',
    '/v1/audio',
    '/v1/models',
    '/v1/conversations',
    '/v1/agents',
    '/v1/batch',
    '/v1/connectors/{connector_id}',
  ],
  'stripe-spec3.json.gz': ['/v1/accounts', '/v1/files', '/v1/payment_intents', '/v1/checkout'],
};

/** Paths kept of a description (by corpus file name): each path listed, and the paths beneath it. */
export type KeptPaths = Readonly<Record<string, readonly string[]>>;

/** A JSON description's text with only the paths under `kept`. */
function withPathsKept(text: string, kept: readonly string[]): string {
  const doc = JSON.parse(text) as {paths?: Record<string, unknown>};
  // `/responses` keeps `/responses/{response_id}`, `/responses?beta=true`; `/v1/conversations`, `/v1/conversations#stream`.
  const keeps = (key: string) =>
    kept.some((prefix) => key.startsWith(prefix) && /^(?:$|[/?#])/.test(key.slice(prefix.length)));
  doc.paths = Object.fromEntries(Object.entries(doc.paths ?? {}).filter(([key]) => keeps(key)));
  return JSON.stringify(doc, null, 2);
}

export type Added = CorpusFile & {spec: OpenApiSpec};

/**
 * Adds `entries` to the site copy in `site` as a maintainer would; returns each with its spec entry.
 * A description named in `keptPaths` (a JSON one) keeps only those paths.
 */
export function addToSite(site: string, entries: readonly CorpusFile[], keptPaths: KeptPaths = {}): Added[] {
  const added = entries.map((entry) => {
    const id = entry.name.replace(/\.(ya?ml|json)(\.gz)?$/, '');
    const file = `openapi/${id}${path.extname(entry.file)}`;
    const kept = keptPaths[entry.name];
    assert.ok(!kept || entry.file.endsWith('.json'), `${entry.name}: only a JSON description's paths can be kept`);
    const text = maintainersText(entry);
    writeFileSync(path.join(site, file), kept ? withPathsKept(text.toString(), kept) : text);
    const title = loadDescription(entry.file).info.title;
    return {...entry, spec: {id, file, title, referenceId: referenceIdOf(title)} as unknown as OpenApiSpec};
  });
  const specsFile = path.join(site, 'lib/openapi/specs.ts');
  const lines = added
    .map(
      ({spec}) =>
        `  {id: '${spec.id}', file: '${spec.file}', title: ${JSON.stringify(spec.title)}, referenceId: '${spec.referenceId}'},\n`,
    )
    .join('');
  const specs = readFileSync(specsFile, 'utf8');
  assert.ok(specs.includes('] as const satisfies'), 'lib/openapi/specs.ts still ends its list as this expects');
  writeFileSync(specsFile, specs.replace('] as const satisfies', `${lines}] as const satisfies`));
  appendFileSync(
    path.join(site, 'redocly.yaml'),
    added
      .map(
        ({spec}) =>
          `  ${spec.id}:\n    root: ./${spec.file}\n    rules:\n${theirFindings.map((rule) => `      ${rule}: off\n`).join('')}`,
      )
      .join(''),
  );
  return added;
}
