/**
 * The relative links of another provider's description (lib/openapi/descriptions.ts): written absolute
 * against its entry's `linkBase` in the generated copy, everything else of a description kept; and,
 * without one, a link that leads to no page named once, by the description's file, line and pointer
 * (plugins/route-sources.ts, for scripts/build.ts).
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';

import {cleanDescriptions, descriptionLinkLines, markdownDescription} from '../../lib/openapi/descriptions';
import {describeBrokenLinkSources, type ReferenceLinks} from '../../plugins/route-sources';

/** The entries' settings the corpus gives them (tests/support/corpus-site.ts). */
const openAi = 'https://platform.openai.com/docs/api-reference/chat/create';
const stripe = 'https://stripe.com/docs/api';

test('Markdown links, ../ links and images are written absolute against linkBase, each where it is written', () => {
  assert.equal(
    markdownDescription(
      'Upload with [Uploads](/docs/api-reference/uploads/object) and an [admin API key](../admin-api-keys).',
      openAi,
    ),
    'Upload with [Uploads](https://platform.openai.com/docs/api-reference/uploads/object) and an ' +
      '[admin API key](https://platform.openai.com/docs/api-reference/admin-api-keys).',
  );
  // Titles, emphasis, lists and tables keep their bytes; only destinations change.
  assert.equal(
    markdownDescription(
      '*See* [events](./streaming-events "Streaming") ![chart](img/chart.png)\n\n* one [a](/a)\n\n| x |\n| - |\n| [c](/c) |',
      openAi,
    ),
    // The image is another host's now: a link to it (see the test of images below).
    '*See* [events](https://platform.openai.com/docs/api-reference/chat/streaming-events "Streaming") ' +
      '[chart](https://platform.openai.com/docs/api-reference/chat/img/chart.png)\n\n' +
      '* one [a](https://platform.openai.com/a)\n\n| x |\n| - |\n| [c](https://platform.openai.com/c) |',
  );
  // A destination a bare one could not hold (an unbalanced parenthesis) is bracketed.
  assert.equal(markdownDescription('[odd](/docs/a\\)b)', stripe), '[odd](<https://stripe.com/docs/a)b>)');
});

test('reference-style links are absolute through their definitions', () => {
  assert.equal(
    markdownDescription(
      'See [the guide][guide] and [models].\n\n[guide]: /docs/guides/text\n[models]:\n  ../models "Models"',
      openAi,
    ),
    'See [the guide][guide] and [models].\n\n[guide]: https://platform.openai.com/docs/guides/text\n' +
      '[models]:\n  https://platform.openai.com/docs/api-reference/models "Models"',
  );
});

test("HTML links (Stripe's descriptions) are absolute once made Markdown; code and anchors are left alone", () => {
  assert.equal(
    markdownDescription(
      '<p>Requires <a href="/docs/connect">Connect</a>; see <a href="#balance">balance</a>, <code>/docs/x</code> and <a href="https://stripe.com/docs/keys">keys</a>.</p>',
      stripe,
    ),
    'Requires [Connect](https://stripe.com/docs/connect); see [balance](#balance), `/docs/x` and [keys](https://stripe.com/docs/keys).',
  );
  // Markdown links in a description that also has HTML: the same tree.
  assert.equal(
    markdownDescription('<b>Note</b>: [guide](/docs/guides/text) and [ref][r].\n\n[r]: ../x', openAi),
    '**Note**: [guide](https://platform.openai.com/docs/guides/text) and [ref](https://platform.openai.com/docs/api-reference/x).',
  );
});

test('absolute links, anchors, automatic links and code are left alone, and a description without relative links keeps every byte', () => {
  const kept = [
    'Plain text, *emphasis*, a \\* star,  two spaces and [brackets] without a link.\n',
    'See [docs](https://example.com/docs), [mail](mailto:help@example.com), [here](#pagination) and www.example.com.',
    'The path is `/docs/x` or `[a](/docs/a)`:\n\n```\n[b](/docs/b)\n```\n\n    [c](/docs/c)\n',
    'Escapes \\[not](/a link) and [ref] with no definition.',
  ];
  for (const description of kept) assert.equal(markdownDescription(description, openAi), description, description);
  // One with HTML is made Markdown as it is today, without linkBase.
  const html =
    'See <https://example.com>, <a href="https://example.com/a">a</a>, <code>/docs/x</code> and <a href="#b">b</a>.';
  assert.equal(markdownDescription(html, openAi), markdownDescription(html));
});

test('without linkBase a relative link is left as written, so one that leads to a page of the site keeps working', () => {
  assert.equal(
    markdownDescription('See [Create a charge](./create-charge).'),
    'See [Create a charge](./create-charge).',
  );
  assert.equal(
    markdownDescription('<p>See <a href="../stripe-api/create-charge">Create a charge</a>.</p>'),
    'See [Create a charge](../stripe-api/create-charge).',
  );
});

