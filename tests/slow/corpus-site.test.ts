/**
 * Real descriptions build a complete reference: a copy of the site with the corpus's descriptions
 * (tests/fixtures/openapi-corpus/) added as a maintainer adds an API (the file in openapi/, one entry
 * in lib/openapi/specs.ts, its own lint findings switched off in redocly.yaml), built with `npm run
 * build`. Every operation and webhook gets its page, within the size bound, with its Markdown twin
 * naming its body's fields. A real build (a minute or two), so in `npm run test:slow`.
 *
 * Not yet added (see the corpus's SOURCES.md): OpenAI's, Mistral's and Stripe's descriptions (their
 * Postman conversion takes minutes, or more memory than CI has), and Swagger's Petstore 3.1, whose
 * `$ref` to a schema's `$id` Redocly cannot resolve: it must fail naming the file and the line.
 */
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, before, test} from 'node:test';

import kebabCase from 'lodash/kebabCase';

import {flattenSchema, loadDescription, operationsOf, typesOf, webhooksOf} from '../../lib/openapi';
import {referenceIdOf, type OpenApiSpec} from '../../lib/openapi/specs';
import {trackedSiteCopy} from '../../lib/scale';
import {lintOpenApi} from '../../scripts/gen-api-docs';
import {corpusDir, corpusFiles, type CorpusFile} from '../support/corpus';

const root = mkdtempSync(path.join(os.tmpdir(), 'orchard-corpus-site-'));
after(() => rmSync(root, {recursive: true, force: true}));

/** The largest file of an operation's page: its MDX, its HTML, the JSON it loads (the issue's bound). */
const maxPageBytes = 500 * 1024;

/** The corpus files this copy adds: all but the large three, a second "Swagger Petstore", Petstore 3.1. */
const left = new Set(['oai-petstore.yaml', 'swagger-petstore-3.1.yaml']);

/** Lint findings of descriptions we did not write, switched off per API as their maintainer would. */
const theirFindings = [
  'struct',
  'operation-operationId',
  'operation-operationId-url-safe',
  'operation-summary',
  'rule/path-parameter-example',
  'no-invalid-media-type-examples',
  'no-invalid-schema-examples',
  'no-server-example.com',
  'no-server-trailing-slash',
  'no-empty-servers',
  'security-defined',
  'nullable-type-sibling',
  'no-unused-components',
  'operation-4xx-response',
  'no-illogical-composition-keywords',
  'info-contact',
  'tag-description',
  'operation-2xx-response',
  'no-ambiguous-paths',
  'path-parameters-defined',
];

type Added = CorpusFile & {spec: OpenApiSpec};
let site = '';
let added: Added[] = [];
let output = '';
let status: number | null = null;

before(
  () => {
    site = trackedSiteCopy(path.join(root, 'site'));
    added = corpusFiles(path.join(root, 'unpacked'))
      .filter((entry) => !entry.large && !left.has(entry.name))
      .map((entry) => {
        const id = entry.name.replace(/\.(ya?ml|json)(\.gz)?$/, '');
        const file = `openapi/${id}${path.extname(entry.file)}`;
        writeFileSync(path.join(site, file), readFileSync(entry.file));
        const title = loadDescription(entry.file).info.title;
        return {...entry, spec: {id, file, title, referenceId: referenceIdOf(title)} as unknown as OpenApiSpec};
      });
    const specsFile = path.join(site, 'lib/openapi/specs.ts');
    const entries = added
      .map(
        ({spec}) =>
          `  {id: '${spec.id}', file: '${spec.file}', title: ${JSON.stringify(spec.title)}, referenceId: '${spec.referenceId}'},\n`,
      )
      .join('');
    const specs = readFileSync(specsFile, 'utf8');
    assert.ok(specs.includes('] as const satisfies'), 'lib/openapi/specs.ts still ends its list as this test expects');
    writeFileSync(specsFile, specs.replace('] as const satisfies', `${entries}] as const satisfies`));
    appendFileSync(
      path.join(site, 'redocly.yaml'),
      added
        .map(
          ({spec}) =>
            `  ${spec.id}:\n    root: ./${spec.file}\n    rules:\n${theirFindings.map((rule) => `      ${rule}: off\n`).join('')}`,
        )
        .join(''),
    );
    const result = spawnSync('npm', ['run', '--silent', 'build'], {
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
  // The first error and what follows it, else the end of the output.
  const error = output.search(/\[ERROR\]|^gen-api-docs: |Error: /m);
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
    assert.ok(pages.length > 0, `${name}: an operation or a webhook to show`);
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

test('a description with a $ref the linter cannot follow fails, naming the file and the line', () => {
  const result = lintOpenApi([path.join(corpusDir, 'swagger-petstore-3.1.yaml')], {quiet: true});
  assert.notEqual(result.status, 0);
  assert.match(result.output, /swagger-petstore-3\.1\.yaml/);
  assert.match(result.output, /\d+:\d+\s+error\s+no-unresolved-refs/);
});
