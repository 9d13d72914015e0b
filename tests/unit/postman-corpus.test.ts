/**
 * Postman collections (lib/openapi/postman.ts) of descriptions we did not write
 * (tests/fixtures/openapi-corpus/): a recursive schema is checked through JSON Schema definitions, a
 * 3.1 description of webhooks alone converts (to no request), and a path given twice, with a query or a
 * fragment in its key, is matched to both its operations.
 */
import assert from 'node:assert/strict';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, test} from 'node:test';

import Ajv from 'ajv';

import {loadDescription, repoRoot, type SchemaOrRef} from '../../lib/openapi';
import type {OpenApiSpec} from '../../lib/openapi/specs';
import {postmanCollection, toJsonSchema} from '../../lib/openapi/postman';
import {corpusDir} from '../support/corpus';

const dir = mkdtempSync(path.join(os.tmpdir(), 'orchard-corpus-postman-'));
after(() => rmSync(dir, {recursive: true, force: true}));

/** A spec entry for a description file, as lib/openapi/specs.ts would list it. */
const specOf = (file: string) =>
  ({
    id: 'corpus',
    file: path.relative(repoRoot, file),
    title: 'Corpus',
    referenceId: 'corpus',
  }) as unknown as OpenApiSpec;

test('a recursive schema is written once under definitions, and a tree of any depth is checked against it', () => {
  const file = path.join(corpusDir, 'plugin-720-circular-ref.yaml');
  const doc = loadDescription(file);
  const schema = toJsonSchema(doc, {$ref: '#/components/schemas/TreeNode'} as SchemaOrRef);
  assert.ok(schema.definitions, JSON.stringify(schema));
  const validate = new Ajv({strict: false}).compile(schema);
  const leaf = (name: string) => ({name, children: []});
  const tree = {name: 'root', children: [{...leaf('a'), children: [leaf('b')]}]};
  assert.ok(validate(tree), JSON.stringify(validate.errors));
  // The recursion is checked too: a child deep down with a wrong type fails.
  const wrong = {...tree, children: [{...leaf('a'), children: [{...leaf('b'), name: 7}]}]};
  assert.equal(validate(wrong), false, 'a wrong type three levels down is caught');
});

test('a 3.1 description of webhooks alone converts, to a collection of no request', async () => {
  const collection = await postmanCollection(specOf(path.join(corpusDir, 'oai-webhook-example.yaml')));
  assert.deepEqual(collection.item, []);
});

test('one path given twice, with a query or a fragment in its key, is two requests, each with its tests', async () => {
  // OpenAI's description has `/responses` and `/responses?beta=true`; Mistral's `…#stream` keys.
  const file = path.join(dir, 'twice.yaml');
  const operation = (id: string) =>
    `    post: {operationId: ${id}, responses: {"200": {description: OK, content: {application/json: {schema: {type: object}}}}}}`;
  writeFileSync(
    file,
    [
      'openapi: 3.1.0',
      'info: {title: Twice, version: "1"}',
      'servers: [{url: "https://api.example.com/v1"}]',
      'paths:',
      '  /responses:',
      operation('createResponse'),
      '  /responses?beta=true:',
      operation('createBetaResponse'),
      '  /chat#stream:',
      operation('streamChat'),
    ].join('\n'),
  );
  const requests = JSON.stringify((await postmanCollection(specOf(file))).item);
  assert.equal(requests.split('the body matches the documented response schema').length - 1, 3, requests);
});
