/**
 * The docs MCP server (`npm run mcp`) as an AI assistant uses it: driven by the SDK's own client over
 * stdio (the command a client config runs) and over Streamable HTTP, against the production build and
 * a sandbox on a free port. Every tool with good and bad input, every page as a resource, and
 * `call_endpoint` for every operation. Run `npm run build` first.
 */
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import type {Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';

import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js';
import {StreamableHTTPClientTransport} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js';

import {openFeedbackStore} from '../../lib/feedback/store';
import {allOperations, loadSpec, operationRoute, repoRoot, type ApiOperation} from '../../lib/openapi';
import {openApiSpecs} from '../../lib/openapi/specs';
import {createMcpHttpServer, mcpPath} from '../../mcp/http';
import {readPages} from '../../mcp/pages';
import {createSiteSearch} from '../../mcp/search';
import {loadDocsSite} from '../../mcp/server';
import {createSandbox, type Sandbox} from '../../sandbox/app';
import {createSandboxServer} from '../../sandbox/server';
import {codeSamples} from '../../lib/samples/write';
import {markdownPath} from '../../src/markdown-twin';
import {provider} from '../../src/provider';
import {assertDocumented, exampleBody, examplePath} from '../support/sandbox-calls';
import {buildDir, requireBuild} from '../support/twins';

const secretKey = 'sk-test-never-echo-7d1f';

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}
const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

const textOf = (result: unknown) => {
  const [first] = (result as CallToolResult).content;
  assert.equal(first?.type, 'text');
  return (first as {text: string}).text;
};
const jsonOf = <T>(result: unknown): T => {
  assert.ok(!(result as CallToolResult).isError, `tool error: ${textOf(result)}`);
  return JSON.parse(textOf(result)) as T;
};
function assertToolError(result: unknown, message: RegExp) {
  assert.equal((result as CallToolResult).isError, true, `expected a tool error, got ${textOf(result)}`);
  assert.match(textOf(result), message);
}

/** Each path parameter's documented example, as call_endpoint takes them. */
function examplePathParams(operation: ApiOperation): Record<string, string> {
  const filled = examplePath(operation).split('/');
  return Object.fromEntries(
    operation.fullPath
      .split('/')
      .flatMap((segment, index) => (/^\{\w+\}$/.test(segment) ? [[segment.slice(1, -1), filled[index]!]] : [])),
  );
}

let sandbox: Sandbox;
let sandboxServer: Server;
let apiBase: string;
let mcpHttp: Server;
let mcpUrl: string;
// Feedback goes to a database of the test's own, shared by both transports (the stdio server is another process).
const feedbackDir = mkdtempSync(path.join(tmpdir(), 'orchard-mcp-feedback-'));
const feedbackDb = path.join(feedbackDir, 'feedback.sqlite');

before(async () => {
  requireBuild();
  sandbox = await createSandbox();
  sandboxServer = createSandboxServer(sandbox);
  apiBase = `http://127.0.0.1:${await listen(sandboxServer)}${provider.apiPrefix}`;
  mcpHttp = createMcpHttpServer(
    await loadDocsSite({apiBase, feedbackStore: () => openFeedbackStore({FEEDBACK_DB: feedbackDb})}),
  );
  mcpUrl = `http://127.0.0.1:${await listen(mcpHttp)}${mcpPath}`;
});

after(async () => {
  await close(mcpHttp);
  await close(sandboxServer);
  rmSync(feedbackDir, {recursive: true, force: true});
});

const transports = {
  stdio: () =>
    new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', 'mcp/main.ts'],
      cwd: repoRoot,
      env: {...(process.env as Record<string, string>), ORCHARD_API_BASE: apiBase, DATABASE_URL: '', FEEDBACK_DB: feedbackDb},
      stderr: 'pipe',
    }),
  'Streamable HTTP': () => new StreamableHTTPClientTransport(new URL(mcpUrl)),
};

