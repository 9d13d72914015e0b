/**
 * A streamed answer's samples (lib/samples/write.ts) read server-sent events as the standard says,
 * whatever the stream holds: a message of several `data:` lines is one event, its lines joined; a
 * comment line (`: keep-alive`) and an unnamed message are read right; JSON lines are each one event.
 * Each sample runs against the sandbox answering a description written here, whose example stream has
 * those shapes (the corpus copy's test runs the samples as the page shows them, on simpler streams).
 */
import assert from 'node:assert/strict';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import type {AddressInfo} from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {after, test} from 'node:test';

import {loadDescription, operationsOf} from '../../lib/openapi';
import type {OpenApiSpec} from '../../lib/openapi/specs';
import {createSandbox} from '../../sandbox/app';
import {createSandboxServer} from '../../sandbox/server';
import {codeSamples} from '../../lib/samples/write';
import {assertSampleToolsInstalled, runSample, type SampleLanguage} from '../support/run-sample';

const dir = mkdtempSync(path.join(os.tmpdir(), 'orchard-stream-samples-'));
after(() => rmSync(dir, {recursive: true, force: true}));

const description = `openapi: 3.1.0
info: {title: Shapes, version: '1'}
servers: [{url: 'https://api.example.com'}]
paths:
  /events:
    get:
      operationId: followEvents
      responses:
        '200':
          description: Server-sent events of every shape.
          content:
            text/event-stream:
              schema: {type: object}
              example: |
                : keep-alive

                event: note
                data: line one
                data: line two

                data: {"unnamed": true}

                event: done
                data: [DONE]

  /lines:
    get:
      operationId: followLines
      responses:
        '200':
          description: JSON lines.
          content:
            application/x-ndjson:
              schema: {type: object, properties: {n: {type: integer}}}
              example: |
                {"n":1}
                {"n":2}
`;

const runsAs: Record<string, SampleLanguage> = {Shell: 'bash', Python: 'python', JavaScript: 'javascript', Go: 'go'};

test("each language's sample reads every shape of a stream as one event each, joined as the standard joins them", async () => {
  assertSampleToolsInstalled();
  const file = path.join(dir, 'shapes.yaml');
  writeFileSync(file, description);
  const spec = {id: 'shapes', file, title: 'Shapes', referenceId: 'shapes'} as unknown as OpenApiSpec;
  const server = createSandboxServer(await createSandbox({specs: [spec]}), {eventDelayMs: 50});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}/apis/shapes`;
  try {
    const doc = loadDescription(file);
    const [events, lines] = operationsOf(spec, doc);
    const runs = await Promise.all(
      [events!, lines!].flatMap(async (operation) =>
        Promise.all(
          (await codeSamples(operation, doc)).map(async ({lang, source}) => ({
            where: `${operation.operation.operationId} (${lang})`,
            lang,
            operationId: operation.operation.operationId,
            run: await runSample(runsAs[lang]!, source.replaceAll('https://api.example.com', origin), {
              ORCHARD_API_KEY: 'k',
            }),
          })),
        ),
      ),
    );
    for (const {where, lang, operationId, run} of runs.flat()) {
      assert.equal(run.exitCode, 0, `${where}: ${run.stdout}\n${run.stderr}`);
      const printed = run.stdout.trim();
      if (lang === 'Shell') {
        // curl prints the stream as it came.
        assert.ok(printed.includes(operationId === 'followEvents' ? 'data: line two' : '{"n":2}'), printed);
        continue;
      }
      if (operationId === 'followLines') {
        assert.equal(printed.split('\n').length, 2, `${where}: one line an event: ${printed}`);
        continue;
      }
      // The two data lines as one event, the comment as none, the unnamed message as a "message".
      assert.equal(printed, 'note line one\nline two\nmessage {"unnamed": true}\ndone [DONE]', where);
    }
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