test('cleanDescriptions reaches every description of the document, and a relative externalDocs url', () => {
  const link = (name: string) => `[${name}](/docs/${name})`;
  const absolute = (name: string) => `[${name}](https://stripe.com/docs/${name})`;
  const doc = {
    openapi: '3.1.0',
    info: {
      title: 'T',
      version: '1',
      description: link('info'),
      termsOfService: '/legal',
      contact: {url: 'https://stripe.com/contact'},
    },
    externalDocs: {url: '/docs/guide', description: link('external')},
    servers: [
      {url: '/v1', description: link('server'), variables: {region: {default: 'eu', description: link('variable')}}},
    ],
    tags: [{name: 'charges', description: link('tag')}],
    paths: {
      '/v1/charges': {
        description: link('path'),
        post: {
          // OpenAI writes Markdown, links and all, in summaries too, which twins and MCP carry.
          summary: `Create. See ${link('summary')}.`,
          description: link('operation'),
          parameters: [{name: 'id', in: 'query', description: link('parameter'), schema: {type: 'string'}}],
          responses: {
            default: {
              description: link('response'),
              content: {'application/json': {schema: {$ref: '#/components/schemas/Charge'}}},
            },
          },
        },
      },
    },
    components: {
      schemas: {
        Charge: {
          type: 'object',
          description: link('schema'),
          properties: {amount: {type: 'integer', description: link('property')}},
        },
      },
      securitySchemes: {key: {type: 'http', scheme: 'bearer', description: link('security')}},
    },
  };
  cleanDescriptions(doc, stripe);
  assert.equal(doc.info.description, absolute('info'));
  assert.equal(doc.info.termsOfService, 'https://stripe.com/legal');
  assert.equal(doc.externalDocs.url, 'https://stripe.com/docs/guide');
  assert.equal(doc.externalDocs.description, absolute('external'));
  assert.equal(doc.servers[0]!.url, '/v1', "a server's url is where requests go, not a link");
  assert.equal(doc.servers[0]!.description, absolute('server'));
  assert.equal(doc.servers[0]!.variables.region.description, absolute('variable'));
  assert.equal(doc.tags[0]!.description, absolute('tag'));
  const item = doc.paths['/v1/charges'];
  assert.equal(item.description, absolute('path'));
  assert.equal(item.post.summary, `Create. See ${absolute('summary')}.`);
  assert.equal(item.post.description, absolute('operation'));
  assert.equal(item.post.parameters[0]!.description, absolute('parameter'));
  assert.equal(item.post.responses.default.description, absolute('response'), 'the default response is a response');
  assert.equal(doc.components.schemas.Charge.description, absolute('schema'));
  assert.equal(doc.components.schemas.Charge.properties.amount.description, absolute('property'));
  assert.equal(doc.components.securitySchemes.key.description, absolute('security'));
});

test('properties named example or examples are cleaned like any other; examples themselves are data, left as written', () => {
  const data = {description: '<b>Bold</b> [x](/docs/x)'};
  const schema = {
    type: 'object',
    example: data,
    examples: [data],
    properties: {
      example: {type: 'string', description: '<b>An</b> example [x](/docs/x)'},
      examples: {type: 'array', description: 'Examples, <i>several</i>', items: {type: 'string'}, examples: [data]},
      default: {type: 'object', default: data, description: 'The <code>default</code> one'},
    },
  };
  const doc = {
    components: {
      schemas: {Widget: schema, example: {type: 'string', description: '<p>Named example</p>'}},
      examples: {sample: {summary: 'S', description: 'See <a href="/docs/sample">sample</a>', value: data}},
    },
  };
  cleanDescriptions(doc, stripe);
  assert.equal(schema.properties.example.description, '**An** example [x](https://stripe.com/docs/x)');
  assert.equal(schema.properties.examples.description, 'Examples, _several_');
  assert.equal(schema.properties.default.description, 'The `default` one');
  assert.equal(doc.components.schemas.example.description, 'Named example');
  assert.equal(doc.components.examples.sample.description, 'See [sample](https://stripe.com/docs/sample)');
  // The data, every time: same object, same text.
  for (const value of [
    schema.example,
    schema.examples[0],
    schema.properties.examples.examples[0],
    schema.properties.default.default,
    doc.components.examples.sample.value,
  ])
    assert.equal(value?.description, '<b>Bold</b> [x](/docs/x)');
});

test('a linkBase that is no absolute address stops generation, saying what to give', () => {
  assert.throws(
    () => cleanDescriptions({info: {description: '[a](/a)'}}, 'stripe.com/docs'),
    /linkBase "stripe\.com\/docs" .* absolute/,
  );
});

