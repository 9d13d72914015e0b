/**
 * lib/openapi/answer-examples.ts: an answer's example longer than a page prints is shortened to its
 * first entries, still valid JSON of the same shape, and said to be; the reference page (the plugin's
 * copy) and its Markdown twin shorten it alike. GitHub's `GET /emojis` example is the shape: an object
 * of 1,800 names.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';

import {answerExampleBudget, shortenedExample} from '../../lib/openapi/answer-examples';
import {operationMarkdown} from '../../lib/openapi/markdown';
import {pluginInput} from '../../lib/openapi/plugin-input';
import {operationsOf, type Document} from '../../lib/openapi';
import {openApiSpecs} from '../../lib/openapi/specs';

const emojis = Object.fromEntries(
  Array.from({length: 1800}, (_, index) => [`emoji_${index}`, `https://example.com/emoji/${index}.png?v8`]),
);
const printed = (value: unknown) => JSON.stringify(value, null, 2).length;

test('an example longer than the budget keeps its first entries; a shorter one, or a long string, is left whole', () => {
  const short = shortenedExample(emojis)!;
  const kept = Object.keys(short.value as object);
  assert.ok(printed(short.value) <= answerExampleBudget, `${printed(short.value)} characters`);
  assert.ok(kept.length > 100 && kept.length < 1800, `${kept.length} kept`);
  assert.deepEqual(kept, Object.keys(emojis).slice(0, kept.length), 'the first ones, in order');
  assert.equal(
    short.note,
    `Shortened for this page: its first ${kept.length} of 1,800 properties. The whole example is in the description you can download.`,
  );
  // A list of one large object: the object is cut in turn.
  const listed = shortenedExample([emojis])!;
  assert.equal((listed.value as unknown[]).length, 1);
  assert.ok(printed(listed.value) <= answerExampleBudget);
  assert.match(listed.note, /its first entry, cut/);
  const items = shortenedExample(Array.from({length: 5000}, (_, index) => ({id: index})))!;
  assert.match(items.note, /of 5,000 items/);
  assert.equal(shortenedExample({id: 1, name: 'small'}), undefined);
  assert.equal(shortenedExample('x'.repeat(answerExampleBudget * 2)), undefined, 'a string is no list to shorten');
  assert.equal(shortenedExample([`${'x'.repeat(answerExampleBudget * 2)}`]), undefined, 'nothing kept: whole');
});

test("the page's copy and the twin show the same shortened answer example, saying so", () => {
  const doc = {
    openapi: '3.1.0',
    info: {title: 'Emojis', version: '1'},
    paths: {
      '/emojis': {
        get: {
          operationId: 'listEmojis',
          summary: 'List emojis',
          responses: {
            '200': {
              description: 'Every emoji',
              content: {'application/json': {schema: {type: 'object'}, example: emojis}},
            },
            '201': {
              description: 'Small',
              content: {
                'application/json': {schema: {type: 'object'}, examples: {one: {summary: 'One', value: {a: 1}}}},
              },
            },
          },
        },
      },
    },
  } as unknown as Document;
  const copy = pluginInput(doc) as unknown as {
    paths: Record<string, {get: {responses: Record<string, {content: Record<string, Record<string, unknown>>}>}}>;
  };
  const media = copy.paths['/emojis']!.get.responses['200']!.content['application/json']!;
  const expected = shortenedExample(emojis)!;
  assert.equal(media.example, undefined);
  assert.deepEqual(media.examples, {Example: {summary: expected.note, value: expected.value}});
  assert.deepEqual(copy.paths['/emojis']!.get.responses['201']!.content['application/json']!.examples, {
    one: {summary: 'One', value: {a: 1}},
  });
  const trainer = openApiSpecs.find((spec) => spec.id === 'trainer')!;
  const [entry] = operationsOf(trainer, doc);
  const twin = operationMarkdown(doc, entry!);
  assert.ok(
    twin.includes(
      `Example: Example\n\n${expected.note}\n\n\`\`\`json\n${JSON.stringify(expected.value, null, 2)}\n\`\`\``,
    ),
  );
  assert.ok(!twin.includes(`"emoji_1799"`), 'the rest is left out of the twin too');
});
