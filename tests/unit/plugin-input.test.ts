/**
 * The OpenAPI plugin's copy of a description (lib/openapi/plugin-input.ts): each operation's schemas
 * inlined, a schema that contains itself as the plugin's own `circular(Title)` marker, a schema past
 * the budget named and not shown, so that a web of shared schemas no longer multiplies; no `$ref`
 * left for the plugin to follow; and a summary of several lines made one.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';

import type {Document} from '../../lib/openapi';
import {pluginInput} from '../../lib/openapi/plugin-input';

/** A description of one operation answering with `Level0`, over the schemas given. */
function described(schemas: Record<string, unknown>, operation: Record<string, unknown> = {}): Document {
  return {
    openapi: '3.1.0',
    info: {title: 'Web', version: '1'},
    paths: {
      '/web': {
        get: {
          operationId: 'getWeb',
          responses: {
            '200': {
              description: 'OK',
              content: {'application/json': {schema: {$ref: '#/components/schemas/Level0'}}},
            },
          },
          ...operation,
        },
      },
    },
    components: {schemas, securitySchemes: {key: {type: 'http', scheme: 'bearer'}}},
  } as unknown as Document;
}

const answerOf = (doc: Document) =>
  (doc.paths['/web']!.get!.responses['200'] as {content: Record<string, {schema: unknown}>}).content[
    'application/json'
  ]!.schema as Record<string, unknown>;

test('within the budget, every schema is inlined whole and titled by its name, as the plugin would', () => {
  const doc = pluginInput(
    described({
      Level0: {type: 'object', properties: {child: {$ref: '#/components/schemas/Child'}}},
      Child: {type: 'string', title: 'The child'},
    }),
  );
  assert.deepEqual(answerOf(doc), {
    type: 'object',
    properties: {child: {type: 'string', title: 'The child'}},
    title: 'Level0',
  });
  // The plugin follows every `$ref` it is given: none is left, and of the components only the security schemes.
  assert.ok(!JSON.stringify(doc).includes('"$ref"'));
  assert.deepEqual(doc.components, {securitySchemes: {key: {type: 'http', scheme: 'bearer'}}});
});

test('a schema that contains itself is the plugin’s circular marker where it repeats', () => {
  const doc = pluginInput(
    described({
      Level0: {type: 'object', properties: {children: {type: 'array', items: {$ref: '#/components/schemas/Level0'}}}},
    }),
  );
  assert.deepEqual(answerOf(doc).properties, {children: {type: 'array', items: 'circular(Level0)'}});
});

test('a web of shared schemas is written to the budget breadth-first, then named, not multiplied', () => {
  // Twenty schemas, each naming the next twice: inlined whole, the last would be written 2^19 times.
  const schemas = Object.fromEntries(
    Array.from({length: 20}, (_, level) => [
      `Level${level}`,
      {
        type: 'object',
        properties:
          level === 19
            ? {leaf: {type: 'string'}}
            : {
                left: {$ref: `#/components/schemas/Level${level + 1}`},
                right: {$ref: `#/components/schemas/Level${level + 1}`},
              },
      },
    ]),
  );
  const budget = 4096;
  const written = JSON.stringify(pluginInput(described(schemas), budget));
  assert.ok(written.length < 3 * budget, `${written.length} characters`);
  const answer = answerOf(JSON.parse(written) as Document);
  // The first levels are whole (breadth-first), and past the budget a schema is named, with its type.
  const level1 = (answer.properties as Record<string, Record<string, unknown>>).left!;
  assert.deepEqual(Object.keys(level1.properties as object), ['left', 'right']);
  assert.match(written, /"type":"object","title":"Level\d+","description":"`Level\d+`: not shown in full on this page/);
});

test('a schema named only links to the first page that shows its fields', () => {
  const long = (words: number) => Array.from({length: words}, (_, index) => `word${index}`).join(' ');
  const answer = (name: string) => ({
    '200': {description: 'OK', content: {'application/json': {schema: {$ref: `#/components/schemas/${name}`}}}},
  });
  const doc = {
    openapi: '3.1.0',
    info: {title: 'Web', version: '1'},
    paths: {
      '/big': {get: {operationId: 'getBig', summary: 'Get the big one', responses: answer('Big')}},
      '/target': {
        get: {operationId: 'getTarget', summary: 'Get the [target](/x)\nand more', responses: answer('Target')},
      },
    },
    components: {
      schemas: {
        Big: {
          type: 'object',
          properties: {filler: {$ref: '#/components/schemas/Filler'}, target: {$ref: '#/components/schemas/Target'}},
        },
        Filler: {type: 'string', description: long(400)},
        Target: {type: 'object', description: long(300), properties: {id: {type: 'string'}}},
      },
    },
  } as unknown as Document;
  const copy = pluginInput(doc, 4096, '/api/api-reference/web');
  const response = (route: string) =>
    (
      copy.paths[route]!.get!.responses['200'] as {
        content: Record<string, {schema: {properties: Record<string, {description: string}>}}>;
      }
    ).content['application/json']!.schema;
  // On getBig's page the filler took the budget: Target is named, and linked to getTarget's page, titled as that page is.
  assert.equal(
    response('/big').properties.target!.description,
    '`Target`: not shown in full here, as this page shows the first 4 KB of its schemas; its fields are shown on [Get the target](/api/api-reference/web/get-target).',
  );
  assert.ok(response('/target').properties.id, 'getTarget shows its fields');
  // Without the reference's address (no pages to link), a schema named only says so, and no more.
  const alone = JSON.stringify(pluginInput(doc, 4096));
  assert.match(alone, /`Target`: not shown in full on this page, which shows the first 4 KB of its schemas\./);
  assert.doesNotMatch(alone, /its fields are shown/);
});

test('an extension that refers to schemas is left out, and a summary of several lines becomes one', () => {
  const doc = pluginInput(
    described(
      {Level0: {type: 'object', 'x-expansionResources': {oneOf: [{$ref: '#/components/schemas/Level0'}]}}},
      {
        summary: '**Starting a new project?** Try [Responses](/docs/responses).\n\n---\n\nCreates a completion.',
        'x-fern-streaming': {response: {$ref: '#/components/schemas/Level0'}},
        'x-codeSamples': [{lang: 'curl', source: 'curl https://api.example.com/web'}],
      },
    ),
  );
  const operation = doc.paths['/web']!.get! as unknown as Record<string, unknown>;
  assert.equal(operation.summary, 'Starting a new project? Try Responses.');
  assert.match(operation.description as string, /^\*\*Starting a new project\?\*\*[^]*Creates a completion\.$/);
  assert.equal(operation['x-fern-streaming'], undefined);
  assert.deepEqual(operation['x-codeSamples'], [{lang: 'curl', source: 'curl https://api.example.com/web'}]);
  assert.ok(!JSON.stringify(doc).includes('"$ref"'));
});
