/**
 * lib/openapi/page-examples.ts: a page's examples longer together than a page prints are shortened
 * to their first entries, still valid JSON of the same shape, and said to be; the reference page (the
 * plugin's copy) and its Markdown twin shorten them alike. GitHub's `GET /emojis` example is the
 * shape: an object of 1,800 names; its `registry_package` webhook's payload made from the schema the
 * other one: a request body's example beside an answer's.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';

import {
  leastExampleShare,
  pageExampleBudget,
  shortenedExample,
  wholeExampleLimit,
} from '../../lib/openapi/page-examples';
import {operationMarkdown, webhookMarkdown} from '../../lib/openapi/markdown';
import {pluginInput} from '../../lib/openapi/plugin-input';
import {operationsOf, type Document} from '../../lib/openapi';
import {pagesCopy, webhooksOf} from '../../lib/openapi/events';
import {explorerExample, wholeExampleKey, type NamedExample} from '../../src/explorer-example';
import {openApiSpecs} from '../../lib/openapi/specs';

const emojis = Object.fromEntries(
  Array.from({length: 1800}, (_, index) => [`emoji_${index}`, `https://example.com/emoji/${index}.png?v8`]),
);
const printed = (value: unknown) => JSON.stringify(value, null, 2).length;

test('an example longer than the budget keeps its first entries; a shorter one, or a long string, is left whole', () => {
  const short = shortenedExample(emojis)!;
  const kept = Object.keys(short.value as object);
  assert.ok(printed(short.value) <= pageExampleBudget, `${printed(short.value)} characters`);
  assert.ok(kept.length > 100 && kept.length < 1800, `${kept.length} kept`);
  assert.deepEqual(kept, Object.keys(emojis).slice(0, kept.length), 'the first ones, in order');
  assert.equal(
    short.note,
    `Shortened for this page: its first ${kept.length} of 1,800 properties. The whole example is in the description you can download.`,
  );
  // A list of one large object: the object is cut in turn.
  const listed = shortenedExample([emojis])!;
  assert.equal((listed.value as unknown[]).length, 1);
  assert.ok(printed(listed.value) <= pageExampleBudget);
  assert.match(listed.note, /^Shortened for this page: its one item, cut\./);
  const firstCut = shortenedExample({emojis, small: 1})!;
  assert.deepEqual(Object.keys(firstCut.value as object), ['emojis']);
  assert.match(firstCut.note, /^Shortened for this page: its first property of 2, cut\./);
  const items = shortenedExample(Array.from({length: 5000}, (_, index) => ({id: index})))!;
  assert.match(items.note, /of 5,000 items/);
  assert.equal(shortenedExample({id: 1, name: 'small'}), undefined);
  assert.equal(shortenedExample('x'.repeat(pageExampleBudget * 2)), undefined, 'a string is no list to shorten');
  assert.equal(shortenedExample([`${'x'.repeat(pageExampleBudget * 2)}`]), undefined, 'nothing kept: whole');
});

/** A description of one call on `/emojis`, `method` and its operation object as the test gives them. */
const emojisDoc = (method: string, operation: object) =>
  ({
    openapi: '3.1.0',
    info: {title: 'Emojis', version: '1'},
    paths: {'/emojis': {[method]: operation}},
  }) as unknown as Document;

