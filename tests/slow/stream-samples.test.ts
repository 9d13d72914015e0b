/**
 * A streamed answer's samples (lib/samples/write.ts) read server-sent events as the standard says,
 * whatever the stream holds: a message of several `data:` lines is one event, its lines joined; a
 * comment line (`: keep-alive`) and an unnamed message are read right; JSON lines are each one event.
 * Each sample runs against the sandbox answering a description written here, whose example stream has
 * those shapes (the corpus copy's test runs the samples as the page shows them, on simpler streams).
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';

import {loadDescription, operationsOf} from '../../lib/openapi';
import {codeSamples} from '../../lib/samples/write';
import {assertSampleToolsInstalled, runSample, runsAs} from '../support/run-sample';
import {describedSandbox} from '../support/description-sandbox';

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

test("each language's sample reads every shape of a stream as one event each, joined as the standard joins them", async () => {
  assertSampleToolsInstalled();
  const {spec, file, origin, close} = await describedSandbox('shapes', description, {eventDelayMs: 50});
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
    await close();
  }
});
