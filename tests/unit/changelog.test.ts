/**
 * The API changelog (lib/openapi/changelog.ts) built from a fixture repository with known changes: a
 * description authored, published, changed in its contract, reworded with `API-Change: none`, and
 * given a new example. Also a shallow clone and a copy without git, which say why they have no history.
 */
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, test} from 'node:test';

import {
  changelogAtom,
  changelogMarkdown,
  changelogs,
  mdxSafe,
  operationChangelogMarkdown,
} from '../../lib/openapi/changelog';
import {lastChangedDate} from '../../lib/openapi/history';

const root = mkdtempSync(path.join(tmpdir(), 'orchard-changelog-test-'));
after(() => rmSync(root, {recursive: true, force: true}));

const spec = {id: 'things', title: 'Things', file: 'openapi/things.yaml'} as const;

/** The description at each step: `status` values, whether DELETE exists, the summary and the example. */
function description({statuses = ['ready'], withDelete = true, summary = 'List things.', example = 'a'} = {}): string {
  return `openapi: 3.0.3
info: {title: Things, version: 1.0.0}
paths:
  /things:
    get:
      operationId: listThings
      summary: ${summary}
      responses:
        '200':
          description: The things.
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Thing'}
              example: {name: ${example}, status: ready}
${
  withDelete
    ? `    delete:
      operationId: deleteThings
      summary: Delete every thing.
      responses:
        '204': {description: Deleted.}
`
    : ''
}components:
  schemas:
    Thing:
      type: object
      properties:
        name: {type: string}
        status: {type: string, enum: [${statuses.join(', ')}]}
`;
}

