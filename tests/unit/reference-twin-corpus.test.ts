/**
 * The reference's Markdown twins (lib/openapi/markdown.ts) and Postman downloads of descriptions we
 * did not write (tests/fixtures/openapi-corpus/): each credential said as its scheme says it, the
 * body and answer in the media type documented, a documented status code named, and a description
 * in JSON gets its own Postman collection beside it rather than being overwritten by one.
 */
import assert from 'node:assert/strict';
import {mkdtempSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, test} from 'node:test';

import {loadDescription, webhooksOf} from '../../lib/openapi';
import {operationMarkdown, webhookMarkdown} from '../../lib/openapi/markdown';
import type {OpenApiSpec} from '../../lib/openapi/specs';
import {collectionBeside} from '../../lib/openapi/postman';
import {answerStreams} from '../../lib/openapi/streams';
import {corpusFiles} from '../support/corpus';
import {operationsOfFile} from '../support/corpus-samples';

const dir = mkdtempSync(path.join(os.tmpdir(), 'orchard-corpus-twins-'));
after(() => rmSync(dir, {recursive: true, force: true}));

/** The twins of every operation of one corpus description, by operationId. */
function twins(name: string): Map<string, string> {
  const {doc, operations} = operationsOfFile(corpusFiles(dir).find((entry) => entry.name === name)!.file);
  return new Map(operations.map((entry) => [entry.operation.operationId, operationMarkdown(doc, entry)]));
}

