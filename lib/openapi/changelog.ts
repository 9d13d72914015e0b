/**
 * The API changelog (/api/changelog): for each API, newest first, each published change to its
 * description (lib/openapi/history.ts) with its date and what changed in the contract, breaking
 * changes marked, and its first publication last. Each pair of versions is compared by `redocly diff`
 * (Redocly's OpenAPI diff, installed with the linter; its rules rate each change major, minor or
 * patch: major is breaking). It does not compare request and response body examples, so those are
 * compared here. Written by gen-api-docs as a page of the API section, with an Atom feed beside it.
 */
import {spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

import {parse} from 'yaml';

import {leftOut, messageOf} from './degrade';
import {httpMethods, operationEntries} from './document';
import {fromSwagger2, isSwagger2} from './swagger2';
import {descriptionHistory, publishedCommits, type DescriptionHistory} from './history';

/** What the changelog needs of an API: its id (in openapi/published.yaml), title and file. */
export type ChangelogSpec = {id: string; title: string; file: string; strict?: boolean};

export type Change = {
  /** `POST /language/trainer/training-jobs`, or undefined for a change outside the operations. */
  operation?: string;
  breaking: boolean;
  text: string;
};

export type ChangelogEntry = {commit: string; date: string; subject: string; changes: Change[]};

export type ApiChangelog = {
  spec: ChangelogSpec;
  /** Every operation of the paths in the description as it is (`POST /things`): those a page shows the changes of. */
  operations: string[];
  history:
    | {available: true; entries: ChangelogEntry[]; published: {commit: string; date: string}; lastChanged: string}
    | {available: false; why: string};
};

/** The methods a path item names as its own fields (the others are under 3.2's `additionalOperations`). */
const fixedMethods: readonly string[] = [...httpMethods, 'query'];

/** `#/paths/~1a~1{b}/post/...` → `POST /a/{b}`; 3.2's `…/additionalOperations/COPY/…` → `COPY /a/{b}`. */
function operationOf(pointer: string): string | undefined {
  const [, pathPart, fixed, additional] = /^#\/paths\/([^/]+)\/(?:([a-z]+)|additionalOperations\/([^/]+))/.exec(pointer) ?? [];
  const method = fixed ?? additional?.toLowerCase();
  if (!pathPart || !method || (fixed && !fixedMethods.includes(fixed))) return undefined;
  return `${method.toUpperCase()} ${decodeURIComponent(pathPart.replace(/~1/g, '/').replace(/~0/g, '~'))}`;
}

type RedoclyChange = {
  path: string;
  kind: 'added' | 'removed' | 'modified';
  impact: 'major' | 'minor' | 'patch';
  typeName?: string;
  verdicts: {message: string; impact: string}[];
};

/** A change Redocly rated without a message of its own (an added operation, an added property). */
function describe(change: RedoclyChange): string {
  const operation = operationOf(change.path);
  const last = decodeURIComponent(change.path.split('/').pop()!.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (change.typeName === 'Operation' && operation) return `Operation \`${operation}\` was ${change.kind}.`;
  return `${change.typeName ?? 'Element'} \`${last}\` was ${change.kind}.`;
}

/** Where Redocly's diff is, and a config with its recommended rules and no telemetry. */
const redoclyBin = () => path.join(path.dirname(require.resolve('@redocly/cli/package.json')), 'bin/cli.js');

/** The contract changes from `before` to `after` (description texts), by `redocly diff`. */
export function contractChanges(before: string, after: string, label: string): Change[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'orchard-changelog-'));
  try {
    const [base, revision, config, report] = ['base.yaml', 'revision.yaml', 'redocly.yaml', 'diff.json'].map((name) =>
      path.join(dir, name),
    ) as [string, string, string, string];
    writeFileSync(base, before);
    writeFileSync(revision, after);
    writeFileSync(config, 'telemetry: off\nextends:\n  - diff-recommended\n');
    const result = spawnSync(
      process.execPath,
      [redoclyBin(), 'diff', base, revision, '--config', config, '--format', 'json', '--output', report, '--fail-on', 'none'],
      {cwd: dir, encoding: 'utf8', env: {...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true'}},
    );
    if (result.status !== 0)
      throw new Error(`changelog: redocly diff of ${label} failed (exit ${result.status}): ${result.stderr.trim()}`);
    const {changes} = JSON.parse(readFileSync(report, 'utf8')) as {changes: RedoclyChange[]};
    const found = changes.flatMap((change): Change[] => {
      const operation = operationOf(change.path);
      const breaking = change.impact === 'major';
      // Without a verdict, a modified element only holds changes listed on their own (or examples, below).
      if (change.verdicts.length === 0)
        return change.kind === 'modified' ? [] : [{operation, breaking, text: describe(change)}];
      return change.verdicts.map((verdict) => ({operation, breaking: verdict.impact === 'major', text: verdict.message}));
    });
    return [...found, ...exampleChanges(before, after)];
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}

type Operation = {
  requestBody?: {content?: Record<string, {example?: unknown; examples?: unknown}>};
  responses?: Record<string, {content?: Record<string, {example?: unknown; examples?: unknown}>}>;
};

/**
 * A version's text parsed: JSON (most published descriptions) by JSON.parse, which reads GitHub's 8 MB
 * in a tenth of a second where the YAML parser took seconds on every generation; YAML otherwise.
 */
function parseText(text: string): unknown {
  if (/^\s*\{/.test(text))
    try {
      return JSON.parse(text);
    } catch {
      // Not JSON after all: YAML says why, or reads it.
    }
  return parse(text);
}

/** Each operation's body examples, by where they are (`request application/json`, `response 200 …`). */
function bodyExamples(text: string): Map<string, Map<string, string>> {
  const doc = parseText(text) as {paths?: Record<string, Record<string, Operation>>};
  const found = new Map<string, Map<string, string>>();
  for (const [route, item] of Object.entries(doc.paths ?? {}))
    for (const [method, operation] of operationEntries<Operation>(item)) {
      const examples = new Map<string, string>();
      const add = (where: string, media: {example?: unknown; examples?: unknown} | undefined) => {
        if (media?.example !== undefined || media?.examples !== undefined)
          examples.set(where, JSON.stringify([media.example, media.examples]));
      };
      for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) add(`request body (${type})`, media);
      for (const [status, response] of Object.entries(operation.responses ?? {}))
        for (const [type, media] of Object.entries(response?.content ?? {})) add(`${status} response (${type})`, media);
      found.set(`${method.toUpperCase()} ${route}`, examples);
    }
  return found;
}

/** Request and response body examples added, changed or removed in the operations both versions have. */
function exampleChanges(before: string, after: string): Change[] {
  const was = bodyExamples(before);
  const changes: Change[] = [];
  for (const [operation, now] of bodyExamples(after)) {
    const then = was.get(operation);
    if (!then) continue;
    for (const where of new Set([...then.keys(), ...now.keys()])) {
      const [a, b] = [then.get(where), now.get(where)];
      if (a === b) continue;
      const verb = a === undefined ? 'added' : b === undefined ? 'removed' : 'changed';
      changes.push({operation, breaking: false, text: `Example of the ${where} ${verb}.`});
    }
  }
  return changes;
}

/**
 * The operations of the paths in a description's text (`POST /things`); none when it does not parse:
 * the linter, which runs next, names the file and the line.
 */
function operationsIn(text: string): string[] {
  try {
    return [...bodyExamples(text).keys()];
  } catch {
    return [];
  }
}

/**
 * A description's text as the diff compares it: a Swagger 2.0 version converted to OpenAPI 3.1 as the
 * site reads it (lib/openapi/swagger2.ts), so that one written in 2.0 and then in 3 compares by contract.
 */
export function comparableText(text: string): string {
  if (!/["']?\bswagger["']?\s*:/.test(text)) return text;
  let doc: unknown;
  try {
    doc = parseText(text);
  } catch {
    return text;
  }
  return isSwagger2(doc) ? JSON.stringify(fromSwagger2(doc).doc) : text;
}

/** One API's changelog from its history (the versions' diffs, newest first). */
export function apiChangelog(spec: ChangelogSpec, history: DescriptionHistory, current: string): ApiChangelog {
  const operations = operationsIn(comparableText(current));
  if (!history.available) return {spec, operations, history};
  const entries: ChangelogEntry[] = [];
  let previousText = comparableText(history.published.text);
  for (const version of history.changes) {
    const label = `${spec.file} at commit ${version.commit.slice(0, 7)}`;
    const text = comparableText(version.text);
    let changes: Change[];
    try {
      changes = contractChanges(previousText, text, label);
    } catch (error) {
      const message = (error as Error).message;
      throw new Error(message.startsWith('changelog:') ? message : `changelog: ${label}: ${message}`);
    }
    if (changes.length > 0)
      entries.push({commit: version.commit, date: version.date, subject: version.subject, changes});
    previousText = text;
  }
  return {
    spec,
    operations,
    history: {
      available: true,
      entries: entries.reverse(),
      published: {commit: history.published.commit, date: history.published.date},
      lastChanged: history.lastChanged,
    },
  };
}

/** The changelog of every API of `specs`, read from the git history of the site in `siteDir`. */
export function changelogs(siteDir: string, specs: readonly ChangelogSpec[]): ApiChangelog[] {
  const published = publishedCommits(siteDir);
  return specs.map((spec) => {
    try {
      return apiChangelog(
        spec,
        descriptionHistory(siteDir, spec.file, published[spec.id]),
        readFileSync(path.join(siteDir, spec.file), 'utf8'),
      );
    } catch (error) {
      // Ours fail the build here; another provider's history is shown as unavailable, saying why.
      leftOut(spec, 'changelog', 'its history', messageOf(error));
      return {spec, operations: [], history: {available: false, why: `its history could not be compared (${messageOf(error)})`}};
    }
  });
}

/** The changelog page's route, and its feed's address from the site's root. */
export const changelogRoute = '/api/changelog';
export const changelogFeedPath = '/api/changelog/atom.xml';
/** The page's file, in the API docs instance (git-ignored: build output). */
export const changelogPageFile = 'api/changelog.md';

const day = (date: string) => date.slice(0, 10);
const entryAnchor = (spec: {id: string}, commit: string) => `${spec.id}-${commit.slice(0, 7)}`;
const publishedAnchor = (spec: {id: string}) => `${spec.id}-first-published`;

/** A change as a list item: the operation it touches in code, breaking ones marked first. */
const changeItem = (change: Change) =>
  `- ${change.breaking ? '**Breaking:** ' : ''}${change.operation ? `\`${change.operation}\`: ` : ''}${change.text}`;

/** The Markdown of the changelog page (`api/changelog.md`, written by gen-api-docs). */
export function changelogMarkdown(logs: readonly ApiChangelog[], providerName: string): string {
  const sections = logs.map(({spec, history}) => {
    const heading = `## ${spec.title} {#${spec.id}}`;
    if (!history.available)
      return `${heading}\n\nThe history of \`${spec.file}\` could not be read when this site was built: ${history.why}. Build the site from a full clone of its repository to show it.`;
    const entries = history.entries.map((entry) => {
      const breaking = entry.changes.filter((change) => change.breaking).length;
      const sorted = [...entry.changes].sort((a, b) => Number(b.breaking) - Number(a.breaking));
      return [
        `### ${day(entry.date)}${breaking > 0 ? ' (breaking)' : ''} {#${entryAnchor(spec, entry.commit)}}`,
        sorted.map(changeItem).join('\n'),
      ].join('\n\n');
    });
    const first = `### ${day(history.published.date)}: first published {#${publishedAnchor(spec)}}\n\nThe ${spec.title} API as first published${history.entries.length > 0 ? ': every later change is listed above' : '. Its contract has not changed since'}.`;
    return [heading, ...entries, first].join('\n\n');
  });
  // The page's last update: its newest entry, or publication.
  const newest = logs
    .flatMap(({history}) => (history.available ? [history.published.date, ...history.entries.map((entry) => entry.date)] : []))
    .sort()
    .pop();
  return [
    '---',
    'title: API changelog',
    `description: What changed in the contract of each ${providerName} API since it was first published, newest first, with breaking changes marked.`,
    // CommonMark, not MDX: its headings carry their anchors (`{#trainer}`), which MDX reads as code.
    'mdx:',
    '  format: md',
    ...(newest ? ['last_update:', `  date: ${JSON.stringify(newest)}`] : []),
    '---',
    '',
    `Each change to an API's OpenAPI description since the API was first published, newest first: the date and what changed in the contract (operations, parameters, fields, enum values, limits and examples). **Breaking** marks a change that can break a client written for the version before. Edits that change no part of the contract are not listed. To follow it, subscribe to the [Atom feed](pathname://${changelogFeedPath}).`,
    '',
    sections.join('\n\n'),
    '',
  ].join('\n');
}

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The changelog as an Atom feed (RFC 4287), an entry per change and per first publication. */
export function changelogAtom(logs: readonly ApiChangelog[], siteUrl: string, providerName: string): string {
  const page = `${siteUrl}${changelogRoute}`;
  const items = logs.flatMap(({spec, history}) => {
    if (!history.available) return [];
    const changes = history.entries.map((entry) => ({
      id: `${page}#${entryAnchor(spec, entry.commit)}`,
      date: entry.date,
      title: `${spec.title}: ${entry.changes.length} change${entry.changes.length === 1 ? '' : 's'}${entry.changes.some((change) => change.breaking) ? ', breaking' : ''}`,
      html: `<ul>${entry.changes.map((change) => `<li>${xml(changeItem(change).slice(2).replace(/\*\*|`/g, ''))}</li>`).join('')}</ul>`,
    }));
    const first = {
      id: `${page}#${publishedAnchor(spec)}`,
      date: history.published.date,
      title: `${spec.title}: first published`,
      html: `<p>The ${xml(spec.title)} API as first published.</p>`,
    };
    return [...changes, first];
  });
  items.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  const updated = items[0]?.date ?? '1970-01-01T00:00:00Z';
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <title>${xml(providerName)} API changelog</title>`,
    `  <id>${page}</id>`,
    `  <link rel="self" href="${siteUrl}${changelogFeedPath}"/>`,
    `  <link rel="alternate" type="text/html" href="${page}"/>`,
    `  <updated>${new Date(updated).toISOString()}</updated>`,
    `  <author><name>${xml(providerName)}</name></author>`,
    ...items.map((item) =>
      [
        '  <entry>',
        `    <title>${xml(item.title)}</title>`,
        `    <id>${item.id}</id>`,
        `    <link rel="alternate" type="text/html" href="${item.id}"/>`,
        `    <updated>${new Date(item.date).toISOString()}</updated>`,
        `    <content type="html">${xml(item.html)}</content>`,
        '  </entry>',
      ].join('\n'),
    ),
    '</feed>',
    '',
  ].join('\n');
}

/** Where gen-api-docs leaves the changelogs for the reference pages and their twins (build output). */
export const changelogDataFile = '.generated/changelog.json';

/** The changelogs gen-api-docs wrote for the site in `siteDir`, or undefined before it has. */
export function readChangelogs(siteDir: string): ApiChangelog[] | undefined {
  const file = path.join(siteDir, changelogDataFile);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ApiChangelog[]) : undefined;
}

/**
 * The "Changelog" section of an operation's page and twin: each entry of its API's changelog that
 * changed it, newest first, linked to the entry; or since when it has not changed. `text` makes a
 * change's words safe where they go (MDX on the page, Markdown in the twin).
 */
export function operationChangelogMarkdown(
  log: ApiChangelog,
  operation: string,
  text: (words: string) => string = (words) => words,
): string {
  const {spec, history} = log;
  const link = (anchor: string, label: string) => `[${label}](${changelogRoute}#${anchor})`;
  if (!history.available)
    return `## Changelog\n\nChanges to this operation are listed in the ${link(spec.id, 'API changelog')}.\n`;
  const lines = history.entries.flatMap((entry) =>
    entry.changes
      .filter((change) => change.operation === operation)
      .map(
        (change) =>
          `- ${link(entryAnchor(spec, entry.commit), day(entry.date))}: ${change.breaking ? '**Breaking:** ' : ''}${text(change.text)}`,
      ),
  );
  const since = `${link(publishedAnchor(spec), `first published on ${day(history.published.date)}`)}`;
  const body =
    lines.length > 0
      ? `${lines.join('\n')}\n\nThe ${spec.title} API was ${since}.`
      : `No change to this operation's contract since the ${spec.title} API was ${since}.`;
  return `## Changelog\n\n${body}\n`;
}

/** Words of a change written into MDX: code spans kept, `<` and braces outside them as characters. */
export const mdxSafe = (words: string) =>
  words
    .split(/(`[^`]*`)/)
    .map((part) =>
      part.startsWith('`') ? part : part.replace(/</g, '&lt;').replace(/\{/g, '&#123;').replace(/\}/g, '&#125;'),
    )
    .join('');
