/**
 * The docs MCP server under attack, as deployed (`npm run mcp -- --http`, a child process on a free
 * port): every tool gets hostile input (long strings, deep or huge JSON, unknown fields, odd Unicode,
 * paths and URLs that try to leave the docs) and must answer, or give a clear tool error, using at
 * most 1 s of CPU; the transport refuses what it must (foreign Host or Origin, oversized, batched or
 * too deep bodies); the server stays up and under 500 MB. Then the limits of mcp/limits.ts one by
 * one, on servers in this process: 403 for a foreign host, 429 past a client's share, call_endpoint's
 * timeout and answer cap. Run `npm run build` first.
 */
import assert from 'node:assert/strict';
import {spawn, type ChildProcess} from 'node:child_process';
import {readFileSync} from 'node:fs';
import {createServer, request, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {after, before, describe, test} from 'node:test';

import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StreamableHTTPClientTransport} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js';

import {repoRoot} from '../../lib/openapi';
import {createMcpHttpServer, mcpPath} from '../../mcp/http';
import {maxAnswerBytes, maxQueryChars, requestsPerMinute} from '../../mcp/limits';
import {loadDocsSite, type DocsSite} from '../../mcp/server';
import {createSandbox} from '../../sandbox/app';
import {createSandboxServer} from '../../sandbox/server';
import {provider} from '../../src/provider';
import {requireBuild} from '../support/twins';

/** The bounds: CPU per request (today's site), and the server's memory after the fuzz. */
const cpuBoundMs = 1000;
const memoryBoundMb = 500;

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

type Raw = {status: number; headers: Record<string, string | string[] | undefined>; body: string};