for (const [name, makeTransport] of Object.entries(transports)) {
  describe(`MCP over ${name}`, () => {
    const client = new Client({name: 'orchard-docs-test', version: '1.0.0'});
    before(async () => client.connect(makeTransport()));
    after(async () => client.close());
    const call = (tool: string, args: Record<string, unknown>) => client.callTool({name: tool, arguments: args});

    test('lists the six tools, each with a JSON schema of its input', async () => {
      const {tools} = await client.listTools();
      assert.deepEqual(tools.map((tool) => tool.name).sort(), [
        'call_endpoint',
        'get_endpoint',
        'get_page',
        'list_endpoints',
        'search_docs',
        'submit_feedback',
      ]);
      for (const tool of tools) {
        assert.equal(tool.inputSchema.type, 'object', tool.name);
        assert.ok(tool.description && tool.description.length > 20, `${tool.name} is described`);
      }
      const search = tools.find((tool) => tool.name === 'search_docs')!;
      assert.deepEqual(search.inputSchema.required, ['query']);
    });

    test('search_docs answers the site search, with title, URL and snippet', async () => {
      const search = await createSiteSearch(buildDir);
      for (const query of ['api key', 'batch size', 'medley']) {
        const hits = jsonOf<{title: string; url: string; page: string; snippet: string}[]>(
          await call('search_docs', {query}),
        );
        const expected = await search.search(query);
        assert.ok(hits.length > 0, `hits for ${query}`);
        assert.deepEqual(
          hits.map((hit) => hit.url),
          expected.map((hit) => `${provider.docsUrl}${hit.path}`),
          query,
        );
        for (const hit of hits) {
          assert.ok(hit.title && hit.snippet && hit.page, `${query}: ${JSON.stringify(hit)}`);
          // The title says where the hit is: its page's title, then the section's.
          const pageTitle = hit.page;
          assert.ok(
            hit.title === pageTitle || hit.title.startsWith(`${pageTitle} › `),
            `${query}: the title is the page's and the section's: ${JSON.stringify(hit)}`,
          );
          assert.ok(hit.title.length < 200, `${query}: a title, not the matched text: ${hit.title}`);
          assert.ok(hit.url.startsWith(`${provider.docsUrl}/`), hit.url);
        }
      }
      // A hit's snippet is the text around the match, in the section the hit is.
      const [tutorial] = jsonOf<{title: string; snippet: string}[]>(await call('search_docs', {query: 'api key'}));
      assert.equal(tutorial?.title, 'Get and use an API key');
      const sectionHits = jsonOf<{title: string; url: string}[]>(await call('search_docs', {query: 'api key'}));
      assert.ok(
        sectionHits.some(({title, url}) => title === 'Introduction › API keys' && url.endsWith('/docs/intro#api-keys')),
        `a section's hit is titled with its page and section: ${JSON.stringify(sectionHits.map(({title}) => title))}`,
      );
      assert.match(tutorial.snippet, /\bAPI key\b/);
      assert.ok(tutorial.snippet.length < 400 && !/<\/?mark>/.test(tutorial.snippet), tutorial.snippet);
      assert.equal(jsonOf<unknown[]>(await call('search_docs', {query: 'model', limit: 2})).length, 2);
      assert.deepEqual(jsonOf<unknown[]>(await call('search_docs', {query: 'zzqxjv'})), []);
      assertToolError(await call('search_docs', {query: ''}), /query/i);
    });

    test('get_page returns the Markdown twin, by path or full URL; unknown pages are tool errors', async () => {
      const twin = readFileSync(path.join(buildDir, 'docs/quickstart.md'), 'utf8');
      for (const url of [
        '/docs/quickstart',
        'docs/quickstart/',
        '/docs/quickstart.md',
        `${provider.docsUrl}/docs/quickstart#call-the-api`,
      ])
        assert.equal(textOf(await call('get_page', {url})), twin, url);
      const reference = operationRoute(allOperations()[0]!);
      assert.equal(
        textOf(await call('get_page', {url: reference})),
        readFileSync(path.join(buildDir, markdownPath(reference)), 'utf8'),
      );
      assert.equal(textOf(await call('get_page', {url: '/'})), readFileSync(path.join(buildDir, 'index.md'), 'utf8'));
      assertToolError(await call('get_page', {url: '/docs/no-such-page'}), /No page at \/docs\/no-such-page/);
      assertToolError(await call('get_page', {url: 'https://example.com/docs/intro'}), /not a page of/);
    });

    test('every page is a resource whose text is its twin', async () => {
      const {resources} = await client.listResources();
      const pages = readPages(buildDir);
      assert.equal(resources.length, pages.length);
      assert.ok(pages.length > 50, `${pages.length} pages`);
      for (const page of pages) assert.ok(resources.some((resource) => resource.uri === page.markdownUrl), page.route);
      const intro = await client.readResource({uri: `${provider.docsUrl}/docs/intro.md`});
      assert.equal(
        (intro.contents[0] as {text: string}).text,
        readFileSync(path.join(buildDir, 'docs/intro.md'), 'utf8'),
      );
    });

    test('list_endpoints lists every operation of the four descriptions, or of one', async () => {
      type Row = {api: string; method: string; path: string; summary: string; operationId: string; referenceUrl: string};
      const rows = jsonOf<Row[]>(await call('list_endpoints', {}));
      const operations = allOperations();
      assert.equal(rows.length, operations.length);
      for (const operation of operations) {
        const row = rows.find((candidate) => candidate.operationId === operation.operation.operationId);
        assert.deepEqual(row, {
          api: operation.spec.title,
          method: operation.method.toUpperCase(),
          path: operation.fullPath,
          summary: operation.operation.summary,
          operationId: operation.operation.operationId,
          referenceUrl: `${provider.docsUrl}${operationRoute(operation)}`,
        });
        assert.ok(row.path.startsWith('/api/'), row.path);
      }
      const trainer = jsonOf<Row[]>(await call('list_endpoints', {api: 'trainer'}));
      assert.equal(trainer.length, operations.filter((operation) => operation.spec.id === 'trainer').length);
      assert.ok(trainer.every((row) => row.api === openApiSpecs.find((spec) => spec.id === 'trainer')!.title));
      assertToolError(await call('list_endpoints', {api: 'billing'}), /Unknown API "billing"/);
    });

    test('get_endpoint gives an operation whole: no $ref left, limits, examples and the code samples', async () => {
      type Endpoint = {
        operationId: string;
        keyHeaders: string[];
        parameters: {name: string; in: string}[];
        requestBody?: {schema: unknown; examples: Record<string, unknown>};
        responses: Record<string, {schema?: unknown}>;
        limits: string[];
        codeSamples: unknown;
      };
      const job = jsonOf<Endpoint>(await call('get_endpoint', {operationId: 'createTrainingJob'}));
      const byPath = jsonOf<Endpoint>(
        await call('get_endpoint', {method: 'post', path: '/api/language/trainer/training-jobs'}),
      );
      assert.deepEqual(byPath, job);
      assert.ok(!JSON.stringify(job).includes('$ref'), 'every $ref is resolved');
      assert.deepEqual(job.keyHeaders, ['x-public-key']);
      const usage = jsonOf<Endpoint>(await call('get_endpoint', {operationId: 'getUsage'}));
      assert.ok(usage.parameters.some((parameter) => parameter.in === 'query' && parameter.name === 'date'));
      assert.ok(Object.keys(job.requestBody?.examples ?? {}).length > 0, 'the request examples');
      assert.ok(job.responses['422']?.schema, 'the documented 422');
      for (const limit of [
        /^body\.training_config\.batch_size: .*maximum 256/,
        /^body\.training_config\.num_epochs: .*maximum 20/,
        /^body\.training_config\.learning_rate: .*less than 0\.1.*greater than 0/,
        /^body\.model_config\.name: .*maxLength 50/,
      ])
        assert.ok(job.limits.some((line) => limit.test(line)), `${String(limit)} in ${job.limits.join(' | ')}`);
      const operation = allOperations().find((candidate) => candidate.operation.operationId === 'createTrainingJob')!;
      assert.deepEqual(job.codeSamples, await codeSamples(operation, loadSpec(operation.spec)));
      assertToolError(await call('get_endpoint', {operationId: 'launchRocket'}), /No operation launchRocket/);
      assertToolError(await call('get_endpoint', {method: 'GET', path: '/api/nowhere'}), /No operation GET \/api\/nowhere/);
      assertToolError(await call('get_endpoint', {}), /Give operationId, or both method and path/);
    });

    test('call_endpoint sends every documented call to the sandbox and gets a documented answer', async () => {
      for (const operation of allOperations()) {
        const id = operation.operation.operationId;
        const body = exampleBody(operation);
        const answer = jsonOf<{sent: boolean; status: number; body: unknown; request: string}>(
          await call('call_endpoint', {
            operationId: id,
            pathParams: examplePathParams(operation),
            ...(body === undefined ? {} : {body}),
            key: secretKey,
          }),
        );
        assert.equal(answer.sent, true, id);
        assert.ok(answer.status >= 200 && answer.status < 300, `${id}: ${answer.status} ${JSON.stringify(answer.body)}`);
        assertDocumented(operation, {status: answer.status, body: answer.body ?? undefined}, id);
        assert.ok(!JSON.stringify(answer).includes(secretKey), `${id}: the key is not echoed`);
        assert.ok(answer.request.startsWith(`${operation.method.toUpperCase()} ${apiBase}`), answer.request);
      }
    });

    test('call_endpoint answers an invalid request with the documented 422, without sending it', async () => {
      const before = sandbox.store.models(secretKey).length;
      const invalid = {model_config: {name: 'x'.repeat(51), type: 'sequence-labeling'}, dataset_url: 'https://x.example/d.zip'};
      const result = await call('call_endpoint', {operationId: 'createTrainingJob', body: invalid, key: secretKey});
      const answer = jsonOf<{sent: boolean; status: number; body: {detail: unknown[]}}>(result);
      assert.equal(answer.sent, false);
      assert.equal(answer.status, 422);
      // The same detail the sandbox (and the service) gives for it.
      const direct = await sandbox.handle({
        method: 'POST',
        url: '/api/language/trainer/training-jobs',
        headers: {'x-public-key': 'another-key', 'content-type': 'application/json'},
        body: JSON.stringify(invalid),
      });
      assert.deepEqual(answer.body, direct.body);
      assert.equal(sandbox.store.models(secretKey).length, before, 'nothing was created');
      assert.ok(!textOf(result).includes(secretKey));

      const noKey = jsonOf<{sent: boolean; status: number; body: unknown}>(
        await call('call_endpoint', {operationId: 'listModels', key: ''}),
      );
      assert.equal(noKey.sent, false);
      assert.deepEqual(noKey.body, {
        detail: [{loc: ['header', 'x-public-key'], msg: 'field required', type: 'value_error.missing'}],
      });
      const noPathParameter = jsonOf<{sent: boolean; status: number; body: unknown}>(
        await call('call_endpoint', {operationId: 'getModel', key: secretKey}),
      );
      assert.deepEqual(noPathParameter, {
        sent: false,
        status: 422,
        body: {detail: [{loc: ['path', 'model_id'], msg: 'field required', type: 'value_error.missing'}]},
        request: 'GET /api/language/meta/models/{model_id}',
      });
      assertToolError(await call('call_endpoint', {operationId: 'launchRocket', key: secretKey}), /No operation/);
    });
  });
}