test("the page's copy and the twin show the same shortened answer example, saying so", () => {
  const doc = emojisDoc('get', {
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
  });
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

/** The lines of a twin's example block: its title, the note if shortened, its JSON. */
const twinBlock = (title: string, value: unknown, note?: string) =>
  [`Example: ${title}`, '', ...(note ? [note, ''] : []), '```json', JSON.stringify(value, null, 2), '```'].join('\n');

test("a page's examples share one budget: the request body's first, then each answer's, on the page and in the twin alike", () => {
  const request = Object.fromEntries(
    Object.keys(emojis)
      .slice(0, 150)
      .map((key) => [key, emojis[key]]),
  );
  assert.ok(printed(request) < pageExampleBudget && printed(request) > pageExampleBudget / 2, `${printed(request)}`);
  const doc = emojisDoc('put', {
    operationId: 'putEmojis',
    requestBody: {content: {'application/json': {schema: {type: 'object'}, example: request}}},
    responses: {
      '200': {
        description: 'Every emoji',
        content: {'application/json': {schema: {type: 'object'}, example: emojis}},
      },
      '400': {
        description: 'Every emoji again',
        content: {
          'application/json': {schema: {type: 'object'}, examples: {again: {summary: 'Again', value: emojis}}},
        },
      },
    },
  });
  const copy = pluginInput(structuredClone(doc)) as unknown as {
    paths: Record<
      string,
      {
        put: {
          requestBody: {content: Record<string, Record<string, unknown>>};
          responses: Record<string, {content: Record<string, Record<string, unknown>>}>;
        };
      }
    >;
  };
  const put = copy.paths['/emojis']!.put;
  // The request body's example fits: whole. The first answer's gets what it left, the second the least share.
  assert.deepEqual(put.requestBody.content['application/json']!.example, request);
  const first = shortenedExample(emojis, pageExampleBudget - printed(request))!;
  const second = shortenedExample(emojis, leastExampleShare)!;
  assert.deepEqual(put.responses['200']!.content['application/json']!.examples, {
    Example: {summary: first.note, value: first.value},
  });
  assert.deepEqual(put.responses['400']!.content['application/json']!.examples, {
    again: {summary: `Again\n\n${second.note}`, value: second.value},
  });
  // Answers' examples are not sent: nothing is kept whole for the explorer.
  assert.ok(!JSON.stringify(put.responses).includes(wholeExampleKey));
  const shown = printed(request) + printed(first.value) + printed(second.value);
  assert.ok(shown <= pageExampleBudget + leastExampleShare, `${shown} characters of examples on the page`);
  const [entry] = operationsOf(
    openApiSpecs.find((spec) => spec.id === 'trainer')!,
    doc,
  );
  const twin = operationMarkdown(doc, entry!);
  for (const block of [
    twinBlock('Example', request),
    twinBlock('Example', first.value, first.note),
    twinBlock('Again', second.value, second.note),
  ])
    assert.ok(twin.includes(block), `the twin lacks ${block.slice(0, 200)}`);
});

test("a webhook's payload made from its schema is shortened alike on its page and in its twin", () => {
  // 600 properties, each with an example: openapi-sampler's value is about 12,000 characters, 16,000 printed.
  const properties = Object.fromEntries(
    Array.from({length: 600}, (_, index) => [`field_${index}`, {type: 'string', example: `value ${index}`}]),
  );
  const doc = {
    openapi: '3.1.0',
    info: {title: 'Packages', version: '1'},
    paths: {},
    webhooks: {
      'registry-package': {
        post: {
          operationId: 'registryPackagePublished',
          summary: 'A package was published',
          requestBody: {content: {'application/json': {schema: {type: 'object', properties}}}},
          responses: {'200': {description: 'Received'}},
        },
      },
    },
  } as unknown as Document;
  const spec = openApiSpecs.find((each) => each.id === 'trainer')!;
  pagesCopy(spec, doc);
  const copy = pluginInput(structuredClone(doc)) as unknown as {
    webhooks: Record<
      string,
      {post: {requestBody: {content: Record<string, {examples: Record<string, {summary: string; value: unknown}>}>}}}
    >;
  };
  const [made] = Object.entries(
    copy.webhooks['registry-package']!.post.requestBody.content['application/json']!.examples,
  );
  assert.ok(made, 'the payload has an example made from its schema');
  const [title, example] = made;
  assert.match(example.summary, /^Made from the schema\n\nShortened for this page: its first \d+ of 600 properties\./);
  assert.ok(printed(example.value) <= pageExampleBudget, `${printed(example.value)} characters`);
  // The explorer starts from the whole payload, with its own summary: sent as it comes, it has every property.
  const sent = explorerExample(example as NamedExample);
  assert.equal(sent.summary, 'Made from the schema');
  assert.deepEqual(Object.keys(sent.value as object), Object.keys(properties));
  const [webhook] = webhooksOf(spec, doc);
  const twin = webhookMarkdown(doc, webhook!);
  const note = example.summary.split('\n\n')[1]!;
  assert.ok(twin.includes(twinBlock(title, example.value, note)), twin.slice(-600));
});

test("a request body's shortened example stays whole for the explorer, unless longer than it keeps", () => {
  const thousand = Object.fromEntries(Object.entries(emojis).slice(0, 1000));
  const copyOf = (example: unknown) => {
    const doc = emojisDoc('put', {
      operationId: 'putEmojis',
      requestBody: {content: {'application/json': {schema: {type: 'object'}, example}}},
      responses: {'204': {description: 'Stored'}},
    });
    const copy = pluginInput(doc) as unknown as {
      paths: Record<string, {put: {requestBody: {content: Record<string, {examples: Record<string, NamedExample>}>}}}>;
    };
    return copy.paths['/emojis']!.put.requestBody.content['application/json']!.examples.Example!;
  };
  const kept = copyOf(thousand);
  assert.match(kept.summary!, /^Shortened for this page: its first \d+ of 1,000 properties/);
  assert.deepEqual(explorerExample(kept), {value: thousand});
  assert.ok(JSON.stringify(emojis).length > wholeExampleLimit, 'the whole list is longer than the explorer keeps');
  const cut = copyOf(emojis);
  assert.equal(explorerExample(cut), cut, 'too long to keep: the explorer starts from the page’s');
});
