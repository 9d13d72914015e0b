/**
 * Real descriptions build a complete reference: a copy of the site with the corpus's descriptions
 * (tests/fixtures/openapi-corpus/) added exactly as published, as a maintainer adds an API (the file in
 * openapi/, one entry in lib/openapi/specs.ts with the settings of tests/support/corpus-site.ts:
 * OpenAI's and Stripe's relative links lead to their sites), built with `npm run build`. Every
 * operation and webhook gets its page, within the size bound, with its Markdown twin naming its body's
 * fields. A real build, so a suite of its own (npm run test:corpus).
 *
 * Every description is added whole, the OpenAPI Initiative's Petstore too, the second API titled
 * "Swagger Petstore" (given a reference folder of its own by addToSite, as its maintainer would), and
 * Swagger's Petstore 3.1, whose `$ref`s name a schema's `$id` and `$anchor`.
 */
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, before, test} from 'node:test';

import kebabCase from 'lodash/kebabCase';
import type {Page} from '@playwright/test';
import {sample} from 'openapi-sampler';

import {
  callbacksOf,
  conversionOf,
  flattenSchema,
  loadDescription,
  operationRoute,
  operationsOf,
  placeholderHost,
  serverUrl,
  typesOf,
  webhooksOf,
  type Document,
  type SchemaNode,
} from '../../lib/openapi';
import {operationMarkdown} from '../../lib/openapi/markdown';
import {postmanCollection, postmanCollectionPath} from '../../lib/openapi/postman';
import {keyVariableOf, specDownloadPath, type OpenApiSpec} from '../../lib/openapi/specs';
import {answerStreams} from '../../lib/openapi/streams';
import {trackedSiteCopy} from '../support/scale';
import type * as EndpointsModule from '../../mcp/endpoints';
import {sandboxOrigin} from '../../lib/sandbox/servers';
import {lintOpenApi} from '../../lib/openapi/lint';
import {corpusFiles, describeLeafTag, multifileDescriptions} from '../support/corpus';
import {checkedSamples, operationsOfFile} from '../support/corpus-samples';
import {descriptionFiles, downloadableDescription} from '../../lib/openapi/bundle';
import {directorySample} from '../support/directory';
import {addToSite, type Added} from '../support/corpus-site';
import {
  closeOpenCopies,
  copyBrowser,
  copyMcp,
  copySandbox,
  expectText,
  streamingCopyBrowser,
} from '../support/corpus-copy';
import {accessibilityProblems} from '../support/axe';
import {renderedText} from '../support/rendered-text';
import {serverSidebarLimit} from '../../src/sidebar-window';
import {assertSampleToolsInstalled, runSample, runsAs} from '../support/run-sample';
import {sampleLanguages} from '../../src/code-samples';
import {assertNewmanRun} from '../support/newman-sandbox';

const root = mkdtempSync(path.join(os.tmpdir(), 'orchard-corpus-site-'));
after(async () => {
  await closeOpenCopies();
  rmSync(root, {recursive: true, force: true});
});

/** The largest file of an operation's page: its MDX, its HTML, the JSON it loads (the issue's bound). */
const maxPageBytes = 500 * 1024;

/** Slack's Web API, as Slack publishes it: Swagger 2.0, 174 operations, `formData` bodies. */
const slackName = 'swagger2-slack-web-api.json.gz';

/**
 * The corpus's descriptions this copy does not build, for the suite's time: Stripe's (468 operations, the
 * largest pages; 3 of the suite's 7 minutes). tests/slow reads it whole (its MDX, samples, Postman
 * collection through Newman) and `npm run bench:corpus` builds it; its shapes here are others': HTML
 * descriptions (Sportsdata's), a server of its own (Twilio's), a multipart upload (OpenAI's).
 * Slack's Swagger 2.0 Web API (174 operations, 48 s of this suite when built) is read here without a
 * build (its conversion, samples, twins and Postman collection); the 2.0 descriptions built are the
 * OpenAPI Initiative's, and `npm run bench:corpus` builds Slack's.
 */
const notBuilt = new Set([
  'stripe-spec3.json.gz',
  slackName,
  // Three of the Initiative's 2.0 petstores like the two built (expanded, minimal): each small API built
  // costs this suite its pages, its collection's Newman run and its MCP calls.
  'swagger2-oai-petstore.yaml',
  'swagger2-oai-petstore-simple.yaml',
  'swagger2-oai-petstore-with-external-docs.yaml',
]);

/**
 * Descriptions of the directory's CI sample (tests/corpus/directory.test.ts generates all 52) that this
 * copy also builds, each for a shape: two of one title, a `{name}:verb` path, paths with a final
 * slash, webhooks written as Redoc's `x-webhooks` in the shape of callbacks, HTML descriptions, 3.1,
 * relative links (with the linkBase their maintainer gives), no title, 3.1 webhooks alone.
 */
const builtFromDirectory = new Set([
  'fungenerators.com_riddle.json.gz',
  'fungenerators.com_trivia.json.gz',
  'googleapis.com_acmedns.json.gz',
  'zapier.com_nla.json.gz',
  'nexmo.com_sms.json.gz',
  'sportsdata.io_nba-v3-rotoballer-articles.json.gz',
  'urlbox.io.json.gz',
  'nexmo.com_redact.json.gz',
  'ipinfodb.com.json.gz',
  'adyen.com_BalancePlatformReportNotification-v1.json.gz',
  'twilio.com_twilio_flex_v2.json.gz',
]);
/** Vonage's APIs link to its own documentation, `[Redact API](/redact/overview)`. */
const directorySettings = {
  'nexmo.com_redact.json.gz': {linkBase: 'https://developer.nexmo.com/'},
  'nexmo.com_sms.json.gz': {linkBase: 'https://developer.nexmo.com/'},
  // Zapier's links lead to its NLA site (`/login/zapier/`, `/demo/`).
  'zapier.com_nla.json.gz': {linkBase: 'https://nla.zapier.com/'},
};

/**
 * OpenAPI 3.2: the Initiative's documents with a 3.2 construct of their own and operations to show it
 * (nested and badge tags; `query` and `additionalOperations`; `itemSchema`, reusable media types,
 * `itemEncoding`; a webhook by `$ref` to a path item), unedited; every one of them loads in
 * tests/unit/openapi32.test.ts. And our own showcase of every construct, held strictly.
 */
const openApi32Built = [
  'oai-3.2-tags-example.yaml',
  'oai-pass-path-item-object-example.yaml',
  'oai-pass-media-type-examples.yaml',
  'oai-pass-mega.yaml',
].map((name) => ({name, file: path.resolve(__dirname, '../fixtures/openapi-3.2', name)}));
const showcase = {name: 'showcase.yaml', file: path.resolve(__dirname, '../fixtures/openapi-3.2-own/showcase.yaml')};

let site = '';
let added: Added<{name: string; file: string; large?: boolean}>[] = [];
let output = '';
let status: number | null = null;

before(
  () => {
    site = trackedSiteCopy(path.join(root, 'site'));
    added = [
      ...addToSite(
        site,
        corpusFiles(path.join(root, 'unpacked')).filter((entry) => !notBuilt.has(entry.name)),
      ),
      ...addToSite(
        site,
        directorySample(path.join(root, 'directory')).filter((entry) => builtFromDirectory.has(entry.name)),
        directorySettings,
        (entry) => entry.id,
      ),
      // Split over many files, each folder as published: a root and four files in two folders.
      ...addToSite(site, multifileDescriptions()),
      ...addToSite(site, [...openApi32Built, showcase], {[showcase.name]: {strict: true}}),
    ];
    // Not for hosting: its pages (105 MB) are not precompressed (npm run build proves that step).
    const result = spawnSync('npm', ['run', '--silent', 'build', '--', '--no-precompress'], {
      cwd: site,
      encoding: 'utf8',
      env: {...process.env, CI: 'true'},
    });
    output = `${result.stdout}\n${result.stderr}`;
    status = result.status;
  },
  {timeout: 900_000},
);

test('the site builds with every added description', () => {
  // Docusaurus' first error, else generation's (Redocly's `line:column  error  rule`, or the converters'), and
  // what follows it; else the end of the output.
  const docusaurus = output.search(/\[ERROR\]/);
  const error = docusaurus >= 0 ? docusaurus : output.search(/^gen-api-docs: .*fail|Error: |^\s*\d+:\d+\s+error\s/m);
  assert.equal(status, 0, error >= 0 ? output.slice(error, error + 4000) : output.slice(-4000));
});

test('every operation and webhook has its page and Markdown twin, each page file within 500 KB', () => {
  for (const {name, spec} of added) {
    const doc = loadDescription(path.join(site, spec.file));
    const pages = [
      ...operationsOf(spec, doc).map((operation) => kebabCase(operation.operation.operationId)),
      // The plugin names a webhook's page by its operationId, its summary, or the event's name.
      ...webhooksOf(spec, doc).map((webhook) => webhook.route.split('/').pop()!),
    ];
    // A description may have neither (ipinfodb.com's `paths` is empty): its reference is its landing page.
    const described = Object.keys(doc.paths).length + Object.keys(doc.webhooks ?? {}).length;
    assert.ok(pages.length > 0 || described === 0, `${name}: an operation or a webhook to show`);
    for (const page of pages) {
      const route = `api/api-reference/${spec.referenceId}/${page}`;
      const html = path.join(site, 'build', route, 'index.html');
      assert.ok(existsSync(html), `${name}: no page at /${route}`);
      assert.ok(existsSync(path.join(site, 'build', `${route}.md`)), `${name}: no twin at /${route}.md`);
      for (const file of [html, path.join(site, `${route.replace(/\/[^/]+$/, '')}/${page}.api.mdx`)].filter(existsSync))
        assert.ok(statSync(file).size <= maxPageBytes, `${file}: ${statSync(file).size} bytes, over ${maxPageBytes}`);
    }
  }
});

test("each webhook's twin is written from the description: the event, and the payload's fields", () => {
  for (const {name, spec} of added) {
    const doc = loadDescription(path.join(site, spec.file));
    for (const webhook of webhooksOf(spec, doc)) {
      const twin = readFileSync(path.join(site, 'build', `${webhook.route}.md`), 'utf8');
      assert.ok(twin.includes(`Webhook \`${webhook.event}\``), `${name} ${webhook.route}: ${twin.slice(0, 300)}`);
      const html = readFileSync(path.join(site, 'build', webhook.route, 'index.html'), 'utf8');
      assert.equal(
        endpointText(html),
        `WEBHOOK ${webhook.method.toUpperCase()} ${webhook.event}`,
        `${name} ${webhook.route}: its header says it is a webhook, the method the API sends and the event`,
      );
      const [, media] = Object.entries(webhook.requestBody?.content ?? {})[0] ?? [];
      const schema = media?.schema && flattenSchema(doc, media.schema);
      for (const field of Object.keys(schema?.properties ?? {}))
        assert.ok(twin.includes(`\`${field}\``), `${name} ${webhook.route}: its twin names ${field}`);
    }
  }
});

