/**
 * lib/openapi/allof-conflicts.ts: an allOf whose members give a field schemas the theme cannot merge (as
 * GitHub's `workflow_job.run_id`: a number and an integer) is given merged in the plugin's copy, the field described as not shown
 * and reported; an allOf the theme can merge is left for the theme.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';

import {mendAllOfConflicts} from '../../lib/openapi/allof-conflicts';

test('an allOf the theme cannot merge on a field (number and integer) is merged, that field described, the rest kept', () => {
  const schema = {
    allOf: [
      {
        type: 'object',
        properties: {run_id: {type: 'number'}, job: {type: 'object', properties: {id: {type: 'string'}}}},
      },
      {
        type: 'object',
        properties: {run_id: {type: 'integer'}, status: {type: 'string', enum: ['completed']}},
      },
    ],
  };
  const copy = {webhooks: {'job-done': {post: {requestBody: {content: {'application/json': {schema}}}}}}};
  const reported: [string, string[]][] = [];
  mendAllOfConflicts(copy, (pointer, fields) => reported.push([pointer, fields]));
  assert.deepEqual(reported, [['/webhooks/job-done/post/requestBody/content/application~1json/schema', ['run_id']]]);
  const mended = schema as unknown as {
    allOf?: unknown;
    properties: Record<string, {description?: string; type?: string}>;
  };
  assert.equal(mended.allOf, undefined);
  assert.deepEqual(Object.keys(mended.properties).sort(), ['job', 'run_id', 'status']);
  assert.match(
    mended.properties.run_id!.description ?? '',
    /^Not shown: the schemas that `allOf` gives `run_id` cannot be merged into one for this page/,
  );
  assert.equal(mended.properties.status!.type, 'string');
});

test('an allOf the theme can merge is left as it is', () => {
  const schema = {allOf: [{properties: {a: {type: 'string'}}}, {properties: {b: {type: 'integer'}}}]};
  const before = structuredClone(schema);
  let reports = 0;
  mendAllOfConflicts(
    {paths: {'/x': {get: {responses: {200: {content: {'application/json': {schema}}}}}}}},
    () => (reports += 1),
  );
  assert.equal(reports, 0);
  assert.deepEqual(schema, before);
});
