/**
 * Values made from schemas for bodies without an example (lib/openapi/schema-sample.ts): whole where
 * they are small, as openapi-sampler makes them; bounded where a description's entities nest into
 * hundreds of megabytes (Microsoft Graph's), the sample saying where its body stops. And the schema
 * budget each page of a description of many operations gets (lib/openapi/plugin-input.ts).
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';

import {sample} from 'openapi-sampler';

import type {Document} from '../../lib/openapi';
import {boundedSample, maxSampleChars} from '../../lib/openapi/schema-sample';
import {copySchemaBudget, leastSchemaBudget, schemaBudget, schemaBudgetFor} from '../../lib/openapi/plugin-input';
import {codeSamples} from '../../lib/samples/write';

/**
 * An entity as Graph's are: many properties, each a list of other entities that hold lists in turn,
 * `levels` deep. Made whole, its sample doubles in size at each level.
 */
function nestingDocument(levels: number): Document {
  const schemas: Record<string, unknown> = {};
  for (let level = 0; level <= levels; level += 1)
    schemas[`entity${level}`] = {
      type: 'object',
      properties: {
        id: {type: 'string', example: `id-${level}`},
        displayName: {type: 'string', example: 'A name long enough to count for something in a sample'},
        ...(level < levels
          ? {
              members: {type: 'array', items: {$ref: `#/components/schemas/entity${level + 1}`}},
              owners: {type: 'array', items: {$ref: `#/components/schemas/entity${level + 1}`}},
              manager: {$ref: `#/components/schemas/entity${level + 1}`},
            }
          : {}),
      },
    };
  return {openapi: '3.1.0', info: {title: 'Nesting', version: '1'}, paths: {}, components: {schemas}} as Document;
}

test('a small schema gives the value openapi-sampler gives, whole', () => {
  const doc = nestingDocument(3);
  const schema = {$ref: '#/components/schemas/entity0'};
  const made = boundedSample(schema, {skipReadOnly: true, quiet: true}, doc);
  assert.deepEqual(made.value, sample(schema as never, {skipReadOnly: true, quiet: true}, doc as never));
  assert.equal(made.shortenedAt, undefined);
});

test('a schema that nests too deep to show gives a value within the bound, cut at a depth it names', () => {
  const doc = nestingDocument(14);
  const schema = {$ref: '#/components/schemas/entity0'};
  // openapi-sampler alone: 3^14 entities, far past the bound (not made here: it takes seconds and gigabytes).
  const made = boundedSample(schema, {skipReadOnly: true, quiet: true}, doc);
  const json = JSON.stringify(made.value);
  assert.ok(json.length <= maxSampleChars, `${json.length} characters`);
  assert.ok(made.shortenedAt !== undefined && made.shortenedAt > 0, `cut at ${made.shortenedAt}`);
  // The deepest value that fits: one level more does not.
  const deeper = sample(
    schema as never,
    {skipReadOnly: true, quiet: true, maxSampleDepth: made.shortenedAt + 2},
    doc as never,
  );
  assert.ok(JSON.stringify(deeper).length > maxSampleChars);
  assert.match(json, /"displayName"/);
});

test("a code sample whose body is cut says so in its first line, in each language's comment", async () => {
  const doc = nestingDocument(14);
  const samples = await codeSamples(
    {
      method: 'post',
      url: 'https://graph.example.org/v1.0/teams',
      parameters: [],
      requestBody: {content: {'application/json': {schema: {$ref: '#/components/schemas/entity0'}}}},
      keyHeaders: [],
      credentials: [],
    },
    doc,
  );
  assert.equal(samples.length, 4);
  for (const {lang, source} of samples) {
    const [first] = source.split('\n');
    assert.match(
      first!,
      /^(#|\/\/) The body stops \d+ levels down: its schema nests deeper than a sample can show; its fields are on this page\.$/,
      lang,
    );
    assert.ok(source.length < 4 * maxSampleChars, `${lang}: ${source.length} characters`);
  }
});

test('a schema sampled again gives the value it gave, whatever its caller did to the first', () => {
  const doc = nestingDocument(3);
  const entity = () => ({$ref: '#/components/schemas/entity1'});
  const first = boundedSample(entity(), {quiet: true}, doc);
  const whole = structuredClone(first);
  (first.value as {id: string}).id = 'changed by its caller';
  assert.deepEqual(boundedSample(entity(), {quiet: true}, doc), whole);
  assert.deepEqual(boundedSample(entity(), {quiet: true}, doc), whole, 'and again');
  // Other options, another document: values of their own.
  const readOnly = {
    type: 'object',
    properties: {id: {type: 'string', readOnly: true, example: 'x'}, name: {type: 'string', example: 'n'}},
  };
  assert.deepEqual(boundedSample(readOnly, {quiet: true}, doc).value, {id: 'x', name: 'n'});
  assert.deepEqual(boundedSample(readOnly, {quiet: true, skipReadOnly: true}, doc).value, {name: 'n'});
  const deeper = nestingDocument(1);
  assert.notDeepEqual(boundedSample(entity(), {quiet: true}, deeper), whole);
});

test('each page of a description of many operations shows a share of the copy budget, between the least and the whole', () => {
  assert.equal(schemaBudgetFor(15), schemaBudget);
  assert.equal(schemaBudgetFor(2958), schemaBudget, "Autotask's pages as every smaller description's");
  const graph = schemaBudgetFor(11_422);
  assert.ok(graph < schemaBudget && graph >= leastSchemaBudget && graph % 1024 === 0, `${graph} bytes`);
  assert.ok(graph * 11_422 <= copySchemaBudget);
  assert.equal(schemaBudgetFor(1_000_000), leastSchemaBudget);
});
