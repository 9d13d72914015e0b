/**
 * A call's required header parameters are in its samples (lib/samples/write.ts): Anthropic's
 * `anthropic-version` is the shape, a header without which the API refuses the call. Each language's
 * sample runs against the sandbox answering a description written here, which refuses a call without
 * the header as the API would (and the curl sample without its line is refused, to show the sandbox
 * checks it).
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';

import {loadDescription, operationsOf} from '../../lib/openapi';
import {codeSamples} from '../../lib/samples/write';
import {assertSampleToolsInstalled, runSample, runsAs} from '../support/run-sample';
import {describedSandbox} from '../support/description-sandbox';

const description = `openapi: 3.1.0
info: {title: Messages, version: '1'}
servers: [{url: 'https://api.example.com'}]
paths:
  /messages:
    post:
      operationId: createMessage
      parameters:
        - {name: anthropic-version, in: header, required: true, schema: {type: string, enum: ['2023-06-01']}, example: '2023-06-01'}
        - {name: anthropic-beta, in: header, schema: {type: string}, example: 'tools-2024'}
      requestBody:
        required: true
        content:
          application/json:
            schema: {type: object, required: [text], properties: {text: {type: string}}}
            example: {text: Hello}
      responses:
        '200':
          description: The message.
          content:
            application/json:
              schema: {type: object, properties: {id: {type: string}}}
              example: {id: msg_0123}
`;

test("each language's sample sends the header its call requires, and the sandbox answers it", async () => {
  assertSampleToolsInstalled();
  const {spec, file, origin, close} = await describedSandbox('messages', description);
  const run = (lang: string, source: string) =>
    runSample(runsAs[lang]!, source.replaceAll('https://api.example.com', origin), {ORCHARD_API_KEY: 'k'});
  try {
    const doc = loadDescription(file);
    const [operation] = operationsOf(spec, doc);
    const samples = await codeSamples(operation!, doc);
    const runs = await Promise.all(
      samples.map(async ({lang, source}) => ({lang, source, run: await run(lang, source)})),
    );
    for (const {lang, source, run: ran} of runs) {
      assert.ok(!source.includes('anthropic-beta'), `${lang}: an optional header is left out: ${source}`);
      assert.equal(ran.exitCode, 0, `${lang}: ${ran.stdout}\n${ran.stderr}`);
      assert.match(ran.stdout, /msg_0123/, `${lang}: the sandbox's answer: ${ran.stdout}\n${source}`);
    }
    const curl = samples.find(({lang}) => lang === 'Shell')!.source;
    const without = curl.replace(/ \\\n-H 'anthropic-version: 2023-06-01'/, '');
    assert.notEqual(without, curl, curl);
    const refused = await run('Shell', without);
    assert.match(refused.stdout, /anthropic-version/, `without the header: ${refused.stdout}`);
    assert.doesNotMatch(refused.stdout, /msg_0123/);
  } finally {
    await close();
  }
});
