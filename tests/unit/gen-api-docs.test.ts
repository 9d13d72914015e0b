/**
 * scripts/gen-api-docs.ts: what it deletes before the plugin generates the reference pages again, the
 * routes of the pages it generates, when it generates a description's pages again, and how it tells
 * the plugin's process, started early, to generate.
 */
import assert from 'node:assert/strict';
import {spawn, spawnSync} from 'node:child_process';
import {once} from 'node:events';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {PassThrough} from 'node:stream';
import {test} from 'node:test';

import type {PluginConfig} from '@docusaurus/types';
import {normalizePluginOptions} from '@docusaurus/utils-validation';

import {inputsHash} from '../../lib/inputs-hash';
import {allOperations, operationsOf, operationSlug, repoRoot, type Document} from '../../lib/openapi';
import {openApiSpecs, referenceOutputDir, referenceSidebarModule} from '../../lib/openapi/specs';
import {
  checkPagesWritten,
  replaceReferencePages,
  generationKey,
  generationOutputs,
  generatorInputs,
  isUpToDate,
  withSandboxBesideOwnServers,
  changedOperations,
  copyParts,
  keepMarkdownMemo,
  lastMarkdownMemo,
  withOnlyOperations,
  pagesToGenerate,
  holdsUnlistedDownloads,
  removeUnlistedDownloads,
  removeUnlistedReferences,
  type OperationKey,
} from '../../lib/openapi/generation';
import {generateLine, toldToGenerate, whenToldFlag} from '../../lib/when-told';
import {lintVerdictGates} from '../../lib/openapi/lint';
import siteConfig from '../../docusaurus.config';
import pluginOpenAPIDocs, {getDocsPluginConfig} from 'docusaurus-plugin-openapi-docs/lib/index';
import {apiDocsPluginId, openApiPluginOptions, siteConfigForGeneration} from '../../lib/openapi/plugin-options';
import openApiDocsCli from '../../speed/openapi-docs-cli';
import {asDocsPluginEntry} from '../../speed/lean-docs-global-data';

test('the sandbox joins the servers of every operation and path that lists its own, and nowhere else', () => {
  const sandbox = {url: 'http://127.0.0.1:4010/apis/uploads', 'x-sandbox': true as const};
  const own = {url: 'https://files.example.com/'};
  const doc = {
    openapi: '3.1.0',
    info: {title: 'Uploads', version: '1'},
    servers: [{url: 'https://api.example.com'}, sandbox],
    paths: {
      '/files': {post: {servers: [own], responses: {}}, get: {responses: {}}},
      '/archive': {servers: [own], get: {responses: {}}},
      '/listed': {get: {servers: [own, {url: 'http://127.0.0.1:4010/apis/uploads'}], responses: {}}},
    },
  } as unknown as Document;
  withSandboxBesideOwnServers(doc, sandbox);
  assert.deepEqual(doc.paths['/files']?.post?.servers, [own, sandbox]);
  assert.equal(doc.paths['/files']?.get?.servers, undefined, "the API's servers stand for it");
  assert.deepEqual(doc.paths['/archive']?.servers, [own, sandbox]);
  assert.equal(doc.paths['/listed']?.get?.servers?.length, 2, 'a list that has the sandbox keeps it once');
  // The samples still call the operation's own server.
  const files = operationsOf({id: 'uploads'} as never, doc).find(
    ({method, path}) => method === 'post' && path === '/files',
  );
  assert.equal(files?.url, 'https://files.example.com/files');
});