test("each operation's twin names the fields of its request body", () => {
  for (const {name, spec} of added) {
    const doc = loadDescription(path.join(site, spec.file));
    for (const operation of operationsOf(spec, doc)) {
      const [, media] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
      const schema = media?.schema && flattenSchema(doc, media.schema);
      if (!schema?.properties || !typesOf(schema).every((type) => type === 'object')) continue;
      const twin = readFileSync(
        path.join(
          site,
          'build',
          'api/api-reference',
          spec.referenceId,
          `${kebabCase(operation.operation.operationId)}.md`,
        ),
        'utf8',
      );
      for (const field of Object.keys(schema.properties))
        assert.ok(twin.includes(`\`${field}\``), `${name} ${operation.operation.operationId}: its twin names ${field}`);
    }
  }
});

test("an operation on a server of its own offers the sandbox in its explorer too (Twilio's)", () => {
  let checked = 0;
  for (const {spec} of added) {
    const doc = loadDescription(path.join(site, spec.file));
    for (const operation of operationsOf(spec, doc)) {
      const item = doc.paths[operation.path];
      if (!operation.operation.servers?.length && !item?.servers?.length) continue;
      const page = path.join(
        site,
        `api/api-reference/${spec.referenceId}/${kebabCase(operation.operation.operationId)}.api.mdx`,
      );
      // The page's `api` prop, the explorer's input, holds the operation's servers: its own, then the sandbox.
      const text = readFileSync(page, 'utf8');
      assert.ok(
        text.includes(`${sandboxOrigin}/apis/${spec.id}`),
        `${page}: the sandbox among the servers its explorer offers`,
      );
      checked++;
    }
  }
  assert.ok(checked > 0, "Twilio's POST /v2/WebChats names a server of its own");
});

test("descriptions as published whose references Redocly cannot follow build: Petstore 3.1's `$id` and `$anchor`, Mistral's `#/$defs/…`", () => {
  for (const name of ['swagger-petstore-3.1.yaml', 'mistral.json.gz']) {
    const {spec} = added.find((entry) => entry.name === name)!;
    // What Redocly's no-unresolved-refs refuses, in the file as added.
    const lint = lintOpenApi([path.join(site, spec.file)], {quiet: true});
    assert.ok(
      [...lint.problems.values()].flat().some((problem) => problem.ruleId === 'no-unresolved-refs'),
      `${name}: ${lint.output.slice(0, 1000)}`,
    );
    const doc = loadDescription(path.join(site, spec.file));
    for (const operation of operationsOf(spec, doc))
      assert.ok(
        existsSync(path.join(site, 'build', `${operationRoute(operation)}.md`)),
        `${name}: ${operationRoute(operation)}`,
      );
  }
  // The Petstore's `petDetailsId` is the `id` its `$anchor` names: an integer, on the page and in the twin.
  const petstore = added.find((entry) => entry.name === 'swagger-petstore-3.1.yaml')!.spec;
  const twin = readFileSync(path.join(site, 'build/api/api-reference', petstore.referenceId, 'add-pet.md'), 'utf8');
  assert.match(twin, /`petDetailsId`[^\n]*integer/, twin.slice(0, 3000));
});

test('relative links of a description with a linkBase are absolute on its page, twin, llms-full.txt and in MCP get_endpoint', async () => {
  // Vonage's Redact API: `[Redact API](/redact/overview)` in its info, on developer.nexmo.com.
  const redact = added.find(({name}) => name === 'nexmo.com_redact.json.gz')!.spec;
  const absolute = 'https://developer.nexmo.com/redact/overview';
  const landing = `/api/api-reference/${redact.referenceId}`;
  const {html, twin} = built(landing);
  assert.match(
    html,
    new RegExp(`href="?${absolute.replaceAll('.', '\\.')}`),
    'its landing page links the absolute address',
  );
  assert.ok(twin.includes(`](${absolute})`) && !twin.includes('](/redact/'), twin.slice(0, 800));
  assert.ok(readFileSync(path.join(site, 'build/llms-full.txt'), 'utf8').includes(`](${absolute})`), 'llms-full.txt');
  // OpenAI's operations, `[custom voices guide](/docs/guides/text-to-speech#custom-voices)`.
  const {Endpoints} = (await import(path.join(site, 'mcp/endpoints.ts'))) as typeof EndpointsModule;
  const described = JSON.stringify(await new Endpoints().describe({api: 'openai', operationId: 'createVoiceConsent'}));
  assert.ok(
    described.includes('](https://platform.openai.com/docs/guides/text-to-speech#custom-voices)'),
    described.slice(0, 800),
  );
  assert.ok(!described.includes('](/docs/'), 'no relative link left');
});

test('descriptions of one title each have their reference, landing page and sidebar category', () => {
  // The OpenAPI Initiative's Petstores: two in 3.0, seven in Swagger 2.0 (two split over many files).
  const sameTitled = added.filter(({spec}) => String(spec.title) === 'Swagger Petstore');
  assert.equal(sameTitled.length, 6);
  assert.equal(new Set(sameTitled.map(({spec}) => spec.referenceId)).size, sameTitled.length, 'a folder each');
  for (const {spec} of sameTitled) {
    const landing = readFileSync(path.join(site, 'build/api/api-reference', spec.referenceId, 'index.html'), 'utf8');
    assert.match(landing, /<h1[^>]*>Swagger Petstore<\/h1>/, spec.referenceId);
  }
});

test('Swagger 2.0 descriptions build as published, read converted; the download is the file as published', () => {
  const swagger2 = added.filter(({name}) => name.startsWith('swagger2-'));
  assert.equal(swagger2.length, 4);
  // The build names each 2.0 file and the converter that read it.
  for (const {spec, file} of swagger2) {
    assert.ok(
      output.includes(
        `gen-api-docs: ${spec.file} is Swagger 2.0, read as OpenAPI 3.1 through @scalar/openapi-upgrader`,
      ),
      `${spec.file}: ${output.slice(0, 2000)}`,
    );
    // The download is the file as its provider publishes it, 2.0 and all.
    assert.ok(
      readFileSync(path.join(site, 'build/openapi', path.basename(spec.file))).equals(readFileSync(file)),
      spec.file,
    );
  }
});