for (const [name, makeTransport] of Object.entries(transports)) {
  test(`submit_feedback over ${name}: stored as an agent's, the sentiment as the vote, within the limits`, async () => {
    const client = new Client({name: 'orchard-docs-test', version: '1.0.0'});
    await client.connect(makeTransport());
    const submit = (args: Record<string, unknown>) => client.callTool({name: 'submit_feedback', arguments: args});
    const marker = `${name} ${Date.now()}`;
    try {
      assert.match(
        textOf(await submit({page: `${provider.docsUrl}/docs/quickstart.md`, message: `Step 2 misled me (${marker})`, sentiment: 'negative'})),
        /^Received: your feedback on \/docs\/quickstart is stored/,
      );
      assert.ok(!(await submit({page: '/faqs', message: `Clear (${marker})`, sentiment: 'positive'})).isError);
      assert.ok(!(await submit({page: '/docs/quickstart/', message: `A remark (${marker})`})).isError);
      assertToolError(await submit({page: '/docs/nowhere', message: 'x'}), /No page at \/docs\/nowhere/);
      assertToolError(await submit({page: 'https://evil.example/docs/quickstart', message: 'x'}), /not a page of/);
      assertToolError(await submit({page: '/docs/quickstart', message: 'x'.repeat(1001)}), /1000/);
      assertToolError(await submit({page: '/docs/quickstart', message: 'x', sentiment: 'angry'}), /sentiment/);
      const store = await openFeedbackStore({FEEDBACK_DB: feedbackDb});
      const stored = (await store.list()).filter((entry) => entry.comment.includes(marker));
      await store.close();
      assert.deepEqual(
        stored.map(({page, helpful, comment, sample, source}) => ({page, helpful, comment, sample, source})),
        [
          {page: '/docs/quickstart', helpful: false, comment: `Step 2 misled me (${marker})`, sample: null, source: 'agent'},
          {page: '/faqs', helpful: true, comment: `Clear (${marker})`, sample: null, source: 'agent'},
          {page: '/docs/quickstart', helpful: null, comment: `A remark (${marker})`, sample: null, source: 'agent'},
        ],
      );
      // Three stored so far; the client's minute allows ten.
      for (let index = 3; index < 10; index += 1)
        assert.ok(!(await submit({page: '/', message: `filler ${index}`})).isError);
      assertToolError(await submit({page: '/', message: 'one too many'}), /More than 10 submissions a minute: try again in \d+ s/);
    } finally {
      await client.close();
    }
  });
}

test('call_endpoint with the sandbox down is a tool error that says how to start it', async () => {
  const down = createSandboxServer(await createSandbox());
  const port = await listen(down);
  await close(down);
  const site = await loadDocsSite({apiBase: `http://127.0.0.1:${port}/api`});
  const server = createMcpHttpServer(site);
  const url = `http://127.0.0.1:${await listen(server)}${mcpPath}`;
  const client = new Client({name: 'orchard-docs-test', version: '1.0.0'});
  try {
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    const result = await client.callTool({
      name: 'call_endpoint',
      arguments: {operationId: 'listServices', key: secretKey},
    });
    assertToolError(result, /Could not reach http:\/\/127\.0\.0\.1:\d+\/api \(ECONNREFUSED\)\. Start the local sandbox with npm run sandbox/);
    assert.ok(!textOf(result).includes(secretKey));
  } finally {
    await client.close();
    await close(server);
  }
});

test('without a build, npm run mcp says to run npm run build', () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'mcp/main.ts', '--build', path.join(repoRoot, 'no-build-here')], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(run.status, 1);
  assert.match(run.stderr, /No production build in .*no-build-here: run npm run build first/);
  assert.equal(run.stdout, '', 'nothing on stdout, which carries the protocol');
});