test('new pages replace only the generated pages that changed, delete those no longer made, and leave hand-written files', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'orchard-replace-reference-'));
  const write = (file: string, text = '') => {
    mkdirSync(path.dirname(file), {recursive: true});
    writeFileSync(file, text);
  };
  try {
    const pages = path.join(dir, 'pages');
    const staged = path.join(dir, 'staged');
    const before = {
      'create-training-job.api.mdx': 'old',
      'list-models.api.mdx': 'same',
      'gone.api.mdx': 'no longer made',
      'orchard-ai-trainer.info.mdx': 'same',
      'models.tag.mdx': 'tag',
      'sidebar.ts': 'same',
      'create-training-job.json': 'json',
      'versions.json': 'by hand',
      'schemas/model.schema.mdx': 'schema',
      'guide.md': 'by hand',
      'nested/kept.api.mdx': 'by hand',
    };
    for (const [file, text] of Object.entries(before)) write(path.join(pages, file), text);
    const unchanged = path.join(pages, 'list-models.api.mdx');
    const old = new Date('2025-01-01');
    utimesSync(unchanged, old, old);
    const after = {
      'create-training-job.api.mdx': 'new',
      'list-models.api.mdx': 'same',
      'orchard-ai-trainer.info.mdx': 'same',
      'sidebar.ts': 'same',
      'schemas/other.schema.mdx': 'schema',
      'new.api.mdx': 'new page',
    };
    for (const [file, text] of Object.entries(after)) write(path.join(staged, file), text);
    assert.deepEqual(replaceReferencePages(staged, pages), {written: 3, unchanged: 3, deleted: 4});
    const left = readdirSync(pages, {recursive: true, withFileTypes: true})
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(pages, path.join(entry.parentPath, entry.name)))
      .sort();
    assert.deepEqual(left, [...Object.keys(after), 'guide.md', 'nested/kept.api.mdx', 'versions.json'].sort());
    assert.equal(readFileSync(path.join(pages, 'create-training-job.api.mdx'), 'utf8'), 'new');
    // The page that did not change is not touched: the development server's watcher does not see it.
    assert.equal(statSync(unchanged).mtimeMs, old.getTime());
    assert.equal(existsSync(staged), false);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

test("a description taken out of the list: its generated folder goes, a listed one's and one holding a maintainer's file stay", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'orchard-unlisted-'));
  try {
    const files = {
      'trainer/train.api.mdx': 'listed',
      'trainer/sidebar.ts': 'listed',
      'kubernetes/list-pods.api.mdx': 'generated',
      'kubernetes/kubernetes.info.mdx': 'generated',
      'kubernetes/sidebar.ts': 'generated',
      'kubernetes/data.json': '{}',
      'kubernetes/schemas/pod.schema.mdx': 'generated',
      'notes/list-pods.api.mdx': 'generated',
      'notes/README.md': "a maintainer's",
    };
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
      writeFileSync(path.join(dir, file), text);
    }
    assert.deepEqual(removeUnlistedReferences(dir, ['trainer']), ['kubernetes']);
    assert.deepEqual(readdirSync(dir).sort(), ['notes', 'trainer']);
    assert.deepEqual(removeUnlistedReferences(path.join(dir, 'none'), ['trainer']), []);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