test("Slack's Web API, Swagger 2.0 of 174 operations as published, is read converted: its formData a form body in its twin, samples and Postman request", async () => {
  const slack = corpusFiles(path.join(root, 'slack')).find(({name}) => name === slackName)!;
  const spec = {
    id: 'slack',
    file: slack.file,
    title: 'Slack Web API',
    referenceId: 'slack-web-api',
  } as unknown as OpenApiSpec;
  const doc = loadDescription(slack.file);
  assert.equal(conversionOf(doc)?.from, 'Swagger 2.0');
  const operations = operationsOf(spec, doc);
  assert.equal(operations.length, 174);
  // Every operation's samples call Slack's host; chat.postMessage's `formData` is a form body, `channel` required.
  const samples = await checkedSamples(slack.file);
  assert.equal(samples.size, 174);
  const post = operations.find(({operation}) => operation.operationId === 'chat_postMessage')!;
  post.operation['x-codeSamples'] = samples.get('chat_postMessage');
  const twin = operationMarkdown(doc, post);
  assert.match(twin, /^## Request body \(application\/x-www-form-urlencoded\)$/m);
  assert.match(twin, /^\| `channel` \| string \| yes \|/m);
  assert.match(
    twin,
    /^curl 'https:\/\/slack\.com\/api\/chat\.postMessage'[\s\S]*?-d 'channel=/m,
    'the curl sample posts the form',
  );
  // Its Postman request sends the same form.
  const collection = (await postmanCollection(spec)) as unknown as {item: CollectionItem[]};
  const request = collectionRequests(collection.item).find(
    ({request}) => request.url.path?.join('/') === 'chat.postMessage',
  );
  assert.ok(request, 'the collection has chat.postMessage');
  assert.equal(request.request.body?.mode, 'urlencoded');
  assert.ok(
    request.request.body.urlencoded?.some(({key}) => key === 'channel'),
    JSON.stringify(request.request.body).slice(0, 500),
  );
});

test('a description split over many files builds from its folder as published: its pages and twins show what its other files hold, and its download is one file', () => {
  const separate = added.filter(({name}) => name.startsWith('oai-petstore-separate-'));
  assert.equal(separate.length, 2);
  for (const {name, spec} of separate) {
    assert.match(spec.file, /^openapi\/oai-petstore-separate-(yaml|json)\/spec\/swagger\.(yaml|json)$/);
    // GET /pets: its parameters from spec/parameters.*, its answer's fields from spec/Pet.*, its error from common/Error.*.
    const {html, twin} = built(`/api/api-reference/${spec.referenceId}/find-pets`);
    const text = pageText(html);
    for (const field of ['tags', 'limit'])
      assert.match(text, new RegExp(`\\b${field}\\b`), `${name}: its page shows ${field}`);
    // Its twin: the parameters, the answer's fields (spec/Pet.*) and the error's (common/Error.*).
    for (const row of ['| `tags` | query |', '| `limit` | query |', '`name`', '`tag`', '`code`', '`message`'])
      assert.ok(twin.includes(row), `${name}: ${row} in ${twin.slice(0, 2500)}`);
    // The download: the bundle of its files, in its root's notation, that loads alone.
    const download = path.join(site, 'build', specDownloadPath(spec));
    assert.equal(specDownloadPath(spec), `/openapi/${spec.id}${path.extname(spec.file)}`);
    const bundled = readFileSync(download, 'utf8');
    assert.doesNotMatch(bundled, /\$ref["']?\s*:\s*["']?[^#"'\s]/, `${name}: no $ref to another file`);
    assert.equal(operationsOf(spec, loadDescription(download)).length, 4);
  }
});

test(
  "DigitalOcean's description, 2,850 files as published: it loads whole, lint names the file of each finding, every operation gets its samples, and its download is one file",
  {timeout: 300_000},
  async () => {
    // 659 operations: built by `npm run bench:corpus`, not here (its generation alone takes about a minute).
    const digitalocean = multifileDescriptions(path.join(root, 'digitalocean')).find(({large}) => large)!;
    assert.ok(descriptionFiles(digitalocean.file).length > 2000, 'its root reaches its files');
    const {operations} = operationsOfFile(digitalocean.file);
    assert.equal(operations.length, 659);
    const lint = lintOpenApi([digitalocean.file], {quiet: true});
    const sources = new Set(
      (lint.problems.get(digitalocean.file) ?? []).map((problem) => problem.location?.[0]?.source?.ref ?? ''),
    );
    assert.ok(
      [...sources].some((source) => /specification\/resources\/.+\.yml$/.test(source)),
      `findings named in the files they are in: ${[...sources].slice(0, 5).join(', ')}`,
    );
    assert.equal((await checkedSamples(digitalocean.file)).size, 659);
    const download = path.join(root, 'digitalocean.yaml');
    writeFileSync(download, downloadableDescription(digitalocean.file));
    assert.doesNotMatch(readFileSync(download, 'utf8'), /["']?\$ref["']?\s*:\s*["']?[^#"'\s]/, 'one file');
    assert.equal(operationsOfFile(download).operations.length, 659);
  },
);

/** A page's text without its markup, for what it says (entities of the HTML read back). */
function pageText(html: string): string {
  const named: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', nbsp: ' '};
  return html
    .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (whole, entity: string) =>
      entity.startsWith('#x') || entity.startsWith('#X')
        ? String.fromCodePoint(parseInt(entity.slice(2), 16))
        : entity.startsWith('#')
          ? String.fromCodePoint(Number(entity.slice(1)))
          : (named[entity] ?? whole),
    )
    .replace(/\s+/g, ' ');
}

/** The built page and twin of a route (`/api/api-reference/…`). */
const built = (route: string) => ({
  html: readFileSync(path.join(site, 'build', route, 'index.html'), 'utf8'),
  twin: readFileSync(path.join(site, 'build', `${route}.md`), 'utf8'),
});

/** The text of a page's header under its title: the method and path, or what a webhook or callback is. */
const endpointText = (html: string) =>
  pageText(/<pre class="?openapi__method-endpoint"?>(.*?)<\/pre>/s.exec(html)?.[1] ?? '')
    .replace(/\s+/g, ' ')
    .trim();

test('a shortened example reads alike on its page and in its twin: the same note, then the same JSON', () => {
  const reference = path.join(site, 'build/api/api-reference');
  const twins = readdirSync(reference, {recursive: true, encoding: 'utf8'})
    .filter((file) => file.endsWith('.md'))
    .filter((file) => readFileSync(path.join(reference, file), 'utf8').includes('Shortened for this page: '));
  // Mistral's OCR answer (a document's pages, each with its Markdown) is past a page's examples' budget.
  assert.ok(
    twins.some((file) => file.startsWith('mistral-ai-api/')),
    `no twin of Mistral's pages says it shortened an example: ${twins.join(', ')}`,
  );
  for (const file of twins) {
    const route = `/api/api-reference/${file.slice(0, -'.md'.length)}`;
    const {html, twin} = built(route);
    // The page prints each example's JSON in a code block, a line each (`<br>`); its text, as the twin's,
    // with its whitespace made one space.
    const codeBlocks = [...html.matchAll(/<pre[^>]*>([\s\S]*?)<\/pre>/g)].map(([, block]) =>
      pageText(block!.replace(/<br\s*\/?>/g, '\n')).trim(),
    );
    const blocks = [...twin.matchAll(/^(Shortened for this page: [^\n]+)\n\n```json\n([\s\S]*?)\n```$/gm)];
    assert.ok(blocks.length > 0, `${route}: its twin's shortened example is no note and JSON block`);
    for (const [, note, json] of blocks) {
      assert.ok(pageText(html).includes(note!), `${route}: its page does not say "${note}"`);
      const flat = json!.replace(/\s+/g, ' ').trim();
      assert.ok(
        codeBlocks.includes(flat),
        `${route}: its page prints no code block of the twin's shortened example (${flat.slice(0, 120)}…)`,
      );
      assert.ok(JSON.parse(json!), `${route}: the shortened example is JSON`);
    }
  }
});

test("every callback has a page in its API's sidebar saying whose callback it is and where it is sent, and a twin", () => {
  let callbacks = 0;
  for (const {name, spec} of added) {
    const doc = loadDescription(path.join(site, spec.file));
    const sidebar = readFileSync(path.join(site, `api/api-reference/${spec.referenceId}/sidebar.ts`), 'utf8');
    for (const {route, callback, title, method} of callbacksOf(spec, doc)) {
      callbacks += 1;
      const where = `${name} ${route}`;
      assert.ok(sidebar.includes(`id: "${route.replace('/api/', '')}"`), `${where}: in its API's sidebar`);
      const {html, twin} = built(route);
      const text = pageText(html);
      const of = callback.of.operation.summary ?? callback.of.operation.operationId;
      assert.ok(text.includes(title), `${where}: its title`);
      assert.equal(
        endpointText(html),
        `CALLBACK ${method.toUpperCase()} ${callback.expression}`,
        `${where}: its header says it is a callback, of which method and where it is sent`,
      );
      assert.ok(text.includes(`Callback ${callback.name} of ${of} (`), `${where}: whose callback it is`);
      assert.ok(text.includes(`requests to ${callback.expression}`), `${where}: where it is sent`);
      assert.ok(twin.includes(`Callback \`${callback.name}\` of [`), `${where}: its twin says whose callback it is`);
      assert.ok(twin.includes(`\`${callback.expression}\``), `${where}: its twin says where it is sent`);
      assert.ok(
        built(operationRoute(callback.of)).twin.includes(`(${route}.md)`),
        `${where}: its operation's twin links it`,
      );
    }
  }
  // The OpenAPI Initiative's callback example and tic-tac-toe.
  assert.ok(callbacks >= 2, `${callbacks} callbacks`);
});

test('operations without tags are grouped by their path in the sidebar, none under UNTAGGED', () => {
  for (const {name, spec} of added) {
    const sidebar = readFileSync(path.join(site, `api/api-reference/${spec.referenceId}/sidebar.ts`), 'utf8');
    assert.doesNotMatch(sidebar, /label: "UNTAGGED"/, name);
  }
  const petstore = added.find(({name}) => name === 'oai-petstore-expanded.yaml')!.spec;
  const sidebar = readFileSync(path.join(site, `api/api-reference/${petstore.referenceId}/sidebar.ts`), 'utf8');
  assert.match(sidebar, /label: "pets",[^\]]*id: "api-reference\/[\w-]+\/find-pets"/);
});

test('a streamed answer is said to stream, with its events and end, in its twin, llms-full.txt and get_endpoint', async () => {
  const {spec} = added.find(({name}) => name === 'streams.yaml')!;
  const doc = loadDescription(path.join(site, spec.file));
  const chat = operationsOf(spec, doc).find(({operation}) => operation.operationId === 'createChatCompletion')!;
  const said = 'As `text/event-stream`, the 200 answer streams: server-sent events';
  const {twin} = built(operationRoute(chat));
  assert.ok(twin.includes(said), twin);
  assert.match(
    twin,
    /Events, told apart by `type`:\n\n- `response\.created`: `type` always `response\.created`, `id` string\n- `response\.delta`: `type` always `response\.delta`, `index` integer, `delta` string\n- `response\.completed`: `type` always `response\.completed`, `id` string, `usage` object\n/,
  );
  assert.ok(readFileSync(path.join(site, 'build/llms-full.txt'), 'utf8').includes(said), 'llms-full.txt');
  const {Endpoints} = (await import(path.join(site, 'mcp/endpoints.ts'))) as typeof EndpointsModule;
  const answer = await new Endpoints().describe({api: spec.id, operationId: 'createChatCompletion'});
  assert.deepEqual((answer.responses as Record<string, {streams?: unknown}>)['200']?.streams, [
    {
      contentType: 'text/event-stream',
      framing: 'server-sent events',
      tellsApartBy: 'type',
      events: ['response.created', 'response.delta', 'response.completed'],
      endsWith: '[DONE]',
    },
  ]);
});

test(
  'MCP call_endpoint returns the events a streamed answer sent, in order, and how it ended',
  {timeout: 120_000},
  async () => {
    const {spec} = added.find(({name}) => name === 'streams.yaml')!;
    const sandbox = await copySandbox(
      site,
      added.filter(({name}) => name === 'streams.yaml' || name === 'openai.json.gz').map((entry) => entry.spec),
    );
    const mcp = await copyMcp(site, sandbox.origin);
    try {
      type Answer = {
        sent: boolean;
        status: number;
        body?: unknown;
        contentType?: string;
        ended?: string;
        events?: {event?: string; data: unknown}[];
      };
      const chat = (stream: boolean) =>
        mcp.call('call_endpoint', {
          // OpenAI's description, in this copy too, has an operation of that name.
          api: spec.id,
          operationId: 'createChatCompletion',
          body: {model: 'm', messages: [{role: 'user', content: 'Hello'}], stream},
          key: 'mcp-test-key',
        }) as Promise<Answer>;
      const streamed = await chat(true);
      assert.equal(streamed.contentType, 'text/event-stream', JSON.stringify(streamed));
      assert.equal(streamed.ended, 'complete');
      assert.deepEqual(
        streamed.events?.map(({event, data}) => event ?? data),
        ['response.created', 'response.delta', 'response.delta', 'response.completed', '[DONE]'],
      );
      assert.deepEqual(streamed.events?.[1]?.data, {type: 'response.delta', index: 0, delta: 'Hel'});
      const whole = await chat(false);
      assert.deepEqual(
        [whole.contentType, whole.events, Object.keys(whole.body as object).sort()],
        [undefined, undefined, ['id', 'text']],
      );
      // JSON lines, the operation's only answer: each line an event.
      const lines = (await mcp.call('call_endpoint', {
        api: spec.id,
        operationId: 'streamJobEvents',
        pathParams: {jobId: 'job_1'},
        key: 'k',
      })) as Answer;
      assert.equal(lines.contentType, 'application/x-ndjson');
      assert.deepEqual(
        lines.events?.map(({data}) => (data as {status: string}).status),
        ['queued', 'running', 'succeeded'],
      );
      // OpenAI's chat completions, streamed: its description gives no example stream, so the sandbox makes
      // one event from the event schema (a chunk), sent as a server-sent event.
      const openai = (await mcp.call('call_endpoint', {
        api: 'openai',
        operationId: 'createChatCompletion',
        body: {model: 'gpt-4o', messages: [{role: 'user', content: 'Hello'}], stream: true},
        key: 'k',
      })) as Answer;
      assert.equal(openai.contentType, 'text/event-stream', JSON.stringify(openai).slice(0, 1000));
      assert.equal(openai.ended, 'complete');
      assert.equal((openai.events?.[0]?.data as {object?: string}).object, 'chat.completion.chunk');
    } finally {
      await mcp.close();
      await sandbox.close();
    }
  },
);

test("a streamed answer's page says so under its header and lists its events, with their fields, and the example stream", () => {
  const {spec} = added.find(({name}) => name === 'streams.yaml')!;
  // Without the zero-width space of a heading's anchor.
  const chat = pageText(built(`/api/api-reference/${spec.referenceId}/create-chat-completion`).html).replace(
    /\u200b/g,
    '',
  );
  assert.ok(
    chat.includes(
      'Streams The 200 answer can come as server-sent events (text/event-stream), one event at a time. Its events',
    ),
    chat.slice(0, 2000),
  );
  assert.ok(
    chat.includes(
      'Streamed events As text/event-stream, the 200 answer streams: server-sent events, each a data: line (and an event: line where named) and a blank line, sent as they are made. Events, told apart by type: response.created: type always response.created, id string response.delta: type always response.delta, index integer, delta string',
    ),
    chat,
  );
  assert.ok(chat.includes('The stream ends with data: [DONE]. Example stream: event: response.created'), chat);
  const lines = pageText(built(`/api/api-reference/${spec.referenceId}/stream-job-events`).html);
  assert.ok(
    lines.includes('The 200 answer comes as JSON lines (application/x-ndjson), one event at a time.'),
    lines.slice(0, 2000),
  );
  // An answer that does not stream says nothing of streams.
  const plain = pageText(
    built(`/api/api-reference/${added.find(({name}) => name === 'oai-uspto.yaml')!.spec.referenceId}/perform-search`)
      .html,
  );
  assert.ok(!plain.includes('Streamed events') && !plain.includes('Streams The'), 'a page without a stream');
});

test("every streamed answer of the added descriptions (OpenAI's, Mistral's, Cohere's shapes, the fixture's) is documented as one: its page's header and Streamed events, its twin and its curl sample", () => {
  let streamed = 0;
  for (const {name, spec} of added) {
    const doc = loadDescription(path.join(site, spec.file));
    for (const entry of operationsOf(spec, doc)) {
      const streams = answerStreams(doc, entry.responses);
      if (streams.length === 0) continue;
      streamed += 1;
      const where = `${name} ${entry.operation.operationId}`;
      const {html, twin} = built(operationRoute(entry));
      const text = pageText(html).replace(/\u200b/g, '');
      for (const {status, mediaType, framing, events} of streams) {
        assert.match(
          text,
          new RegExp(
            `Streams (.*; )?The ${status} answer (can come|comes) as ${framing} \\(${mediaType.replace(/[+.]/g, '\\$&')}\\)`,
          ),
          `${where}: its header says it streams`,
        );
        const section = text.slice(text.indexOf('Streamed events As '));
        assert.ok(section.startsWith('Streamed events As '), `${where}: its Streamed events section`);
        for (const event of events) {
          assert.ok(section.includes(`${event.name}`), `${where}: its page names the event ${event.name}`);
          assert.ok(twin.includes(`- \`${event.name}\``), `${where}: its twin names the event ${event.name}`);
        }
      }
      // The samples are drawn in the browser; the twin has them as the page shows them.
      assert.match(twin, /^curl -N /m, `${where}: its curl sample prints the stream as it comes`);
    }
  }
  // OpenAI's seven streamed answers this copy keeps, Mistral's, Cohere's, the fixture's two.
  assert.ok(streamed >= 10, `${streamed} streamed answers`);
});

/** Opens the streams fixture's chat page, its explorer on the Local sandbox, and sends a call asking for a stream, as a reader does. */
async function sendStreamedChat(browser: Awaited<ReturnType<typeof streamingCopyBrowser>>, referenceId: string) {
  const page = await browser.open(`/api/api-reference/${referenceId}/create-chat-completion`);
  await page.getByRole('button', {name: 'Try it'}).click();
  await page.getByRole('radio', {name: 'Local sandbox'}).check();
  // The body's example says `"stream": false`: the reader makes it true.
  await page.locator('.openapi-explorer__playground-editor').first().getByText('false', {exact: true}).dblclick();
  await page.keyboard.type('true', {delay: 30});
  await page
    .locator('.openapi-explorer__request-form input[type="password"]')
    .first()
    .pressSequentially('k', {delay: 20});
  const failed = page.waitForEvent('requestfailed', {
    predicate: (request) => request.url().includes('/chat/completions'),
    timeout: 120_000,
  });
  failed.catch(() => undefined);
  await page.getByRole('button', {name: 'Send API Request'}).click();
  return {page, failed};
}

/** The names (or data, for an unnamed event) the explorer shows, in order. */
const shownEvents = (page: Page) =>
  page
    .locator('.openapi-stream__event-name')
    .evaluateAll((items) => items.map((item) => item.textContent?.replace(/^\d+\.\s*/, '') ?? ''));

test(
  "in the browser, the explorer shows a stream's events as they arrive; Stop (or leaving the page) closes the request; a stream that breaks shows what came and the error",
  {timeout: 600_000},
  async () => {
    const {spec} = added.find(({name}) => name === 'streams.yaml')!;
    const runs = [
      // Events far enough apart that a busy machine sees each one alone before the next.
      {options: {eventDelayMs: 2_000}, state: /^The stream ended: 5 events\.$/},
      {options: {eventDelayMs: 4_000}, state: /^Stopped: 1 event received before you stopped it\.$/},
      {options: {eventDelayMs: 2_000, breakStreamsAfter: 2}, state: /^The stream broke off after 2 events\.$/},
    ];
    for (const {options, state} of runs) {
      const sandbox = await copySandbox(site, [spec], options);
      const browser = await streamingCopyBrowser(site, sandbox.origin);
      try {
        const {page, failed} = await sendStreamedChat(browser, spec.referenceId);
        const status = page.locator('.openapi-stream__state[role="status"]');
        // The first event is shown before the stream ends: it came on its own.
        await expectText(
          status,
          /^Streaming: 1 event so far\.$/,
          `${JSON.stringify(options)}: the first event as it came`,
        );
        assert.deepEqual(await shownEvents(page), ['response.created']);
        if (options.breakStreamsAfter === undefined && options.eventDelayMs > 2_000) {
          await page.getByRole('button', {name: 'Stop'}).click();
          // The request is aborted, not left to run.
          assert.match((await failed).failure()?.errorText ?? '', /ABORTED/);
        }
        await expectText(status, state, JSON.stringify(options));
        const shown = await shownEvents(page);
        if (options.breakStreamsAfter !== undefined) {
          assert.deepEqual(shown, ['response.created', 'response.delta']);
          await expectText(page.locator('.openapi-stream__error[role="alert"]'), /^Error: /, 'the error is shown');
        } else if (options.eventDelayMs > 2_000) {
          assert.deepEqual(shown, ['response.created']);
          await page.getByRole('button', {name: 'Clear'}).click();
          await page.locator('.openapi-stream').waitFor({state: 'detached'});
          // Sent again, and the reader goes on to the next page while it streams: that aborts it too.
          const leftBehind = page.waitForEvent('requestfailed', {
            predicate: (request) => request.url().includes('/chat/completions'),
            timeout: 60_000,
          });
          await page.getByRole('button', {name: 'Send API Request'}).click();
          await expectText(status, /^Streaming: 1 event so far\.$/, 'sent again');
          await page.locator('a.pagination-nav__link--next').click();
          await page.waitForURL(/stream-job-events$/);
          assert.match((await leftBehind).failure()?.errorText ?? '', /ABORTED/);
        } else {
          assert.deepEqual(shown, [
            'response.created',
            'response.delta',
            'response.delta',
            'response.completed',
            'end of stream',
          ]);
          // The panel, as the stream left it, to axe (the page's header note too), the pointer resting
          // on Send, where the reader clicked (its hover colours once failed contrast).
          await page.getByRole('button', {name: 'Send API Request'}).hover();
          assert.deepEqual(await accessibilityProblems(page), []);
          assert.deepEqual(JSON.parse(await page.locator('.openapi-stream__event-data').nth(1).innerText()), {
            type: 'response.delta',
            index: 0,
            delta: 'Hel',
          });
        }
        await page.close();
      } finally {
        await browser.close();
        await sandbox.close();
      }
    }
  },
);

test(
  "a streamed answer's samples, read from its page as a reader selects them, print each event as it arrives from the sandbox",
  {timeout: 600_000},
  async () => {
    assertSampleToolsInstalled();
    const {spec} = added.find(({name}) => name === 'streams.yaml')!;
    const delay = 700;
    const sandbox = await copySandbox(site, [spec], {eventDelayMs: delay});
    const browser = await streamingCopyBrowser(site, sandbox.origin);
    // What each stream's events print as (an SSE event's name, [DONE]; a JSON line's status), in order.
    const pages = [
      {
        slug: 'create-chat-completion',
        printed: ['response.created', 'response.delta', 'response.delta', 'response.completed', '[DONE]'],
      },
      {slug: 'stream-job-events', printed: ['queued', 'running', 'succeeded']},
    ];
    try {
      for (const {slug, printed} of pages) {
        const page = await browser.open(`/api/api-reference/${spec.referenceId}/${slug}`);
        // Read one tab at a time, as a reader does; then run side by side (each judged by its own times).
        const samples: {lang: string; where: string; code: string}[] = [];
        for (const {lang, label} of sampleLanguages) {
          await page.locator('.openapi-code-samples').getByRole('tab', {name: label, exact: true}).click();
          const code = await renderedText(
            page.locator('.openapi-code-samples [role="tabpanel"]:not([hidden]) .theme-code-block'),
          );
          samples.push({lang, where: `${slug} (${label})`, code});
        }
        await Promise.all(
          samples.map(async ({lang, where, code}) => {
            if (lang === 'Shell') assert.match(code, /^curl -N /, `${where}: curl prints what arrives at once`);
            assert.ok(code.includes('https://api.example.com/'), `${where}: calls the description's server`);
            const run = await runSample(
              runsAs[lang]!,
              code.replaceAll('https://api.example.com', `${sandbox.origin}/apis/${spec.id}`),
              {[keyVariableOf(spec)]: 'samples-key'},
            );
            const output = `${run.stdout}\n--- stderr:\n${run.stderr.slice(-1500)}\n--- as run:\n${code}`;
            assert.equal(run.exitCode, 0, `${where}: ${output}`);
            // Each event in order, and each printed when it came: the first well before the last.
            let from = 0;
            const whenPrinted = printed.map((marker) => {
              const at = run.stdout.indexOf(marker, from);
              assert.ok(at >= 0, `${where}: ${marker} printed after the events before it: ${output}`);
              from = at + marker.length;
              let seen = 0;
              return run.printed.find((piece) => (seen += piece.text.length) > at)!.at;
            });
            // They came (n - 1) delays apart; a whole delay between first and last leaves room for a busy machine.
            const spread = whenPrinted.at(-1)! - whenPrinted[0]!;
            assert.ok(
              spread >= delay,
              `${where}: the events printed within ${Math.round(spread)} ms of each other, not as they came ${delay} ms apart`,
            );
          }),
        );
        await page.close();
      }
    } finally {
      await browser.close();
      await sandbox.close();
    }
  },
);

test('webhooks and callbacks are in llms.txt and llms-full.txt, and the MCP server lists and describes each operation, webhook and callback', async () => {
  const llms = readFileSync(path.join(site, 'build/llms.txt'), 'utf8');
  const full = readFileSync(path.join(site, 'build/llms-full.txt'), 'utf8');
  // The copy's own MCP module: its lib/openapi/specs.ts lists the added APIs.
  const {Endpoints} = (await import(path.join(site, 'mcp/endpoints.ts'))) as typeof EndpointsModule;
  const endpoints = new Endpoints();
  const listed = endpoints.list();
  let events = 0;
  for (const {name, spec} of added) {
    const doc = loadDescription(path.join(site, spec.file));
    const operations = operationsOf(spec, doc);
    for (const {operation} of operations) {
      const row = listed.find(
        (candidate) => !('kind' in candidate) && candidate.referenceUrl.endsWith(operationRoute({spec, operation})),
      );
      assert.ok(row, `${name} ${operation.operationId}: listed by list_endpoints`);
      const answer = await endpoints.describe({api: spec.id, operationId: row.operationId});
      assert.equal(answer.referenceUrl, row.referenceUrl, `${name} ${operation.operationId}: get_endpoint answers`);
    }
    for (const event of [...webhooksOf(spec, doc), ...callbacksOf(spec, doc, operations)]) {
      events += 1;
      const where = `${name} ${event.route}`;
      assert.ok(llms.includes(`${event.route}.md)`), `${where}: in llms.txt`);
      assert.ok(full.includes(`${event.route}\n`), `${where}: in llms-full.txt`);
      const row = listed.find((candidate) => 'kind' in candidate && candidate.referenceUrl.endsWith(event.route));
      assert.ok(row && 'kind' in row, `${where}: listed by list_endpoints`);
      assert.equal(row.kind, 'callback' in event ? 'callback' : 'webhook', where);
      const answer = await endpoints.describe({api: spec.id, operationId: row.operationId, method: row.method});
      assert.equal(answer.referenceUrl, row.referenceUrl, `${where}: get_endpoint answers`);
      if (event.requestBody)
        assert.ok('payload' in answer && answer.payload?.schema, `${where}: get_endpoint gives its payload`);
    }
  }
  assert.ok(events >= 8, `${events} webhooks and callbacks`);
});

/**
 * The names of a schema's fields, to four levels: properties, array items, allOf parts merged, every
 * oneOf and anyOf alternative; a schema met again within itself is not followed again.
 */
function fieldNames(doc: Document, schema: unknown, depth = 0, within: readonly string[] = []): string[] {
  const node = schema as SchemaNode | undefined;
  if (!node || depth > 3 || (node.$ref && within.includes(node.$ref))) return [];
  const inside = node.$ref ? [...within, node.$ref] : within;
  const merged = flattenSchema(doc, node);
  return [
    ...Object.entries(merged?.properties ?? {}).flatMap(([field, property]) => [
      field,
      ...fieldNames(doc, property, depth + 1, inside),
    ]),
    ...[...(merged?.oneOf ?? []), ...(merged?.anyOf ?? [])].flatMap((part) => fieldNames(doc, part, depth, inside)),
    ...fieldNames(doc, merged?.items, depth, inside),
  ];
}

/** The schema of the media type a twin documents (lib/openapi/markdown.ts): JSON where there is JSON, else the first. */
function documentedSchema(content: Record<string, {schema?: unknown}> | undefined): unknown {
  const entries = Object.entries(content ?? {});
  return (entries.find(([type]) => type === 'application/json') ??
    entries.find(([type]) => /json/.test(type)) ??
    entries[0])?.[1].schema;
}

/** The field and parameter names a reference page shows (the theme's property elements), before its callbacks. */
const pageFields = (html: string) =>
  new Set(
    [
      ...html
        .split(/ id="?callbacks[" >]/)[0]!
        .matchAll(/<strong class="?[^">]*\bopenapi-schema__property\b[^>]*>([^<]+)/g),
    ].map(([, field]) => pageText(field!).trim()),
  );
