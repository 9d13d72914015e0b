/**
 * References as real descriptions write them (lib/openapi/references.ts, structure.ts): each shape
 * that stopped a published description from loading, reproduced in a small description written here.
 */
import assert from 'node:assert/strict';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, test} from 'node:test';

import {stringify} from 'yaml';

import {loadDescription, resolve, type Document, type SchemaNode} from '../../lib/openapi';
import {pluginInput, restoredData} from '../../lib/openapi/plugin-input';
import {dereference} from '../../mcp/endpoints';

const dir = mkdtempSync(path.join(os.tmpdir(), 'orchard-references-'));
after(() => rmSync(dir, {recursive: true, force: true}));

/** A 3.1 description of one operation answering `schema`, with `schemas` as its components. */
function described(schema: object, schemas: object = {}, extra: object = {}) {
  return {
    openapi: '3.1.0',
    info: {title: 'References', version: '1'},
    paths: {
      '/things': {
        post: {
          operationId: 'makeThing',
          requestBody: {content: {'application/json': {schema}}},
          responses: {'200': {description: 'ok', content: {'application/json': {schema: structuredClone(schema)}}}},
        },
      },
    },
    components: {schemas},
    ...extra,
  };
}

/** Writes a description as YAML (or as one line of JSON) and loads it as the build does. */
function load(name: string, doc: object, {json = false} = {}): Document {
  const file = path.join(dir, name);
  writeFileSync(file, json ? JSON.stringify(doc) : stringify(doc));
  return loadDescription(file);
}

/** The request body's schema of the one operation, its `$ref` followed. */
const body = (doc: Document) =>
  resolve<SchemaNode>(
    doc,
    (doc.paths['/things']!.post!.requestBody as {content: Record<string, {schema: SchemaNode}>}).content[
      'application/json'
    ]!.schema,
  );

test("a $ref to a schema's $id and $anchor resolves (Swagger's Petstore 3.1), each written as a pointer from the root", () => {
  const doc = load(
    'ids.yaml',
    described(
      {$ref: '#/components/schemas/Pet'},
      {
        Pet: {
          type: 'object',
          properties: {
            details: {$ref: '/components/schemas/petdetails'},
            detailsId: {$ref: '/components/schemas/petdetails#pet_details_id'},
            tag: {$ref: '/components/schemas/tags#/properties/name'},
          },
        },
        PetDetails: {
          $id: '/components/schemas/petdetails',
          type: 'object',
          // Inside a schema with an `$id`, `#/…` from the document's root still finds the component.
          properties: {id: {type: 'integer', $anchor: 'pet_details_id'}, tag: {$ref: '#/components/schemas/Tag'}},
        },
        Tag: {$id: '/components/schemas/tags', type: 'object', properties: {name: {type: 'string'}}},
      },
    ),
  );
  const pet = doc.components!.schemas!.Pet as {properties: Record<string, {$ref: string}>};
  assert.equal(pet.properties.details!.$ref, '#/components/schemas/PetDetails');
  assert.equal(pet.properties.detailsId!.$ref, '#/components/schemas/PetDetails/properties/id');
  assert.equal(pet.properties.tag!.$ref, '#/components/schemas/Tag/properties/name');
  const details = doc.components!.schemas!.PetDetails as {properties: {tag: {$ref: string}}};
  assert.equal(details.properties.tag.$ref, '#/components/schemas/Tag');
  assert.equal(resolve<SchemaNode>(doc, pet.properties.detailsId!).type, 'integer');
});

test("`#/$defs/…` written from an inline schema's own root (Mistral's) leads to the nearest $defs that has it", () => {
  const inline = {
    type: 'object',
    properties: {mode: {$ref: '#/$defs/Mode'}, nested: {type: 'object', properties: {again: {$ref: '#/$defs/Mode'}}}},
    discriminator: {propertyName: 'mode', mapping: {a: '#/$defs/Mode'}},
    $defs: {Mode: {type: 'string', enum: ['a', 'b']}},
  };
  const doc = load('defs.yaml', described(inline));
  const schema = body(doc) as unknown as {properties: {mode: {$ref: string}}; discriminator: {mapping: {a: string}}};
  const pointer = '#/paths/~1things/post/requestBody/content/application~1json/schema/$defs/Mode';
  assert.equal(schema.properties.mode.$ref, pointer);
  assert.equal(schema.discriminator.mapping.a, pointer);
  assert.deepEqual(resolve<SchemaNode>(doc, schema.properties.mode).enum, ['a', 'b']);
});

test('a $ref under a property named like a keyword (default, examples, enum) is a reference like any other', () => {
  const doc = load(
    'keyword-names.yaml',
    described(
      {$ref: '#/components/schemas/Task'},
      {
        Task: {
          type: 'object',
          properties: {
            default: {$ref: '#/components/schemas/Requirements'},
            examples: {type: 'array', items: {$ref: '#/components/schemas/Requirements'}},
            enum: {$ref: '#/components/schemas/Requirements'},
          },
        },
        Requirements: {type: 'object', properties: {cpu: {type: 'integer'}}},
      },
    ),
  );
  // The plugin's copy inlines them: a `$ref` left in it would point into components it does not have.
  const copy = JSON.stringify(pluginInput(doc));
  assert.ok(!copy.includes('"$ref"'), copy.slice(0, 500));
  const task = JSON.parse(copy).paths['/things'].post.requestBody.content['application/json'].schema;
  assert.deepEqual(Object.keys(task.properties.default.properties), ['cpu']);
  assert.deepEqual(Object.keys(task.properties.examples.items.properties), ['cpu']);
});

