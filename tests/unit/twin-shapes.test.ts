/**
 * Reference twins (lib/openapi/markdown.ts) of shapes met in other providers' descriptions as
 * published, each reproduced in a small description written here.
 */
import assert from 'node:assert/strict';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, test} from 'node:test';

import {loadDescription, operationsOf} from '../../lib/openapi';
import {operationMarkdown} from '../../lib/openapi/markdown';
import type {OpenApiSpec} from '../../lib/openapi/specs';

const dir = mkdtempSync(path.join(os.tmpdir(), 'orchard-twin-shapes-'));
after(() => rmSync(dir, {recursive: true, force: true}));

test("an array with fields of its own beside its items' (Vonage's XML `count` attribute) names both in the twin", () => {
  const file = path.join(dir, 'array-fields.json');
  writeFileSync(
    file,
    JSON.stringify({
      openapi: '3.0.0',
      info: {title: 'SMS', version: '1'},
      paths: {
        '/sms': {
          post: {
            operationId: 'sendSms',
            responses: {
              '200': {
                description: 'sent',
                content: {
                  'text/xml': {
                    schema: {
                      type: 'object',
                      properties: {
                        messages: {
                          type: 'array',
                          properties: {count: {type: 'integer', xml: {attribute: true}}},
                          items: {type: 'object', properties: {status: {type: 'string'}}},
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    }),
  );
  const spec = {id: 'sms', file, title: 'SMS', referenceId: 'sms'} as unknown as OpenApiSpec;
  const doc = loadDescription(file);
  const twin = operationMarkdown(doc, operationsOf(spec, doc)[0]!, []);
  assert.match(twin, /\| `messages\[\]\.count` \| integer \|/);
  assert.match(twin, /\| `messages\[\]\.status` \| string \|/);
});