/** The parameter, field and header names of a twin's tables (of a field's dotted name, the last part). */
const twinFields = (twin: string) =>
  new Set(
    [...twin.matchAll(/^\| `([^`]+)` \| ((?:path|query|header|cookie) \|)?/gm)].map(([, field, parameter]) =>
      parameter ? field! : field!.split(/\.|\[\]\./).pop()!,
    ),
  );
/** What the theme shows as a field that is none: a map's values, a body that is one value by its type. */
const notFields = new Set(['property name*', 'string', 'number', 'integer', 'boolean', 'object', 'array']);

test("each page's HTML names every field of its parameters, body and answers, and its twin the same fields", () => {
  // Not the large descriptions (OpenAI's, Mistral's, Stripe's): from one answer they reach hundreds of
  // schemas, and a twin's table stops nesting past a bound (maxRows, lib/openapi/markdown.ts).
  for (const {name, spec} of added.filter(({large}) => !large)) {
    const doc = loadDescription(path.join(site, spec.file));
    const operations = operationsOf(spec, doc);
    const pages = [
      ...operations.map((entry) => ({...entry, route: operationRoute(entry)})),
      ...[...webhooksOf(spec, doc), ...callbacksOf(spec, doc, operations)].map((event) => ({...event, parameters: []})),
    ];
    for (const {route, parameters, requestBody, responses} of pages) {
      const where = `${name} ${route}`;
      const expected = new Set([
        ...parameters.map((parameter) => parameter.name),
        ...fieldNames(doc, documentedSchema(requestBody?.content)),
        ...Object.values(responses).flatMap((response) => fieldNames(doc, documentedSchema(response.content))),
      ]);
      const {html, twin} = built(route);
      const page = pageFields(html);
      const inTwin = twinFields(twin);
      assert.deepEqual(
        [...expected].filter((field) => !page.has(field)),
        [],
        `${where}: fields its page does not name`,
      );
      assert.deepEqual(
        [...expected].filter((field) => !inTwin.has(field)),
        [],
        `${where}: fields its twin does not name`,
      );
      assert.deepEqual(
        [...page].filter((field) => !inTwin.has(field) && !notFields.has(field)),
        [],
        `${where}: fields its page names and its twin does not`,
      );
      assert.deepEqual(
        [...inTwin].filter((field) => !page.has(field)),
        [],
        `${where}: fields its twin names and its page does not`,
      );
    }
  }
});

type CollectionItem = {
  item?: CollectionItem[];
  request: {url: {host?: string[]; path?: string[]}; body?: {mode?: string; urlencoded?: {key: string}[]}};
};
const collectionRequests = (items: CollectionItem[]): CollectionItem[] =>
  items.flatMap((item) => (item.item ? collectionRequests(item.item) : [item]));

test("each added API's landing page offers its collection and environments of its own: its server, its sandbox address", () => {
  for (const {name, spec} of added) {
    const doc = loadDescription(path.join(site, spec.file));
    const own = (doc.servers ?? []).map((server) => serverUrl(server)).find((url) => !url.includes('127.0.0.1'));
    // A server without a host (Petstore 3.1's `/api/v31`) on the placeholder host, as the samples call it.
    const callable = own === undefined ? placeholderHost : /^https?:/.test(own) ? own : `${placeholderHost}${own}`;
    const expected = [callable, `${sandboxOrigin}/apis/${spec.id}`];
    const landing = readFileSync(path.join(site, 'build/api/api-reference', spec.referenceId, 'index.html'), 'utf8');
    const files = [
      `/openapi/${spec.id}.production.postman_environment.json`,
      `/openapi/${spec.id}.sandbox.postman_environment.json`,
    ];
    for (const href of [postmanCollectionPath(spec), ...files])
      assert.ok(
        landing.includes(`href=${href}`) || landing.includes(`href="${href}"`),
        `${name}: its landing page links ${href}`,
      );
    const baseUrl = (file: string) =>
      (
        JSON.parse(readFileSync(path.join(site, 'build', file), 'utf8')) as {values?: {key: string; value: string}[]}
      ).values?.find(({key}) => key === 'baseUrl')?.value;
    assert.deepEqual(files.map(baseUrl), expected, `${name}: its environments' baseUrl`);
    const collection = JSON.parse(readFileSync(path.join(site, 'build', postmanCollectionPath(spec)), 'utf8')) as {
      variable?: {key: string; value: string}[];
      item: CollectionItem[];
    };
    assert.equal(
      collection.variable?.find(({key}) => key === 'baseUrl')?.value,
      expected[0],
      `${name}: its collection's baseUrl`,
    );
    // Every request goes to a variable both environments set (Stripe's uploads too, on a host of their own).
    const variablesOf = (file: string) =>
      (JSON.parse(readFileSync(path.join(site, 'build', file), 'utf8')) as {values: {key: string}[]}).values.map(
        ({key}) => key,
      );
    const [production, local] = files.map(variablesOf);
    const hosts = new Set(collectionRequests(collection.item).map(({request}) => request.url.host?.join('.') ?? ''));
    assert.deepEqual(
      [...hosts].filter((host) => !/^\{\{\w+\}\}$/.test(host) || !production!.includes(host.slice(2, -2))),
      [],
      `${name}: hosts its requests name that its environments do not set`,
    );
    assert.deepEqual(production, local, `${name}: its two environments set the same variables`);
    // What the converter writes for a value it cannot serialise (Stripe's arrays): none is left.
    const text = readFileSync(path.join(site, 'build', postmanCollectionPath(spec)), 'utf8');
    assert.equal(text.match(/.{0,80}<Error:[^"]*/)?.[0], undefined, `${name}: its collection`);
  }
});

test(
  "each added API's Postman collection, as built, passes Newman against the sandbox",
  {timeout: 600_000},
  async () => {
    const sandbox = await copySandbox(
      site,
      added.map(({spec}) => spec),
    );
    try {
      // Answers the sandbox can make no body for that fits the schema are marked so, and fail that test
      // alone. Not the large descriptions (OpenAI's, Mistral's: 576 requests, 70 s here):
      // tests/slow/sandbox-postman-corpus.test.ts runs their collections through Newman whole.
      for (const {spec} of added.filter(({large}) => !large)) {
        const doc = loadDescription(path.join(site, spec.file));
        const collection: unknown = JSON.parse(
          readFileSync(path.join(site, 'build', postmanCollectionPath(spec)), 'utf8'),
        );
        await assertNewmanRun(spec, doc, collection, sandbox.origin);
      }
    } finally {
      await sandbox.close();
    }
  },
);

test(
  "MCP call_endpoint, through the copy's MCP server, calls each added API in the sandbox and gets its answer",
  {timeout: 600_000},
  async () => {
    const sandbox = await copySandbox(
      site,
      added.map(({spec}) => spec),
    );
    const mcp = await copyMcp(site, sandbox.origin);
    let called = 0;
    try {
      for (const {spec} of added) {
        const operations = operationsOf(spec, loadDescription(path.join(site, spec.file)));
        // A call that needs no body and no value but its path's: each path parameter its example, else one made from its schema.
        const plain = operations.find(
          (operation) =>
            !operation.requestBody &&
            operation.parameters.every(({required, in: where}) => !required || where === 'path'),
        );
        if (!plain) continue;
        const pathParams = Object.fromEntries(
          plain.parameters
            .filter((parameter) => parameter.in === 'path')
            .map((parameter) => [
              parameter.name,
              String(parameter.example ?? sample((parameter.schema ?? {}) as never)),
            ]),
        );
        const answer = (await mcp.call('call_endpoint', {
          // The OpenAPI Initiative's 3.0 and 2.0 examples share operationIds: the API says which.
          api: spec.id,
          operationId: plain.operation.operationId,
          pathParams,
          key: 'mcp-test-key',
        })) as {
          sent: boolean;
          status: number;
          request: string;
        };
        assert.ok(answer.sent && answer.status >= 200 && answer.status < 300, `${spec.id}: ${JSON.stringify(answer)}`);
        assert.ok(answer.request.includes(`/apis/${spec.id}/`), answer.request);
        called += 1;
      }
      // Without the API, an operationId two APIs have is refused, naming both, not sent to either.
      await assert.rejects(
        mcp.call('call_endpoint', {operationId: 'listVersionsv2', key: 'mcp-test-key'}),
        /listVersionsv2 is an operation of 2 APIs \(oai-api-with-examples, swagger2-oai-api-with-examples\): give api/,
      );
      // Bodies other than JSON, as get_endpoint names them and call_endpoint encodes them: a form (with a
      // deepObject field) and a multipart upload with its file; each checked, then sent.
      const forms = [
        [
          'createToken',
          {grant_type: 'client_credentials', metadata: {order: 6735}},
          'application/x-www-form-urlencoded',
        ],
        ['uploadFile', {file: 'a,b\n', purpose: 'training'}, 'multipart/form-data'],
      ] as const;
      for (const [operationId, body, contentType] of forms) {
        const described = (await mcp.call('get_endpoint', {api: 'auth-and-bodies', operationId})) as {
          requestBody?: {contentType: string; schema?: unknown};
        };
        assert.equal(described.requestBody?.contentType, contentType, `${operationId}: get_endpoint's body`);
        assert.ok(described.requestBody?.schema, `${operationId}: get_endpoint's body schema`);
        type Answer = {sent: boolean; status: number; body: {detail?: {loc: string[]}[]}};
        const answer = (await mcp.call('call_endpoint', {operationId, body, key: 'user:secret'})) as Answer;
        assert.ok(
          answer.sent && answer.status >= 200 && answer.status < 300,
          `${operationId}: ${JSON.stringify(answer)}`,
        );
        const {[Object.keys(body)[0]!]: _left, ...without} = body as Record<string, unknown>;
        const refused = (await mcp.call('call_endpoint', {operationId, body: without, key: 'user:secret'})) as Answer;
        assert.deepEqual(
          [refused.sent, refused.status, refused.body.detail?.[0]?.loc],
          [false, 422, ['body', Object.keys(body)[0]]],
          `${operationId}: a body without its first field`,
        );
      }
    } finally {
      await mcp.close();
      await sandbox.close();
    }
    assert.ok(called > 0, 'no API had a call to make');
  },
);

/** Each `circular(Title)` the theme writes on a page, with the target of the link under it, if any. */
function repeatsOf(html: string): {title: string; at: number; target?: string}[] {
  return [...html.matchAll(/>circular\(([^)<]*)\)</g)].map((match) => {
    // The link follows the field's own markup, before the next field opens.
    const after = html.slice(match.index, match.index + 600).split(/class="?openapi-anchor/)[0]!;
    const target = /class="?openapi-schema__repeats"? href="?#([^"\s>]+)/.exec(after)?.[1];
    return {title: match[1]!, at: match.index, target};
  });
}

