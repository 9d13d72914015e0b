/**
 * The corpus of real and reproducing OpenAPI descriptions (tests/fixtures/openapi-corpus/, test data
 * only). SOURCES.md is its table of contents: every file there is listed in it and every row names a
 * file there; each file decompresses, parses, is Swagger 2.0 (its row says `2.0`) or OpenAPI 3.0 or
 * 3.1, and has the operations, webhooks and callbacks its row says, byte for byte the upstream file
 * where the row gives its git blob; every licence file is cited. The large descriptions are JSON
 * (JSON.parse takes tens of milliseconds where the yaml package takes seconds), each parsed once:
 * well under a second in all.
 */
import assert from 'node:assert/strict';
import {createHash} from 'node:crypto';
import {readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {gunzipSync} from 'node:zlib';

import {parse} from 'yaml';

import {httpMethods, isRecord, resolveRaw} from '../support/raw-description';

const corpus = path.resolve(__dirname, '../fixtures/openapi-corpus');
const sourcesMd = readFileSync(path.join(corpus, 'SOURCES.md'), 'utf8');

interface Row {
  file: string;
  blob: string;
  openapi: string;
  operations: number;
  webhooks: number;
  callbacks: number;
  bytes: number;
}

/** The rows of SOURCES.md's table of files, read by its header's column names. */
function readTable(markdown: string): Row[] {
  const lines = markdown.split('\n').filter((line) => line.startsWith('|'));
  const cells = (line: string) =>
    line
      .slice(1, -1)
      .split('|')
      .map((cell) => cell.trim().replace(/^`(.*)`$/, '$1'));
  const header = lines.find((line) => cells(line)[0] === 'file');
  assert.ok(header, 'SOURCES.md has a table whose first column is "file"');
  const names = cells(header);
  const column = (row: string[], name: string) => {
    const index = names.indexOf(name);
    assert.ok(index >= 0, `SOURCES.md's table has a "${name}" column`);
    const value = row[index];
    assert.ok(value !== undefined, `a row of SOURCES.md has no "${name}" cell`);
    return value;
  };
  const count = (row: string[], name: string) => {
    const value = column(row, name).replaceAll(',', '');
    assert.match(value, /^\d+$/, `${row[0]}: "${name}" is a number`);
    return Number(value);
  };
  return lines
    .slice(lines.indexOf(header) + 2)
    .map(cells)
    .filter((row) => row.length === names.length && !/^-+$/.test(row[0] ?? ''))
    .map((row) => ({
      file: column(row, 'file'),
      blob: column(row, 'upstream blob'),
      openapi: column(row, 'OpenAPI'),
      operations: count(row, 'operations'),
      webhooks: count(row, 'webhooks'),
      callbacks: count(row, 'callbacks'),
      bytes: count(row, 'bytes'),
    }));
}

const rows = readTable(sourcesMd);

/** Operations of a map of path items (paths, webhooks, a callback), and the callbacks' operations. */
function countOperations(root: unknown, pathItems: unknown, totals = {operations: 0, callbacks: 0}) {
  for (const item of Object.values(isRecord(pathItems) ? pathItems : {})) {
    const pathItem = resolveRaw(root, item);
    if (!isRecord(pathItem)) continue;
    for (const method of httpMethods) {
      const operation = pathItem[method];
      if (!isRecord(operation)) continue;
      totals.operations++;
      for (const callback of Object.values(isRecord(operation.callbacks) ? operation.callbacks : {})) {
        totals.callbacks += countOperations(root, resolveRaw(root, callback)).operations;
      }
    }
  }
  return totals;
}

/** The git blob id of some bytes (`git hash-object`), which names the upstream file at its commit. */
const gitBlobId = (bytes: Buffer) => createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');

test('every file of the corpus has a row in SOURCES.md, and every row a file', () => {
  const files = readdirSync(corpus, {withFileTypes: true})
    .filter((entry) => entry.isFile() && entry.name !== 'SOURCES.md')
    .map((entry) => entry.name)
    .sort();
  assert.ok(files.length > 0, 'the corpus has files');
  assert.deepEqual(rows.map((row) => row.file).sort(), files);
  assert.equal(new Set(rows.map((row) => row.file)).size, rows.length, 'no file has two rows');
});

test('every licence file is cited in SOURCES.md, and every cited one exists', () => {
  const licences = readdirSync(path.join(corpus, 'LICENSES')).sort();
  const cited = [...new Set([...sourcesMd.matchAll(/LICENSES\/([\w.-]*\w)/g)].map((match) => match[1]))].sort();
  assert.deepEqual(cited, licences);
});

for (const row of rows) {
  test(`${row.file}: decompresses, parses, is OpenAPI ${row.openapi} with the counts SOURCES.md gives`, () => {
    const file = path.join(corpus, row.file);
    assert.equal(statSync(file).size, row.bytes, 'its size on disk is the "bytes" of its row');
    const bytes = row.file.endsWith('.gz') ? gunzipSync(readFileSync(file)) : readFileSync(file);
    if (/^[0-9a-f]{40}$/.test(row.blob)) {
      assert.equal(gitBlobId(bytes), row.blob, 'byte for byte the upstream file its row names');
    } else {
      assert.equal(row.blob, '—', 'the "upstream blob" cell is a git blob id or a dash');
    }
    const text = bytes.toString('utf8');
    const doc: unknown = /\.json(\.gz)?$/.test(row.file) ? JSON.parse(text) : parse(text);
    assert.ok(isRecord(doc), 'it is an object');
    // A Swagger 2.0 file (`swagger: "2.0"`, read converted) or OpenAPI 3.0 or 3.1.
    const version = doc.swagger ?? doc.openapi;
    assert.ok(typeof version === 'string' && /^(2\.0|3\.[01]\.\d+)$/.test(version), `version: ${String(version)}`);
    assert.equal(version, row.openapi);
    const paths = countOperations(doc, doc.paths);
    const webhooks = countOperations(doc, doc.webhooks);
    assert.deepEqual(
      {operations: paths.operations, webhooks: webhooks.operations, callbacks: paths.callbacks + webhooks.callbacks},
      {operations: row.operations, webhooks: row.webhooks, callbacks: row.callbacks},
    );
  });
}