/** One POST to `url` with any headers (Host and Origin among them) and body, answered as it came. */
function post(url: string, body: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      {
        method: 'POST',
        headers: {'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers},
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({status: response.statusCode ?? 0, headers: response.headers, body: text}));
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

const toolCall = (name: string, args: unknown, id = 1) =>
  JSON.stringify({jsonrpc: '2.0', id, method: 'tools/call', params: {name, arguments: args}});

const textOf = (result: CallToolResult) => result.content.map((part) => ('text' in part ? part.text : '')).join('');

/** CPU time (user + system) a process has used, in ms, from /proc (Linux, as CI). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime, fields 14 and 15 of stat, in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
/** The most memory a process has held (its peak resident set), in MB. */
const peakMb = (pid: number) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

const random = (length: number, seed: number) =>
  Array.from({length}, (_, index) => 'abcdefghijklmnopqrstuvwxyz'[(seed * 7919 + index * 104729) % 26]).join('');
const nested = (depth: number): unknown => {
  let value: unknown = 'deep';
  for (let level = 0; level < depth; level += 1) value = {a: value};
  return value;
};

/** Whether the result says what went wrong in a sentence, not a stack trace. */
function assertClear(label: string, text: string) {
  assert.ok(text.length > 0, `${label}: an empty answer`);
  assert.doesNotMatch(text, /\n\s+at .*\(?\/.*:\d+:\d+/, `${label}: a stack trace`);
}

/** Tool, arguments, and whether the schema or tool must refuse them (`error`) or may answer. */
type Attack = [label: string, tool: string, args: Record<string, unknown>, expect: 'error' | 'answer' | 'either'];

const words = (count: number, length: number) =>
  Array.from({length: count}, (_, index) => random(length, index)).join(' ');
const leavingPaths = [
  '../../../../etc/passwd',
  '/docs/../../package.json',
  '/..%2f..%2fpackage.json',
  '%2e%2e/%2e%2e/etc/passwd',
  'file:///etc/passwd',
  'http://127.0.0.1:1/docs/intro',
  '//evil.example/docs/intro',
  'javascript:alert(1)',
  '/docs/intro\u0000.md',
  '\\\\server\\share\\docs',
  'http://[::1',
  `${provider.docsUrl}/../../etc/passwd`,
];
const attacks: Attack[] = [
  ['a 20,000-character query', 'search_docs', {query: 'a'.repeat(20_000)}, 'error'],
  ['a query of one 300-character word', 'search_docs', {query: 'a'.repeat(maxQueryChars)}, 'answer'],
  ['12 nonsense words of 24 characters', 'search_docs', {query: words(12, 24)}, 'answer'],
  ['4 nonsense words of 70 characters', 'search_docs', {query: words(4, 70)}, 'answer'],
  ['real words repeated', 'search_docs', {query: 'learning rate batch size model '.repeat(10).slice(0, 300)}, 'answer'],
  ['single letters', 'search_docs', {query: 'a b c d e f g h i j k l m n o p q r s t u v w x y z'}, 'answer'],
  ["lunr's query syntax", 'search_docs', {query: 'title:api~2 +key^10 -batch *size* ~ ^ : + *'}, 'answer'],
  ['odd Unicode', 'search_docs', {query: '\u202e\u200b\ufeff𝔘𝔫𝔦𝔠𝔬𝔡𝔢 \u0000 api\ud800 key ' + 'a\u0301'.repeat(100)}, 'answer'],
  ['a regular expression', 'search_docs', {query: '(a+)+$ .*.*.*=.*[^\\]]{1000}'}, 'answer'],
  ['a limit of a billion', 'search_docs', {query: 'api', limit: 1e9}, 'error'],
  ['a negative limit', 'search_docs', {query: 'api', limit: -1}, 'error'],
  ['a query that is an object', 'search_docs', {query: {$gt: ''}}, 'error'],
  ['unknown fields', 'search_docs', {query: 'api key', extra: 'x'.repeat(10_000), ...(JSON.parse('{"__proto__": {"admin": true}}') as object)}, 'answer'],
  ['no query', 'search_docs', {}, 'error'],
  ...leavingPaths.map((url): Attack => [`get_page ${JSON.stringify(url.slice(0, 40))}`, 'get_page', {url}, 'error']),
  ['a 3,000-character URL', 'get_page', {url: `/docs/${'x'.repeat(3000)}`}, 'error'],
  ['2,000 slashes: the home page', 'get_page', {url: '/'.repeat(2000)}, 'answer'],
  ['an API named __proto__', 'list_endpoints', {api: '__proto__'}, 'error'],
  ['an API named constructor', 'list_endpoints', {api: 'constructor'}, 'error'],
  ['a 5,000-character API', 'list_endpoints', {api: 'x'.repeat(5000)}, 'error'],
  ['an API that is a number', 'list_endpoints', {api: 42}, 'error'],
  ['operationId __proto__', 'get_endpoint', {operationId: '__proto__'}, 'error'],
  ['operationId toString', 'get_endpoint', {operationId: 'toString'}, 'error'],
  ['a path that leaves the API', 'get_endpoint', {method: 'GET', path: '/api/../../etc/passwd'}, 'error'],
  ['a 1,000-character path', 'get_endpoint', {method: 'GET', path: `/api/${'x'.repeat(1000)}`}, 'error'],
  ['a 200-character method', 'get_endpoint', {method: 'G'.repeat(200), path: '/api/x'}, 'error'],
  ['a dot-dot path parameter', 'call_endpoint', {operationId: 'getModel', pathParams: {model_id: '..'}, key: 'k'}, 'error'],
  ['a path parameter with slashes', 'call_endpoint', {operationId: 'getModel', pathParams: {model_id: '../../../admin'}, key: 'k'}, 'answer'],
  ['a path parameter that is a URL', 'call_endpoint', {operationId: 'getModel', pathParams: {model_id: 'http://evil.example/'}, key: 'k'}, 'answer'],
  ['a 3,000-character path parameter', 'call_endpoint', {operationId: 'getModel', pathParams: {model_id: 'x'.repeat(3000)}, key: 'k'}, 'error'],
  [
    '1,000 query parameters',
    'call_endpoint',
    {operationId: 'listModels', query: Object.fromEntries(Array.from({length: 1000}, (_, index) => [`q${index}`, index])), key: 'k'},
    'error',
  ],
  ['a body 34 levels deep', 'call_endpoint', {operationId: 'createTrainingJob', body: nested(34), key: 'k'}, 'error'],
  ['a 300 KB body', 'call_endpoint', {operationId: 'createTrainingJob', body: {text: 'x'.repeat(300 * 1024)}, key: 'k'}, 'error'],
  ['a body with __proto__', 'call_endpoint', {operationId: 'createTrainingJob', body: JSON.parse('{"__proto__": {"polluted": true}}') as unknown, key: 'k'}, 'answer'],
  ['a key with a header in it', 'call_endpoint', {operationId: 'listModels', key: 'k\r\nX-Injected: 1'}, 'error'],
  ['a 1,000-character key', 'call_endpoint', {operationId: 'listModels', key: 'k'.repeat(1000)}, 'error'],
  ['a key outside ASCII', 'call_endpoint', {operationId: 'listModels', key: 'clé'}, 'error'],
  ['a 1,000-character operationId', 'call_endpoint', {operationId: 'x'.repeat(1000)}, 'error'],
  ['an unknown operation', 'call_endpoint', {operationId: 'constructor', key: 'k'}, 'error'],
  // And what each tool does at its most: every operation listed, the largest described, a call sent.
  ['every operation', 'list_endpoints', {}, 'answer'],
  ['the largest operation, with its code samples', 'get_endpoint', {operationId: 'createTrainingJob'}, 'answer'],
  ['a call sent to the sandbox', 'call_endpoint', {operationId: 'listServices', key: 'k'}, 'answer'],
];

describe('npm run mcp -- --http, attacked', () => {
  let child: ChildProcess;
  let url: string;
  let sandbox: Server;
  let client: Client;
  let worst = {label: '', cpu: 0, wall: 0};

  before(async () => {
    requireBuild();
    sandbox = createSandboxServer(await createSandbox());
    const apiBase = `${await listen(sandbox)}${provider.apiPrefix}`;
    // Limits per client raised: the fuzz is one client sending more than a minute's share.
    child = spawn(
      process.execPath,
      ['--import', 'tsx', 'mcp/main.ts', '--http', '--port', '0', '--requests-per-minute', '100000'],
      {
        cwd: repoRoot,
        env: {...process.env, ORCHARD_API_BASE: apiBase, ORCHARD_MCP_ALLOWED_HOSTS: 'docs-mcp.example.com'},
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
    url = await new Promise<string>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk;
        const found = /(http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(output);
        if (found) resolve(found[1]!);
      });
      child.once('exit', (code) => reject(new Error(`the MCP server exited (${code}):\n${output}`)));
    });
    client = new Client({name: 'attacker', version: '1.0.0'});
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  });

  after(async () => {
    await client?.close();
    if (child?.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    if (sandbox) await close(sandbox);
  });

  /** Runs `work` and checks the server spent at most the CPU bound on it. */
  async function bounded<T>(label: string, work: () => Promise<T>): Promise<T> {
    const cpuBefore = cpuMs(child.pid!);
    const started = performance.now();
    const result = await work();
    const cpu = cpuMs(child.pid!) - cpuBefore;
    const wall = performance.now() - started;
    if (cpu > worst.cpu) worst = {label, cpu, wall};
    assert.ok(cpu <= cpuBoundMs, `${label}: ${cpu} ms of CPU`);
    return result;
  }

  test('every string a tool takes has a maximum length (or a list of values) in its schema', async () => {
    const {tools} = await client.listTools();
    const strings: string[] = [];
    const walk = (schema: unknown, where: string) => {
      if (typeof schema !== 'object' || schema === null) return;
      const node = schema as Record<string, unknown>;
      if (node.type === 'string') {
        strings.push(where);
        // A choice of fixed words (submit_feedback's sentiment) is bounded by its words.
        assert.ok(typeof node.maxLength === 'number' || Array.isArray(node.enum), `${where} has no maxLength`);
      }
      for (const [key, value] of Object.entries(node)) walk(value, `${where}.${key}`);
    };
    for (const tool of tools) walk(tool.inputSchema, tool.name);
    assert.ok(strings.length >= 10, strings.join(', '));
  });

  test('every tool answers hostile input, or refuses it with a clear tool error, within 1 s of CPU', async (context) => {
    for (const [label, tool, args, expect] of attacks) {
      const result = (await bounded(label, () => client.callTool({name: tool, arguments: args}))) as CallToolResult;
      const text = textOf(result);
      assertClear(label, text);
      if (expect === 'error') assert.equal(result.isError, true, `${label}: expected a tool error, got ${text.slice(0, 200)}`);
      if (expect === 'answer') assert.ok(!result.isError, `${label}: expected an answer, got ${text.slice(0, 300)}`);
      // Nothing from outside the docs: no system file, no package manifest.
      assert.doesNotMatch(text, /root:x:0:0|"name": "orchard-ai-docs"/, label);
    }
    context.diagnostic(`most CPU: ${worst.label}, ${worst.cpu} ms of CPU, ${Math.round(worst.wall)} ms`);
  });

  test('the transport refuses foreign hosts and origins, oversized, batched and too deep bodies, with a clear message', async () => {
    const search = toolCall('search_docs', {query: 'api key'});
    for (const [label, body, headers, status, message] of [
      ['a foreign Host', search, {host: 'evil.example'}, 403, /Host not allowed: evil\.example/],
      ['a foreign Origin', search, {origin: 'http://evil.example'}, 403, /Origin not allowed: http:\/\/evil\.example/],
      ['Origin null', search, {origin: 'null'}, 403, /Origin not allowed: null/],
      ['a 2 MB body', toolCall('search_docs', {query: 'x'.repeat(2 * 1024 * 1024)}), {}, 413, /larger than 1024 KB/],
      ['100,000 levels of JSON', `${'['.repeat(100_000)}${']'.repeat(100_000)}`, {}, 400, /batches are not accepted/],
      [
        'a message 100,000 levels deep',
        toolCall('call_endpoint', 'DEEP').replace('"DEEP"', `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`),
        {},
        400,
        /nests deeper than 40 levels/,
      ],
      ['a batch of 50 searches', `[${Array.from({length: 50}, (_, id) => toolCall('search_docs', {query: words(12, 24)}, id)).join(',')}]`, {}, 400, /batches are not accepted/],
      ['not JSON', '{"jsonrpc": "2.0", ', {}, 400, /Parse error/],
    ] as const) {
      const answer = await bounded(label, () => post(url, body, headers));
      assert.equal(answer.status, status, `${label}: ${answer.body.slice(0, 200)}`);
      assert.match(answer.body, message, label);
    }
    // The deployment's own name (ORCHARD_MCP_ALLOWED_HOSTS), on any port, and this machine's.
    for (const headers of [
      {host: 'docs-mcp.example.com'} as Record<string, string>,
      {host: 'docs-mcp.example.com:443', origin: 'https://docs-mcp.example.com'},
      {host: `localhost:${new URL(url).port}`, origin: 'http://localhost:3000'},
    ]) {
      const answer = await post(url, search, headers);
      assert.equal(answer.status, 200, `${JSON.stringify(headers)}: ${answer.body.slice(0, 200)}`);
    }
    const unknown = await post(url, JSON.stringify({jsonrpc: '2.0', id: 7, method: 'tools/destroy', params: {}}));
    assert.match(unknown.body, /"code":-32601/);
  });

  test('after the attacks the server is up, answers as before, and has stayed under 500 MB', async (context) => {
    const result = (await client.callTool({name: 'search_docs', arguments: {query: 'api key'}})) as CallToolResult;
    assert.ok(!result.isError);
    assert.match(textOf(result), /Get and use an API key/);
    assert.equal(child.exitCode, null);
    const peak = peakMb(child.pid!);
    assert.ok(peak < memoryBoundMb, `peak resident memory ${Math.round(peak)} MB`);
    context.diagnostic(`peak resident memory: ${Math.round(peak)} MB`);
  });
});

describe('the limits, one by one', () => {
  let site: DocsSite;
  /** The same site with a timeout no busy machine reaches: a 5 MB answer is cut for its size, never timed out. */
  let patientSite: DocsSite;
  /** An API that answers `/hold` requests only when released, and a 5 MB text to anything else. */
  let api: Server;
  let apiBase: string;
  const held: (() => void)[] = [];

  before(async () => {
    requireBuild();
    api = createServer((incoming, response) => {
      const answer = () => response.writeHead(200, {'content-type': 'text/plain'}).end('y'.repeat(5 * 1024 * 1024));
      if (incoming.headers['x-public-key'] === 'hold') held.push(answer);
      else answer();
    });
    apiBase = `${await listen(api)}${provider.apiPrefix}`;
    site = await loadDocsSite({apiBase, callLimits: {timeoutMs: 500}});
    patientSite = await loadDocsSite({apiBase, callLimits: {timeoutMs: 120_000}});
  });
  after(async () => {
    api.closeAllConnections();
    await close(api);
  });

  test('a foreign Host or Origin is refused with 403 by default; a named public host is answered', async () => {
    const server = createMcpHttpServer(site, {allowedHosts: ['docs-mcp.example.com']});
    const url = `${await listen(server)}${mcpPath}`;
    try {
      const search = toolCall('search_docs', {query: 'api'});
      assert.equal((await post(url, search, {host: 'evil.example'})).status, 403);
      assert.equal((await post(url, search, {origin: 'http://evil.example'})).status, 403);
      assert.equal((await post(url, search, {host: 'docs-mcp.example.com', origin: 'https://evil.example'})).status, 403);
      assert.equal((await post(url, search, {host: 'docs-mcp.example.com', origin: 'https://docs-mcp.example.com'})).status, 200);
      assert.equal((await post(url, search, {host: '127.0.0.1'})).status, 200);
    } finally {
      await close(server);
    }
  });

  test(`past ${requestsPerMinute} requests a minute, or too many at once, a client gets 429 with Retry-After`, async () => {
    const server = createMcpHttpServer(site, {requestsPerMinute: 5, concurrentRequests: 1});
    const url = `${await listen(server)}${mcpPath}`;
    try {
      const search = toolCall('search_docs', {query: 'api'});
      // One call waits for the API: a second request at the same time is refused.
      const waiting = post(url, toolCall('call_endpoint', {operationId: 'listServices', key: 'hold'}));
      while (held.length === 0) await new Promise((resolve) => setImmediate(resolve));
      const atOnce = await post(url, search);
      assert.equal(atOnce.status, 429);
      assert.equal(atOnce.headers['retry-after'], '1');
      assert.match(atOnce.body, /More than 1 requests at once/);
      held.shift()!();
      assert.equal((await waiting).status, 200);
      // The minute's share: 5 requests admitted (the call above was the first), the sixth refused.
      for (let request = 2; request <= 5; request += 1) assert.equal((await post(url, search)).status, 200, `request ${request}`);
      const past = await post(url, search);
      assert.equal(past.status, 429);
      const retryAfter = Number(past.headers['retry-after']);
      assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After: ${retryAfter}`);
      assert.match(past.body, /More than 5 requests a minute/);
    } finally {
      await close(server);
    }
  });

  test('behind a trusted proxy each client is limited by the address the proxy appended, otherwise by the socket', async () => {
    const search = toolCall('search_docs', {query: 'api'});
    const proxied = createMcpHttpServer(site, {requestsPerMinute: 1, trustProxy: true});
    const direct = createMcpHttpServer(site, {requestsPerMinute: 1});
    const proxiedUrl = `${await listen(proxied)}${mcpPath}`;
    const directUrl = `${await listen(direct)}${mcpPath}`;
    try {
      const from = (url: string, forwarded: string) => post(url, search, {'x-forwarded-for': forwarded});
      assert.equal((await from(proxiedUrl, '203.0.113.1')).status, 200);
      assert.equal((await from(proxiedUrl, '203.0.113.1')).status, 429);
      // A client cannot pose as another by sending the header itself: the proxy's last entry counts.
      assert.equal((await from(proxiedUrl, '203.0.113.2, 203.0.113.1')).status, 429);
      assert.equal((await from(proxiedUrl, '203.0.113.1, 203.0.113.2')).status, 200);
      assert.equal((await from(directUrl, '203.0.113.1')).status, 200);
      assert.equal((await from(directUrl, '203.0.113.2')).status, 429, 'not trusted: the header is ignored');
    } finally {
      await close(proxied);
      await close(direct);
    }
  });

  test('call_endpoint gives up on a silent API after its timeout, and cuts a long answer', async () => {
    const server = createMcpHttpServer(site);
    const url = `${await listen(server)}${mcpPath}`;
    // Read in 0.5 s on an idle machine, 5 MB may take longer on a busy one: asked of the patient site.
    const patient = createMcpHttpServer(patientSite);
    const patientUrl = `${await listen(patient)}${mcpPath}`;
    try {
      const silent = await post(url, toolCall('call_endpoint', {operationId: 'listServices', key: 'hold'}));
      assert.match(silent.body, /"isError":true/);
      assert.match(silent.body, /got no answer within 0\.5 s/);
      const long = await post(patientUrl, toolCall('call_endpoint', {operationId: 'listServices', key: 'k'}));
      const [{text}] = (JSON.parse(long.body) as {result: {content: [{text: string}]}}).result.content;
      const answer = JSON.parse(text) as {truncated?: boolean; body: string};
      assert.equal(answer.truncated, true);
      assert.equal(answer.body.length, maxAnswerBytes);
    } finally {
      while (held.length > 0) held.shift()!();
      await close(server);
      await close(patient);
    }
  });
});