/** The link of each schema a page names only (past its budget, lib/openapi/plugin-input.ts): its page, or none. */
function namedOnlyLinks(html: string): (string | undefined)[] {
  return [...html.matchAll(/not shown in full (?:here|on this page)[^<]*(?:<a href="?([^" >]+)"?)?/g)].map(
    ([, href]) => href,
  );
}

test('every schema that contains itself links to where its fields are shown above it, and one named only to a page that shows it', () => {
  let repeats = 0;
  let linked = 0;
  let unlinked = 0;
  for (const {name, spec} of added) {
    const folder = path.join(site, 'build/api/api-reference', spec.referenceId);
    for (const entry of readdirSync(folder, {withFileTypes: true})) {
      const file = path.join(folder, entry.name, 'index.html');
      if (!entry.isDirectory() || !existsSync(file)) continue;
      const html = readFileSync(file, 'utf8');
      for (const {title, at, target} of repeatsOf(html)) {
        const where = `${name} /${path.relative(path.join(site, 'build'), path.dirname(file))}: circular(${title})`;
        assert.ok(target, `${where} has no link to where ${title} is shown`);
        const shown = html.search(new RegExp(`id="?${target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[" >]`));
        assert.ok(shown >= 0 && shown < at, `${where} links to #${target}, which is not an element above it`);
        repeats += 1;
      }
      for (const href of namedOnlyLinks(html)) {
        if (href === undefined) {
          unlinked += 1;
          continue;
        }
        const page = path.join(site, 'build', href.split('#')[0]!, 'index.html');
        assert.ok(existsSync(page), `${name} ${entry.name}: a schema named only links to ${href}, which is no page`);
        linked += 1;
      }
    }
  }
  // Stripe's, Mistral's and the recursion reports' descriptions have hundreds.
  assert.ok(repeats > 100, `only ${repeats} schemas that contain themselves`);
  // A schema no page shows (each page's budget spent before reaching it, or shown only on the pages of
  // the large descriptions that the copy leaves out) is named only, with no link: 2,661 link and 2,889
  // do not in the copy of 2026-11-27.
  assert.ok(linked >= 1000, `${linked} schemas named only link to a page that shows them, ${unlinked} do not`);
  console.log(`schemas named only: ${linked} linked to a page that shows them, ${unlinked} shown on no page`);
});