test('a description renamed or taken out: its old download is found without reading any description', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'orchard-renamed-download-'));
  try {
    const downloads = path.join(dir, 'static/openapi');
    mkdirSync(downloads, {recursive: true});
    assert.equal(holdsUnlistedDownloads(dir, openApiSpecs), false, 'nothing written yet');
    const listed = openApiSpecs
      .flatMap(generationOutputs)
      .filter((file) => file.startsWith('static/openapi/'))
      .map((file) => file.slice('static/openapi/'.length));
    for (const name of listed) writeFileSync(path.join(downloads, name), 'x');
    assert.equal(holdsUnlistedDownloads(dir, openApiSpecs), false, "every listed description's files");
    // openapi/trainer.yaml renamed openapi/trainer-v1.yaml, its id kept: the old download and collection stay behind.
    const renamed = openApiSpecs.map((spec) =>
      spec.id === 'trainer' ? {...spec, file: 'openapi/trainer-v1.yaml'} : spec,
    );
    assert.equal(holdsUnlistedDownloads(dir, renamed), true, "trainer.yaml is no listed description's download");
    // An environment of no listed description is left to removeUnlistedDownloads, which reads descriptions.
    writeFileSync(path.join(downloads, 'gone-api.postman_environment.json'), 'x');
    assert.equal(holdsUnlistedDownloads(dir, openApiSpecs), false, 'an environment alone is not looked at');
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

test("a description taken out of the list: its downloads go, every listed description's stay", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'orchard-unlisted-downloads-'));
  try {
    const listed = openApiSpecs
      .flatMap(generationOutputs)
      .filter((file) => file.startsWith('static/openapi/'))
      .map((file) => file.slice('static/openapi/'.length));
    assert.ok(listed.includes('trainer.yaml') && listed.includes('trainer.postman.json'), listed.join(', '));
    const stale = ['kubernetes.json', 'kubernetes.postman.json', 'kubernetes-api.postman_environment.json'];
    mkdirSync(path.join(dir, 'static/openapi'), {recursive: true});
    for (const name of [...listed, ...stale]) writeFileSync(path.join(dir, 'static/openapi', name), 'x');
    assert.deepEqual(removeUnlistedDownloads(dir, openApiSpecs).sort(), stale.sort());
    assert.deepEqual(readdirSync(path.join(dir, 'static/openapi')).sort(), [...new Set(listed)].sort());
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

test('from a copy of some operations, only their pages are taken, and no other page is deleted', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'orchard-replace-some-'));
  try {
    const pages = path.join(dir, 'pages');
    const staged = path.join(dir, 'staged');
    mkdirSync(pages);
    mkdirSync(staged);
    for (const [file, text] of Object.entries({
      'a.api.mdx': 'a',
      'b.api.mdx': 'b',
      'c.api.mdx': 'c',
      'sidebar.ts': 'all',
    }))
      writeFileSync(path.join(pages, file), text);
    // The plugin's sidebar and info page of the smaller copy list only its operations: they are not taken.
    for (const [file, text] of Object.entries({'b.api.mdx': 'b edited', 'c.api.mdx': 'c', 'sidebar.ts': 'b and c'}))
      writeFileSync(path.join(staged, file), text);
    assert.deepEqual(replaceReferencePages(staged, pages, {operationPagesOnly: true}), {
      written: 1,
      unchanged: 2,
      deleted: 0,
    });
    assert.deepEqual(readdirSync(pages).sort(), ['a.api.mdx', 'b.api.mdx', 'c.api.mdx', 'sidebar.ts']);
    assert.equal(readFileSync(path.join(pages, 'b.api.mdx'), 'utf8'), 'b edited');
    assert.equal(readFileSync(path.join(pages, 'sidebar.ts'), 'utf8'), 'all');
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

test('an edit is generated operation by operation only when nothing but operations changed, each named as before', () => {
  const copy = () => ({
    openapi: '3.1.0',
    info: {title: 'Models', version: '1'},
    components: {schemas: {Model: {type: 'object'}}},
    paths: {
      '/models': {
        parameters: [{name: 'team', in: 'query'}],
        get: {operationId: 'listModels', summary: 'List models', description: 'Lists.', tags: ['models']},
        post: {operationId: 'createModel', summary: 'Create a model', description: 'Creates.', tags: ['models']},
      },
      '/models/{id}': {get: {operationId: 'getModel', summary: 'Get a model', description: 'Gets.'}},
    },
  });
  const before = copy();
  assert.deepEqual(changedOperations(copyParts(before), copyParts(copy())), [], 'nothing changed');
  const described = copy();
  described.paths['/models'].post.description = 'Creates a model from a training job.';
  assert.deepEqual(changedOperations(copyParts(before), copyParts(described)), [{path: '/models', method: 'post'}]);
  assert.deepEqual(Object.keys(withOnlyOperations(described, [{path: '/models', method: 'post'}]).paths!), ['/models']);
  // Nor the webhooks: only operation pages are taken from what it generates.
  const withWebhook = {...described, webhooks: {modelReady: {post: {operationId: 'modelReady', summary: 'Ready'}}}};
  assert.ok(!('webhooks' in withOnlyOperations(withWebhook, [{path: '/models', method: 'post'}])));
  assert.deepEqual(
    Object.keys(withOnlyOperations(described, [{path: '/models', method: 'post'}]).paths!['/models']!),
    ['parameters', 'post'],
    "the path's own fields stay with the operation",
  );
  // Each of these changes more than one operation's page: every page is generated.
  const edits: [string, (doc: ReturnType<typeof copy>) => void][] = [
    ['a shared schema', (doc) => Object.assign(doc.components.schemas.Model, {description: 'A model.'})],
    ['the info', (doc) => (doc.info.version = '2')],
    ["a path's own parameters", (doc) => (doc.paths['/models'].parameters[0]!.in = 'header')],
    ['a summary (the sidebar)', (doc) => (doc.paths['/models/{id}'].get.summary = 'Read a model')],
    ['an operationId (the page name)', (doc) => (doc.paths['/models/{id}'].get.operationId = 'readModel')],
    ['tags', (doc) => (doc.paths['/models'].get.tags = ['other'])],
    ['an operation added', (doc) => Object.assign(doc.paths['/models/{id}'], {delete: {summary: 'Delete'}})],
    ['an operation removed', (doc) => delete (doc.paths['/models'] as {post?: unknown}).post],
    [
      'paths reordered',
      (doc) => (doc.paths = {'/models/{id}': doc.paths['/models/{id}'], '/models': doc.paths['/models']}),
    ],
  ];
  for (const [what, edit] of edits) {
    const after = copy();
    edit(after);
    assert.equal(changedOperations(copyParts(before), copyParts(after)), undefined, what);
  }
});

test('pages to generate: every operation of a path either copy changed, none without a last generation', () => {
  const plugin = (description: string) =>
    copyParts({
      info: {title: 'Streams', version: '1'},
      paths: {
        '/chat': {
          post: {operationId: 'chat', summary: 'Chat', description},
          get: {operationId: 'list', summary: 'List'},
        },
        '/other': {get: {operationId: 'other', summary: 'Other'}},
      },
    });
  const generated = (framing: string) =>
    copyParts({
      info: {title: 'Streams', version: '1'},
      paths: {
        '/chat': {post: {operationId: 'chat', summary: 'Chat', 'x-framing': framing}},
        '/other': {get: {operationId: 'other', summary: 'Other'}},
      },
    });
  const before = {generated: generated('sse'), plugin: plugin('Chats.')};
  assert.equal(pagesToGenerate(undefined, before), undefined);
  assert.deepEqual(pagesToGenerate(before, before), []);
  const methods = (keys: OperationKey[] | undefined) => keys?.map(({path: at, method}) => `${method} ${at}`);
  // A change only the generated copy shows (what a page reads from it) regenerates its path's operations.
  assert.deepEqual(methods(pagesToGenerate(before, {generated: generated('ndjson'), plugin: plugin('Chats.')})), [
    'post /chat',
    'get /chat',
  ]);
  assert.deepEqual(
    methods(pagesToGenerate(before, {generated: generated('sse'), plugin: plugin('Chats, streamed.')})),
    ['post /chat', 'get /chat'],
  );
});

test('a description the plugin wrote too few pages for fails generation, naming its file', () => {
  const trainer = openApiSpecs.find((spec) => spec.id === 'trainer')!;
  // As generated: every operation has its page.
  checkPagesWritten(trainer, path.join(repoRoot, referenceOutputDir(trainer)));
  const empty = mkdtempSync(path.join(os.tmpdir(), 'orchard-no-pages-'));
  try {
    assert.throws(
      () => checkPagesWritten(trainer, empty),
      /^Error: openapi\/trainer\.yaml: the OpenAPI plugin wrote 0 of its \d+ operation and webhook pages/,
    );
  } finally {
    rmSync(empty, {recursive: true, force: true});
  }
});

test("an operation's route is the page the plugin generates for it, digits in its id included", () => {
  // The plugin names each page by lodash's kebabCase of the operationId, which makes a word of each
  // run of digits; a route of another spelling has no page (and its twin fell back to the HTML).
  assert.equal(operationSlug('listModels'), 'list-models');
  assert.equal(operationSlug('listModelsScale248'), 'list-models-scale-248');
  assert.equal(operationSlug('getModelV2'), 'get-model-v-2');
  for (const operation of allOperations()) {
    const page = path.join(
      repoRoot,
      referenceOutputDir(operation.spec),
      `${operationSlug(operation.operation.operationId!)}.api.mdx`,
    );
    assert.ok(
      existsSync(page),
      `${operation.spec.file} ${operation.operation.operationId}: no generated page ${page} (run npm run gen-api-docs)`,
    );
  }
});

test('a description is generated again when its YAML, the generator or one of its outputs changed', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'orchard-generation-key-'));
  try {
    const spec = openApiSpecs[0];
    const write = (file: string, text = '') => {
      mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
      writeFileSync(path.join(dir, file), text);
    };
    write(spec.file, 'openapi: 3.0.3\n');
    write('lib/openapi/api-page.ts', 'export {};\n');
    write('docusaurus.config.ts', 'export default {};\n');
    const outputs = generationOutputs(spec);
    for (const output of outputs) write(output);
    const key = () => generationKey(dir, spec, inputsHash(dir, generatorInputs));
    const first = key();
    assert.equal(isUpToDate(dir, spec, first), false, 'never generated: no key kept');
    write(`.generated/${spec.id}.key`, first);
    assert.equal(isUpToDate(dir, spec, first), true);

    write(spec.file, 'openapi: 3.0.3\ninfo: {}\n');
    assert.notEqual(key(), first, 'the YAML changed');
    write(spec.file, 'openapi: 3.0.3\n');
    assert.equal(key(), first);
    write('lib/openapi/api-page.ts', 'export const changed = 1;\n');
    assert.notEqual(key(), first, 'the generator changed');
    write('lib/openapi/api-page.ts', 'export {};\n');
    write('lib/openapi/new-helper.ts', '');
    assert.notEqual(key(), first, 'the generator gained a file');
    rmSync(path.join(dir, 'lib/openapi/new-helper.ts'));
    assert.equal(key(), first);

    rmSync(path.join(dir, `${referenceSidebarModule(spec)}.ts`));
    assert.equal(isUpToDate(dir, spec, first), false, 'an output is missing');
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

test('the reference pages are generated with the plugin options and docs folder the site builds with', () => {
  // scripts/generate-reference-pages.ts runs the plugin without loading the site: what it gives the
  // plugin must be what docusaurus.config.ts gives it.
  const plugins = siteConfig.plugins as unknown[];
  const entry = plugins.find((plugin) => Array.isArray(plugin) && plugin[0] === openApiDocsCli);
  assert.ok(
    Array.isArray(entry),
    'docusaurus.config.ts has no docusaurus-plugin-openapi-docs entry (speed/openapi-docs-cli.ts)',
  );
  assert.equal(entry[1], openApiPluginOptions);
  assert.equal(openApiPluginOptions.docsPluginId, apiDocsPluginId);
  // The docs instance the plugin writes into, found the way the plugin finds it.
  const docsOf = (config: {presets: unknown[]; plugins: unknown[]}) =>
    // The site's docs instances are the docs plugin wrapped (speed/lean-docs-global-data.ts), found as its.
    getDocsPluginConfig(
      [...config.presets, ...(config.plugins as PluginConfig[]).map(asDocsPluginEntry)],
      '@docusaurus/plugin-content-docs',
      apiDocsPluginId,
    ) as {path?: string; routeBasePath?: string} | undefined;
  const site = docsOf(siteConfig as unknown as {presets: unknown[]; plugins: unknown[]});
  const generation = docsOf(siteConfigForGeneration);
  assert.ok(site, `docusaurus.config.ts has no docs instance "${apiDocsPluginId}"`);
  assert.deepEqual(
    {path: generation?.path, routeBasePath: generation?.routeBasePath},
    {
      path: site.path,
      routeBasePath: site.routeBasePath,
    },
  );
});

test('the plugin reads nothing of the site but its folder, presets and plugins', () => {
  // Should a new version read more (siteConfig.baseUrl, say), the generation would need it too.
  const read = new Set<string>();
  const recording = <T extends object>(target: T, name: string): T =>
    new Proxy(target, {
      get(object, key, receiver) {
        if (typeof key === 'string') read.add(`${name}.${key}`);
        return Reflect.get(object, key, receiver) as unknown;
      },
    });
  const context = recording(
    {siteDir: repoRoot, siteConfig: recording(siteConfigForGeneration, 'siteConfig')},
    'context',
  );
  const plugin = pluginOpenAPIDocs(context as never, openApiPluginOptions as never);
  const commands: string[] = [];
  const cli = {
    command(name: string) {
      commands.push(name);
      return cli;
    },
    description: () => cli,
    usage: () => cli,
    arguments: () => cli,
    option: () => cli,
    action: () => cli,
  };
  plugin.extendCli!(cli as never);
  assert.deepEqual([...read].sort(), [
    'context.siteConfig',
    'context.siteDir',
    'siteConfig.plugins',
    'siteConfig.presets',
  ]);
  assert.ok(commands.includes('gen-api-docs'), `the plugin registers ${commands.join(', ')}: no gen-api-docs`);
});

test('the plugin process started early generates only when told to: a line, not the end of its input', async () => {
  const said = async (...chunks: (string | null)[]) => {
    const input = new PassThrough();
    const told = toldToGenerate(input);
    for (const chunk of chunks)
      if (chunk === null) input.end();
      else input.write(chunk);
    return told;
  };
  const line = generateLine();
  assert.deepEqual(await said(`${line}\n`), {});
  assert.deepEqual(await said(line.slice(0, 3), `${line.slice(3)}\n`), {}, 'a line that comes in two chunks');
  assert.deepEqual(await said(line, null), {}, 'a last line without its newline');
  assert.equal(await said(null), undefined, 'gen-api-docs stopped before it told');
  assert.equal(await said('stop\n'), undefined);
  // With the copies to generate from: some operations of one description, none of another.
  const told = {trainer: '/site/.generated/openapi/trainer.changed.plugin.json', medley: null};
  assert.deepEqual(await said(`${generateLine(told)}\n`), told);
  assert.equal(await said('generate {"trainer":\n'), undefined, 'a line cut short');
});

test('told nothing (gen-api-docs stopped at a lint error), the plugin process exits 1 and writes no page', async () => {
  const folder = path.join(repoRoot, referenceOutputDir(openApiSpecs[0]));
  const before = existsSync(folder) ? readdirSync(folder).sort() : [];
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'scripts/generate-reference-pages.ts'), whenToldFlag, openApiSpecs[0].id],
    {cwd: repoRoot, stdio: ['pipe', 'pipe', 'pipe']},
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += String(chunk)));
  child.stderr.on('data', (chunk: Buffer) => (output += String(chunk)));
  child.stdin.end();
  const [code] = (await once(child, 'close')) as [number | null];
  assert.equal(code, 1);
  assert.equal(output, '', 'gen-api-docs has said why; the child says nothing');
  assert.deepEqual(existsSync(folder) ? readdirSync(folder).sort() : [], before);
});

