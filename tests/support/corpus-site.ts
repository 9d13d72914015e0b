/**
 * Descriptions added to a copy of the site exactly as a maintainer adds an API: the file, byte for byte
 * as published, in openapi/, and one entry in lib/openapi/specs.ts with the settings it needs (what
 * CONTRIBUTING.md, "Add an API", lets a maintainer set). Nothing in a description is changed or cut.
 * For tests/corpus/site.test.ts, the directory suite and the benches.
 */
import assert from 'node:assert/strict';
import {copyFileSync, cpSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import {loadDescription} from '../../lib/openapi';
import {openApiSpecs, referenceIdOf, type OpenApiSpec, type OpenApiSpecEntry} from '../../lib/openapi/specs';
import type {CorpusFile} from './corpus';

/** The settings a maintainer gives an entry beside its id, file, title and reference id. */
export type EntrySettings = Partial<Omit<OpenApiSpecEntry, 'id' | 'file'>>;

/**
 * The settings the corpus's descriptions need, by corpus file name: OpenAI's, Mistral's and Stripe's link
 * to their own documentation with relative links (`[Upload](/docs/api-reference/uploads/object)`,
 * `[admin API key](../admin-api-keys)`, `<a href="/docs/connect">`), which lead where their pages are.
 * OpenAI's landing page lists its groups past 100 operations (`operationCards`), so that a built copy
 * has a landing page past its limit (Graph's, Autotask's are too large for a suite).
 */
export const corpusSettings: Readonly<Record<string, EntrySettings>> = {
  // Written from a page of its API reference (`../admin-api-keys` is a sibling section).
  // Its landing page lists its groups past 100 operations (it has 288 and webhooks): a page past its limit.
  'openai.json.gz': {linkBase: 'https://platform.openai.com/docs/api-reference/chat/create', operationCards: 100},
  // Published as https://docs.mistral.ai/openapi.yaml, for its API reference: `[models](/models)`.
  'mistral.json.gz': {linkBase: 'https://docs.mistral.ai/api/'},
  'stripe-spec3.json.gz': {linkBase: 'https://stripe.com/docs/api'},
  // Written from a method's page: `chat.postMessage#formatting`, `/docs/pagination`.
  'swagger2-slack-web-api.json.gz': {linkBase: 'https://api.slack.com/methods/'},
};

/**
 * A description file to add: a name its settings are given by, and where it is; for one split over
 * many files, `file` is its root inside `folder`, which is copied whole.
 */
type DescriptionFile = {name: string; file: string; folder?: string};

export type Added<Entry extends DescriptionFile = CorpusFile> = Entry & {spec: OpenApiSpec};

/** The id a corpus file is added under: its name without extensions (`openai.json.gz` → `openai`). */
export function corpusId(name: string): string {
  return name.replace(/\.(ya?ml|json)(\.gz)?$/, '');
}

/**
 * Adds `entries` to the site copy in `site` as a maintainer would, each with the settings `settings`
 * gives its name; returns each with its entry. `id` names each entry (default corpusId). A file that
 * does not load throws before anything of it is added.
 */
export function addToSite<Entry extends DescriptionFile = CorpusFile>(
  site: string,
  entries: readonly Entry[],
  settings: Readonly<Record<string, EntrySettings>> = corpusSettings,
  id: (entry: Entry) => string = (entry) => corpusId(entry.name),
): Added<Entry>[] {
  // A second description of a title already taken (ours included) gets a reference folder of its own,
  // as its maintainer would give it: `referenceId` set to the title's, numbered.
  // Taken by ours and by entries added to this copy before (written as JSON, below).
  const earlier = readFileSync(path.join(site, 'lib/openapi/specs.ts'), 'utf8').matchAll(/"referenceId":"([^"]+)"/g);
  const taken = new Set<string>([
    ...openApiSpecs.map((spec) => spec.referenceId),
    ...[...earlier].map((match) => match[1]!),
  ]);
  const added = entries.map((entry) => {
    const entryId = id(entry);
    // A folder as it is, in a folder of its own: `openapi/<id>/spec/swagger.yaml`.
    const file = entry.folder
      ? `openapi/${entryId}/${path.relative(entry.folder, entry.file).split(path.sep).join('/')}`
      : `openapi/${entryId}${path.extname(entry.file)}`;
    // An empty `info.title` (ipinfodb.com's) names nothing: the entry's title is its id, as a maintainer would choose.
    const title = loadDescription(entry.file).info.title || entryId;
    const given = settings[entry.name] ?? {};
    let referenceId = given.referenceId ?? referenceIdOf(title);
    for (let count = 2; taken.has(referenceId); count++) referenceId = `${referenceIdOf(title)}-${count}`;
    taken.add(referenceId);
    if (entry.folder) cpSync(entry.folder, path.join(site, 'openapi', entryId), {recursive: true});
    else copyFileSync(entry.file, path.join(site, file));
    const spec = {id: entryId, file, title, ...given, referenceId};
    return {...entry, spec: spec as unknown as OpenApiSpec};
  });
  const specsFile = path.join(site, 'lib/openapi/specs.ts');
  const lines = added.map(({spec}) => `  ${JSON.stringify(spec)},\n`).join('');
  const specs = readFileSync(specsFile, 'utf8');
  assert.ok(specs.includes('] as const satisfies'), 'lib/openapi/specs.ts still ends its list as this expects');
  writeFileSync(specsFile, specs.replace('] as const satisfies', `${lines}] as const satisfies`));
  return added;
}