/**
 * One page per shape (a callback's too), in Chromium: its explorer opened, the local sandbox chosen, credentials given
 * where the call needs them, and the request answered by the sandbox with a success the page shows.
 */
const shapes = [
  // The body starts from the first alternative (a cat: `indoor`, no dog's `breed`).
  {shape: 'polymorphic body', id: 'plugin-1241-polymorphic-body', page: 'create-pet', body: /"indoor"/},
  {shape: 'recursive schema', id: 'plugin-1295-recursive-inlining', page: 'list-checks'},
  // Sent to the sandbox as the API would send it, received as the reader's server would.
  {shape: 'webhook', id: 'oai-webhook-example', page: 'new-pet'},
  {shape: 'callback', id: 'oai-callback-example', page: 'post-streams-on-data-callback'},
  {
    shape: 'form body',
    id: 'auth-and-bodies',
    page: 'create-token',
    basic: true,
    form: {grant_type: 'client_credentials'},
  },
  {shape: 'bearer auth', id: 'streams', page: 'create-chat-completion', bearer: true},
  // A multipart upload: its `file` part is required, the reader picks one.
  {
    shape: 'multipart body',
    id: 'openai',
    page: 'create-file',
    bearer: true,
    form: {purpose: 'user_data'},
    upload: {name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Delivered on 2026-11-26.\n')},
  },
  // Twilio's path names a server of its own: the sandbox is offered beside it.
  {
    shape: 'server of its own, form body',
    id: 'twilio-com-twilio-flex-v2',
    page: 'create-web-channel',
    basic: true,
    fill: {AddressSid: 'IG00000000000000000000000000000000'},
  },
];

/** An index line of a landing page past its card limit: its group's label and first page, its size. */
type IndexLine = {label: string; href: string; count: string};

test(
  "a landing page past its API's operationCards lists its groups as its sidebar has them, in its HTML, in the browser and in its twin; with cards, as served; only a page of more cards than the lean props hold loads the whole props",
  {timeout: 300_000},
  async () => {
    const scriptsDir = path.join(site, 'build/assets/js');
    // The docs versions' whole props (every sidebar entry of the version), which only pages listing a category's entries load.
    const wholeVersions = readdirSync(scriptsDir)
      .filter((name) => /^version-[0-9a-f]{8}\.[0-9a-f]{8}\.js$/.test(name))
      .map((name) => `/assets/js/${name}`);
    assert.ok(
      wholeVersions.length > 0,
      'the copy has no docs version props of their own: its API pages are not sharded',
    );
    const sandbox = await copySandbox(site, []);
    const browser = await copyBrowser(site, sandbox.origin);
    try {
      let wholeLoads = 0;
      const watch = (page: Page) =>
        page.on('request', (request) => {
          if (wholeVersions.includes(new URL(request.url()).pathname)) wholeLoads += 1;
        });
      for (const name of ['openai.json.gz']) {
        const {spec} = added.find((entry) => entry.name === name)!;
        const landing = `/api/api-reference/${spec.referenceId}`;
        const {html, twin} = built(landing);
        const twinSection = twin.slice(
          twin.indexOf('## Operations'),
          twin.indexOf('\n## ', twin.indexOf('## Operations') + 1),
        );
        const twinLines = [...twinSection.matchAll(/^- \[(.*)\]\((\/[^)]*)\.md\): (\d+ operations?)$/gm)].map(
          ([, label, href, count]): IndexLine => ({label: label!.replace(/\s+/g, ' '), href: href!, count: count!}),
        );
        assert.ok(twinLines.length > 1, `${name}: its twin lists no groups: ${twinSection.slice(0, 300)}`);
        assert.equal(twinLines.length, twinSection.split('\n').filter((line) => line.startsWith('- ')).length, name);
        // As served: the list after the section's heading (minified, SPEED_OFF=unminified-html: no closing
        // `</li>`, no quotes a value needs none of).
        const list = html.slice(html.search(/id="?operations[">]/), html.search(/id="?local-sandbox[">]/));
        const items = list
          .slice(list.indexOf('<ul'), list.indexOf('</ul>'))
          .split(/<li[ >]/)
          .slice(1);
        const served = items.map((item): IndexLine => {
          const link = /<a [^>]*?href=(?:"([^"]*)"|([^ >]+))[^>]*>(.*?)<\/a>/.exec(item);
          return {
            label: pageText(link?.[3] ?? '').trim(),
            href: link?.[1] ?? link?.[2] ?? '',
            // What follows the link: the group's size.
            count: pageText(item.slice(item.indexOf('</a>') + '</a>'.length)).trim(),
          };
        });
        assert.deepEqual(served, twinLines, `${name}: its page's HTML lists what its twin lists`);

        // Opened directly, then reached from one of its operation pages through the sidebar.
        const shown = (page: Page) =>
          page
            .locator('h2#operations ~ ul')
            .first()
            .locator(':scope > li')
            .evaluateAll((items) =>
              items.map((item) => ({
                label: item.querySelector('a')!.textContent!.replace(/\s+/g, ' ').trim(),
                href: item.querySelector('a')!.getAttribute('href')!,
                count: item.querySelector('a')!.nextElementSibling?.textContent?.trim() ?? '',
              })),
            );
        const direct = await browser.open(landing, watch);
        await direct.waitForLoadState('networkidle');
        assert.deepEqual(await shown(direct), twinLines, `${name}: opened, its page lists what its twin lists`);
        await direct.close();
        const last = twinLines.at(-1)!;
        const page = await browser.open(last.href, watch);
        await page.evaluate(() => Object.assign(window, {sameDocument: true}));
        await page.locator(`aside.theme-doc-sidebar-container a.menu__link[href="${landing}"]`).first().click();
        await page.waitForURL(`**${landing}`);
        await page.locator('h2#operations ~ ul li').first().waitFor();
        assert.deepEqual(await shown(page), twinLines, `${name}: reached from ${last.href}`);
        assert.equal(await page.evaluate(() => (window as {sameDocument?: boolean}).sameDocument), true, 'no reload');
        assert.equal(wholeLoads, 0, `${name}: its landing page loaded the docs version's whole props`);
        // A line leads to its group's first page.
        await page.locator(`h2#operations ~ ul a[href="${last.href}"]`).click();
        await page.waitForURL(`**${last.href}`);
        await page.locator('h1').first().waitFor();
        await page.close();
      }
      // Cards: Mistral's landing page (288 operations, within 300: a card each, under 49 groups, more than
      // the lean props hold, which its shard brings whole) and the reference's category index (a card
      // per API, more than the lean props hold: it loads the whole props).
      const mistral = added.find((entry) => entry.name === 'mistral.json.gz')!.spec;
      const normalized = (texts: string[]) => texts.map((text) => text.replace(/\s+/g, ' ').trim());
      for (const [route, loadsWhole] of [
        [`/api/api-reference/${mistral.referenceId}`, false],
        ['/api/category/api-reference', true],
      ] as const) {
        const served = normalized(
          [
            ...readFileSync(path.join(site, 'build', route, 'index.html'), 'utf8').matchAll(
              /theme-doc-card-description[^>]*>([^<]*)</g,
            ),
          ].map(([, text]) => pageText(text!)),
        );
        assert.ok(served.length > serverSidebarLimit, `${route}: ${served.length} cards`);
        wholeLoads = 0;
        const page = await browser.open(route, watch);
        await page.waitForLoadState('networkidle');
        const cards = page.locator('.theme-doc-card-description');
        assert.deepEqual(
          normalized(await cards.evaluateAll((all) => all.map((card) => card.textContent!))),
          served,
          route,
        );
        assert.equal(wholeLoads > 0, loadsWhole, `${route}: the whole props loaded ${wholeLoads} times`);
        await page.close();
      }
    } finally {
      await browser.close();
      await sandbox.close();
    }
  },
);