test("the site's stand-in for the plugin validates its options as the plugin does, and registers the plugin's commands", () => {
  const validate = (schema: unknown, options: unknown) => normalizePluginOptions(schema as never, options as never);
  assert.deepEqual(
    openApiDocsCli.validateOptions!({options: openApiPluginOptions, validate} as never),
    pluginOpenAPIDocs.validateOptions!({options: openApiPluginOptions, validate} as never),
  );
  const commands: {name: string; action?: (...args: unknown[]) => unknown}[] = [];
  const cli = {
    command(name: string) {
      commands.push({name});
      return cli;
    },
    description: () => cli,
    usage: () => cli,
    arguments: () => cli,
    option: () => cli,
    action: (action: (...args: unknown[]) => unknown) => ((commands.at(-1)!.action = action), cli),
  };
  const context = {siteDir: repoRoot, siteConfig: siteConfig as never} as never;
  openApiDocsCli(context, openApiPluginOptions).extendCli!(cli as never);
  assert.deepEqual(
    commands.map(({name}) => name),
    ['gen-api-docs', 'gen-api-docs:version', 'clean-api-docs', 'clean-api-docs:version'],
  );
});

test("docusaurus.config.ts loads none of the plugin's modules, the page templates or the twins' converters", () => {
  // Every Docusaurus process loads the config before anything else can start: what only generation
  // (speed/openapi-docs-cli.ts, lib/openapi/plugin-options.ts) or the twins' worker (plugins/llms-files.ts)
  // needs stays out of it.
  const unwanted = [
    /docusaurus-plugin-openapi-docs[\\/]lib[\\/](index|openapi|markdown)[\\/.]/,
    /lib[\\/]openapi[\\/]api-page\.ts$/,
    /plugins[\\/]llms-files\.ts$/,
    /node_modules[\\/]turndown[\\/]/,
  ];
  const {stdout, stderr} = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      "require('./docusaurus.config'); console.log(JSON.stringify(Object.keys(require.cache)))",
    ],
    {cwd: repoRoot, encoding: 'utf8'},
  );
  const loaded = JSON.parse(stdout || '[]') as string[];
  assert.ok(
    loaded.some((file) => file.endsWith('docusaurus.config.ts')),
    stderr,
  );
  assert.deepEqual(
    loaded.filter((file) => unwanted.some((pattern) => pattern.test(file))),
    [],
    'modules docusaurus.config.ts should not load',
  );
});