test('a $ref key inside example data (SCIM) is data: loading, the plugin copy and MCP leave it as written', () => {
  const scim = {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
    members: [{value: '1', $ref: 'https://api.example.com/scim/v2/Users/1'}],
  };
  const doc = load(
    'scim.json',
    {
      ...described({type: 'object'}),
      paths: {
        '/Groups': {
          get: {
            operationId: 'listGroups',
            responses: {
              '200': {
                description: 'ok',
                content: {
                  'application/scim+json': {
                    schema: {type: 'object', example: scim},
                    examples: {group: {value: scim}},
                  },
                },
              },
            },
          },
        },
      },
    },
    {json: true},
  );
  const media = (
    doc.paths['/Groups']!.get!.responses!['200'] as unknown as {
      content: Record<string, {examples: {group: {value: unknown}}}>;
    }
  ).content['application/scim+json']!;
  assert.deepEqual(media.examples.group.value, scim);
  // The plugin's reference parser follows every `$ref` it meets, fetching URLs: none in its copy, and
  // the page's generator writes the data back as it was.
  const copy = pluginInput(doc);
  assert.ok(!JSON.stringify(copy).includes('"$ref"'), JSON.stringify(copy).slice(0, 500));
  const operation = restoredData(copy.paths['/Groups']!.get!) as unknown as {
    responses: Record<
      string,
      {content: Record<string, {examples: {group: {value: unknown}}; schema: {example: unknown}}>}
    >;
  };
  const shown = operation.responses['200']!.content['application/scim+json']!;
  assert.deepEqual(shown.examples.group.value, scim);
  assert.deepEqual(shown.schema.example, scim);
  assert.deepEqual((dereference(doc, media) as {examples: {group: {value: unknown}}}).examples.group.value, scim);
});

test('an unquoted `$ref: #/…` (a YAML comment, so null) is left out, not taken for a reference', () => {
  const file = path.join(dir, 'null-ref.yaml');
  writeFileSync(
    file,
    stringify(
      described({$ref: '#/components/schemas/Pet'}, {Pet: {type: 'object', properties: {details: {}}}}),
    ).replace('details: {}', 'details:\n          $ref: #/components/schemas/Missing'),
  );
  const doc = loadDescription(file);
  assert.deepEqual((doc.components!.schemas!.Pet as {properties: {details: object}}).properties.details, {});
});

test('a $ref to nothing fails naming the file, the line and the pointer, once per reference, and nothing after', () => {
  const broken = described(
    {$ref: '#/components/schemas/Nope'},
    {
      Pet: {
        type: 'object',
        properties: {owner: {$ref: '#/components/schemas/Person'}, tag: {$ref: '/components/schemas/tag#name'}},
      },
    },
  );
  assert.throws(
    () => load('broken.yaml', broken),
    (error: Error) => {
      const lines = error.message.split('\n');
      assert.equal(lines[0], '4 references lead to nothing:');
      // YAML: the line and column of each `$ref`, then its pointer.
      assert.match(
        lines[1]!,
        /broken\.yaml:\d+:\d+ \(at #\/paths\/~1things\/post\/requestBody\/content\/application~1json\/schema\/\$ref\): the \$ref "#\/components\/schemas\/Nope" leads to nothing/,
      );
      assert.ok(
        lines.some((line) => line.includes('(at #/components/schemas/Pet/properties/owner/$ref)')),
        error.message,
      );
      assert.ok(
        lines.some((line) => /no schema of this description has the \$id \/components\/schemas\/tag/.test(line)),
        error.message,
      );
      assert.ok(!/at .*\.ts:\d+/.test(error.message), 'no stack frames in the message');
      return true;
    },
  );
  // One line of JSON: the line says little, the pointer says where.
  assert.throws(
    () => load('broken.json', described({$ref: '#/components/schemas/Nope'}), {json: true}),
    /broken\.json:1:\d+ \(at #\/paths\/~1things\/post\/requestBody\/content\/application~1json\/schema\/\$ref\): the \$ref "#\/components\/schemas\/Nope"/,
  );
});

test('a $ref to a file that is not there says so; one to another host says the build does not fetch it', () => {
  assert.throws(
    () => load('external.yaml', described({$ref: './schemas/pet.yaml'})),
    /external\.yaml:\d+:\d+ .*the \$ref "\.\/schemas\/pet\.yaml" leads to a file that is not there/,
  );
  assert.throws(
    () => load('remote.yaml', described({$ref: 'https://example.com/api/openapi.json#/components/schemas/Pet'})),
    /remote\.yaml:\d+:\d+ .*leads to a file on another host, which the build does not fetch/,
  );
});