test(
  'pages whose answer is an array at its root hydrate as rendered (no <li> nested in <li>); a schema that contains itself links to its fields',
  {timeout: 300_000},
  async () => {
    const sandbox = await copySandbox(site, []);
    const browser = await copyBrowser(site, sandbox.origin);
    try {
      // USPTO's search answers an array of objects.
      const uspto = added.find(({name}) => name === 'oai-uspto.yaml')!.spec;
      await (await browser.open(`/api/api-reference/${uspto.referenceId}/perform-search`)).close();
      const html = readFileSync(
        path.join(site, 'build/api/api-reference', uspto.referenceId, 'perform-search/index.html'),
        'utf8',
      );
      assert.match(html, /Array \[/, 'the page shows its answer as an array');
      // A tree node's `parent` is a tree node: its link leads to the body's fields, scrolled into view.
      const circular = added.find(({name}) => name === 'plugin-720-circular-ref.yaml')!.spec;
      const page = await browser.open(`/api/api-reference/${circular.referenceId}/create-node`);
      const link = page.locator('#request-body-parent .openapi-schema__repeats');
      await link.click();
      await page.waitForURL(/#request-body$/);
      const body = page.locator('#request-body');
      await body.locator('#request-body-name').waitFor({state: 'visible'});
      assert.ok(await body.evaluate((element) => element.getBoundingClientRect().top < window.innerHeight));
      await page.close();
    } finally {
      await browser.close();
      await sandbox.close();
    }
  },
);

test(
  "in the browser, one page per shape sends its explorer's request to the sandbox and shows the answer",
  {timeout: 600_000},
  async () => {
    const sandbox = await copySandbox(
      site,
      added.map(({spec}) => spec),
    );
    const browser = await copyBrowser(site, sandbox.origin);
    try {
      for (const {shape, id, page: slug, body, basic, bearer, form, fill, upload} of shapes) {
        const {spec} = added.find((entry) => entry.spec.id === id)!;
        const page = await browser.open(`/api/api-reference/${spec.referenceId}/${slug}`);
        await page.getByRole('button', {name: 'Try it'}).click();
        await page.getByRole('radio', {name: 'Local sandbox'}).check();
        const request = page.locator('.openapi-explorer__request-form');
        if (body) await expectText(request, body, shape);
        if (basic) {
          await request.getByLabel('Username').fill('user');
          await request.getByLabel('Password').fill('secret');
        }
        if (bearer) await request.getByLabel('Bearer Token').fill('explorer-test-token');
        for (const [field, value] of Object.entries(form ?? {}))
          await request
            .locator('.openapi-explorer__form-item')
            .filter({hasText: field})
            .locator('select')
            .selectOption(value);
        for (const [field, value] of Object.entries(fill ?? {}))
          await request.getByRole('textbox', {name: field, exact: true}).fill(value);
        if (upload) await request.locator('input[type="file"]').setInputFiles(upload);
        const base = `${sandboxOrigin}/apis/${id}/`;
        const answered = page.waitForResponse(
          (response) => response.url().startsWith(base) && response.request().method() !== 'OPTIONS',
        );
        await page.getByRole('button', {name: 'Send API Request'}).click();
        const response = await answered;
        assert.ok(
          response.status() >= 200 && response.status() < 300,
          `${shape}: ${response.status()} ${await response.text()}`,
        );
        await expectText(
          page.locator('.openapi-explorer__response-container'),
          new RegExp(`${response.status()}`),
          shape,
        );
        await page.close();
      }
    } finally {
      await browser.close();
      await sandbox.close();
    }
  },
);

/** The explorer's security scheme select, set to `scheme` (the theme lists one option per way to authorize). */
async function chooseScheme(page: Page, scheme: string): Promise<void> {
  await page.locator('.openapi-explorer__request-form select').first().selectOption({label: scheme});
}

/** Errors a page logs (a Content-Security-Policy violation is one). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test(
  "in the browser, an OAuth2 description's token comes from the sandbox's authorization server: client credentials, and the authorization code flow with PKCE through its sign-in window",
  {timeout: 300_000},
  async () => {
    // The OpenAPI Initiative's tic-tac-toe example declares both flows, unedited.
    const {spec} = added.find(({name}) => name === 'oai-tictactoe.yaml')!;
    // The page may call its token endpoint (the sandbox's is already allowed as a server).
    const policy = /connect-src [^;]*/.exec(readFileSync(path.join(site, 'build/_headers'), 'utf8'))?.[0] ?? '';
    // Each description's token endpoints (tic-tac-toe's and the auth fixture's): neither lists them as a server.
    for (const origin of ['https://learn.openapis.org', 'https://auth.example.com'])
      assert.ok(policy.split(' ').includes(origin), `the CSP's connect-src admits the token endpoint ${origin}`);
    const sandbox = await copySandbox(site, [spec]);
    // Through a proxy, so that the sign-in window reaches the sandbox at its documented address too.
    const browser = await streamingCopyBrowser(site, sandbox.origin);
    try {
      // Client credentials, on a 390 px phone in dark mode.
      const board = await browser.open(`/api/api-reference/${spec.referenceId}/get-board?docusaurus-theme=dark`);
      const boardErrors = consoleErrors(board);
      await board.setViewportSize({width: 390, height: 844});
      await board.getByRole('button', {name: 'Try it'}).click();
      await board.getByRole('radio', {name: /Local sandbox/}).check();
      await chooseScheme(board, 'app2AppOauth');
      const flows = board.locator('.openapi-explorer__oauth2-flows');
      await expectText(flows, /OAuth 2\.0, client credentials \(the local sandbox\)/, 'client credentials form');
      const issued = board.waitForResponse((response) => response.url() === `${sandboxOrigin}/oauth2/token`);
      await flows.getByRole('button', {name: 'Get a token'}).click();
      const granted = (await (await issued).json()) as {access_token: string; scope: string};
      assert.equal(granted.scope, 'board:read', 'the scope the operation asks for');
      await expectText(flows.getByRole('status'), /Token received .* board:read/, 'client credentials token');
      const tokenField = board.locator('.openapi-explorer__request-form').getByLabel('Bearer Token');
      assert.equal(await tokenField.inputValue(), granted.access_token, 'the token is in the field, held like a key');
      assert.deepEqual(await accessibilityProblems(board, '.openapi-explorer__oauth2-flows'), []);
      assert.ok(
        await board.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        'nothing wider than the phone',
      );
      const sent = board.waitForRequest((request) => request.url().endsWith('/board') && request.method() === 'GET');
      await board.getByRole('button', {name: 'Send API Request'}).click();
      assert.equal((await sent).headers().authorization, `Bearer ${granted.access_token}`);
      assert.deepEqual(boardErrors, []);

      // The authorization code flow with PKCE, on a desktop in light mode: sign in, consent, back.
      const square = await browser.open(`/api/api-reference/${spec.referenceId}/put-square`);
      const squareErrors = consoleErrors(square);
      await square.getByRole('button', {name: 'Try it'}).click();
      await square.getByRole('radio', {name: /Local sandbox/}).check();
      await chooseScheme(square, 'user2AppOauth');
      const codeFlow = square.locator('.openapi-explorer__oauth2-flows');
      // The operation asks for board:write: that scope is ticked, the other not.
      assert.equal(await codeFlow.getByRole('checkbox', {name: /board:write/}).isChecked(), true);
      assert.equal(await codeFlow.getByRole('checkbox', {name: /board:read/}).isChecked(), false);
      const asked: string[] = [];
      square.context().on('request', (request) => {
        if (request.url().startsWith(`${sandboxOrigin}/oauth2/`))
          asked.push(`${request.method()} ${request.url()} ${request.postData() ?? ''}`);
      });
      const opened = square.waitForEvent('popup');
      const exchanged = square.waitForResponse((response) => response.url() === `${sandboxOrigin}/oauth2/token`);
      // By keyboard, as a reader without a mouse would.
      await codeFlow.getByRole('button', {name: 'Authorize'}).focus();
      await square.keyboard.press('Enter');
      const signIn = await opened;
      // Listened for before it can happen: the window closes itself once the site has the answer.
      const closed = new Promise((resolve) => signIn.once('close', resolve));
      // The sandbox's sign-in page takes any name, then asks to consent to the scope.
      await signIn.locator('input[name="login"]').fill('ada');
      await signIn.locator('input[name="password"]').fill('any password');
      await signIn.locator('button[type="submit"]').click();
      await signIn
        .locator('button[type="submit"]')
        .filter({hasText: /continue/i})
        .click();
      const token = (await (await exchanged).json()) as {access_token: string; scope: string};
      assert.equal(token.scope, 'board:write');
      await Promise.race([
        closed,
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error('the sign-in window did not close itself in 30 s')), 30_000).unref(),
        ),
      ]);
      const authorize = asked.find((line) => line.startsWith(`GET ${sandboxOrigin}/oauth2/auth?`))!;
      const query = new URL(authorize.split(' ')[1]!).searchParams;
      assert.equal(query.get('code_challenge_method'), 'S256');
      assert.match(query.get('code_challenge') ?? '', /^[\w-]{43}$/);
      assert.equal(query.get('redirect_uri'), `${new URL(square.url()).origin}/oauth2-callback`);
      const exchange = asked.find((line) => line.startsWith(`POST ${sandboxOrigin}/oauth2/token`))!;
      assert.match(exchange, /grant_type=authorization_code/);
      assert.match(exchange, /code_verifier=[\w-]{43}/);
      await expectText(codeFlow.getByRole('status'), /Token received .* board:write/, 'authorization code token');
      assert.deepEqual(await accessibilityProblems(square, '.openapi-explorer__oauth2-flows'), []);
      const put = square.waitForRequest((request) => request.method() === 'PUT');
      await square.getByRole('button', {name: 'Send API Request'}).click();
      assert.equal((await put).headers().authorization, `Bearer ${token.access_token}`);
      assert.deepEqual(squareErrors, []);
    } finally {
      await browser.close();
      await sandbox.close();
    }
  },
);