test("the last generation's Markdown memo is kept for the same generator and linkBase only", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'orchard-memo-'));
  try {
    mkdirSync(path.join(dir, '.generated'));
    const trainer = openApiSpecs.find((spec) => spec.id === 'trainer')!;
    assert.equal(lastMarkdownMemo(dir, trainer, 'generator-a').size, 0, 'none kept yet');
    keepMarkdownMemo(dir, trainer, 'generator-a', new Map([['<b>Bold</b>', '**Bold**']]));
    assert.deepEqual([...lastMarkdownMemo(dir, trainer, 'generator-a')], [['<b>Bold</b>', '**Bold**']]);
    // Another generator (its code changed) or another linkBase (links are made absolute against it) starts afresh.
    assert.equal(lastMarkdownMemo(dir, trainer, 'generator-b').size, 0);
    assert.equal(lastMarkdownMemo(dir, {...trainer, linkBase: 'https://example.com/docs/'}, 'generator-a').size, 0);
    // A file cut short (a generation stopped mid-write) is no memo.
    writeFileSync(path.join(dir, '.generated', `${trainer.id}.markdown.json`), '{"generator":"generator-a","made":[[');
    assert.equal(lastMarkdownMemo(dir, trainer, 'generator-a').size, 0);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

test("a build waits for the lint's verdict; npm start on descriptions not held strictly does not", () => {
  const ours = {file: 'openapi/trainer.yaml', strict: true};
  const others = {file: 'openapi/github.json', strict: false};
  assert.equal(lintVerdictGates([ours, others], false), true, 'a build');
  assert.equal(lintVerdictGates([others], false), true, "a build of another provider's alone");
  assert.equal(lintVerdictGates([ours], true), true, 'npm start, ours');
  assert.equal(lintVerdictGates([others], true), false, "npm start, another provider's");
});