const repo = path.join(root, 'repo');
mkdirSync(path.join(repo, 'openapi'), {recursive: true});
let day = 0;
/** Commits the description `text` with `message`, a day after the last commit; returns its hash. */
function commit(text: string, message: string, file: string = spec.file): string {
  day += 1;
  const date = `2026-03-${String(day).padStart(2, '0')}T12:00:00+00:00`;
  writeFileSync(path.join(repo, file), text);
  const env = {...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date};
  const git = (...args: string[]) => execFileSync('git', args, {cwd: repo, env, encoding: 'utf8'}).trim();
  git('add', '.');
  git('-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '-q', '-m', message);
  return git('rev-parse', 'HEAD');
}

execFileSync('git', ['init', '-q', '-b', 'main', repo]);
commit(description({summary: 'Draft.'}), 'Draft the description');
const published = commit(description(), 'Publish the things API');
const contract = commit(
  description({statuses: ['ready', 'archived'], withDelete: false}),
  'Archive things; no more bulk delete',
);
commit(
  description({statuses: ['ready', 'archived'], withDelete: false, summary: 'List every thing.'}),
  'Reword\n\nAPI-Change: none',
);
const example = commit(
  description({statuses: ['ready', 'archived'], withDelete: false, summary: 'List every thing.', example: 'b'}),
  'A better example',
);
// A release that changed no description: published there, the API is the example's version.
const release = commit('Release notes.\n', 'Release', 'RELEASE.md');
writeFileSync(path.join(repo, 'openapi/published.yaml'), `published:\n  things: ${published}\n`);

test('the changelog lists the contract changes since publication, newest first, breaking ones marked', () => {
  const [log] = changelogs(repo, [spec]);
  assert.ok(log?.history.available, JSON.stringify(log));
  const {entries, published: first, lastChanged} = log.history;
  assert.equal(first.commit, published);
  assert.equal(first.date.slice(0, 10), '2026-03-02');
  assert.equal(lastChanged.slice(0, 10), '2026-03-05');
  // The reworded commit (API-Change: none) and the authoring before publication are not there.
  assert.deepEqual(
    entries.map((entry) => entry.commit),
    [example, contract],
  );
  assert.deepEqual(entries[0]!.changes, [
    {operation: 'GET /things', breaking: false, text: 'Example of the 200 response (application/json) changed.'},
  ]);
  const changes = entries[1]!.changes;
  assert.ok(
    changes.some((change) => change.breaking && change.operation === 'DELETE /things' && /removed/.test(change.text)),
    JSON.stringify(changes),
  );
  assert.ok(
    changes.some((change) => change.operation === 'GET /things' && /archived/.test(change.text)),
    JSON.stringify(changes),
  );
  assert.ok(!changes.some((change) => /Draft|Reword/.test(change.text)));
  assert.equal(lastChangedDate(repo, spec.file)?.slice(0, 10), '2026-03-05');

  const page = changelogMarkdown([log], 'Orchard AI');
  assert.match(page, /^## Things \{#things\}$/m);
  const headings = [...page.matchAll(/^### (.+)$/gm)].map(([, heading]) => heading);
  assert.deepEqual(headings, [
    `2026-03-05 {#things-${example.slice(0, 7)}}`,
    `2026-03-03 (breaking) {#things-${contract.slice(0, 7)}}`,
    '2026-03-02: first published {#things-first-published}',
  ]);
  assert.match(page, /^- \*\*Breaking:\*\* `DELETE \/things`: .*removed/m);
  assert.match(page, /^last_update:\n {2}date: "2026-03-05/m);

  // Each operation's page lists its own entries, linked to them, or says since when it has not changed.
  assert.deepEqual(log.operations, ['GET /things']);
  assert.equal(
    operationChangelogMarkdown(log, 'GET /things', mdxSafe),
    [
      '## Changelog',
      '',
      `- [2026-03-05](/api/changelog#things-${example.slice(0, 7)}): Example of the 200 response (application/json) changed.`,
      ...changes
        .filter((change) => change.operation === 'GET /things')
        .map(
          (change) =>
            `- [2026-03-03](/api/changelog#things-${contract.slice(0, 7)}): ${change.breaking ? '**Breaking:** ' : ''}${mdxSafe(change.text)}`,
        ),
      '',
      'The Things API was [first published on 2026-03-02](/api/changelog#things-first-published).',
      '',
    ].join('\n'),
  );
  const unchanged = {...log, history: {...log.history, entries: []}};
  assert.match(
    operationChangelogMarkdown(unchanged, 'GET /things'),
    /^No change to this operation's contract since the Things API was \[first published on 2026-03-02\]\(\/api\/changelog#things-first-published\)\.$/m,
  );

  const feed = changelogAtom([log], 'https://docs.example', 'Orchard AI');
  assert.equal(feed.match(/<entry>/g)?.length, 3);
  assert.match(feed, /<updated>2026-03-05T12:00:00.000Z<\/updated>/);
  assert.match(feed, /<title>Things: 1 change<\/title>/);
  assert.match(feed, /<id>https:\/\/docs\.example\/api\/changelog#things-first-published<\/id>/);
});

test('published at a commit that changed no description: the version then is the first, nothing since', () => {
  const copy = path.join(root, 'released');
  execFileSync('git', ['clone', '-q', `file://${repo}`, copy]);
  writeFileSync(path.join(copy, 'openapi/published.yaml'), `published:\n  things: ${release.slice(0, 12)}\n`);
  const [log] = changelogs(copy, [spec]);
  assert.ok(log?.history.available, JSON.stringify(log));
  assert.equal(log.history.published.commit, release);
  assert.equal(log.history.published.date.slice(0, 10), '2026-03-06');
  assert.deepEqual(log.history.entries, []);
  assert.equal(log.history.lastChanged.slice(0, 10), '2026-03-05');
});

test('a shallow clone and a copy without git say why they have no history, and the page says so', () => {
  const shallow = path.join(root, 'shallow');
  execFileSync('git', ['clone', '-q', '--depth', '1', `file://${repo}`, shallow]);
  writeFileSync(path.join(shallow, 'openapi/published.yaml'), `published:\n  things: ${published}\n`);
  const copy = path.join(root, 'copy');
  cpSync(path.join(repo, 'openapi'), path.join(copy, 'openapi'), {recursive: true});
  for (const [dir, why] of [
    [shallow, /shallow clone/],
    [copy, /not in a git/],
  ] as const) {
    const [log] = changelogs(dir, [spec]);
    assert.ok(log && !log.history.available, `${dir}: ${JSON.stringify(log)}`);
    assert.match(log.history.why, why);
    assert.match(changelogMarkdown([log], 'Orchard AI'), /could not be read when this site was built/);
    assert.equal(lastChangedDate(dir, spec.file), undefined);
  }
});

test('a change written into MDX keeps its code spans and shows < and braces as characters', () => {
  assert.equal(
    mdxSafe("Upper bound of `{model_id}` changed from '<= 256' to '{x}'."),
    "Upper bound of `{model_id}` changed from '&lt;= 256' to '&#123;x&#125;'.",
  );
});

test('a published commit that is not a commit hash is refused, naming the file', () => {
  writeFileSync(path.join(root, 'copy/openapi/published.yaml'), 'published:\n  things: last week\n');
  assert.throws(
    () => changelogs(path.join(root, 'copy'), [spec]),
    /openapi\/published\.yaml: published\.things must be a commit hash/,
  );
});