test(
  "in the browser, a server's variables are fields of the explorer, its enum a list; the choice is remembered for the API, and the samples and the call follow it",
  {timeout: 300_000},
  async () => {
    // USPTO's Data Set API (the OpenAPI Initiative's example), unedited: `{scheme}://developer.uspto.gov/ds-api`.
    const {spec} = added.find(({name}) => name === 'oai-uspto.yaml')!;
    const sandbox = await copySandbox(site, [spec]);
    const browser = await copyBrowser(site, sandbox.origin);
    try {
      const page = await browser.open(`/api/api-reference/${spec.referenceId}/list-data-sets`);
      const errors = consoleErrors(page);
      const sent: string[] = [];
      await page.route('http://developer.uspto.gov/**', (route) => {
        sent.push(route.request().url());
        return route.fulfill({
          status: 200,
          headers: {'access-control-allow-origin': '*', 'content-type': 'application/json'},
          body: '{"total": 0, "apis": []}',
        });
      });
      const curl = () =>
        page
          .locator('.openapi-code-samples [role="tabpanel"]:not([hidden])')
          .filter({hasText: 'curl'})
          .locator('pre')
          .innerText();
      assert.match(await curl(), /curl[^\n]*'https:\/\/developer\.uspto\.gov\/ds-api\//);
      await page.getByRole('button', {name: 'Try it'}).click();
      const scheme = page.locator('.openapi-explorer__request-form').getByLabel(/^scheme/);
      // The explorer loads on first use.
      await scheme.waitFor();
      assert.deepEqual(await scheme.locator('option').allTextContents(), ['https', 'http']);
      assert.equal(await scheme.inputValue(), 'https');
      // By keyboard: the list takes the arrow keys.
      await scheme.focus();
      await page.keyboard.press('ArrowDown');
      await expectText(
        page.locator('.openapi-code-samples'),
        /curl[^\n]*'http:\/\/developer\.uspto\.gov\/ds-api\//,
        'the sample follows the variable',
      );
      // The field shows what the call will use (it once showed the description's default whatever was chosen).
      assert.equal(await scheme.inputValue(), 'http');
      await page.getByRole('button', {name: 'Send API Request'}).click();
      await expectText(page.locator('.openapi-explorer__response-container'), /200/, 'the call to the chosen scheme');
      assert.equal(sent[0], 'http://developer.uspto.gov/ds-api/');
      assert.deepEqual(await accessibilityProblems(page, '.openapi-explorer__request-form'), []);
      assert.deepEqual(errors, []);
      // Another operation of the API: remembered before the explorer opens, and in it.
      await page.goto(`/api/api-reference/${spec.referenceId}/list-searchable-fields`);
      await page.locator('html[data-has-hydrated="true"]').waitFor({timeout: 60_000});
      await expectText(
        page.locator('.openapi-code-samples'),
        /curl[^\n]*'http:\/\/developer\.uspto\.gov\/ds-api\//,
        'remembered for the API',
      );
      await page.getByRole('button', {name: 'Try it'}).click();
      assert.equal(
        await page
          .locator('.openapi-explorer__request-form')
          .getByLabel(/^scheme/)
          .inputValue(),
        'http',
      );
    } finally {
      await browser.close();
      await sandbox.close();
    }
  },
);

test("OpenAPI 3.2 builds: QUERY and COPY have their pages, samples and twins; a querystring its fields; data and as-sent examples; the device flow; every page of the Initiative's documents", () => {
  assert.equal(status, 0, output.slice(-3000));
  assert.match(
    output,
    /gen-api-docs: openapi\/showcase\.yaml is OpenAPI 3\.2, read as OpenAPI 3\.1 through lib\/openapi\/openapi32\.ts/,
  );
  const {spec} = added.find(({name}) => name === showcase.name)!;
  const html = (slug: string) =>
    readFileSync(path.join(site, 'build/api/api-reference', spec.referenceId, slug, 'index.html'), 'utf8');
  const twin = (slug: string) =>
    readFileSync(path.join(site, 'build/api/api-reference', spec.referenceId, `${slug}.md`), 'utf8');
  for (const [slug, method] of [
    ['search-items', 'QUERY'],
    ['copy-item', 'COPY'],
  ] as const) {
    assert.match(html(slug), new RegExp(`class="badge badge--secondary">${method}<`), `${slug}: its method's badge`);
    assert.match(twin(slug), new RegExp(`^curl -X ${method} `, 'm'), `${slug}: its twin's curl sample`);
    assert.match(
      twin(slug),
      new RegExp(`^\`${method} https://api\\.showcase\\.test/v1/items`, 'm'),
      `${slug}: its twin`,
    );
  }
  // The badge tag: a label under the header, in the twin too.
  assert.match(
    html('search-items'),
    /class="?openapi__labels"?><span class="badge badge--secondary" title="?badge"?>Beta<\/span>/,
  );
  assert.match(twin('copy-item'), /^Labels: Beta \(badge\)$/m);
  // The querystring's form fields are query parameters: shown, and in the sample's URL.
  assert.match(html('list-items'), /href="?#request-query-colour/);
  assert.match(html('list-items'), /href="?#request-query-limit/);
  assert.match(twin('list-items'), /^curl 'https:\/\/api\.showcase\.test\/v1\/items\?colour=red&limit=10'/m);
  assert.match(twin('list-items'), /^\| `colour` \| query \| yes \|/m);
  // `dataValue` and `serializedValue`: the data, and the bytes as sent.
  assert.match(twin('copy-item'), /Example: A green copy\n\n```json\n\{\n {2}"name": "Green apple"\n\}\n```/);
  assert.match(twin('copy-item'), /Example: A green copy \(as sent\)\n\n```json\n"name=Green\+apple"\n```/);
  // A stream whose events `itemSchema` describes, in SSE and in JSON lines by a reusable media type.
  assert.match(html('stream-changes'), /id="?streamed-events/);
  assert.match(twin('stream-changes'), /text\/event-stream/);
  assert.match(twin('stream-changes'), /application\/jsonl/);
  // The OAuth2 device authorization flow is listed with the other flows on the landing page.
  const landing = readFileSync(path.join(site, 'build/api/api-reference', spec.referenceId, 'index.html'), 'utf8');
  assert.match(
    landing,
    /OAuth Flow \(deviceAuthorization\):.*Device authorization URL: https:\/\/auth\.showcase\.test\/device/s,
  );
  assert.match(landing, /OAuth Flow \(clientCredentials\):/);
  // Every operation and webhook of the Initiative's documents has its page and twin.
  for (const {spec: each} of added.filter(({name}) => openApi32Built.some((built) => built.name === name))) {
    const doc = loadDescription(path.join(site, each.file));
    for (const {operation} of operationsOf(each, doc)) {
      const slug = kebabCase(operation.operationId);
      assert.ok(
        existsSync(path.join(site, 'build/api/api-reference', each.referenceId, slug, 'index.html')),
        `${each.id} ${slug}`,
      );
      assert.ok(
        existsSync(path.join(site, 'build/api/api-reference', each.referenceId, `${slug}.md`)),
        `${each.id} ${slug}.md`,
      );
    }
  }
});

test(
  "in the browser, a 3.2 reference: nested tags are nested sidebar categories, a badge tag none; the explorer calls a QUERY operation on the sandbox and sends the querystring's fields",
  {timeout: 300_000},
  async () => {
    const {spec} = added.find(({name}) => name === showcase.name)!;
    const sandbox = await copySandbox(site, [spec]);
    const browser = await copyBrowser(site, sandbox.origin);
    try {
      const page = await browser.open(`/api/api-reference/${spec.referenceId}/search-items`);
      const errors = consoleErrors(page);
      // The page's place in the sidebar: Catalogue, then Items under it; no category for the badge.
      const sidebar = page.locator('.theme-doc-sidebar-menu');
      const active = sidebar.locator('a[aria-current="page"]');
      await active.waitFor();
      const categories = await active.evaluate((link) => {
        const labels: string[] = [];
        for (let node = link.parentElement; node; node = node.parentElement)
          if (node.matches('li.theme-doc-sidebar-item-category'))
            labels.unshift(node.querySelector(':scope > div .menu__link')?.textContent?.trim() ?? '');
        return labels;
      });
      assert.deepEqual(categories.slice(-2), ['Catalogue', 'Items']);
      assert.equal(await sidebar.getByText('Beta', {exact: true}).count(), 0, 'a badge tag is no category');
      // The curl sample, as a reader reads it on the page, calls QUERY.
      const curl = page
        .locator('.openapi-code-samples [role="tabpanel"]:not([hidden])')
        .filter({hasText: 'curl'})
        .locator('pre');
      await expectText(curl, /curl -X QUERY 'https:\/\/api\.showcase\.test\/v1\/items'/, 'the QUERY sample');
      // The explorer calls it with the QUERY method, its body the example's data, and shows the answer.
      await page.getByRole('button', {name: 'Try it'}).click();
      await page.getByRole('radio', {name: 'Local sandbox'}).check();
      // The API key (its field is a password field); the sandbox takes any.
      await page.locator('input[type="password"]').first().fill('explorer-test-key');
      const searched = page.waitForResponse((response) => response.url().endsWith('/items'));
      await page.getByRole('button', {name: 'Send API Request'}).click();
      const search = await searched;
      assert.equal(search.request().method(), 'QUERY');
      assert.deepEqual(search.request().postDataJSON(), {text: 'apple', limit: 5});
      assert.equal(search.status(), 200, await search.text());
      await expectText(page.locator('.openapi-explorer__response-container'), /200 OK/, 'the QUERY answer');
      // The querystring's fields, filled as a reader fills them, are sent in the query string.
      await page.goto(`/api/api-reference/${spec.referenceId}/list-items`);
      await page.locator('html[data-has-hydrated="true"]').waitFor({timeout: 60_000});
      await page.getByRole('button', {name: 'Try it'}).click();
      await page.getByRole('radio', {name: 'Local sandbox'}).check();
      const form = page.locator('.openapi-explorer__request-form');
      await page.locator('input[type="password"]').first().fill('explorer-test-key');
      await form.getByRole('textbox', {name: 'colour', exact: true}).fill('green');
      // `limit` is optional: behind "Show optional parameters", as any optional parameter is.
      await form.getByRole('button', {name: 'Show optional parameters'}).click();
      await form.getByRole('textbox', {name: 'limit', exact: true}).fill('3');
      const listed = page.waitForResponse(
        (response) => response.url().includes('/items?') && response.request().method() === 'GET',
      );
      await page.getByRole('button', {name: 'Send API Request'}).click();
      const list = await listed;
      assert.equal(new URL(list.url()).search, '?colour=green&limit=3');
      assert.equal(list.status(), 200, await list.text());
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
      await sandbox.close();
    }
  },
);

/** Each file under `dirs` of the copy (those that exist), by its content. */
function contents(dirs: readonly string[]): Map<string, string> {
  return new Map(
    dirs
      .map((dir) => path.join(site, dir))
      .filter((dir) => existsSync(dir))
      .flatMap((dir) =>
        readdirSync(dir, {recursive: true, withFileTypes: true})
          .filter((entry) => entry.isFile())
          .map((entry) => path.join(entry.parentPath, entry.name)),
      )
      .sort()
      .map((file) => [path.relative(site, file), readFileSync(file, 'utf8')]),
  );
}

// Last: it edits the copy.
test(
  'an edit to a file the root of a description split over many reaches generates it again, as a cold generation does, and no other',
  {timeout: 300_000},
  () => {
    const {spec} = added.find(({name}) => name === 'oai-petstore-separate-yaml')!;
    const folder = `openapi/${spec.id}`;
    const pet = path.join(site, folder, 'spec/Pet.yaml');
    const sentence = 'Edited in a file the root reaches.';
    describeLeafTag(pet, sentence);
    const generate = (...args: string[]) => {
      const result = spawnSync('npm', ['run', '--silent', 'gen-api-docs', '--', ...args], {
        cwd: site,
        encoding: 'utf8',
      });
      assert.equal(result.status, 0, `${result.stdout}\n${result.stderr}`.slice(-3000));
      return result.stdout;
    };
    // Warm: the keys of the other descriptions hold; this one's changed with its leaf.
    const warm = generate();
    assert.match(
      warm,
      new RegExp(`^gen-api-docs: generated ${spec.file.replaceAll('.', '\\.')} in `, 'm'),
      warm.slice(-2000),
    );
    const outputs = [`api/api-reference/${spec.referenceId}`, `.generated/${folder}`, 'static/openapi'];
    const afterEdit = contents(outputs);
    assert.ok(
      afterEdit.get(`api/api-reference/${spec.referenceId}/find-pets.api.mdx`)?.includes(sentence),
      'its page is generated from the edited file',
    );
    // Cold: no key, no bundle kept; generated again from nothing, the same files.
    rmSync(path.join(site, '.generated/bundles'), {recursive: true, force: true});
    generate('--force', '--only', spec.id);
    assert.deepEqual(contents(outputs), afterEdit);
  },
);
