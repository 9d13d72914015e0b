/**
 * lib/samples/write.ts on descriptions we did not write (tests/fixtures/openapi-corpus/): every
 * operation gets its four samples, whatever the description leaves out (servers, examples, operation
 * ids), and each kind of credential and body is sent as its scheme and media type say. The large real
 * descriptions are checked by tests/slow/code-samples-corpus.test.ts.
 */
import assert from 'node:assert/strict';
import {mkdtempSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, test} from 'node:test';

import {operationsOf, type Document} from '../../lib/openapi';
import type {OpenApiSpec} from '../../lib/openapi/specs';
import {codeSamples, placeholderHost} from '../../lib/samples/write';
import {corpusFiles} from '../support/corpus';
import {checkedSamples} from '../support/corpus-samples';

const dir = mkdtempSync(path.join(os.tmpdir(), 'orchard-corpus-samples-'));
after(() => rmSync(dir, {recursive: true, force: true}));

for (const {name, file} of corpusFiles(dir).filter((entry) => !entry.large))
  test(`${name}: every operation has its four samples, with a host, the key and a body where one is required`, async () => {
    await checkedSamples(file);
  });

test('each credential and body is sent as its security scheme and media type say', async () => {
  const samples = await checkedSamples(corpusFiles(dir).find((entry) => entry.name === 'auth-and-bodies.yaml')!.file);
  const curl = (operationId: string) =>
    samples.get(operationId)?.find((sample) => sample.lang === 'Shell')?.source ?? '';
  const python = (operationId: string) =>
    samples.get(operationId)?.find((sample) => sample.lang === 'Python')?.source ?? '';
  // No servers: the placeholder host, named in the first line.
  assert.match(
    curl('getHealth'),
    new RegExp(`^# Replace ${placeholderHost.replaceAll('.', '\\.')} with the API's host`),
  );
  // A form body (its fields) under basic auth, which only this operation offers.
  assert.match(curl('createToken'), /-H 'Content-Type: application\/x-www-form-urlencoded'/);
  assert.match(curl('createToken'), /-d 'grant_type=client_credentials'/);
  assert.match(curl('createToken'), /-H "Authorization: Basic \$CORPUS_API_KEY"/);
  // A multipart upload: the binary part as a file, the others as text; a bearer token.
  assert.match(curl('uploadFile'), /-F 'file=@"path\/to\/file"'/);
  assert.match(curl('uploadFile'), /-H "Authorization: Bearer \$CORPUS_API_KEY"/);
  assert.match(python('uploadFile'), /'Authorization': 'Bearer ' \+ os\.environ\["CORPUS_API_KEY"\]/);
  // A binary body; an API key in the query; a path parameter without an example left as a placeholder.
  assert.match(curl('putBlob'), /-H 'Content-Type: application\/octet-stream'/);
  assert.match(curl('putBlob'), /\?api_key='"\$CORPUS_API_KEY"'/);
  assert.match(curl('putBlob'), /^# Replace .*\{blobId\}/);
  // No operationId: named by method and path.
  assert.ok(samples.has('getBlobsBlobId'), [...samples.keys()].join(', '));
});

test("a streamed answer's samples ask for the stream and print each event as it comes", async () => {
  const samples = await checkedSamples(corpusFiles(dir).find((entry) => entry.name === 'streams.yaml')!.file);
  const source = (operationId: string, lang: string) =>
    samples.get(operationId)?.find((sample) => sample.lang === lang)?.source ?? '';
  // Server-sent events, chosen by the body's `stream` switch and by Accept.
  assert.match(
    source('createChatCompletion', 'Shell'),
    /^curl -N '[^]*\n-H 'Accept: text\/event-stream' \\\n[^]*"stream": true\n/,
  );
  assert.match(
    source('createChatCompletion', 'Python'),
    /"stream": True\n[^]*, stream=True\)\n[^]*iter_lines\(chunk_size=None/,
  );
  assert.match(
    source('createChatCompletion', 'JavaScript'),
    /^\/\/ npm install eventsource-parser\nimport \{EventSourceParserStream\}/,
  );
  assert.match(source('createChatCompletion', 'Go'), /bufio\.NewScanner\(res\.Body\)/);
  // JSON lines: no switch in a GET, Accept alone.
  assert.match(source('streamJobEvents', 'Shell'), /^curl -N .*\n-H 'Accept: application\/x-ndjson'/);
  assert.match(source('streamJobEvents', 'Python'), /print\(json\.loads\(line\), flush=True\)/);
  assert.doesNotMatch(source('streamJobEvents', 'JavaScript'), /eventsource-parser/);
  // A description's answer that does not stream is read whole, as before.
  const plain = await checkedSamples(
    corpusFiles(dir).find((entry) => entry.name === 'oai-petstore-expanded.yaml')!.file,
  );
  assert.doesNotMatch(
    [...plain.values()]
      .flat()
      .map((sample) => sample.source)
      .join('\n'),
    /curl -N|stream=True|bufio/,
  );
});

test("samples call the server as the description gives it: its variables' defaults, an operation's own server", async () => {
  const uspto = await checkedSamples(corpusFiles(dir).find((entry) => entry.name === 'oai-uspto.yaml')!.file);
  const search = uspto.get('perform-search')?.find((sample) => sample.lang === 'Shell')?.source ?? '';
  // `{scheme}://developer.uspto.gov/ds-api`, its scheme `https` by default: a host, nothing to replace.
  assert.match(search, /^curl .*'https:\/\/developer\.uspto\.gov\/ds-api\/oa_citations\/v1\/records'/m);
  assert.doesNotMatch(search, /Replace|example\.com/);

  // As Stripe's uploads: one operation on a host of its own, beside the description's server.
  const doc = {
    openapi: '3.1.0',
    info: {title: 'Servers', version: '1'},
    servers: [{url: 'https://api.example.org/'}],
    paths: {
      '/v1/files': {post: {operationId: 'upload', servers: [{url: 'https://files.example.org/'}], responses: {}}},
      '/v1/charges': {get: {operationId: 'charges', responses: {}}},
    },
  } as unknown as Document;
  const urls = operationsOf({id: 'servers'} as unknown as OpenApiSpec, doc).map(({url}) => url);
  assert.deepEqual(urls, ['https://files.example.org/v1/files', 'https://api.example.org/v1/charges']);
});

test("a path parameter's value is the one its schema documents (3.1 `examples`) when the parameter gives none", async () => {
  // Mistral's `run_id`: `examples: {}` on the parameter, the value in its schema's `examples`.
  const schema = {type: 'string' as const, format: 'uuid', examples: ['6f9619ff-8b86-d011-b42d-00cf4fc964ff']};
  const [curl] = await codeSamples({
    method: 'get',
    url: 'https://api.example.org/runs/{run_id}',
    parameters: [
      {
        name: 'run_id',
        in: 'path',
        required: true,
        examples: {},
        schema,
      },
    ],
    requestBody: undefined,
    keyHeaders: [],
    credentials: [],
  });
  assert.match(curl!.source, /'https:\/\/api\.example\.org\/runs\/6f9619ff-8b86-d011-b42d-00cf4fc964ff'/);
  assert.doesNotMatch(curl!.source, /Replace/);
});

test("a form field holding a list of objects in deepObject style (Stripe's `lines`) is sent by index and field", async () => {
  const lines = {
    type: 'array' as const,
    items: {
      type: 'object' as const,
      properties: {
        amount: {type: 'integer' as const, example: 500},
        tax_rates: {type: 'array' as const, items: {type: 'string' as const, example: 'txr_1'}},
      },
    },
  };
  const [curl] = await codeSamples({
    method: 'post',
    url: 'https://api.example.org/v1/credit_notes',
    parameters: [],
    requestBody: {
      content: {
        'application/x-www-form-urlencoded': {
          schema: {type: 'object', properties: {lines}},
          encoding: {lines: {style: 'deepObject', explode: true}},
        },
      },
    },
    keyHeaders: [],
    credentials: [],
  });
  // curl's generator percent-encodes the brackets, as a form body may be.
  const sent = decodeURIComponent(curl!.source);
  assert.match(sent, /-d 'lines\[0\]\[amount\]=500'/);
  assert.match(sent, /-d 'lines\[0\]\[tax_rates\]\[\]=txr_1'/);
});

test('a header parameter the call requires is sent: its documented value, or a placeholder the note names', async () => {
  const version = {
    name: 'anthropic-version',
    in: 'header' as const,
    required: true,
    schema: {type: 'string' as const, example: '2023-06-01'},
  };
  const samples = await codeSamples({
    method: 'post',
    url: 'https://api.example.org/messages',
    parameters: [
      version,
      {name: 'X-Tenant', in: 'header', required: true, schema: {type: 'string'}},
      {
        name: 'X-Features',
        in: 'header',
        required: true,
        schema: {type: 'array', items: {type: 'string'}},
        example: ['a', 'b'],
      },
      // Optional: a conditional header would change what the call answers.
      {name: 'If-None-Match', in: 'header', schema: {type: 'string'}, example: '"abc"'},
      // Sent already, as the body's type and the key.
      {name: 'Content-Type', in: 'header', required: true, schema: {type: 'string'}, example: 'text/plain'},
      {name: 'x-api-key', in: 'header', required: true, schema: {type: 'string'}},
    ],
    requestBody: {required: true, content: {'application/json': {example: {text: 'hi'}}}},
    keyHeaders: ['x-api-key'],
    credentials: [{in: 'header', name: 'x-api-key', prefix: ''}] as never,
  });
  const curl = samples.find((sample) => sample.lang === 'Shell')!.source;
  assert.match(curl, /-H 'anthropic-version: 2023-06-01'/);
  assert.match(curl, /-H 'X-Features: a,b'/);
  assert.match(curl, /-H 'X-Tenant: \{X-Tenant\}'/);
  assert.match(curl.split('\n')[0]!, /Replace \{X-Tenant\} with your values/);
  assert.doesNotMatch(curl, /If-None-Match|text\/plain/);
  assert.equal(curl.match(/x-api-key/gi)?.length, 1, curl);
  for (const {lang, source} of samples) assert.ok(source.includes('2023-06-01'), `${lang}: ${source}`);
});