test('a twin says how each call is signed in, and what it sends and gets in which media type', () => {
  const byId = twins('auth-and-bodies.yaml');
  const twin = (id: string) => byId.get(id) ?? assert.fail(`no operation ${id}: ${[...byId.keys()].join(', ')}`);
  assert.match(twin('createToken'), /## Authentication\n\nSend HTTP basic credentials in the `Authorization` header\./);
  assert.match(twin('createToken'), /## Request body \(application\/x-www-form-urlencoded\)\n\n\| field \|/);
  assert.match(twin('createToken'), /\| `grant_type` \|/);
  assert.match(twin('uploadFile'), /Send an OAuth 2 access token in the `Authorization` header/);
  assert.match(
    twin('getBlobsBlobId'),
    /Send a bearer token in the `Authorization` header \(`Authorization: Bearer <token>`\)\./,
  );
  assert.match(twin('uploadFile'), /## Request body \(multipart\/form-data\)/);
  assert.match(twin('putBlob'), /Send your API key in the `api_key` query parameter\./);
  assert.match(twin('getHealth'), /## Authentication\n\nNone: the description names no credentials for this call\./);
  // A documented code is named, and not said to be unpublished (that is our descriptions' 2XX).
  assert.match(twin('getHealth'), /### 200/);
  assert.doesNotMatch(twin('getHealth'), /not published/);
  assert.match(twin('getBlobsBlobId'), /Content type: `application\/octet-stream`\./);
});

test('a schema met again within itself is named, not followed forever (a tree, an expression)', () => {
  const byId = twins('plugin-720-circular-ref.yaml');
  assert.match(byId.get('createNode') ?? '', /\| `children` \| array of TreeNode \(object\) \| no \|/);
  assert.doesNotMatch(byId.get('createNode') ?? '', /parent\.parent/, 'a repeating field is not expanded again');
  assert.ok(byId.get('evaluateExpression'), 'the twin of an operation on a recursive oneOf is written');
});

test("a webhook's twin says what the API sends, with the payload's fields, and the answers it expects", () => {
  const file = corpusFiles(dir).find((entry) => entry.name === 'plugin-1154-webhook-no-summary.yaml')!.file;
  const doc = loadDescription(file);
  const spec = {id: 'hooks', file, title: 'Hooks', referenceId: 'hooks'} as unknown as OpenApiSpec;
  const webhooks = webhooksOf(spec, doc);
  // Named as the plugin names their pages (the operationId, else the summary, else the event), each
  // its own: the second method of petRemoved would share its page name, and gets an operationId.
  assert.deepEqual(
    webhooks.map((webhook) => webhook.route),
    [
      '/api/api-reference/hooks/new-pet',
      '/api/api-reference/hooks/pet-adopted',
      '/api/api-reference/hooks/pet-removed',
      '/api/api-reference/hooks/delete-pet-removed',
    ],
  );
  const twin = webhookMarkdown(doc, webhooks[0]!);
  assert.match(twin, /^# newPet\n\nWebhook `newPet`: the API sends `POST` requests/);
  assert.match(twin, /## Payload \(application\/json\)\n\n\| field \|/);
  assert.match(twin, /\| `name` \| string \| yes \|/);
  assert.match(twin, /## Answers it expects\n\n### 200/);
});

test("a streamed answer's twin says it streams, how it frames its events, which events, how it ends, and shows the stream", () => {
  const streams = twins('streams.yaml');
  const chat = streams.get('createChatCompletion')!;
  assert.match(chat, /As `text\/event-stream`, the 200 answer streams: server-sent events/);
  assert.match(
    chat,
    // Each event with its fields: a `const` one as the value it always has.
    /Events, told apart by `type`:\n\n- `response\.created`: `type` always `response\.created`, `id` string\n- `response\.delta`: `type` always `response\.delta`, `index` integer, `delta` string\n- `response\.completed`: `type` always `response\.completed`, `id` string, `usage` object\n/,
  );
  assert.match(chat, /The stream ends with `data: \[DONE\]`\./);
  assert.match(chat, /Example stream:\n\n```text\nevent: response\.created\ndata: \{"type":"response\.created"/);
  const lines = streams.get('streamJobEvents')!;
  assert.match(lines, /As `application\/x-ndjson`, the 200 answer streams: one JSON object a line/);
  assert.match(lines, /```text\n\{"status":"queued"/);
  // The whole stream is shown once, as text, not again as a JSON string.
  assert.doesNotMatch(lines, /"\{\\"status\\"/);
  // Real descriptions: the events of OpenAI's oneOf, of Mistral's SSE message's `data`, of Cohere's JSON lines.
  assert.match(
    twins('openai.json.gz').get('createTranscription')!,
    /told apart by `type`:\n\n(?:- `[\w.]+`[^\n]*\n)*- `transcript\.text\.delta`: `type` always `transcript\.text\.delta`, `delta` string, `logprobs` array of object/,
  );
  // Mistral's twins need its `#/$defs/…` mended (tests/support/corpus-site.ts): its stream is read alone.
  const mistral = operationsOfFile(corpusFiles(dir).find((entry) => entry.name === 'mistral.json.gz')!.file);
  const conversation = mistral.operations.find(
    (entry) => entry.operation.operationId === 'agents_api_v1_conversations_start_stream',
  )!;
  const [stream] = answerStreams(mistral.doc, conversation.responses);
  assert.equal(stream?.tellsApart, 'type');
  assert.ok(
    stream.events.some((event) => event.name === 'conversation.response.done'),
    JSON.stringify(stream.events),
  );
  assert.match(
    twins('cohere-shapes.yaml').get('generate')!,
    /As `application\/stream\+json`, the 200 answer streams: one JSON object a line[^\n]*\n\nEvents, told apart by `event_type`:\n\n- `text-generation`[^\n]*\n- `stream-end`[^\n]*\n/,
  );
  // An answer that does not stream says nothing of streams.
  assert.doesNotMatch(twins('oai-petstore.yaml').get('listPets')!, /streams/);
});

test('a description in JSON gets a Postman collection of its own beside it', () => {
  assert.equal(collectionBeside('/openapi/tgi.json'), '/openapi/tgi.postman.json');
  assert.equal(collectionBeside('/openapi/trainer.yaml'), '/openapi/trainer.postman.json');
});