/** Docusaurus' report of broken links, as its build prints it (brokenLinks.js, inside the error's cause). */
const docusaurusReport = `[ERROR] Error: Unable to build website for locale en.
    at tryToBuildLocale (/site/node_modules/@docusaurus/core/lib/commands/build/build.js:75:15) {
  [cause]: Error: Docusaurus found broken links!
  
  Please check the pages of your site in the list below, and make sure you don't reference any path that does not exist.
  Note: it's possible to ignore broken links with the 'onBrokenLinks' Docusaurus configuration, and let the build pass.
  
  Exhaustive list of all broken links found:
  - Broken link on source page path = /api/api-reference/stripe-api/create-charge:
     -> linking to /docs/connect
     -> linking to ../admin-api-keys (resolved as: /api/api-reference/admin-api-keys)
  - Broken link on source page path = /api/api-reference/stripe-api/update-charge:
     -> linking to /docs/connect
  - Broken link on source page path = /api/api-reference/stripe-api/list-charges:
     -> linking to /docs/connect
  - Broken link on source page path = /docs/intro:
     -> linking to /docs/nope
  
      at async Command.<anonymous> (/site/node_modules/@docusaurus/core/lib/commands/cli.js:37:9)
}
[INFO] Docusaurus version: 3.10.2`;

/** Stripe's description is one line of JSON; the link is in the second operation's description. */
const oneLine = JSON.stringify({
  openapi: '3.0.0',
  info: {title: 'Stripe API', description: 'The Stripe REST API.'},
  paths: {
    '/v1/charges': {
      get: {description: '<p>Lists charges.</p>'},
      post: {description: '<p>With <a href="/docs/connect">Connect</a>, see <a href="../admin-api-keys">keys</a>.</p>'},
    },
    '/v1/charges/{charge}': {post: {description: '<p>Also <a href="/docs/connect">Connect</a>.</p>'}},
  },
});

test('a link broken on three generated pages is one line naming the description file, line, pointer and link', () => {
  const stripeReference: ReferenceLinks = {
    folder: 'api/api-reference/stripe-api',
    describe: (links) => descriptionLinkLines('openapi/stripe-api.json', oneLine, links),
  };
  const sources = {
    '/docs/intro': 'docs/intro.md',
    '/api/api-reference/stripe-api/create-charge': 'api/api-reference/stripe-api/create-charge.api.mdx',
  };
  const advice = 'give its entry in lib/openapi/specs.ts a linkBase (the address its links are written from)';
  assert.deepEqual(describeBrokenLinkSources(docusaurusReport, sources, [stripeReference]), [
    'Broken link in docs/intro.md (page /docs/intro)',
    'openapi/stripe-api.json:1 (/paths/~1v1~1charges/post/description): the relative link /docs/connect leads to no page of this site ' +
      `(also in 1 more string of the file); ${advice}`,
    `openapi/stripe-api.json:1 (/paths/~1v1~1charges/post/description): the relative link ../admin-api-keys leads to no page of this site; ${advice}`,
  ]);
});

test('in a YAML description the line is the string’s, and a link no string writes is told as such', () => {
  const yaml = [
    'openapi: 3.1.0',
    'info:',
    '  title: OpenAI API',
    'paths:',
    '  /chat/completions:',
    '    post:',
    '      description: |',
    '        Creates a response. See the',
    '        [text generation guide](/docs/guides/text).',
    '      summary: Create',
    '',
  ].join('\n');
  const lines = descriptionLinkLines('openapi/openai.yaml', yaml, [
    {link: '/docs/guides/text', pages: ['/api/api-reference/openai-api/create-chat-completion']},
    // `/docs/guides` is part of a longer address there, not a link of its own.
    {link: '/docs/guides', pages: ['/api/api-reference/openai-api/a', '/api/api-reference/openai-api/b']},
  ]);
  assert.match(
    lines[0]!,
    /^openapi\/openai\.yaml:7 \(\/paths\/~1chat~1completions\/post\/description\): the relative link \/docs\/guides\/text leads to no page/,
  );
  assert.match(
    lines[1]!,
    /^openapi\/openai\.yaml: the relative link \/docs\/guides \(on 2 pages, the first \/api\/api-reference\/openai-api\/a\) leads to no page/,
  );
});

test("another host's image (which the CSP's img-src blocks) is a link to it, named by its text; the site's own stays", () => {
  assert.equal(
    markdownDescription('See the flow: ![Flow chart](https://cdn.example.com/flow.png "Flow").'),
    'See the flow: [Flow chart](https://cdn.example.com/flow.png "Flow").',
  );
  assert.equal(markdownDescription('![](//cdn.example.com/a.png)'), '[image](//cdn.example.com/a.png)');
  assert.equal(markdownDescription('Our logo: ![logo](/img/logo.png)'), 'Our logo: ![logo](/img/logo.png)');
  assert.equal(
    markdownDescription('<p>The flow <img src="https://cdn.example.com/flow.png" alt="Flow chart"></p>'),
    'The flow [Flow chart](https://cdn.example.com/flow.png)',
  );
});
